/* Sweeps: a base scenario and a set of variants (a grid over any --set paths, repetitions with derived seeds).
 * Each point runs in its own process (one SimGrid engine per process), results land atomically in
 * OUT/points/<id>/result.json, so a re-run skips what is finished; rows merge into OUT/sweep.csv. */
#pragma once
#include "sim/json_io.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct SweepSpec {
  std::string file;    ///< where the sweep was read from (for messages)
  std::string pointer; ///< JSON pointer of the sweep object in that file
  std::string name;
  std::string base;                                            ///< base scenario path
  std::vector<std::string> set;                                ///< fixed overrides for every point
  std::vector<std::pair<std::string, std::vector<json>>> grid; ///< cartesian product, in order
  long repetitions = 1;
  uint64_t seed    = 1; ///< repetition r of every point uses derive_seed(seed, r) (common random numbers)
  bool seed_given  = false;
};

struct SweepPoint {
  size_t index = 0;
  std::string id;                                   ///< "p00042"
  std::vector<std::pair<std::string, json>> values; ///< grid path -> value as written
  long rep      = 0;
  uint64_t seed = 0;
  bool has_seed = false;
  /** --set arguments of this point (fixed ones first). */
  std::vector<std::string> sets(const SweepSpec& spec) const;
};

/** Parses a sweep object (from a sweep file, or a validation file's run). */
SweepSpec parse_sweep(const json& j, const std::string& file, const std::string& pointer);
SweepSpec load_sweep(const std::string& path);
std::vector<SweepPoint> expand_sweep(const SweepSpec& spec);

struct SweepRunOptions {
  std::string out_dir;
  int jobs        = 1;
  int shard_index = 0; ///< K of --shard K/N (0-based internally)
  int shard_count = 1;
  bool quiet      = false;
  std::vector<std::string> forward; ///< SimGrid --cfg/--log options for every point
  std::string self_exe;             ///< the clustersim binary
};

struct SweepOutcome {
  size_t total = 0, ran = 0, skipped = 0, failed = 0;
};

/** Runs the missing points of the (shard of the) sweep, then merges what exists into OUT/sweep.csv. */
SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& options);

/** One finished (or failed) point, as read back from its folder. */
struct PointRow {
  SweepPoint point;
  std::string status; ///< "ok", "failed" or "missing"
  json metrics;       ///< result.json "metrics" (null unless ok)
  std::string error;
};
std::vector<PointRow> read_points(const SweepSpec& spec, const std::string& out_dir);
/** Writes OUT/sweep.csv (and sweep.json) from the point folders. */
void merge_sweep(const SweepSpec& spec, const std::string& out_dir);

/** Path of the running executable (/proc/self/exe). */
std::string self_executable();

} // namespace cs
