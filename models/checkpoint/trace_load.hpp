/* A trace workload's programs from the trace's files: read by the model-neutral reader of models/common, collectives
 * decomposed into their messages by the common decomposer, the checkpoint points marked (trace_program.hpp). */
#pragma once
#include "models/checkpoint/params.hpp"
#include "models/checkpoint/trace_program.hpp"
#include "sim/input/fields.hpp"

#include <memory>
#include <string>

namespace cs::checkpoint {

/** The trace params.trace.index names (relative: beside `scenario_file`); a missing index is bad input at
 *  /params/trace/index, a bad trace line bad input naming its file and line (the reader's). */
std::unique_ptr<TraceProgram> load_trace(const Params& p, const std::string& scenario_file, Fields& params);

} // namespace cs::checkpoint
