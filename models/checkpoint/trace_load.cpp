/* The seam between a trace's files and the programs the Brazos model replays (trace_load.hpp). Reading the files and
 * decomposing the collectives belong to the model-neutral reader of models/common, which this tree does not have
 * yet: until it is merged, a trace workload is refused here as bad input, naming what is missing, and nothing runs.
 * Once it is, this function reads the index with it, turns each rank's actions into TraceStep (compute, the
 * point-to-point messages and waits, each collective as the decomposer's messages on their own channel, with the
 * global ones' first and last step noted) and calls mark_points (docs/models/checkpoint.md, "An MPI trace as the
 * workload"). */
#include "models/checkpoint/trace_load.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"

namespace cs::checkpoint {

std::unique_ptr<TraceProgram> load_trace(const Params& p, const std::string& scenario_file, Fields& params)
{
  std::string index = resolve_path(scenario_file, p.trace.index);
  if (not file_exists(index))
    throw InputError(params.file(), params.pointer("trace") + "/index",
                     "trace index \"" + p.trace.index + "\" not found (looked for " + index + ")");
  throw InputError(params.file(), params.pointer("trace") + "/index",
                   "this build has no time-independent trace reader (models/common/ti_trace): a trace workload "
                   "cannot be read yet");
}

} // namespace cs::checkpoint
