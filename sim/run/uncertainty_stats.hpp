/* Statistics over the samples of an uncertainty run: the spread of a metric (median, 5% and 95% points) and the
 * inputs that explain it (Spearman rank correlation between an input's Latin-hypercube quantile and the metric). */
#pragma once
#include "sim/input/json_io.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs {

/** The p-quantile (0 <= p <= 1) of `values`, linearly interpolated between order statistics (R's type 7); NaN for
 *  none. */
double sample_quantile(std::vector<double> values, double p);

/** Ranks 1..n, ties sharing their mean rank. */
std::vector<double> ranks(const std::vector<double>& values);

/** Spearman's rank correlation of x and y (the same length): Pearson's over their ranks; 0 when either is constant
 *  (an input of zero width, or a metric no input moves, explains nothing). */
double spearman(const std::vector<double>& x, const std::vector<double>& y);

/** The |rho| that N samples of two unrelated quantities exceed by chance 5% of the time (the two-sided 5% critical
 *  value of Spearman's rho, approximated as 1.96 / sqrt(N - 1): above 1 for 4 samples or fewer, where even a
 *  rho of 1 can be chance); 1 below 2 samples. */
double chance_level(size_t samples);

/** One sample's outcome: its scalar metrics and the quantile each ranged input was drawn at. */
struct SampleOutcome {
  json metrics;
  std::map<std::string, double> quantiles; ///< input id -> quantile
};

/** The inputs ranked by |rho| against `metric` over `samples` (largest first, ties by id); an input absent from a
 *  sample, or whose rho is 0 (a metric that never varies), is left out of the ranking. [{"input", "rho"}], with
 *  "below_chance": true where |rho| is below chance_level of the samples that have the metric. */
json rank_inputs(const std::vector<SampleOutcome>& samples, const std::string& metric);

/** For every scalar metric of the samples: {"point", "median", "p5", "p95", "chance_level", "sensitivity": [{"input",
 *  "rho", "below_chance"}]}; a metric equal in every sample has "constant": true and an empty sensitivity (no input
 *  moves it). The point value comes from `point_metrics` (null: left out). */
json metric_spreads(const std::vector<SampleOutcome>& samples, const json& point_metrics);

} // namespace cs
