/* `clustersim run SCENARIO --uncertainty N`: the scenario's point run and its N Latin-hypercube samples, run as two
 * sweeps in one pool of workers, summarized into OUT/uncertainty.json (docs/uncertainty.md). */
#pragma once
#include "app/cli/commands.hpp"
#include "sim/run/run.hpp"

#include <cstdint>

namespace cs::cli {

struct UncertaintyRunOptions {
  long samples  = 0;
  uint64_t seed = 1;
  int jobs      = 2;
  bool plot     = false; ///< a tornado plot per metric
};

int run_uncertainty(const RunOptions& run, const UncertaintyRunOptions& u, const Args& simgrid_args);

} // namespace cs::cli
