/* Running a sweep's points: up to --jobs worker processes, each a fork of the sweep process that runs a batch of
 * points one after the other, each point in a fresh SimGrid engine of its own (one engine at a time per process),
 * writing each point's result atomically, then exits. Forking without exec saves the ~50 ms of loading the binary
 * and its libraries per point; it is sound because the sweep process itself never starts an engine. Only the
 * repetitions of one grid point share a worker (same scenario, platform and SimGrid options, only the seed differs);
 * their results are byte for byte those of one process per point (--batch 1; tests/integration/sweep_batch). */
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
  int batch = 0; ///< at most this many repetitions per worker process (0: automatic, 1: one process per point)
  std::vector<std::string> forward; ///< SimGrid --cfg/--log options for every point
  std::string self_exe;             ///< the clustersim binary (written into Slurm scripts)
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

/** Runs the missing (and stale) points of the (shard of the) sweep, then merges what exists into OUT/sweep.csv. Points
 * that fail leave OUT/points/<id>.error and the sweep goes on. Must not be called from a process running an engine. */
SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& options);

/** One of several sweeps run together by run_sweeps. */
struct SweepJob {
  SweepSpec spec;
  SweepRunOptions options; ///< its own folder; `jobs` is run_sweeps' argument
  SweepOutcome outcome;
  double cpu_s = 0; ///< user + system seconds its workers took
};

/** Runs several sweeps in one pool of `jobs` worker processes, as run_sweep runs one, so that no core idles while
 *  one sweep's last long point ends before the next sweep starts. Batches are started by expected cost, largest
 *  first: a batch's share of its sweep's points, since a sweep with few points is (in the validation files) one of
 *  long simulations and a sweep of thousands is one of short repetitions. Scheduling changes no result. A derived
 *  column's typo is found when the sweep's table is merged, after its points ran. */
void run_sweeps(std::vector<SweepJob>& sweeps, int jobs);

/** Path of the running executable (/proc/self/exe). */
std::string self_executable();

} // namespace cs
