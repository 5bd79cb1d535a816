#include "sim/sweep/worker.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/engine_reuse.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/run.hpp"
#include "sim/sweep/store.hpp"

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

void set_interrupts_blocked(bool blocked)
{
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigprocmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, nullptr);
}

namespace {

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
  std::string why;
  int fd = open_regular_file(log, O_WRONLY | O_TRUNC, &why);
  if (fd < 0) {
    std::fprintf(stderr, "clustersim: %s: %s; the point's log is written only into a regular file\n", log.c_str(),
                 why.c_str());
    return 2;
  }
  dup2(fd, 1);
  dup2(fd, 2);
  close(fd);
  set_interrupts_blocked(false);
  int code = 0;
  try {
    std::error_code ec;
    fs::remove_all(point_dir(o.out_dir, p), ec); // what a killed attempt left (temporary files) goes
    RunOptions ro;
    ro.scenario         = spec.base;
    ro.out_dir          = point_dir(o.out_dir, p);
    ro.sets             = p.sets(spec);
    ro.quiet            = true;
    ro.tables           = o.tables;
    ro.sequential_cache = o.sequential_cache;
    ro.result_cache     = o.result_cache;

    // Thousands of points: each keeps the model's own events only, enough to look at one point (`clustersim run`
    // it for its full timeline).
    ro.events.activity_limit = 0;
    ro.events.model_limit    = 5000;
    if (p.has_seed)
      ro.seed = p.seed;
    // The engine's argv, as `clustersim run` builds it: SimGrid's config echo silenced, then the user's options.
    EngineArgv engine(program_name, {quiet_config_log}, o.forward);
    run_scenario(ro, engine.argc(), engine.argv());
  } catch (const FreshProcessNeeded&) {
    code = fresh_process_status; // not a failure of the point: the sweep gives it a process of its own
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

} // namespace

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

} // namespace cs
