/* The aggregated table of a sweep: n, mean, sd and the 95% CI per grid point and column, against hand-computed
 * values (Student's t quantiles from tables). */
#include "sim/sweep/derived.hpp"
#include "sim/sweep/stats.hpp"
#include "sim/sweep/sweep.hpp"

#include <catch2/catch.hpp>

using Catch::Detail::Approx;
using cs::json;

TEST_CASE("summarize: mean, sample sd and the t-based 95% confidence interval", "[unit]")
{
  json s = cs::summarize({1, 2, 3, 4});
  REQUIRE(s["n"] == 4);
  REQUIRE(s["mean"].get<double>() == Approx(2.5));
  REQUIRE(s["sd"].get<double>() == Approx(1.2909944487)); // sqrt(5/3)
  // t(0.975, 3) = 3.182446 (statistical tables): half-width 3.182446 * 1.2909944 / 2.
  REQUIRE(s["ci95_high"].get<double>() - 2.5 == Approx(2.0542603).epsilon(1e-6));
  REQUIRE(s["ci95_low"].get<double>() == Approx(2.5 - 2.0542603).epsilon(1e-6));
  json one = cs::summarize({7});
  REQUIRE(one["mean"] == 7.0);
  REQUIRE(one["sd"].is_null()); // no spread from one run: no error bar rather than a zero one
  REQUIRE(one["ci95_low"].is_null());
}

TEST_CASE("sweep_stats: one row per grid point and column over its repetitions; failed runs are not counted", "[unit]")
{
  json j    = {{"scenario", "scenarios/speculative_read/case1.json"},
               {"grid", {{"params.method", {"NR", "FR"}}}},
               {"repetitions", 3},
               {"derived", {{"time_ms", "1000 * time_s"}}}};
  auto spec = cs::parse_sweep(j, "s.json", "");
  std::vector<cs::PointRow> rows;
  for (auto const& p : cs::expand_sweep(spec)) {
    cs::PointRow r;
    r.point   = p;
    r.status  = p.index == 5 ? "failed" : "ok";
    r.metrics = r.status == "ok" ? json{{"time_s", (p.values[0].second == "NR" ? 1.0 : 2.0) + p.rep}} : json();
    rows.push_back(r);
  }
  auto files = cs::render_stats(spec, rows, cs::compute_derived(spec, rows));
  REQUIRE(files.csv.rfind("params.method,runs,failed,column,n,mean,sd,ci95_low,ci95_high\nNR,3,0,time_s,3,2,1,", 0) ==
          0);
  json s = json::parse(files.json_text);
  REQUIRE(s.size() == 2);
  // NR: 1, 2, 3 -> mean 2, sd 1, t(0.975, 2) = 4.302653: half-width 2.484138.
  REQUIRE(s[0]["stats"]["time_s"]["ci95_high"].get<double>() == Approx(4.484137712));
  REQUIRE(s[0]["stats"]["time_ms"]["mean"].get<double>() == Approx(2000));
  // FR: its third run failed -> n = 2 of 3 runs: 2, 3 -> sd 0.7071068, t(0.975, 1) = 12.706205.
  REQUIRE(s[1]["params"]["params.method"] == "FR");
  REQUIRE(s[1]["runs"] == 3);
  REQUIRE(s[1]["failed"] == 1);
  REQUIRE(s[1]["stats"]["time_s"]["n"] == 2);
  REQUIRE(s[1]["stats"]["time_s"]["ci95_low"].get<double>() == Approx(-3.853102368));
}

TEST_CASE("derived expressions read an axis value with its unit as a number in base units", "[unit]")
{
  json j    = {{"scenario", "scenarios/speculative_read/case1.json"},
               {"grid", {{"params.local_process", {"30ms", "2min"}}}},
               {"derived", {{"per_s", "time_s / params.local_process"}}}};
  auto spec = cs::parse_sweep(j, "s.json", "");
  std::vector<cs::PointRow> rows;
  for (auto const& p : cs::expand_sweep(spec)) {
    cs::PointRow r;
    r.point   = p;
    r.status  = "ok";
    r.metrics = json{{"time_s", 6.0}};
    rows.push_back(r);
  }
  auto derived = cs::compute_derived(spec, rows);
  REQUIRE(derived[0][0].get<double>() == Approx(200));  // 6 s / 0.03 s
  REQUIRE(derived[1][0].get<double>() == Approx(0.05)); // 6 s / 120 s
}
