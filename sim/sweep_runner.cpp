#include "sim/sweep_runner.hpp"
#include "sim/errors.hpp"
#include "sim/fingerprint.hpp"
#include "sim/interrupt.hpp"
#include "sim/run.hpp"
#include "sim/simgrid_options.hpp"
#include "sim/sweep_derived.hpp"
#include "sim/sweep_lock.hpp"
#include "sim/sweep_progress.hpp"

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

/** The worker: a fork of the sweep process. Everything it prints goes to the point's log; its exit status says how
 *  the point went (0 ok, 2 bad input, 1 other failure), like `clustersim run` would. */
[[noreturn]] void run_point(const SweepSpec& spec, const SweepPoint& p, const SweepRunOptions& o, pid_t parent)
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
  if (o.point_timeout_s > 0) {
    itimerval t{};
    t.it_value.tv_sec  = static_cast<time_t>(o.point_timeout_s);
    t.it_value.tv_usec = static_cast<suseconds_t>(1e6 * (o.point_timeout_s - std::floor(o.point_timeout_s)));
    setitimer(ITIMER_REAL, &t, nullptr); // SIGALRM's default action ends the worker; the sweep records it
  }
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
    std::vector<std::string> args{"clustersim", "--log=xbt_cfg.thres:warning"};
    for (auto const& extra : build_engine_args())
      args.push_back(extra);
    args.insert(args.end(), o.forward.begin(), o.forward.end());
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    run_scenario(ro, &argc, argv.data());
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
  _exit(code); // no atexit handlers or static destructors: they belong to the parent
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
  std::map<pid_t, SweepPoint> running;
  const pid_t self = getpid();
  size_t next      = 0;
  // Leaving early (an interrupt deferred by validate, a failed fork), no worker may go on writing into the folder.
  struct StopWorkers {
    std::map<pid_t, SweepPoint>& running;
    ~StopWorkers()
    {
      for (auto const& [pid, p] : running)
        kill(pid, SIGTERM);
      for (auto const& [pid, p] : running)
        waitpid(pid, nullptr, 0);
    }
  } stop_workers{running};

  auto reap = [&]() {
    int status = 0;
    pid_t pid  = waitpid(-1, &status, 0);
    if (pid <= 0) {
      throw_if_interrupted(); // a signal deferred by validate's temporary folder interrupts the wait
      return;
    }
    auto it = running.find(pid);
    if (it == running.end())
      return;
    SweepPoint p = it->second;
    running.erase(it);
    ++outcome.ran;
    std::string log   = point_log(o.out_dir, p);
    std::string error = point_error(o.out_dir, p);
    std::error_code ec;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && fs::exists(point_result(o.out_dir, p));
    if (ok) {
      fs::remove(error, ec); // an earlier attempt's failure is history now
      if (fs::file_size(log, ec) == 0)
        fs::remove(log, ec);
    } else {
      ++outcome.failed;
      std::string text = read_text(log);
      if (not text.empty() && text.back() != '\n')
        text += '\n';
      write_file_atomic(error,
                        text + "[sweep] point " + p.id + ": " + describe_status(status, o.point_timeout_s) + "\n");
    }
    progress.update(outcome.ran, outcome.failed);
  };

  auto run_until = [&](size_t end) {
    while (next < end || not running.empty()) {
      throw_if_interrupted();
      while (next < end && running.size() < static_cast<size_t>(std::max(1, o.jobs))) {
        std::fflush(nullptr); // or the worker would print the parent's pending output a second time
        // A worker takes SIGINT/SIGTERM only once its output goes to its log: a Ctrl-C right after the fork would
        // print its line on the sweep's terminal, beside the sweep's own.
        set_interrupts_blocked(true);
        pid_t pid = fork();
        if (pid == 0)
          run_point(spec, todo[next], o, self);
        set_interrupts_blocked(false);
        if (pid < 0)
          throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
        running[pid] = todo[next++];
      }
      reap();
    }
  };
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
