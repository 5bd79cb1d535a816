/* What a run under an uncertainty draw writes into its result.json: the draw and every ranged input it read. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/input/uncertain.hpp"

namespace cs {

/** {"sample", "samples", "seed", "inputs": [{"id", "unit", "value", "point", "range", "distribution", "quantile"}]}
 *  for the inputs the run used since the draw was set (values in base units); "unused_inputs": the ids of those
 *  drawn but never used (another benchmark's section...), left out of "inputs" and so of any sensitivity. */
json uncertainty_record(const UncertaintyDraw& draw, const std::vector<DrawnInput>& inputs);

/** Under an active draw (the scenario's "uncertainty"), header["uncertainty"] = its record; else nothing. */
void add_uncertainty_record(json& header);

} // namespace cs
