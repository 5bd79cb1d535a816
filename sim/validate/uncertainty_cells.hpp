/* `validate --uncertainty N`: each cell computed once per Latin-hypercube sample (over that sample's rows of its
 * runs), its median and 5%-95% interval, the inputs that drive it, and the coverage of the validation cells
 * (docs/uncertainty.md, docs/validation-format.md). */
#pragma once
#include "sim/validate/validate.hpp"

#include <cstdint>
#include <set>

namespace cs {

/** The sampled runs of one validation file: each run's rows with their sample, and the ranged inputs they read. */
struct SampledRuns {
  long samples  = 0;
  uint64_t seed = 1;
  std::map<std::string, std::vector<PointRow>> runs;                 ///< run name -> rows of every sample
  std::map<std::string, std::set<std::string>> inputs;               ///< run name -> ids of the inputs its rows drew
  std::map<std::string, std::map<long, std::set<size_t>>> by_sample; ///< run name -> sample -> row indices
};

/** Reads a sampled run's rows (its folder's points) and the ids of the inputs they drew (their result.json). */
void add_sampled_run(SampledRuns& sampled, const std::string& name, const SweepSpec& spec, const std::string& out_dir);

/** A cell's spread over the samples: {"median", "interval": [p5, p95], "sensitivity": [{"input", "rho"}] (the first
 *  5), "ranking": every input so ranked (for the plot, not the report)}; null where no sample could compute it. */
json cell_spread(const json& compute, const SampledRuns& sampled, const std::string& file, const std::string& pointer);

/** {"samples", "seed", "coverage", "validation_cells", "median_rel_halfwidth"} over the report's cells: coverage is the
 *  share of compared validation cells whose measured value lies inside their interval, the half-width
 *  (p95 - p5) / 2 / |median| (median over the same cells). */
json uncertainty_summary(const json& cells, long samples, uint64_t seed);

/** The bars of a file's tornado plot: one cell's ranking as it is; for several cells, each input's mean |rho| over
 *  them (how much it drives the file's cells, whatever the sign). */
json tornado_bars(const std::vector<json>& spreads);

/** "interval [p5, p95], median m; driven by: input (rho), ..." for the printed table. */
std::string spread_text(const json& cell);

} // namespace cs
