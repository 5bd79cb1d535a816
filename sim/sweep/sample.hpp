/* Random and Latin-hypercube sampling of sweep parameters. The sample is drawn once, from the sweep seed, when the
 * sweep file is read: it is part of the sweep's definition, so shards and Slurm tasks draw the very same points. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/sweep/factor.hpp"

#include <cstdint>
#include <string>

namespace cs {

/** Parses `"sample": {"method": "random"|"lhs", "count": N, "params": {path: distribution}, "digits": 6}` and
 *  draws its rows. A distribution is one of {"uniform": [lo, hi]}, {"log_uniform": [lo, hi]},
 *  {"integer": [lo, hi]} (inclusive) or {"choice": [v1, v2, ...]}. */
SweepFactor parse_sample(const json& j, const std::string& file, const std::string& pointer, uint64_t seed);

} // namespace cs
