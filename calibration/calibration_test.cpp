/* Calibration without timing anything: statistics, the diff encoder, and the fits and the round-trip file checked
 * on a synthetic measurement made from known costs (the fits must give them back). No test here depends on how
 * fast the machine is; tests/integration/calibrate.sh runs the real microbenchmarks (--quick) for well-formedness. */
#include "calibration/probes/memory.hpp"
#include "calibration/profile.hpp"
#include "calibration/profile_ranges.hpp"
#include "calibration/roundtrip.hpp"
#include "calibration/with_unit.hpp"
#include "sim/platform/platform.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <set>
#include <unistd.h>

using namespace cs::calib;
using cs::json;

namespace {

Summary exact(double median)
{
  return summarize({median * 0.99, median, median * 1.01});
}

/** A measurement whose figures follow known costs exactly: what a noiseless machine would give. */
struct Truth {
  double fork_fixed = 1e-3, fork_per_mb = 1.2e-5; // per MB of 10^6 B
  double thread = 26e-6, cs = 3e-6, wake = 11e-6, sys = 1e-6, sig = 5e-6, fault = 18e-6, diff = 0.8e-6;
  double l1 = 32768, l1_bw = 140e9, l2 = 524288, l2_bw = 110e9, bw = 50e9;
  double udp_fixed = 13e-6, udp_byte = 8e-11;
  double buffered_bw = 10e9, disk_bw = 1.2e9, speed = 3.8e9, submit = 35e-6, fill_bw = 7e9, aio_bw = 5e9;

  double copy(double n) const { return n <= l1 ? n / l1_bw : n <= l2 ? n / l2_bw : n / bw; }

  Measurement measure() const
  {
    namespace S = settings;
    Measurement m;
    m.machine = {{"hostname", "testhost"}, {"cpu", "test CPU"}, {"cpus", 2}, {"kernel", "test"}, {"date", "today"}};
    m.method  = {{"quick", true}};
    auto add  = [&](std::string id, std::string bench, json params, double t,
                   std::map<std::string, Summary> parts = {}) {
      m.figures.push_back({std::move(id), std::move(bench), std::move(params), "test", exact(t), std::move(parts)});
    };
    for (double s : S::fork_resident_sizes)
      add("fork." + size_label(s), "fork", {{"resident_size", s}}, fork_fixed + fork_per_mb * s / 1e6);
    add("thread_create", "thread_create", json::object(), thread);
    for (double s : S::checkpoint_state_sizes)
      add("thread_checkpoint." + size_label(s), "thread_checkpoint", {{"state_size", s}}, thread + copy(s));
    add("handoff.one_cpu", "handoff", {{"threads", 2}, {"cross_cpu", false}}, cs);
    add("handoff.cross_cpu", "handoff", {{"threads", 2}, {"cross_cpu", true}}, wake);
    add("syscall", "syscall", json::object(), sys);
    add("signal", "signal", json::object(), sig);
    for (double s : S::memcpy_sizes)
      add("memcpy." + size_label(s), "memcpy", {{"copy_size", s}}, copy(s));
    add("fault_trap", "fault_trap", {{"fault_unit", 4096}, {"twin", false}}, fault);
    add("fault_twin", "fault_trap", {{"fault_unit", 4096}, {"twin", true}}, fault + copy(4096));
    add("page_diff", "page_diff", {{"diff_page", 8192}}, diff);
    add("flops", "flops", {{"flops", S::flops_per_op}}, S::flops_per_op / speed);
    auto udp = [&](double q, double r) {
      add("udp." + size_label(q) + (q == r ? "" : "-" + size_label(r)), "udp_rtt",
          {{"request_size", q}, {"reply_size", r}}, 2 * udp_fixed + (q + r) * udp_byte);
    };
    for (double s : S::udp_echo_sizes)
      udp(s, s);
    for (auto [q, r] : S::udp_asymmetric)
      udp(q, r);
    double page = S::log_page_size;
    add("write_buffered", "write", {{"write_mode", "buffered"}, {"log_page", page}, {"pages", 4}}, page / buffered_bw);
    add("write_fsync", "write", {{"write_mode", "fsync"}, {"log_page", page}, {"pages", 2}},
        page / buffered_bw + page / disk_bw);
    double app = S::aio_work_flops / speed + page / fill_bw + submit;
    for (int k = 1; k <= 4; ++k)
      add("aio." + std::to_string(k), "aio",
          {{"outstanding", k}, {"log_page", page}, {"pages", 4}, {"work", S::aio_work_flops}},
          k == 1 ? app + page / aio_bw : app,
          {{"page_fill", exact(page / fill_bw)}, {"aio_write_call", exact(submit)}});
    return m;
  }
};

double cost(const json& profile, const std::string& key)
{
  return without_unit(profile.at("os_profile").at("costs").at(key).at("value"));
}

} // namespace

TEST_CASE("summaries report the median and quartiles and resist an outlier", "[unit][calibration]")
{
  Summary s = summarize({5, 1, 4, 2, 3, 1000});
  CHECK(s.median == Approx(3.5));
  CHECK(s.q1 == Approx(2.25));
  CHECK(s.q3 == Approx(4.75));
  CHECK(s.mad == Approx(1.5));
  CHECK(s.n == 6);
  Summary half = s.scaled(0.5);
  CHECK(half.median == Approx(1.75));
  CHECK(half.iqr() == Approx(s.iqr() / 2));
}

TEST_CASE("a line through two points gives back both", "[unit][calibration]")
{
  Line l = line_through(1, 3, 5, 11);
  CHECK(l.slope == Approx(2));
  CHECK(l.fixed == Approx(1));
  CHECK(l.at(5) == Approx(11));
}

TEST_CASE("the page diff encodes one run per changed line and the runs rebuild the page", "[unit][calibration]")
{
  const size_t n = 8192;
  std::vector<unsigned char> twin(n), page(n), out(2 * n);
  for (size_t k = 0; k < n; ++k)
    twin[k] = static_cast<unsigned char>(k * 7);
  page = twin;
  for (size_t line = 0; line < n; line += 64)
    page[line] ^= 0x5a;
  size_t size = encode_diff(twin.data(), page.data(), n, out.data());
  CHECK(size == (n / 64) * (8 + 8));
  std::vector<unsigned char> rebuilt = twin;
  for (size_t pos = 0; pos < size;) {
    uint32_t off, len;
    std::memcpy(&off, &out[pos], 4);
    std::memcpy(&len, &out[pos + 4], 4);
    std::memcpy(&rebuilt[off], &out[pos + 8], len);
    pos += 8 + len;
  }
  CHECK(rebuilt == page);
  CHECK(encode_diff(twin.data(), twin.data(), n, out.data()) == 0);
}

TEST_CASE("copy levels are found at the bandwidth drops", "[unit][calibration]")
{
  Truth t;
  Figures copies;
  for (auto const& f : t.measure().figures)
    if (f.bench == "memcpy")
      copies.push_back(f);
  CopyLevels lv = fit_copy_levels(copies);
  CHECK(lv.l1_size == t.l1);
  CHECK(lv.l2_size == t.l2);
  CHECK(lv.l1_bw == Approx(t.l1_bw));
  CHECK(lv.l2_bw == Approx(t.l2_bw));
  CHECK(lv.bw == Approx(t.bw));
  CHECK(lv.from.size() == 3);
}

TEST_CASE("the host profile gives back the costs a noiseless machine was made of", "[unit][calibration]")
{
  Truth t;
  json p = make_host_profile(t.measure(), "test");
  CHECK(cost(p, "fork_fixed") == Approx(t.fork_fixed));
  CHECK(cost(p, "fork_per_mb") == Approx(t.fork_per_mb));
  CHECK(cost(p, "thread_create") == Approx(t.thread));
  CHECK(cost(p, "context_switch") == Approx(t.cs));
  CHECK(cost(p, "wakeup") == Approx(t.wake));
  CHECK(cost(p, "udp_fixed") == Approx(t.udp_fixed));
  CHECK(cost(p, "udp_per_byte") == Approx(t.udp_byte));
  CHECK(cost(p, "disk_buffered_write_bw") == Approx(t.buffered_bw));
  CHECK(cost(p, "disk_write_bw") == Approx(t.disk_bw));
  CHECK(cost(p, "aio_submit") == Approx(t.submit));
  CHECK(cost(p, "buffer_fill_bw") == Approx(t.fill_bw));
  CHECK(cost(p, "aio_write_bw") == Approx(t.aio_bw));
  CHECK(without_unit(p["speed"]["value"]) == Approx(t.speed));
  for (auto const& [key, c] : p["os_profile"]["costs"].items()) {
    INFO(key);
    CHECK(c["source"].get<std::string>().rfind("microbenchmark ", 0) == 0);
    CHECK(without_unit(c["value"]) >= 0);
  }
  CHECK(p["speed"]["source"].get<std::string>().rfind("microbenchmark ", 0) == 0);
}

TEST_CASE("a written profile is what platforms accept as a host profile", "[unit][calibration]")
{
  json p           = make_host_profile(Truth().measure(), "test");
  std::string path = "/tmp/cs-calib-test-profile-" + std::to_string(::getpid()) + ".json";
  cs::write_file_atomic(path, cs::dump_json(p));
  cs::PlatformSpec spec = cs::load_platform("platforms/microbench_host.json");
  cs::apply_host_profile(spec, path, "test");
  std::filesystem::remove(path);
  CHECK(spec.hosts[0].speed.value == Approx(Truth().speed));
  CHECK(spec.hosts[0].disks[0].write_bw.value == Approx(Truth().disk_bw));
  CHECK(spec.os_profiles.at("calibrated").cost("context_switch") == Approx(Truth().cs));
}

TEST_CASE("the round trip has a cell per figure and at most a third of them fit a cost", "[unit][calibration]")
{
  Truth t;
  Measurement m     = t.measure();
  json v            = make_roundtrip_validation(make_host_profile(m, "test"), "platforms/generated/test.json");
  const json& cells = v["cells"];
  REQUIRE(cells.size() == m.figures.size());
  size_t calibration = 0;
  std::set<std::string> ids;
  for (auto const& c : cells) {
    ids.insert(c["id"].get<std::string>());
    CHECK(c["id"].get<std::string>().rfind("calibration.", 0) == 0);
    CHECK(c["source"].get<std::string>().rfind("microbenchmark ", 0) == 0);
    CHECK(c["tolerance"]["rel"].get<double>() == roundtrip_tolerance);
    if (c["role"] == "calibration") {
      ++calibration;
      CHECK(c.contains("fits"));
    }
    std::string run = c["compute"]["run"].get<std::string>();
    REQUIRE(v["runs"].contains(run));
    CHECK(std::filesystem::exists(v["runs"][run]["scenario"].get<std::string>()));
  }
  CHECK(ids.size() == cells.size());
  // The validation harness refuses a table more than a third fitted (docs/validation-format.md).
  CHECK(3 * calibration <= cells.size());
}

TEST_CASE("noise that tips a fitted line never makes a cost negative", "[unit][calibration]")
{
  Truth t;
  t.udp_byte   = -2e-11; // the 32 KiB round trip measured in a faster moment than the 64 B one
  t.fork_fixed = -1e-5;  // the 1 MiB fork measured in a fast moment, the large ones slow (each time still > 0)
  json p       = make_host_profile(t.measure(), "test");
  for (auto const& [key, c] : p["os_profile"]["costs"].items()) {
    INFO(key);
    CHECK(without_unit(c["value"]) >= 0);
  }
  CHECK(cost(p, "udp_per_byte") == 0);
  CHECK(cost(p, "fork_fixed") == 0);
  CHECK(p["os_profile"]["costs"]["udp_fixed"]["source"].get<std::string>().find("negative") != std::string::npos);
  // The round trip cannot give those figures back, and says why instead of failing.
  json v                                   = make_roundtrip_validation(p, "platforms/generated/test.json");
  const std::set<std::string> clamped_ends = {"calibration.udp.64B", "calibration.udp.32KiB", "calibration.fork.1MiB",
                                              "calibration.fork.256MiB"};
  for (auto const& c : v["cells"])
    if (clamped_ends.count(c["id"].get<std::string>()))
      CHECK(c["known_miss"].get<std::string>().find("clamped") != std::string::npos);
    else if (c["role"] == "calibration")
      CHECK_FALSE(c.contains("known_miss"));
}

namespace {

std::pair<double, double> range_of(const json& entry)
{
  return {without_unit(entry.at("range").at(0)), without_unit(entry.at("range").at(1))};
}

std::pair<double, double> cost_range(const json& profile, const std::string& key)
{
  return range_of(profile.at("os_profile").at("costs").at(key));
}

} // namespace

TEST_CASE("a measured profile value ranges over its figure's quartiles", "[unit][calibration]")
{
  Truth t;
  json p = make_host_profile(t.measure(), "test");
  // exact(): samples at 0.99, 1 and 1.01 times the median: quartiles at 0.995 and 1.005 times it.
  auto [lo, hi] = cost_range(p, "thread_create");
  CHECK(lo == Approx(0.995 * t.thread));
  CHECK(hi == Approx(1.005 * t.thread));
  auto [slo, shi] = range_of(p["speed"]);
  CHECK(slo == Approx(t.speed / 1.005));
  CHECK(shi == Approx(t.speed / 0.995));
  auto [blo, bhi] = cost_range(p, "memcpy_l2_bw");
  CHECK(blo == Approx(t.l2_bw / 1.005));
  CHECK(bhi == Approx(t.l2_bw / 0.995));
  CHECK(cost_range(p, "memcpy_l1_size") == std::make_pair(t.l1, t.l1));
  CHECK(p["cores"]["range"] == json::array({2, 2}));
  CHECK(p["os_profile"]["costs"]["thread_create"]["source"].get<std::string>().find("first and third quartiles") !=
        std::string::npos);
}

TEST_CASE("a fitted profile value ranges over what the round trip's tolerance allows its figures",
          "[unit][calibration]")
{
  Truth t;
  json p      = make_host_profile(t.measure(), "test");
  double y1   = t.fork_fixed + t.fork_per_mb * 1.048576;   // fork.1MiB
  double y256 = t.fork_fixed + t.fork_per_mb * 268.435456; // fork.256MiB
  // The fixed part moves each fork figure by itself: the smaller figure bounds it.
  auto [flo, fhi] = cost_range(p, "fork_fixed");
  CHECK(flo == Approx(t.fork_fixed - roundtrip_tolerance * y1));
  CHECK(fhi == Approx(t.fork_fixed + roundtrip_tolerance * y1));
  // The slope moves the largest figure most: 268 MB of it.
  auto [plo, phi] = cost_range(p, "fork_per_mb");
  CHECK(phi - t.fork_per_mb == Approx(roundtrip_tolerance * y256 / 268.435456));
  CHECK(t.fork_per_mb - plo == Approx(roundtrip_tolerance * y256 / 268.435456));
  // The disk's bandwidth enters the fsync'ed write as page / bandwidth.
  double page = settings::log_page_size;
  double u = 1 / t.disk_bw, d = roundtrip_tolerance * (page / t.buffered_bw + page / t.disk_bw) / page;
  auto [dlo, dhi] = cost_range(p, "disk_write_bw");
  CHECK(dlo == Approx(1 / (u + d)));
  CHECK(dhi == Approx(1 / (u - d)));
  for (auto const& [key, c] : p["os_profile"]["costs"].items()) {
    INFO(key);
    auto [lo, hi] = range_of(c);
    CHECK(lo <= without_unit(c["value"]));
    CHECK(without_unit(c["value"]) <= hi);
    CHECK(c["source"].get<std::string>().find("range") != std::string::npos);
  }
}

TEST_CASE("a stored profile gains its ranges from its figures, its values untouched, once", "[unit][calibration]")
{
  json ranged = make_host_profile(Truth().measure(), "test");
  json bare   = ranged;
  for (json* e : {&bare["speed"], &bare["cores"]}) {
    e->erase("range");
    (*e)["source"] = (*e)["source"].get<std::string>().substr(0, (*e)["source"].get<std::string>().find("; range"));
  }
  for (auto& [key, c] : bare["os_profile"]["costs"].items()) {
    c.erase("range");
    c["source"] = c["source"].get<std::string>().substr(0, c["source"].get<std::string>().find("; range"));
  }
  add_ranges(bare);
  CHECK(bare == ranged);
  add_ranges(bare);
  CHECK(bare == ranged);
  json stranger                              = ranged;
  stranger["os_profile"]["costs"]["syscall"] = {{"value", "2e-06s"}, {"source", "typed in"}};
  CHECK_THROWS_AS(add_ranges(stranger), std::invalid_argument);
}
