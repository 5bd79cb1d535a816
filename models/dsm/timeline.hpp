/* A message timeline of one barrier interval (params.trace_barrier = k): every datagram sent from the completion of
 * barrier k-1 (its grants leaving the manager) to the completion of barrier k, with when it left its sender and
 * when the receiver's handler took it, and every communication error detected meanwhile (where and when). It feeds
 * the run plot of one SOR barrier. */
#pragma once
#include "models/dsm/messages.hpp"

#include <string>
#include <vector>

namespace cs::dsm {

struct TimelineEvent {
  double start = 0; ///< s: sent (a datagram) or detected (an error)
  double end   = 0; ///< s: taken by the receiver's handler (a datagram); = start for an error
  int node     = 0; ///< the sender, or the node that detected the error
  int peer     = 0; ///< the receiver, or the other end of the failed exchange
  std::string kind; ///< msg, ack, duplicate (a datagram); ack_timeout, wrong_ack, getpage_timeout (an error)
  Op op = Op::ack;
};

class Timeline {
public:
  /** Records the interval that ends with barrier `barrier` (1-based); 0 records nothing. */
  explicit Timeline(long barrier) : target_(barrier), begin_(barrier == 1 ? 0 : 1e300) {}
  /** Called by the barrier manager when a barrier completes (before its grants leave). */
  void barrier_complete(double now);
  void datagram(double sent, double taken, int src, int dst, Op op, const char* kind);
  void error(double now, int node, int peer, Op op, const char* kind);
  const std::vector<TimelineEvent>& events() const { return events_; }
  double begin() const { return begin_; }
  double end() const { return end_; }

private:
  bool covers(double t) const { return target_ > 0 && t >= begin_ && t <= end_; }

  long target_;
  long completed_ = 0;
  double begin_;       ///< when barrier k-1 completed (the start for k = 1)
  double end_ = 1e300; ///< when barrier k completed
  std::vector<TimelineEvent> events_;
};

} // namespace cs::dsm
