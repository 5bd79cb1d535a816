#include "calibration/calibrate.hpp"
#include "calibration/native.hpp"
#include "calibration/probes/cpu.hpp"
#include "calibration/probes/disk.hpp"
#include "calibration/probes/memory.hpp"
#include "calibration/probes/process.hpp"
#include "calibration/probes/udp.hpp"

#include <ctime>
#include <fstream>
#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace cs::calib {

namespace settings {
constexpr double KiB = 1024, MiB = 1024 * KiB;
// Seed 000's fork checkpoint: from a small program to a large JVM heap (1 .. 256 MB), doubling, so that
// the linear fit (from the two ends) is checked at every size in between.
const std::vector<double> fork_resident_sizes = {1 * MiB,  2 * MiB,  4 * MiB,   8 * MiB,  16 * MiB,
                                                 32 * MiB, 64 * MiB, 128 * MiB, 256 * MiB};
// Seed 000's thread checkpoint: the program state the user code saves, from a loop's state to a large heap part.
const std::vector<double> checkpoint_state_sizes = {16 * KiB, 64 * KiB, 256 * KiB, 1 * MiB, 4 * MiB};
// 4 KB .. 4 MB, doubling (message-log copies, saved stacks, DSM twins).
const std::vector<double> memcpy_sizes = {4 * KiB,   8 * KiB,   16 * KiB, 32 * KiB, 64 * KiB, 128 * KiB,
                                          256 * KiB, 512 * KiB, 1 * MiB,  2 * MiB,  4 * MiB};
// 64 B .. 32 KB, doubling, and seed 001's 1400-byte datagrams; the reply has the request's size.
const std::vector<double> udp_echo_sizes                    = {64,      128,     256,     512,      1 * KiB, 1400,
                                                               2 * KiB, 4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB};
const std::vector<std::pair<double, double>> udp_asymmetric = {
    {64, 8 * KiB}, {64, 32 * KiB}, {32 * KiB, 64}, {1400, 64}};
const double log_page_size  = 4 * MiB; // seed 004: "the size of buffer page was arbitrarily picked as 4MB"
const double dsm_page_size  = 8 * KiB; // an 8 KB page diff, the DSM models' page
const double aio_work_flops = 4e6;     // about a log page's buffered write on a 2020s core: overlap is visible
const double flops_per_op   = 1e6;
} // namespace settings

namespace {

Plan plan_for(bool quick)
{
  Plan p;
  p.quick = quick;
  if (quick) {
    p.warmup   = 1;
    p.samples  = 7;
    p.sample_s = 0.002;
  } else {
    p.warmup   = 3;
    p.samples  = 31;
    p.sample_s = 0.01;
  }
  return p;
}

std::string first_line_with(const char* file, const std::string& prefix)
{
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, prefix.size(), prefix) == 0) {
      auto colon    = line.find(':');
      std::string v = colon == std::string::npos ? line : line.substr(colon + 1);
      size_t start  = v.find_first_not_of(" \t");
      return start == std::string::npos ? "" : v.substr(start);
    }
  return "";
}

json machine_facts(const CalibrateOptions& o)
{
  char host[256] = "unknown";
  gethostname(host, sizeof host - 1);
  utsname u{};
  uname(&u);
  char date[64];
  std::time_t t = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return {{"hostname", host},
          {"cpu", first_line_with("/proc/cpuinfo", "model name")},
          {"kernel", std::string(u.sysname) + " " + u.release + " " + u.machine},
          {"cpus", usable_cpus()},
          {"page_size", page_size()},
          {"memory", first_line_with("/proc/meminfo", "MemTotal")},
          {"resident_before_fork", first_line_with("/proc/self/status", "VmRSS")},
          {"disk_folder", o.dir},
          {"date", date}};
}

} // namespace

namespace {

/** Appends a figure to the measurement and reports it to the progress callback. */
class FigureSink {
public:
  FigureSink(Measurement& m, const CalibrateOptions& o) : m_(m), o_(o) {}
  void operator()(std::string id, std::string bench, json params, std::string what, Summary s,
                  std::map<std::string, Summary> parts = {})
  {
    m_.figures.push_back({std::move(id), std::move(bench), std::move(params), std::move(what), s, std::move(parts)});
    if (o_.progress)
      o_.progress(m_.figures.back());
  }

private:
  Measurement& m_;
  const CalibrateOptions& o_;
};

/** Process and thread creation, hand-offs between threads. */
void process_figures(const Plan& plan, FigureSink& add)
{
  using namespace settings;
  // Processes first, while this process is still small: its own resident memory is part of fork_fixed. The very
  // first forks of a process cost more (its own pages become copy-on-write, lazy bindings resolve): one discarded
  // pass keeps that out of the smallest size, whose figure anchors the fit.
  bench_fork(plan, static_cast<size_t>(fork_resident_sizes.front()));
  for (double size : fork_resident_sizes)
    add("fork." + size_label(size), "fork", {{"resident_size", size}},
        "fork() + child _exit + waitpid, " + size_label(size) + " touched",
        bench_fork(plan, static_cast<size_t>(size)));
  add("thread_create", "thread_create", json::object(), "pthread_create + pthread_join", bench_thread_create(plan));
  for (double size : checkpoint_state_sizes)
    add("thread_checkpoint." + size_label(size), "thread_checkpoint", {{"state_size", size}},
        "copy " + size_label(size) + " of state aside + pthread_create + pthread_join",
        bench_thread_checkpoint(plan, static_cast<size_t>(size)));
  add("handoff.one_cpu", "handoff", {{"threads", 2}, {"cross_cpu", false}},
      "condition-variable hand-off between 2 threads on one CPU (a context switch)", bench_handoff_ring(plan, 2, true));
  // With one CPU there is no other CPU to wake: the hand-off is then a switch, and the profile says so.
  bool two_cpus = usable_cpus() > 1;
  add("handoff.cross_cpu", "handoff", {{"threads", 2}, {"cross_cpu", two_cpus}},
      two_cpus ? "condition-variable hand-off between 2 threads on 2 CPUs (wakes a sleeping thread on another CPU)"
               : "condition-variable hand-off between 2 threads (one CPU only: a switch)",
      bench_handoff_ring(plan, 2, not two_cpus));
}

/** Single-threaded kernels: system calls, signals, copies, faults, flops. */
void kernel_figures(const Plan& plan, FigureSink& add)
{
  using namespace settings;
  // Single-threaded kernels: pinned, so that a migration half-way through a sample does not count in it.
  CpuPin pin(sched_getcpu());
  add("syscall", "syscall", json::object(), "syscall(SYS_getppid)", bench_syscall(plan));
  add("signal", "signal", json::object(), "raise(SIGUSR1) to a handler that returns", bench_signal(plan));

  for (double size : memcpy_sizes)
    add("memcpy." + size_label(size), "memcpy", {{"copy_size", size}}, "memcpy of " + size_label(size),
        bench_memcpy(plan, static_cast<size_t>(size)));
  add("fault_trap", "fault_trap", {{"fault_unit", page_size()}, {"twin", false}},
      "write to a read-protected page: SIGSEGV, handler mprotect()s it read-write, write retried",
      bench_fault_trap(plan, page_size(), false));
  add("fault_twin", "fault_trap", {{"fault_unit", page_size()}, {"twin", true}},
      "write fault on a read-protected page: the handler mprotect()s it and copies its twin (a software DSM)",
      bench_fault_trap(plan, page_size(), true));
  add("page_diff", "page_diff", {{"diff_page", dsm_page_size}},
      "diff of an 8 KiB page against its twin (1/8 changed, one run per 64-byte line)",
      bench_page_diff(plan, static_cast<size_t>(dsm_page_size)));
  add("flops", "flops", {{"flops", flops_per_op}}, "1 Mflop of multiply-add chains, one thread",
      bench_flops(plan, flops_per_op));

  pin.release();
}

void udp_figures(const Plan& plan, FigureSink& add)
{
  using namespace settings;
  std::vector<UdpExchange> exchanges;
  for (double size : udp_echo_sizes)
    exchanges.push_back({static_cast<size_t>(size), static_cast<size_t>(size)});
  for (auto [req, rep] : udp_asymmetric)
    exchanges.push_back({static_cast<size_t>(req), static_cast<size_t>(rep)});
  std::vector<Summary> rtts = bench_udp_rtt(plan, exchanges);
  for (size_t k = 0; k < exchanges.size(); ++k) {
    double req = static_cast<double>(exchanges[k].request), rep = static_cast<double>(exchanges[k].reply);
    add("udp." + size_label(req) + (req == rep ? "" : "-" + size_label(rep)), "udp_rtt",
        {{"request_size", req}, {"reply_size", rep}},
        "UDP request " + size_label(req) + " / reply " + size_label(rep) +
            " over loopback, client and server on "
            "two CPUs",
        rtts[k]);
  }
}

void disk_figures(const Plan& plan, const CalibrateOptions& o, FigureSink& add)
{
  using namespace settings;
  // Disk: fewer pages in quick mode (each sample writes them all); the page count is a parameter of the figure
  // because AIO's pipeline fills and drains at the ends of a run.
  const int write_pages = o.quick ? 4 : 8;
  const int fsync_pages = o.quick ? 2 : 4;
  auto page             = static_cast<size_t>(log_page_size);
  add("write_buffered", "write", {{"write_mode", "buffered"}, {"log_page", log_page_size}, {"pages", write_pages}},
      "write() of 4 MiB pages into a fresh file (page cache)", bench_write_buffered(plan, o.dir, page, write_pages));
  add("write_fsync", "write", {{"write_mode", "fsync"}, {"log_page", log_page_size}, {"pages", fsync_pages}},
      "write() + fsync() of 4 MiB pages", bench_write_fsync(plan, o.dir, page, fsync_pages));
  // Seed 004 tried 1, 2 and 3 buffer pages; a 4th shows whether one more would still help.
  for (int k = 1; k <= 4; ++k) {
    AioFigures a = bench_aio_pages(plan, o.dir, page, write_pages, k, aio_work_flops);
    add("aio." + std::to_string(k), "aio",
        {{"outstanding", k}, {"log_page", log_page_size}, {"pages", write_pages}, {"work", aio_work_flops}},
        "seed 004 buffer pages, " + std::to_string(k) + " outstanding: work, copy into the page, aio_write", a.per_page,
        {{"page_fill", a.fill}, {"aio_write_call", a.submit}});
  }
}

} // namespace

Measurement run_microbenchmarks(const CalibrateOptions& o)
{
  Measurement m;
  Plan plan = plan_for(o.quick);
  m.machine = machine_facts(o);
  m.method  = {{"quick", o.quick},
               {"warmup_samples", plan.warmup},
               {"samples", plan.samples},
               {"sample_duration_s", plan.sample_s},
               {"statistic", "median of samples; spread as quartiles (IQR) and median absolute deviation"},
               {"sample", "mean time per operation over a batch sized to last sample_duration_s"}};
  FigureSink add(m, o);
  process_figures(plan, add);
  kernel_figures(plan, add);
  udp_figures(plan, add);
  disk_figures(plan, o, add);
  return m;
}

} // namespace cs::calib
