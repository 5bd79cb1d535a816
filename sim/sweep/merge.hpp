/* The merged table of a sweep: one row per point — point, rep, seed, swept parameters, status, metrics (sorted by
 * name), derived columns — as OUT/sweep.csv and OUT/sweep.json. It depends on the points' results only, never on
 * which process, shard or Slurm task produced them, so the same sweep always merges to the same bytes. */
#pragma once
#include "sim/sweep/store.hpp"

#include <string>
#include <vector>

namespace cs {

struct MergeSummary {
  size_t total = 0, ok = 0, failed = 0, missing = 0;
};

/** Writes OUT/sweep.csv and OUT/sweep.json (one row per run), OUT/sweep_stats.csv and OUT/sweep_stats.json (n, mean,
 *  sd, 95% CI per grid point and column) from the point folders of OUT. */
MergeSummary merge_sweep(const SweepSpec& spec, const std::string& out_dir);
/** Same, from the point folders of several output folders of one sweep, into `out_dir`. */
MergeSummary merge_sweep(const SweepSpec& spec, const std::vector<std::string>& dirs, const std::string& out_dir);

/** The merged files' contents (exposed for tests): the per-run table and the aggregated statistics (sweep_stats). */
struct MergedFiles {
  std::string csv, json_text;
  std::string stats_csv, stats_json;
  MergeSummary summary;
};
MergedFiles render_merged(const SweepSpec& spec, const std::vector<PointRow>& rows);

} // namespace cs
