/* The aggregated table of a sweep: for every grid point (a combination of swept values, over its repetitions) and
 * every numeric column (metrics and derived columns), n, mean, sample standard deviation and the 95% confidence
 * interval of the mean (Student's t with n-1 degrees of freedom). Written as OUT/sweep_stats.csv (one row per point
 * and column) and OUT/sweep_stats.json (what `sweep plot` draws). */
#pragma once
#include "sim/sweep/store.hpp"

#include <string>
#include <vector>

namespace cs {

/** n, mean, sd and the 95% CI of the mean of `values`; sd and the CI are null for n < 2. */
json summarize(const std::vector<double>& values);

struct StatsFiles {
  std::string csv, json_text;
};

/** `derived[i][k]` is derived column k of rows[i] (as compute_derived returns it). */
StatsFiles render_stats(const SweepSpec& spec, const std::vector<PointRow>& rows,
                        const std::vector<std::vector<json>>& derived);

} // namespace cs
