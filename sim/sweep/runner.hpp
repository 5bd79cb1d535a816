/* Running a sweep's points: up to --jobs worker processes, each a fork of the sweep process that runs a batch of
 * points one after the other, each point in a fresh SimGrid engine of its own (one engine at a time per process),
 * writing each point's result atomically, then exits. Forking without exec saves the ~50 ms of loading the binary
 * and its libraries per point; it is sound because the sweep process itself never starts an engine. Only the
 * repetitions of one grid point share a worker (same scenario, platform and SimGrid options, only the seed differs);
 * their results are byte for byte those of one process per point (--batch 1; tests/integration/sweep_batch). */
#pragma once
#include "sim/sweep/merge.hpp"
#include "sim/sweep/run_options.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs {

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
 *  column's typo is found when the sweep's table is merged, after its points ran. A non-empty `label` adds one
 *  progress line for all their points together, each line begun by it (for sweeps that are quiet themselves, such as
 *  validate's). */
void run_sweeps(std::vector<SweepJob>& sweeps, int jobs, const std::string& label = "");

/** Path of the running executable (/proc/self/exe). */
std::string self_executable();

} // namespace cs
