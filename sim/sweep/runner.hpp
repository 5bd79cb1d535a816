/* Running a sweep's points: up to --jobs worker processes, each a fork of the sweep process that runs one point in
 * its own fresh SimGrid engine (one engine per process), writes the point's result atomically and exits. Forking
 * without exec saves the ~50 ms of loading the binary and its libraries per point; it is sound because the sweep
 * process itself never starts an engine. */
#pragma once
#include "sim/sweep/merge.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs {

struct SweepRunOptions {
  std::string out_dir;
  int jobs        = 1;
  int shard_index = 0; ///< K of --shard K/N (0-based internally)
  int shard_count = 1;
  bool quiet      = false;
  bool merge      = true;     ///< merge OUT/sweep.csv at the end (shards filling one folder leave it to `sweep merge`)
  double point_timeout_s = 0; ///< a point running longer is killed and recorded as failed (0: no limit)
  std::vector<std::string> forward; ///< SimGrid --cfg/--log options for every point
  std::string self_exe;             ///< the clustersim binary (written into Slurm scripts)
};

struct SweepOutcome {
  size_t total = 0, ran = 0, skipped = 0, failed = 0;
  size_t rerun = 0;                        ///< finished points run again because an input changed
  std::map<std::string, size_t> rerun_why; ///< what changed -> how many points
  /** "3 re-run: platform file platforms/x.json changed" ("" when nothing was re-run). */
  std::string rerun_text() const;
};

/** Why the finished point `p` must run again ("" if its result still stands): its result's input fingerprint
 *  (result.json "inputs") against the one its scenario, platform, host profile and program have now. */
std::string stale_reason(const SweepSpec& spec, const SweepPoint& p, const std::string& result_file);

/** Runs the missing (and stale) points of the (shard of the) sweep, then merges what exists into OUT/sweep.csv. Points
 * that fail leave OUT/points/<id>.error and the sweep goes on. Must not be called from a process running an engine. */
SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& options);

/** Path of the running executable (/proc/self/exe). */
std::string self_executable();

} // namespace cs
