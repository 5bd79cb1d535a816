#include "sim/sweep/runner.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform_overrides.hpp"
#include "sim/run/run.hpp"
#include "sim/sweep/derived.hpp"
#include "sim/sweep/pool.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace cs {

std::string self_executable()
{
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("clustersim") : p.string();
}

namespace {

void require_no_engine(const char* who)
{
  if (simgrid::s4u::Engine::has_instance())
    throw std::logic_error(std::string(who) + ": this process runs a SimGrid engine; forked workers could not start "
                                              "theirs");
  // What every worker's first scenario load would make for itself (about 8 ms a worker) is made once, here.
  prepare_platform_override_schemas();
}

void finish(SweepTask& t)
{
  t.progress->update(t.outcome.ran, t.outcome.failed, true);
  if (t.options->merge)
    merge_sweep(*t.spec, t.options->out_dir);
}

} // namespace

SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& o)
{
  require_no_engine("run_sweep");
  std::vector<SweepTask> tasks;
  tasks.push_back(prepare_sweep(spec, o));
  SweepTask& t = tasks.front();
  size_t jobs  = static_cast<size_t>(std::max(1, o.jobs));
  WorkerPool pool(tasks, o.jobs);
  size_t first = 0;
  // A derived column reading a metric no point produces (a typo) can only be told once a point has run: run one
  // first and check the names against its metrics, so the typo stops the sweep (exit 2) after one point, not after
  // all of them.
  if (not spec.derived.empty() && t.outcome.skipped == 0 && not t.todo.empty()) {
    pool.run(make_units(tasks, 0, 0, 1, jobs));
    compute_derived(spec, read_points(spec, o.out_dir));
    first = 1;
  }
  pool.run(make_units(tasks, 0, first, t.todo.size(), jobs));
  finish(t);
  return t.outcome;
}

void run_sweeps(std::vector<SweepJob>& sweeps, int jobs, const std::string& label)
{
  require_no_engine("run_sweeps");
  std::vector<SweepTask> tasks;
  for (auto& s : sweeps)
    tasks.push_back(prepare_sweep(s.spec, s.options));
  size_t n = static_cast<size_t>(std::max(1, jobs));
  std::vector<WorkUnit> units;
  std::vector<double> cost; // expected cost of a unit: its share of its sweep (see run_sweeps' comment)
  for (size_t i = 0; i < tasks.size(); ++i)
    for (auto& u : make_units(tasks, i, 0, tasks[i].todo.size(), n)) {
      cost.push_back(static_cast<double>(u.points.size()) / static_cast<double>(tasks[i].outcome.total));
      units.push_back(std::move(u));
    }
  std::vector<size_t> order(units.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost[a] > cost[b]; });
  std::vector<WorkUnit> sorted;
  for (size_t i : order)
    sorted.push_back(std::move(units[i]));
  size_t points = 0;
  for (auto const& t : tasks)
    points += t.todo.size();
  SweepProgress overall(points, 0, label.empty() || points == 0, label); // quiet: updates print nothing
  WorkerPool pool(tasks, jobs);
  pool.watch(&overall);
  pool.run(sorted);
  Tally all = tally(tasks);
  overall.update(all.ran, all.failed, true);
  for (size_t i = 0; i < tasks.size(); ++i) {
    finish(tasks[i]);
    sweeps[i].outcome = tasks[i].outcome;
    sweeps[i].cpu_s   = tasks[i].cpu_s;
  }
}

} // namespace cs
