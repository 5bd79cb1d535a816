/* One switch egress port, two ways behind one view (per-queue throughput and loss):
 * - PacketPort: frame by frame — weighted tail drop into the port's queues (reservations and a common pool),
 *   then SRR at line rate (expedite queue, shaped queues by token bucket, shared queues by deficit round robin).
 *   A plain event loop over arrivals and departures, no SimGrid activity per frame.
 * - fluid_share(): per-queue rates from offered loads — expedite first, shaped caps, shared queues water-filled by
 *   weight; with QoS off, FIFO loss p = max(0, 1 - C / sum of loads) for everyone.
 * Under sustained load the two agree (models/common/net/net_test.cpp); the fluid form is what runs inside models. */
#pragma once
#include "models/common/net/qos_config.hpp"

#include <array>
#include <deque>

namespace cs::net {

struct QueueStats {
  double offered_bytes = 0, sent_bytes = 0, dropped_bytes = 0;
  long offered = 0, sent = 0, dropped = 0;
  double loss() const { return offered ? static_cast<double>(dropped) / static_cast<double>(offered) : 0.0; }
};

class PacketPort {
public:
  /** `bandwidth` bytes/s of wire (frames' `size` are wire bytes); `max_frame`: wire bytes of a full-size frame, the
   *  unit of SRR's quanta and of a shaper's burst; `qs` and `sched` null: FIFO (QoS off). */
  PacketPort(double bandwidth, double buffer, double max_frame, const QueueSet* qs = nullptr,
             const PortScheduler* sched = nullptr);
  /** A frame arriving at `t` (non-decreasing over calls). Returns false if it was dropped. */
  bool arrive(double t, double size, int queue, int threshold = 1);
  /** Sends what the scheduler can send up to time `t`. */
  void advance(double t);
  const QueueStats& stats(int queue) const { return stats_[static_cast<size_t>(queue)]; }
  double occupancy() const { return used_; }

private:
  struct Frame {
    double size;
  };
  bool admit(int q, double size, int threshold) const;
  int pick(double now);
  double next_shaped_time() const;
  void refill(double now);

  double bw_, buffer_, burst_;
  bool qos_;
  std::array<double, kQueues> alloc_{}, reserved_{}, limit1_{}, limit2_{}, limit3_{};
  double pool_ = 0;
  PortScheduler sched_;
  std::array<std::deque<Frame>, kQueues> q_;
  std::deque<int> fifo_class_; ///< QoS off: the queue each waiting frame was offered to (its statistics)
  std::array<double, kQueues> occ_{};
  double used_       = 0;
  double busy_until_ = 0;
  // SRR: deficit round robin over shared queues, token buckets for shaped ones.
  std::array<double, kQueues> quantum_{}, deficit_{}, tokens_{};
  double tokens_at_ = 0;
  int rr_           = 0;
  bool credited_    = false; ///< the queue under the round-robin pointer has had its quantum this visit
  std::array<QueueStats, kQueues> stats_;
};

/** Per-queue throughput (bytes/s) and loss ratio of a port of `bandwidth` under `offered` loads (bytes/s).
 *  `sched` null: FIFO. */
struct FluidShare {
  std::array<double, kQueues> rate{};
  std::array<double, kQueues> loss{};
};
FluidShare fluid_share(double bandwidth, const std::array<double, kQueues>& offered,
                       const PortScheduler* sched = nullptr);

} // namespace cs::net
