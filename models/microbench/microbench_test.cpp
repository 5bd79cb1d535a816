/* The simulated microbenchmarks against their closed forms, on a synthetic profile with round numbers
 * (models/microbench/test_profile.json). The calibration inverts these same formulas, so they are the round trip's
 * foundation. Engine tests: one run per TEST_CASE (one SimGrid engine per process). */
#include "models/microbench/costs.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

using cs::json;

namespace {
const char* profile  = "platform.host_profile=models/microbench/test_profile.json";
constexpr double MiB = 1024.0 * 1024.0;

double op_time(const std::string& bench, std::vector<std::string> sets)
{
  sets.push_back(profile);
  json m = cs::test::run_metrics("scenarios/microbench/" + bench + ".json", sets);
  return m["op_time_s"].get<double>();
}
} // namespace

TEST_CASE("copy levels pick the bandwidth of the level a size falls in", "[unit][microbench]")
{
  cs::microbench::CopyModel m{32768, 100e9, 524288, 50e9, 20e9};
  CHECK(m.time(0) == 0);
  CHECK(m.time(32768) == Approx(32768 / 100e9));
  CHECK(m.time(65536) == Approx(65536 / 50e9));
  CHECK(m.time(MiB) == Approx(MiB / 20e9));
  cs::microbench::CopyModel flat{0, 0, 0, 0, 20e9};
  CHECK(flat.time(4096) == Approx(4096 / 20e9));
}

TEST_CASE("fork costs fork_fixed + fork_per_mb per MB touched", "[engine][microbench]")
{
  double t = op_time("fork", {"params.resident_size=64MiB"});
  CHECK(t == Approx(1e-3 + 10e-6 * 64 * MiB / 1e6).epsilon(1e-9));
}

TEST_CASE("a thread checkpoint is a copy then a thread", "[engine][microbench]")
{
  double t = op_time("thread_checkpoint", {"params.state_size=1MiB"});
  CHECK(t == Approx(20e-6 + MiB / 20e9).epsilon(1e-9));
}

TEST_CASE("a hand-off across CPUs costs wakeup", "[engine][microbench]")
{
  CHECK(op_time("handoff", {"params.cross_cpu=true", "params.threads=2"}) == Approx(10e-6).epsilon(1e-9));
}

TEST_CASE("a hand-off ring of 3 on one CPU costs context_switch a hop", "[engine][microbench]")
{
  CHECK(op_time("handoff", {"params.threads=3"}) == Approx(3e-6).epsilon(1e-9));
}

TEST_CASE("UDP round trip is 2 udp_fixed + (request + reply) udp_per_byte", "[engine][microbench]")
{
  double t = op_time("udp_rtt", {"params.request_size=64B", "params.reply_size=8KiB"});
  CHECK(t == Approx(2 * 10e-6 + (64 + 8192) * 1e-10).epsilon(1e-6));
}

TEST_CASE("an fsync-ed page is its copy into the page cache then the disk write", "[engine][microbench]")
{
  double t = op_time("write", {"params.write_mode=fsync", "params.pages=3"});
  CHECK(t == Approx(4 * MiB / 10e9 + 4 * MiB / 1e9).epsilon(1e-9));
}

TEST_CASE("AIO with one buffer page serialises work and fill and submit and the write", "[engine][microbench]")
{
  double t        = op_time("aio", {"params.outstanding=1", "params.work=4e6"});
  double app_part = 4e6 / 1e9 + 4 * MiB / 10e9 + 30e-6;
  CHECK(t == Approx(app_part + 4 * MiB / 4e9).epsilon(1e-9));
}

TEST_CASE("AIO with two buffer pages overlaps the writes with the application", "[engine][microbench]")
{
  // The application (4.45 ms a page) is slower than the helper (1.05 ms): only the last write shows.
  double t        = op_time("aio", {"params.outstanding=2", "params.work=4e6", "params.pages=8"});
  double app_part = 4e6 / 1e9 + 4 * MiB / 10e9 + 30e-6;
  CHECK(t == Approx(app_part + 4 * MiB / 4e9 / 8).epsilon(1e-9));
}

TEST_CASE("a profile without a cost the bench needs is an input error", "[engine][microbench]")
{
  // The bare platform has no costs at all: the model must say which one it lacks before running.
  REQUIRE_THROWS_WITH(cs::test::run_metrics("scenarios/microbench/syscall.json", {"platform.host_profile=\"\""}),
                      Catch::Contains("syscall"));
}
