/* Seed 000: the simulation against the seed's closed forms (§2.4) where their assumptions hold, and the branch
 * logic's behaviours (waiting at the next checkpoint, rollbacks, CPU sharing). Engine tests: one run per case. */
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

using cs::json;

namespace {
const char* case2 = "scenarios/speculative_read/case2.json";
// Two cores (no CPU contention between branches) and 200 ms of local processing (no wait at the next
// checkpoint): the assumptions under which T1 = Tc + p Tr and T2 = Tf + p (Tc + Tr) hold.
const std::vector<std::string> formula_conditions{"platform.file=tests/data/000_two_core.json",
                                                  "params.local_process=200ms", "platform.slowdown=8",
                                                  "params.write_probability=0.25"};

std::vector<std::string> with(std::vector<std::string> v, const std::string& extra)
{
  v.push_back(extra);
  return v;
}
} // namespace

TEST_CASE("NR read time matches T1 = Tc + p Tr", "[engine][speculative_read]")
{
  json m    = cs::test::run_metrics(case2, with(formula_conditions, "params.method=NR"));
  double n  = 100;
  double p  = m["remote_reads"].get<double>() / n; // the realised invalidation rate
  double Tc = m["mean_check_time_s"].get<double>();
  double Tr = m["mean_remote_read_time_s"].get<double>();
  double T1 = (m["read_time_s"].get<double>() - m["write_time_s"].get<double>()) / n;
  REQUIRE(p > 0.1);
  REQUIRE(T1 == Approx(Tc + p * Tr).epsilon(0.01));
}

TEST_CASE("FR read time matches T2 = Tf + p (Tc + Tr)", "[engine][speculative_read]")
{
  json m    = cs::test::run_metrics(case2, with(formula_conditions, "params.method=FR"));
  double n  = 100;
  double p  = m["rollbacks"].get<double>() / n;
  double Tc = m["mean_check_time_s"].get<double>();
  double Tr = m["mean_remote_read_time_s"].get<double>();
  double Tf = m["mean_checkpoint_time_s"].get<double>();
  double T2 = (m["read_time_s"].get<double>() - m["write_time_s"].get<double>()) / n;
  REQUIRE(p > 0.1);
  REQUIRE(m["waits_at_next_checkpoint"] == 0);
  REQUIRE(m["speculation_wins"].get<double>() + m["rollbacks"].get<double>() == n);
  REQUIRE(T2 == Approx(Tf + p * (Tc + Tr)).epsilon(0.01));
}

TEST_CASE("a slow check makes the optimistic branch wait at its next checkpoint", "[engine][speculative_read]")
{
  // 32LAN: the check (about 32 ms) outlasts 30 ms of local processing, so every read waits.
  json m = cs::test::run_metrics(
      case2, {"params.method=FR", "params.local_process=30ms", "platform.slowdown=32", "params.write_probability=0"});
  REQUIRE(m["waits_at_next_checkpoint"] == 100);
  REQUIRE(m["wait_time_s"].get<double>() > 0.1);
}

TEST_CASE("branches share one CPU: speculation on one core costs more than on two", "[engine][speculative_read]")
{
  json one = cs::test::run_metrics(case2, {"params.method=TR", "params.write_probability=0.25"});
  REQUIRE(one["rollbacks"].get<double>() > 0);
  REQUIRE(one["total_time_s"].get<double>() > 100 * 0.06);
}

TEST_CASE("the same seed draws the same writes and every write causes one rollback", "[engine][speculative_read]")
{
  json a = cs::test::run_metrics(case2, {"params.method=FR", "seed=5", "params.initial_read=true"});
  REQUIRE(a["remote_writes"].get<long>() > 0);
  REQUIRE(a["remote_writes"] == a["rollbacks"]);
}

TEST_CASE("a connection per remote operation adds one round trip to every check", "[engine][speculative_read]")
{
  // NR, p = 0, 8LAN: every remote operation is a check. A 64 B message crosses two 240 us port links and the
  // 10 us backplane, all slowed 8 times, at 100 Mb/s / 8. The handshake is one round trip with no server program in
  // it; the check is another, plus the request CPU at both ends (50 us each).
  json m = cs::test::run_metrics(case2, {"params.method=NR", "params.write_probability=0", "params.initial_read=true",
                                         "platform.slowdown=8", "params.connection=per_operation"});
  double one_way    = 8 * (240e-6 + 10e-6 + 240e-6) + 64 * 8 / (100e6 / 8);
  double round_trip = 2 * one_way;
  REQUIRE(m["connections"] == 101); // the 100 checks and the read before the loop
  REQUIRE(m["mean_check_time_s"].get<double>() == Approx(2 * round_trip + 100e-6).epsilon(0.01));
}
