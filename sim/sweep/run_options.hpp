/* What a sweep run is asked (its options), what it returns (its outcome), and whether a finished point still stands:
 * shared by the runner and its worker pool (sim/sweep/runner.hpp, sim/sweep/pool.hpp). */
#pragma once
#include "sim/sweep/spec.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cs {

struct SweepRunOptions {
  std::string out_dir;
  std::string out_option = "--out"; ///< the option out_dir comes from, as errors name it (validate's is --work)
  int jobs               = 1;
  int shard_index        = 0; ///< K of --shard K/N (0-based internally)
  int shard_count        = 1;
  bool quiet             = false;
  bool merge = true;          ///< merge OUT/sweep.csv at the end (shards filling one folder leave it to `sweep merge`)
  double point_timeout_s = 0; ///< a point running longer is killed and recorded as failed (0: no limit)
  int batch = 0; ///< at most this many repetitions per worker process (0: automatic, 1: one process per point)
  std::vector<std::string> forward; ///< SimGrid --cfg/--log options for every point
  /** Points this run leaves out, as if they were in another shard (validate's sample sweeps run in two passes and
   *  reuse some points' results, sim/validate/sample_runs.hpp). Unset: none. */
  std::function<bool(const SweepSpec&, const SweepPoint&)> skip;
  std::string self_exe; ///< the clustersim binary (written into Slurm scripts)
  /** false: each point writes its result.json alone (RunOptions::tables), for sweeps whose metrics alone are read. */
  bool tables = true;
  /** Where the points keep the times of the sequential runs that fit their compute scale (RunOptions), shared by the
   *  workers (empty: each worker its own). */
  std::string sequential_cache;
  /** Where the points keep their results for the points of exactly the same inputs (RunOptions::result_cache),
   *  shared by the workers (empty: none). */
  std::string result_cache;
};

struct SweepOutcome {
  size_t total = 0, ran = 0, skipped = 0, failed = 0;
  size_t workers = 0; ///< worker processes started (fewer than `ran` when repetitions ran in batches)
  size_t rerun   = 0; ///< finished points run again because an input changed
  std::map<std::string, size_t> rerun_why; ///< what changed -> how many points
  /** "3 re-run: platform file platforms/x.json changed" ("" when nothing was re-run). */
  std::string rerun_text() const;
};

/** Why the finished point `p` must run again ("" if its result still stands): its result's input fingerprint
 *  (result.json "inputs") against the one its scenario, platform, host profile and program have now. */
std::string stale_reason(const SweepSpec& spec, const SweepPoint& p, const std::string& result_file);

} // namespace cs
