/* The failure role of a Brazos coordinated run (seed 3.4): every node answers heartbeats; the designated node sends
 * them every period and declares dead a node that does not answer within it, which starts a recovery; the injector
 * switches nodes off (at a given time, or each node at exponential times of mean MTBF for the whole run). */
#pragma once
#include "models/checkpoint/coordinated_state.hpp"

#include <vector>

namespace cs::checkpoint {

class Recovery;

/** Starts the actor of `node` that answers the heartbeats. */
void start_heartbeat_responder(const Setup& s, size_t node);

class Failures {
public:
  Failures(RunState& st, Recovery& recovery) : st_(st), recovery_(recovery), failed_at_(st.s.nodes.size(), -1) {}
  /** Starts every node's heartbeat responder. */
  void start_responders();
  /** Starts the failure injector and the heartbeat monitor when the run has failures. */
  void start_detection();
  /** Whether any node can fail: a scheduled failure, an MTBF or the scenario's fault schedule. */
  bool possible() const;

private:
  void monitor();
  void injector();
  void fail(size_t node);

  RunState& st_;
  Recovery& recovery_;
  std::vector<double> failed_at_; ///< when each node actually failed (for the statistics)
};

} // namespace cs::checkpoint
