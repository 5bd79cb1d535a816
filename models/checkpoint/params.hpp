/* Parameters of the Brazos model (seed 002), declared once with defaults, units and docs. This first part of the
 * model runs thread migration (seed section 2); the checkpoint/recovery part (section 3) is not built yet. */
#pragma once
#include "sim/fields.hpp"

#include <string>

namespace cs::checkpoint {

struct Params {
  std::string experiment = "migration"; ///< what runs (only the migration benchmark so far)
  std::string node_a     = "node1";     ///< where the migrating thread starts
  std::string node_b     = "node2";     ///< the other node of the back-to-back migrations
  long round_trips       = 1000;        ///< seed 2.5: 1000 iterations, each two MigrateMe() calls
  double stack_bytes     = 4096;        ///< committed stack the thread carries (seed Table 1: 4 KB stacks)
  double context_bytes   = 716;         ///< sizeof(CONTEXT) of Win32 on x86, with the floating-point save area
  double tls_bytes       = 64;          ///< the user part of the Thread Local Storage Brazos ships (runtime info)
  double header_bytes    = 32;          ///< Brazos message header
  double ack_bytes       = 32;          ///< the explicit acknowledgement of a UDP message (a header)

  static Params from(Fields& f);
};

} // namespace cs::checkpoint
