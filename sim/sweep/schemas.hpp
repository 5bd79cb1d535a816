/* The JSON Schemas of clustersim's input files (scenario, sweep, platform), assembled from the field declarations of
 * each (sim/input/schema.hpp); the scenario's carries every model's parameters. They live here because the sweep file
 * is the highest layer whose fields they describe. */
#pragma once
#include "sim/input/json_io.hpp"

#include <string>
#include <vector>

namespace cs {

/** The schema of one kind of input file: "scenario", "sweep" or "platform" (UsageError otherwise). */
json input_schema(const std::string& kind);
/** The kinds input_schema knows. */
const std::vector<std::string>& schema_kinds();

} // namespace cs
