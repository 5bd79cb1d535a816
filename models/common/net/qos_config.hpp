/* A Catalyst 3750-style egress port configuration, read from a platform switch's "qos" object (seed 001,
 * appendix B; Catalyst 3750 software configuration guide):
 * - `mls_qos` off: one FIFO tail-drop queue per port of `port_buffer` bytes;
 * - on: frames are classified (ACL host pairs -> DSCP, others DSCP 0), mapped to one of 4 egress queues and a drop
 *   threshold (dscp_output_map), queued by weighted tail drop in the port's queue-set (buffers %, thresholds T1/T2
 *   and maximum as % of a queue's allocation, reserved %, the rest a common pool), and served by SRR: an expedite
 *   queue 1 (`priority-queue out`) first, shaped queues capped at C / weight, shared queues splitting the rest by
 *   weight. The two ingress queues are parsed and documented but not simulated: the 3750's internal ring (32 Gb/s)
 *   is not saturated by its ports here. */
#pragma once
#include "sim/platform/platform.hpp"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace cs::net {

constexpr int kQueues = 4;

/** One queue-set (`mls qos queue-set output N ...`): percentages. */
struct QueueSet {
  std::array<double, kQueues> buffers{25, 25, 25, 25};        ///< % of the port buffer allocated to each queue
  std::array<double, kQueues> threshold1{100, 200, 100, 100}; ///< drop threshold 1, % of the allocation
  std::array<double, kQueues> threshold2{100, 200, 100, 100}; ///< drop threshold 2
  std::array<double, kQueues> reserved{50, 50, 50, 50};       ///< % of the allocation guaranteed to the queue
  std::array<double, kQueues> maximum{400, 400, 400, 400};    ///< threshold 3: the most a queue may hold, %
};

/** One egress port's scheduler (`srr-queue bandwidth ...`, `priority-queue out`, `queue-set`). */
struct PortScheduler {
  std::array<double, kQueues> shared{25, 25, 25, 25}; ///< shared weights
  std::array<double, kQueues> shaped{0, 0, 0, 0};     ///< shaped weights (0: the queue is shared); caps at C / w
  bool expedite = false;                              ///< queue 1 served until empty, its weights ignored
  int queue_set = 1;
};

/** Where a frame goes: egress queue (0-based) and drop threshold (1, 2 or 3 = maximum). */
struct QueueOf {
  int queue     = 1;
  int threshold = 1;
};

struct QosConfig {
  bool enabled       = false;
  double port_buffer = 0;     ///< bytes one egress port can hold
  double mtu         = 1500;  ///< IP MTU of the LAN
  bool shared_medium = false; ///< "medium": "shared": one segment all hosts' frames take turns on (no switch)
  std::map<std::pair<std::string, std::string>, int> marks; ///< (src host, dst host) -> DSCP set by the policy
  std::array<QueueOf, 64> dscp_output;                      ///< DSCP -> egress queue and threshold
  std::array<QueueSet, 2> queue_sets;
  PortScheduler default_port;
  std::map<std::string, PortScheduler> ports; ///< by the host plugged into the port
  // Ingress (parsed, reported, not simulated: see above).
  std::array<double, 2> ingress_buffers{90, 10};
  std::array<double, 2> ingress_weights{4, 4};
  int ingress_priority_queue        = 2;
  double ingress_priority_bandwidth = 10;
  double ring_bandwidth             = 0; ///< bytes/s of the switch's internal ring

  int dscp(const std::string& src, const std::string& dst) const;
  QueueOf queue_of(const std::string& src, const std::string& dst) const;
  const PortScheduler& port(const std::string& host) const;
  const QueueSet& queue_set(const std::string& host) const;
};

/** Reads `sw.qos` (bad input names the platform file and the JSON pointer). */
QosConfig qos_config(const Platform& platform, const SwitchSpec& sw);

} // namespace cs::net
