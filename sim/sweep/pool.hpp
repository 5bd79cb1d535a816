/* The worker processes of one sweep or of several at once (`clustersim validate` runs every file's sweeps in one
 * pool, so that both cores stay busy until the last point). */
#pragma once
#include "sim/sweep/lock.hpp"
#include "sim/sweep/progress.hpp"
#include "sim/sweep/run_options.hpp"
#include "sim/sweep/spec.hpp"

#include <map>
#include <memory>
#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

namespace cs {

/** A sweep being run: its folder held, the points still to run, and what became of those that ran. */
struct SweepTask {
  const SweepSpec* spec          = nullptr;
  const SweepRunOptions* options = nullptr;
  std::unique_ptr<SweepLock> lock;
  std::vector<SweepPoint> todo;
  std::vector<std::string> keys; ///< per point of todo: batch_key (equal for a grid point's repetitions and samples)
  bool sampled = false;          ///< the sweep has the uncertainty sample factor
  SweepOutcome outcome;
  std::unique_ptr<SweepProgress> progress;
  double cpu_s = 0; ///< user + system seconds of its workers
};

/** The points run and failed so far over `tasks`. */
struct Tally {
  size_t ran = 0, failed = 0;
};
Tally tally(const std::vector<SweepTask>& tasks);

/** Takes the sweep's folder (lock, manifest) and lists the points to run: those without a result, and those whose
 *  result an input change made stale. */
SweepTask prepare_sweep(const SweepSpec& spec, const SweepRunOptions& o);

/** What one worker process runs: consecutive points of one task. */
struct WorkUnit {
  size_t task = 0;
  std::vector<SweepPoint> points;
};

/** The units for the points [begin, end) of `tasks[task]`: the repetitions of one grid point (same scenario,
 *  platform and SimGrid options, only the seed differs) and its uncertainty samples (only the drawn values differ)
 *  share a worker, at most `--batch` of them and no more than an even share of the group among the jobs so that the
 *  last workers finish together; any other point runs in a worker of its own. */
std::vector<WorkUnit> make_units(const std::vector<SweepTask>& tasks, size_t task, size_t begin, size_t end,
                                 size_t jobs);

class WorkerPool {
public:
  WorkerPool(std::vector<SweepTask>& tasks, int jobs);
  // Leaving early (an interrupt deferred by validate, a failed fork), no worker may go on writing into a folder.
  ~WorkerPool();
  WorkerPool(const WorkerPool&)            = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /** Runs the units, in this order, at most `jobs` at a time, and waits for every worker. */
  void run(const std::vector<WorkUnit>& units);
  /** Also updates `overall` (the points of every task together) as points end. */
  void watch(SweepProgress* overall) { overall_ = overall; }

private:
  struct Running {
    WorkUnit unit;
    int status_fd = -1; ///< read end of the pipe the worker writes each finished point's exit code to
  };

  void start(WorkUnit unit);
  void reap();
  void settle(SweepTask& t, const SweepPoint& p, bool exited_ok, const std::string& status);

  std::vector<SweepTask>& tasks_;
  const size_t jobs_;
  std::vector<WorkUnit> retry_; ///< points whose worker stopped before them, each to run alone in a fresh one
  std::map<pid_t, Running> running_;
  const pid_t self_       = getpid();
  SweepProgress* overall_ = nullptr;
};

} // namespace cs
