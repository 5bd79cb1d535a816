#include "sim/sweep/runner.hpp"
#include "sim/errors.hpp"
#include "sim/fingerprint.hpp"
#include "sim/interrupt.hpp"
#include "sim/run.hpp"
#include "sim/simgrid_options.hpp"
#include "sim/sweep/derived.hpp"
#include "sim/sweep/lock.hpp"
#include "sim/sweep/progress.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <malloc.h>
#include <map>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

std::string self_executable()
{
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("clustersim") : p.string();
}

namespace {

void set_interrupts_blocked(bool blocked)
{
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigprocmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, nullptr);
}

/** One point in a worker: its output goes to the point's log, its exit code (0 ok, 2 bad input, 1 other failure) is
 *  what `clustersim run` would exit with. */
int run_point(const SweepSpec& spec, const SweepPoint& p, const SweepRunOptions& o)
{
  if (o.point_timeout_s > 0) {
    itimerval t{};
    t.it_value.tv_sec  = static_cast<time_t>(o.point_timeout_s);
    t.it_value.tv_usec = static_cast<suseconds_t>(1e6 * (o.point_timeout_s - std::floor(o.point_timeout_s)));
    setitimer(ITIMER_REAL, &t, nullptr); // SIGALRM's default action ends the worker; the sweep records it
  }
  std::fflush(nullptr); // the previous point's output belongs to its own log
  std::string log = point_log(o.out_dir, p);
  int fd          = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
  }
  set_interrupts_blocked(false);
  int code = 0;
  try {
    std::error_code ec;
    fs::remove_all(point_dir(o.out_dir, p), ec); // what a killed attempt left (temporary files) goes
    RunOptions ro;
    ro.scenario = spec.base;
    ro.out_dir  = point_dir(o.out_dir, p);
    ro.sets     = p.sets(spec);
    ro.quiet    = true;

    // Thousands of points: each keeps the model's own events only, enough to look at one point (`clustersim run`
    // it for its full timeline).
    ro.events.activity_limit = 0;
    ro.events.model_limit    = 5000;
    if (p.has_seed)
      ro.seed = p.seed;
    // The engine's argv, as `clustersim run` builds it: SimGrid's config echo silenced, then the user's options.
    EngineArgv engine(program_name, {quiet_config_log}, o.forward);
    run_scenario(ro, engine.argc(), engine.argv());
  } catch (const InputError& e) {
    std::fprintf(stderr, "clustersim: error: %s\n", e.what());
    code = 2;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "clustersim: error: %s\n", e.what());
    code = 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "clustersim: failure: %s\n", e.what());
    code = 1;
  }
  std::fflush(nullptr);
  return code;
}

/** The worker: a fork of the sweep process that runs a batch of points one after the other, each in an engine of
 *  its own (sim/engine_reuse), and writes each point's exit code as one byte to `status_fd` once the point is done.
 *  If it dies within a point, the sweep knows from the bytes which point that was. */
[[noreturn]] void run_batch(const SweepSpec& spec, const std::vector<SweepPoint>& batch, const SweepRunOptions& o,
                            pid_t parent, int status_fd)
{
  // Die with the sweep: after a SIGKILL of the sweep, no orphan may go on writing results under a restarted one.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent)
    _exit(3);
  // Keep freed memory in the heap for reuse: every SimGrid actor's stack (8 MiB, above glibc's mmap threshold)
  // would otherwise be a fresh mmap, faulted in page by page and unmapped when the actor ends. A worker is short
  // lived, so memory given back to the kernel early gains nothing; on a VM where page faults and TLB flushes are
  // hypercalls this cut a point's cost by about a quarter (bench/sweep_bench.sh).
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  int last = 0;
  for (auto const& p : batch) {
    last                 = run_point(spec, p, o);
    unsigned char status = static_cast<unsigned char>(last);
    if (::write(status_fd, &status, 1) != 1)
      _exit(3); // the sweep is gone
    if (last != 0)
      break; // a failed run may leave SimGrid in any state: the batch's other points go to fresh workers
  }
  _exit(batch.size() == 1 ? last : 0); // no atexit handlers or static destructors: they belong to the parent
}

std::string describe_status(int status, double timeout)
{
  if (WIFEXITED(status))
    return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    if (sig == SIGALRM && timeout > 0)
      return "timed out after " + std::to_string(timeout) + " s";
    return std::string("killed by signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  return "status " + std::to_string(status);
}

/** The worker processes of a sweep and the points they run. Consecutive points that differ only in their seed (the
 *  repetitions of one grid point: same scenario, platform and SimGrid options) run in batches, one worker process
 *  for several of them (docs/performance.md); any other point runs in a worker of its own. */
class Workers {
public:
  Workers(const SweepSpec& spec, const SweepRunOptions& o, const std::vector<SweepPoint>& todo, SweepOutcome& outcome,
          SweepProgress& progress)
      : spec_(spec), o_(o), todo_(todo), outcome_(outcome), progress_(progress)
  {
    for (auto const& p : todo_) {
      std::string key;
      for (auto const& set : p.sets(spec_))
        key += set + '\n';
      keys_.push_back(std::move(key));
    }
  }

  // Leaving early (an interrupt deferred by validate, a failed fork), no worker may go on writing into the folder.
  ~Workers()
  {
    for (auto const& [pid, b] : running_)
      kill(pid, SIGTERM);
    for (auto const& [pid, b] : running_) {
      waitpid(pid, nullptr, 0);
      close(b.status_fd);
    }
  }
  Workers(const Workers&)            = delete;
  Workers& operator=(const Workers&) = delete;

  /** Hands out the points up to `end` (exclusive) and waits for every worker. */
  void run_until(size_t end)
  {
    const size_t jobs = static_cast<size_t>(std::max(1, o_.jobs));
    while (next_ < end || not retry_.empty() || not running_.empty()) {
      throw_if_interrupted();
      while ((next_ < end || not retry_.empty()) && running_.size() < jobs)
        start(next_batch(end, jobs));
      reap();
    }
  }

private:
  struct Batch {
    std::vector<SweepPoint> points;
    int status_fd = -1; ///< read end of the pipe the worker writes each finished point's exit code to
  };

  /** The next points for one worker: a point of an earlier batch whose worker died before reaching it (alone), or
   *  the next point and the following ones of the same grid point, at most `--batch` of them, and no more than an
   *  even share of the group among the jobs so that the last workers finish together. */
  std::vector<SweepPoint> next_batch(size_t end, size_t jobs)
  {
    if (not retry_.empty()) {
      std::vector<SweepPoint> one{retry_.front()};
      retry_.erase(retry_.begin());
      return one;
    }
    size_t group = next_; // the end of this grid point's repetitions
    while (group < todo_.size() && keys_[group] == keys_[next_])
      ++group;
    if (next_ == 0 || keys_[next_ - 1] != keys_[next_]) // a new grid point: its share of the jobs
      share_ = (group - next_ + jobs - 1) / jobs;
    size_t limit = o_.batch > 0 ? static_cast<size_t>(o_.batch) : 32;
    size_t count = std::max<size_t>(1, std::min({limit, share_, std::min(group, end) - next_}));
    std::vector<SweepPoint> batch(todo_.begin() + next_, todo_.begin() + next_ + count);
    next_ += count;
    return batch;
  }

  void start(std::vector<SweepPoint> points)
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
      run_batch(spec_, points, o_, self_, fds[1]);
    }
    set_interrupts_blocked(false);
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
    }
    close(fds[1]);
    running_[pid] = Batch{std::move(points), fds[0]};
    ++outcome_.workers;
  }

  /** Waits for a worker, then settles its points: those it reported, the one it died in, and the rest re-queued. */
  void reap()
  {
    int status = 0;
    pid_t pid  = waitpid(-1, &status, 0);
    if (pid <= 0) {
      throw_if_interrupted(); // a signal deferred by validate's temporary folder interrupts the wait
      return;
    }
    auto it = running_.find(pid);
    if (it == running_.end())
      return;
    Batch b = std::move(it->second);
    running_.erase(it);
    std::vector<unsigned char> codes(b.points.size() + 1);
    ssize_t n = 0, got = 0;
    while ((got = ::read(b.status_fd, codes.data() + n, codes.size() - static_cast<size_t>(n))) > 0)
      n += got;
    close(b.status_fd);
    size_t reported = static_cast<size_t>(std::max<ssize_t>(0, n));
    bool died       = not(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    bool timed_out  = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
    for (size_t i = 0; i < b.points.size(); ++i) {
      if (i < reported)
        settle(b.points[i], codes[i] == 0, "exit status " + std::to_string(codes[i]));
      // The point the worker died in is failed if it ran first in the worker (as in a process of its own) or ran
      // out of time; else it runs again in a fresh worker, which tells whether the reused process was the cause.
      else if (i == reported && died && (i == 0 || timed_out))
        settle(b.points[i], false, describe_status(status, o_.point_timeout_s));
      else
        retry_.push_back(b.points[i]); // the worker stopped before this point: a fresh one runs it
    }
  }

  void settle(const SweepPoint& p, bool exited_ok, const std::string& status)
  {
    ++outcome_.ran;
    std::string log   = point_log(o_.out_dir, p);
    std::string error = point_error(o_.out_dir, p);
    std::error_code ec;
    if (exited_ok && fs::exists(point_result(o_.out_dir, p))) {
      fs::remove(error, ec); // an earlier attempt's failure is history now
      if (fs::file_size(log, ec) == 0)
        fs::remove(log, ec);
    } else {
      ++outcome_.failed;
      std::string text = read_text(log);
      if (not text.empty() && text.back() != '\n')
        text += '\n';
      write_file_atomic(error, text + "[sweep] point " + p.id + ": " + status + "\n");
    }
    progress_.update(outcome_.ran, outcome_.failed);
  }

  const SweepSpec& spec_;
  const SweepRunOptions& o_;
  const std::vector<SweepPoint>& todo_;
  SweepOutcome& outcome_;
  SweepProgress& progress_;
  std::vector<std::string> keys_; ///< per point of todo_: its --set arguments (equal for a grid point's repetitions)
  std::vector<SweepPoint> retry_;
  std::map<pid_t, Batch> running_;
  const pid_t self_ = getpid();
  size_t next_      = 0;
  size_t share_     = 1; ///< batch size for the current grid point's repetitions
};

} // namespace

std::string SweepOutcome::rerun_text() const
{
  if (rerun == 0)
    return "";
  std::string why;
  for (auto const& [reason, n] : rerun_why)
    why += (why.empty() ? "" : "; ") + reason + (rerun_why.size() > 1 ? " (" + std::to_string(n) + ")" : "");
  return std::to_string(rerun) + " re-run: " + why;
}

std::string stale_reason(const SweepSpec& spec, const SweepPoint& p, const std::string& result_file)
{
  Scenario scenario;
  try {
    scenario = load_scenario(spec.base, p.sets(spec), p.has_seed ? std::optional<uint64_t>(p.seed) : std::nullopt);
  } catch (const InputError& e) {
    return std::string("its scenario is now invalid (") + e.what() + ")";
  }
  json stored;
  try {
    stored = load_json_file(result_file).value("inputs", json());
  } catch (const InputError&) {
    return "its result.json cannot be read";
  }
  return input_change(stored, input_fingerprint(scenario), scenario);
}

SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& o)
{
  if (simgrid::s4u::Engine::has_instance())
    throw std::logic_error("run_sweep: this process runs a SimGrid engine; forked workers could not start theirs");
  SweepLock lock(o.out_dir, o.shard_index, o.shard_count); // before the manifest: a second sweep waits for none
  claim_output(spec, o.forward, o.out_dir);
  SweepOutcome outcome;
  std::vector<SweepPoint> todo;
  for (auto const& p : expand_sweep(spec)) {
    if (not in_shard(p, o.shard_index, o.shard_count))
      continue;
    ++outcome.total;
    std::string result = point_result(o.out_dir, p);
    if (not fs::exists(result)) {
      todo.push_back(p);
      continue;
    }
    std::string why = stale_reason(spec, p, result);
    if (why.empty()) {
      ++outcome.skipped;
      continue;
    }
    ++outcome.rerun;
    ++outcome.rerun_why[why];
    todo.push_back(p);
  }
  fs::create_directories(o.out_dir + "/logs");
  fs::create_directories(o.out_dir + "/points");
  SweepProgress progress(outcome.total, outcome.skipped, o.quiet);
  Workers workers(spec, o, todo, outcome, progress);
  auto run_until = [&](size_t end) { workers.run_until(end); };
  // A derived column reading a metric no point produces (a typo) can only be told once a point has run: run one
  // first and check the names against its metrics, so the typo stops the sweep (exit 2) after one point, not after
  // all of them.
  if (not spec.derived.empty() && outcome.skipped == 0 && not todo.empty()) {
    run_until(1);
    compute_derived(spec, read_points(spec, o.out_dir));
  }
  run_until(todo.size());
  progress.update(outcome.ran, outcome.failed, true);
  if (o.merge)
    merge_sweep(spec, o.out_dir);
  return outcome;
}

} // namespace cs
