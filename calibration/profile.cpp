#include "calibration/profile.hpp"
#include "calibration/profile_ranges.hpp"
#include "calibration/with_unit.hpp"
#include "sim/input/fields.hpp"
#include "sim/platform/os_costs.hpp"

#include <algorithm>
#include <stdexcept>

namespace cs::calib {

namespace {

constexpr double MB = 1e6; // OsProfile::fork_cost counts resident size in MB of 10^6 bytes

/** Collects the cost table and, for each cost, the figures it came from. */
class CostTable {
public:
  /** `clamped`: noise made the fit degenerate and it was clamped to a possible cost (`how` says how); the round
   *  trip then cannot give back the figures it came from, and says so. */
  void add(const std::string& key, double value, const std::string& bench, const std::string& how,
           std::vector<std::string> from, bool clamped = false)
  {
    costs_[key] = {{"value", with_unit(value, unit_of_cost(key))}, {"source", "microbenchmark " + bench + ": " + how}};
    fits_[key]  = {{"from", from}, {"how", how}, {"clamped", clamped}};
  }
  const json& costs() const { return costs_; }
  const json& fits() const { return fits_; }

private:
  json costs_ = json::object();
  json fits_  = json::object();
};

std::string ms(double s)
{
  return format_number(s * 1e3) + " ms";
}

/** The line through two points, kept to what a cost can be: neither part negative. Noise can tip it either way
 *  (the large size measured in a fast moment: a negative slope; the small one in a slow moment: a negative fixed
 *  part). Then the line keeps the part the data supports and `how` says what was done; the round trip shows
 *  what it costs. */
Line cost_line(double x0, double y0, double x1, double y1, std::string& how, bool& clamped)
{
  Line l  = line_through(x0, y0, x1, y1);
  clamped = l.slope < 0 || l.fixed < 0;
  if (l.slope < 0) {
    l = {(y0 + y1) / 2, 0};
    how += "; the slope came out negative (noise), so no per-unit part and the mean of the two as the fixed part";
  } else if (l.fixed < 0) {
    l = {0, y1 / x1};
    how += "; the fixed part came out negative (noise), so 0 and the slope through the origin and the larger size";
  }
  return l;
}

} // namespace

CopyLevels fit_copy_levels(const Figures& memcpy_figures, double min_drop)
{
  Figures figs = memcpy_figures;
  if (figs.empty())
    throw std::invalid_argument("no memcpy figures");
  std::sort(figs.begin(), figs.end(),
            [](const Figure& a, const Figure& b) { return a.param("copy_size") < b.param("copy_size"); });
  std::vector<double> bw;
  for (auto const& f : figs)
    bw.push_back(f.param("copy_size") / f.time.median);
  // Candidate edges: after index i when size i+1 copies markedly slower (it no longer fits that cache level).
  std::vector<std::pair<double, size_t>> drops;
  for (size_t i = 0; i + 1 < figs.size(); ++i)
    if (bw[i] / bw[i + 1] > min_drop)
      drops.emplace_back(bw[i] / bw[i + 1], i);
  std::sort(drops.rbegin(), drops.rend());
  std::vector<size_t> edges;
  for (size_t k = 0; k < drops.size() && k < 2; ++k)
    edges.push_back(drops[k].second);
  std::sort(edges.begin(), edges.end());

  // Levels as [first, last] index ranges; the last one has no upper size.
  std::vector<std::pair<size_t, size_t>> levels;
  size_t first = 0;
  for (size_t e : edges) {
    levels.emplace_back(first, e);
    first = e + 1;
  }
  levels.emplace_back(first, figs.size() - 1);
  auto middle = [&](std::pair<size_t, size_t> lv) { return lv.first + (lv.second - lv.first) / 2; };

  CopyLevels out;
  auto use = [&](std::pair<size_t, size_t> lv) {
    size_t m = middle(lv);
    out.from.push_back(figs[m].id);
    return bw[m];
  };
  out.bw = use(levels.back());
  if (levels.size() >= 2) {
    out.l1_size = figs[levels[0].second].param("copy_size");
    out.l1_bw   = use(levels[0]);
    out.l2_size = out.l1_size;
    out.l2_bw   = out.l1_bw;
  }
  if (levels.size() == 3) {
    out.l2_size = figs[levels[1].second].param("copy_size");
    out.l2_bw   = use(levels[1]);
  }
  if (levels.size() == 1) { // one level: every size at the same bandwidth
    out.l1_bw = out.l2_bw = out.bw;
  }
  return out;
}

namespace {

/** The figures a profile is fitted from, looked up by id (a missing one is an error naming it). */
struct Source {
  const Figures& F;
  const Figure& fig(const std::string& id) const { return find_figure(F, id, "<measurement>"); }
  double med(const std::string& id) const { return fig(id).time.median; }
};

/** fork: a line through the smallest and the largest resident size; the sizes between check it. */
void fit_fork(const Figures& F, CostTable& t)
{
  std::vector<const Figure*> forks;
  for (auto const& f : F)
    if (f.bench == "fork")
      forks.push_back(&f);
  if (forks.size() < 2)
    throw std::invalid_argument("the fork fit needs two resident sizes");
  auto by_size = [](const Figure* a, const Figure* b) { return a->param("resident_size") < b->param("resident_size"); };
  std::sort(forks.begin(), forks.end(), by_size);
  const Figure& lo = *forks.front();
  const Figure& hi = *forks.back();
  std::string fork_how =
      "line through " + lo.id + " (" + ms(lo.time.median) + ") and " + hi.id + " (" + ms(hi.time.median) + "), medians";
  bool fork_clamped = false;
  Line fork = cost_line(lo.param("resident_size") / MB, lo.time.median, hi.param("resident_size") / MB, hi.time.median,
                        fork_how, fork_clamped);
  t.add("fork_fixed", fork.fixed, "fork", fork_how + ": the intercept (fork + exit + wait of this small process)",
        {lo.id, hi.id}, fork_clamped);
  t.add("fork_per_mb", fork.slope, "fork", fork_how + ": the slope per MB (10^6 B) touched", {lo.id, hi.id},
        fork_clamped);
}

/** Costs that are one figure's median. */
void add_medians(const Source& src, CostTable& t)
{
  auto med = [&](const std::string& id) { return src.med(id); };
  auto fig = [&](const std::string& id) -> const Figure& { return src.fig(id); };
  t.add("thread_create", med("thread_create"), "thread_create", "median of pthread_create + pthread_join",
        {"thread_create"});
  t.add("context_switch", med("handoff.one_cpu"), "handoff",
        "median condition-variable hand-off between 2 threads pinned to one CPU", {"handoff.one_cpu"});
  t.add("wakeup", med("handoff.cross_cpu"), "handoff",
        "median condition-variable hand-off to a thread sleeping on another CPU (" + fig("handoff.cross_cpu").what +
            ")",
        {"handoff.cross_cpu"});
  t.add("syscall", med("syscall"), "syscall", "median of syscall(SYS_getppid)", {"syscall"});
  t.add("signal", med("signal"), "signal", "median of raise(SIGUSR1) to a returning handler", {"signal"});
  t.add("page_fault", med("fault_trap"), "fault_trap",
        "median write-protection fault trapped by a SIGSEGV handler that mprotect()s the page (what a software DSM "
        "pays per fault)",
        {"fault_trap"});
  t.add("page_diff", med("page_diff"), "page_diff",
        "median diff of an 8 KiB page against its twin (1/8 of it changed, one run per 64-byte line)", {"page_diff"});
}

void fit_copies(const Figures& F, CostTable& t)
{
  Figures copies;
  for (auto const& f : F)
    if (f.bench == "memcpy")
      copies.push_back(f);
  CopyLevels lv      = fit_copy_levels(copies);
  std::string levels = "levels split at the two largest bandwidth drops between consecutive sizes; bandwidth of "
                       "each level from its middle size";
  t.add("memcpy_l1_size", lv.l1_size, "memcpy", levels + ": largest size of the fastest level", lv.from);
  t.add("memcpy_l1_bw", lv.l1_bw, "memcpy", levels + ": copies up to memcpy_l1_size", lv.from);
  t.add("memcpy_l2_size", lv.l2_size, "memcpy", levels + ": largest size of the second level", lv.from);
  t.add("memcpy_l2_bw", lv.l2_bw, "memcpy", levels + ": copies up to memcpy_l2_size", lv.from);
  t.add("memcpy_bw", lv.bw, "memcpy", levels + ": copies larger than memcpy_l2_size", lv.from);
}

/** UDP: rtt(req, rep) = 2 udp_fixed + (req + rep) udp_per_byte, from the smallest and largest echo sizes. */
void fit_udp(const Figures& F, CostTable& t)
{
  std::vector<const Figure*> echoes;
  for (auto const& f : F)
    if (f.bench == "udp_rtt" && f.param("request_size") == f.param("reply_size"))
      echoes.push_back(&f);
  if (echoes.size() < 2)
    throw std::invalid_argument("the UDP fit needs two echo sizes");
  std::sort(echoes.begin(), echoes.end(),
            [](const Figure* a, const Figure* b) { return a->param("request_size") < b->param("request_size"); });
  const Figure& u0 = *echoes.front();
  const Figure& u1 = *echoes.back();
  std::string udp_how =
      "round trip = 2 udp_fixed + (request + reply) x udp_per_byte, through " + u0.id + " and " + u1.id + " (medians)";
  bool udp_clamped = false;
  Line rtt = cost_line(2 * u0.param("request_size"), u0.time.median, 2 * u1.param("request_size"), u1.time.median,
                       udp_how, udp_clamped);
  t.add("udp_fixed", rtt.fixed / 2, "udp_rtt", udp_how + ": one-way cost of a datagram (both hosts' CPU, wake-up)",
        {u0.id, u1.id}, udp_clamped);
  t.add("udp_per_byte", rtt.slope, "udp_rtt", udp_how + ": one-way cost per byte", {u0.id, u1.id}, udp_clamped);
}

void fit_disk(const Source& src, CostTable& t)
{
  auto fig         = [&](const std::string& id) -> const Figure& { return src.fig(id); };
  const Figure& wb = fig("write_buffered");
  const Figure& wf = fig("write_fsync");
  double page      = wb.param("log_page");
  t.add("disk_buffered_write_bw", page / wb.time.median, "write",
        "4 MiB page / median write() time into a fresh file (the page cache)", {"write_buffered"});
  // What fsync adds to a buffered write is the device's share of the page.
  double device          = wf.time.median - wb.time.median;
  std::string device_how = "4 MiB page / (median write()+fsync() time - median buffered write() time)";
  bool device_clamped    = device < 0.01 * wf.time.median;
  if (device_clamped) {
    // fsync adds (next to) nothing: a write cache below the file system absorbs it. Clamp so that the bandwidth
    // stays finite; the round trip of write_fsync shows what the clamp costs.
    device = 0.01 * wf.time.median;
    device_how += ", clamped at 1% of the fsync'ed write (fsync added less: a write cache absorbs it)";
  }
  t.add("disk_write_bw", page / device, "write", device_how, {"write_fsync", "write_buffered"}, device_clamped);
}

/** AIO with one buffer page: work, copy into the page, aio_write(), then wait for the write. The copy and the call
 *  are timed inside the run (parts); what is left of a page's time is the helper's service (its wake-up, the
 *  pwrite, the completion). */
void fit_aio(const Source& src, double speed, CostTable& t)
{
  const Figure& a1 = src.fig("aio.1");
  double page_size = a1.param("log_page");
  auto part        = [&](const char* name) {
    auto it = a1.parts.find(name);
    if (it == a1.parts.end())
      throw std::invalid_argument(std::string("figure aio.1 lacks its part ") + name);
    return it->second.median;
  };
  double fill   = part("page_fill");
  double submit = part("aio_write_call");
  t.add("aio_submit", submit, "aio", "median aio_write() call in aio.1 (glibc: queue the request, wake the helper)",
        {"aio.1"});
  t.add("buffer_fill_bw", page_size / fill, "aio",
        "4 MiB / median copy of a page's messages into its buffer page in aio.1 (the page's lines were last read by "
        "the AIO helper on another CPU: slower than a hot memcpy)",
        {"aio.1"});
  double service      = a1.time.median - a1.param("work") / speed - fill - submit;
  std::string aio_how = "4 MiB page / (median aio.1 page time - its work at the flops speed - fill - aio_submit)";
  bool aio_clamped    = service < 0.01 * a1.time.median;
  if (aio_clamped) {
    service = 0.01 * a1.time.median;
    aio_how += ", clamped at 1% of the page time (the application's part took it all: noise)";
  }
  t.add("aio_write_bw", page_size / service, "aio", aio_how, {"aio.1"}, aio_clamped);
}

json profile_document(const Measurement& m, const std::string& command, const CostTable& t, double speed)
{
  json fits     = t.fits();
  fits["speed"] = {{"from", {"flops"}}, {"how", "1 Mflop / median time of the flops kernel"}, {"clamped", false}};

  const json& mach = m.machine;
  json profile;
  profile["name"]        = mach.value("hostname", "calibrated");
  profile["description"] = "Host profile of " + mach.value("hostname", std::string("this machine")) + " (" +
                           mach.value("cpu", std::string("?")) + ", " + std::to_string(mach.value("cpus", 1)) +
                           " CPUs, " + mach.value("kernel", std::string("?")) + "), measured by clustersim calibrate" +
                           (m.method.value("quick", false) ? " --quick" : "") + " on " + mach.value("date", "?");
  profile["generated_by"] = command;
  profile["speed"]        = {{"value", with_unit(speed, Unit::speed)},
                             {"source", "microbenchmark flops: 1 Mflop / median time of 8 multiply-add chains, one core"}};
  profile["cores"]        = {{"value", mach.value("cpus", 1)},
                             {"source", "microbenchmark set: CPUs this process may run on (sched_getaffinity)"}};
  profile["os_profile"]   = {{"description", "OS costs measured on " + mach.value("hostname", std::string("?"))},
                             {"costs", t.costs()}};
  profile["raw"] = {{"machine", mach}, {"method", m.method}, {"fits", fits}, {"figures", figures_to_json(m.figures)}};
  return profile;
}

} // namespace

json make_host_profile(const Measurement& m, const std::string& command)
{
  Source src{m.figures};
  CostTable t;
  fit_fork(m.figures, t);
  add_medians(src, t);
  fit_copies(m.figures, t);
  fit_udp(m.figures, t);
  fit_disk(src, t);
  double speed = settings::flops_per_op / src.med("flops");
  fit_aio(src, speed, t);
  json profile = profile_document(m, command, t, speed);
  add_ranges(profile);
  return profile;
}

} // namespace cs::calib
