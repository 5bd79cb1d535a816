/* Parameters of a rank's crash and recovery under sender-based message logging (docs/models/msglog.md, "Crash and
 * recovery"). Kept apart from params.hpp so that the failure-free model's parameters stay as they were. */
#pragma once
#include "sim/input/fields.hpp"

namespace cs::msglog {

struct RecoveryParams {
  long crash_rank            = -1; ///< rank crashed by the model itself (-1: none; host faults also crash ranks)
  double crash_at            = 0;  ///< when that rank crashes (simulated seconds)
  double checkpoint_interval = 0;  ///< a rank checkpoints when this much time passed since its last one (0: never)
  double checkpoint_size     = 50331648; ///< bytes of one rank's checkpoint, written to and read from its node's disk
  double restart_delay       = 1;        ///< relaunching the crashed process before it reads its checkpoint
  bool trace                 = false;    ///< record receive digests even in a run that neither crashes nor checkpoints

  /** Recovery machinery needed (the run may crash or the receive order is asked for)? */
  bool wanted(bool host_faults) const { return host_faults || crash_rank >= 0 || checkpoint_interval > 0 || trace; }
  static RecoveryParams from(Fields f);
};

} // namespace cs::msglog
