#include "sim/sweep/pool.hpp"
#include "sim/input/interrupt.hpp"
#include "sim/sweep/store.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"
#include "sim/sweep/worker.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace cs {

SweepTask prepare_sweep(const SweepSpec& spec, const SweepRunOptions& o)
{
  SweepTask t;
  t.spec    = &spec;
  t.options = &o;
  t.sampled = is_sampled(spec);
  t.lock    = std::make_unique<SweepLock>(o.out_dir, o.shard_index, o.shard_count, o.out_option); // before the manifest
  claim_output(spec, o.forward, o.out_dir);
  for (size_t i = 0, n = spec.size(); i < n; ++i) {
    if (static_cast<int>(i % static_cast<size_t>(o.shard_count)) != o.shard_index)
      continue; // in_shard, before the point is built
    SweepPoint p = sweep_point(spec, i);
    if (o.skip && o.skip(spec, p))
      continue;
    ++t.outcome.total;
    std::string result = point_result(o.out_dir, p);
    if (fs::exists(result)) {
      std::string why = stale_reason(spec, p, result);
      if (why.empty()) {
        ++t.outcome.skipped;
        continue;
      }
      ++t.outcome.rerun;
      ++t.outcome.rerun_why[why];
    }
    t.keys.push_back(batch_key(spec, p));
    t.todo.push_back(p);
  }
  fs::create_directories(o.out_dir + "/logs");
  fs::create_directories(o.out_dir + "/points");
  t.progress = std::make_unique<SweepProgress>(t.outcome.total, t.outcome.skipped, o.quiet);
  return t;
}

namespace {

/** At most `limit` points a worker, and no more than an even share of the group among the jobs. */
size_t unit_size(size_t group, size_t limit, size_t jobs)
{
  return std::max<size_t>(1, std::min(limit, (group + jobs - 1) / jobs));
}

/** The units of a sampled sweep: every point of one key shares workers wherever it comes (a grid point's samples and
 *  their repetitions, between which a zip or sample factor after the sample axis puts other points), the groups
 *  in the order of their first points. The map is bounded by the sweep's grid, not by its points' count. */
std::vector<WorkUnit> sampled_units(const SweepTask& t, size_t task, size_t begin, size_t end, size_t limit,
                                    size_t jobs)
{
  std::vector<std::vector<size_t>> groups;
  std::map<std::string, size_t> at;
  for (size_t i = begin; i < end; ++i) {
    auto [it, fresh] = at.emplace(t.keys[i], groups.size());
    if (fresh)
      groups.emplace_back();
    groups[it->second].push_back(i);
  }
  std::vector<WorkUnit> units;
  for (auto const& g : groups) {
    size_t count = unit_size(g.size(), limit, jobs);
    for (size_t next = 0; next < g.size(); next += count) {
      WorkUnit u{task, {}};
      for (size_t k = next; k < g.size() && k < next + count; ++k)
        u.points.push_back(t.todo[g[k]]);
      units.push_back(std::move(u));
    }
  }
  return units;
}

} // namespace

std::vector<WorkUnit> make_units(const std::vector<SweepTask>& tasks, size_t task, size_t begin, size_t end,
                                 size_t jobs)
{
  const SweepTask& t = tasks[task];
  size_t limit       = t.options->batch > 0 ? static_cast<size_t>(t.options->batch) : 32;
  if (t.sampled)
    return sampled_units(t, task, begin, end, limit, jobs);
  std::vector<WorkUnit> units;
  for (size_t next = begin; next < end;) {
    size_t group = next; // the end of this grid point's repetitions
    while (group < end && t.keys[group] == t.keys[next])
      ++group;
    size_t count = unit_size(group - next, limit, jobs);
    for (; next < group; next += std::min(count, group - next)) {
      size_t n = std::min(count, group - next);
      units.push_back(WorkUnit{task, std::vector<SweepPoint>(t.todo.begin() + next, t.todo.begin() + next + n)});
    }
  }
  return units;
}

WorkerPool::WorkerPool(std::vector<SweepTask>& tasks, int jobs)
    : tasks_(tasks), jobs_(static_cast<size_t>(std::max(1, jobs)))
{
}

WorkerPool::~WorkerPool()
{
  for (auto const& [pid, r] : running_)
    kill(pid, SIGTERM);
  for (auto const& [pid, r] : running_) {
    waitpid(pid, nullptr, 0);
    close(r.status_fd);
  }
}

void WorkerPool::run(const std::vector<WorkUnit>& units)
{
  size_t next = 0;
  while (next < units.size() || not retry_.empty() || not running_.empty()) {
    throw_if_interrupted();
    while ((next < units.size() || not retry_.empty()) && running_.size() < jobs_) {
      if (not retry_.empty()) { // a point of an earlier unit whose worker died before reaching it
        start(std::move(retry_.front()));
        retry_.erase(retry_.begin());
      } else {
        start(units[next++]);
      }
    }
    reap();
  }
}

void WorkerPool::start(WorkUnit unit)
{
  int fds[2];
  if (pipe(fds) != 0)
    throw std::runtime_error(std::string("pipe failed: ") + std::strerror(errno));
  std::fflush(nullptr); // or the worker would print the parent's pending output a second time
  // A worker takes SIGINT/SIGTERM only once its output goes to its log: a Ctrl-C right after the fork would
  // print its line on the sweep's terminal, beside the sweep's own.
  set_interrupts_blocked(true);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    const SweepTask& t = tasks_[unit.task];
    run_batch(*t.spec, unit.points, *t.options, self_, fds[1]);
  }
  set_interrupts_blocked(false);
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
  }
  close(fds[1]);
  ++tasks_[unit.task].outcome.workers;
  running_[pid] = Running{std::move(unit), fds[0]};
}

/** Waits for a worker, then settles its points: those it reported, the one it died in, and the rest re-queued. */
void WorkerPool::reap()
{
  int status = 0;
  rusage usage{};
  pid_t pid = wait4(-1, &status, 0, &usage);
  if (pid <= 0) {
    throw_if_interrupted(); // a signal deferred by validate's temporary folder interrupts the wait
    return;
  }
  auto it = running_.find(pid);
  if (it == running_.end())
    return;
  Running r = std::move(it->second);
  running_.erase(it);
  SweepTask& t = tasks_[r.unit.task];
  t.cpu_s += static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  std::vector<unsigned char> codes(r.unit.points.size() + 1);
  ssize_t n = 0, got = 0;
  while ((got = ::read(r.status_fd, codes.data() + n, codes.size() - static_cast<size_t>(n))) > 0)
    n += got;
  close(r.status_fd);
  size_t reported = static_cast<size_t>(std::max<ssize_t>(0, n));
  bool died       = not(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  bool timed_out  = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
  for (size_t i = 0; i < r.unit.points.size(); ++i) {
    if (i < reported && codes[i] == fresh_process_status && i > 0)
      retry_.push_back(WorkUnit{r.unit.task, {r.unit.points[i]}});
    else if (i < reported)
      settle(t, r.unit.points[i], codes[i] == 0, "exit status " + std::to_string(codes[i]));
    // The point the worker died in is failed if it ran first in the worker (as in a process of its own) or ran
    // out of time; else it runs again in a fresh worker, which tells whether the reused process was the cause.
    else if (i == reported && died && (i == 0 || timed_out))
      settle(t, r.unit.points[i], false, describe_status(status, t.options->point_timeout_s));
    else
      retry_.push_back(WorkUnit{r.unit.task, {r.unit.points[i]}});
  }
}

void WorkerPool::settle(SweepTask& t, const SweepPoint& p, bool exited_ok, const std::string& status)
{
  const std::string& out = t.options->out_dir;
  ++t.outcome.ran;
  std::string log   = point_log(out, p);
  std::string error = point_error(out, p);
  std::error_code ec;
  if (exited_ok && fs::exists(point_result(out, p))) {
    fs::remove(error, ec); // an earlier attempt's failure is history now
    if (fs::file_size(log, ec) == 0)
      fs::remove(log, ec);
  } else {
    ++t.outcome.failed;
    std::string text = read_own_output(log);
    if (not text.empty() && text.back() != '\n')
      text += '\n';
    write_file_atomic(error, text + "[sweep] point " + p.id + ": " + status + "\n");
  }
  t.progress->update(t.outcome.ran, t.outcome.failed);
  if (overall_ != nullptr) {
    Tally all = tally(tasks_);
    overall_->update(all.ran, all.failed);
  }
}

Tally tally(const std::vector<SweepTask>& tasks)
{
  Tally all;
  for (auto const& t : tasks) {
    all.ran += t.outcome.ran;
    all.failed += t.outcome.failed;
  }
  return all;
}

} // namespace cs
