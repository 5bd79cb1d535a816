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
};

} // namespace cs::checkpoint
