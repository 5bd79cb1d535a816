/* The recovery role of a Brazos coordinated run (seed 3.4): the old incarnation stopped, the last complete checkpoint
 * found, the dead node replaced or its threads spread over the survivors, initialisation, the files read back from the
 * file server, a new incarnation. */
#pragma once
#include "models/checkpoint/coordinated_state.hpp"

#include <vector>

namespace cs::checkpoint {

class Application;
class Checkpoints;

class Recovery {
public:
  Recovery(RunState& st, Application& app, const Checkpoints& checkpoints)
      : st_(st), app_(app), checkpoints_(checkpoints)
  {
  }
  /** From the heartbeat monitor: node `dead`, failed at `failed_at`, was declared dead at `detected_at`. */
  void recover(size_t dead, double failed_at, double detected_at);

private:
  /** Puts the placement's threads back on live nodes (a replacement node, or the survivors); false if none is left. */
  bool replace(std::vector<size_t>& placement);
  /** Runtime system and user initialisation of a restart on these nodes. */
  double init_time(const std::vector<size_t>& placement) const;
  void read_back(const std::vector<size_t>& placement, long from);

  RunState& st_;
  Application& app_;
  const Checkpoints& checkpoints_;
  double launched_at_  = 0;  ///< when the last restart launched the application (0: its first launch)
  long last_from_      = -1; ///< the checkpoint the last restarts started from (barrier, time)
  double last_from_at_ = -1;
  long attempts_       = 0; ///< restarts from it so far, interrupted ones included

public:
  /** Restarts from one checkpoint after which the run gives up (stats.gave_up): the application would never finish.
   *  A restart that succeeds with probability p needs more than this many attempts with probability (1 - p)^1000:
   *  below 1e-4 for any p above 1%. */
  static constexpr long max_attempts = 1000;
};

} // namespace cs::checkpoint
