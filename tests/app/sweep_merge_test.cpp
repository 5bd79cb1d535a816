/* The merged table: columns, derived columns with baselines, and merging the folders of shards run apart. */
#include "sim/input/errors.hpp"
#include "sim/sweep/sweep.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <unistd.h>

using cs::json;
namespace fs = std::filesystem;

static cs::SweepSpec speedup_spec(json derived)
{
  json j = {{"scenario", "scenarios/speculative_read/case1.json"},
            {"grid", {{"params.procs", {1, 2, 4}}, {"params.size", {"S", "L"}}}},
            {"derived", derived}};
  return cs::parse_sweep(j, "test_sweep.json", "");
}

/** Rows where the time is 12 / procs (S) or 24 / procs (L); point 3 (procs 2, L) failed. */
static std::vector<cs::PointRow> rows_of(const cs::SweepSpec& spec)
{
  std::vector<cs::PointRow> rows;
  for (auto const& p : cs::expand_sweep(spec)) {
    cs::PointRow r;
    r.point      = p;
    double procs = p.values[0].second.get<double>();
    double work  = p.values[1].second == "S" ? 12 : 24;
    if (p.index == 3) {
      r.status = "failed";
      r.error  = "boom";
    } else {
      r.status  = "ok";
      r.metrics = {{"time_s", work / procs}, {"method", "FR"}};
    }
    rows.push_back(r);
  }
  return rows;
}

TEST_CASE("merged CSV: point, rep, seed, parameters, status, metrics, derived", "[unit]")
{
  auto spec = speedup_spec({{"speedup", {{"expr", "baseline.time_s / time_s"}, {"baseline", {{"params.procs", 1}}}}},
                            {"per_proc_s", "time_s / params.procs"},
                            {"efficiency", "speedup / params.procs"}});
  auto out  = cs::render_merged(spec, rows_of(spec));
  REQUIRE(out.csv == "point,rep,seed,params.procs,params.size,status,method,time_s,efficiency,per_proc_s,speedup\n"
                     "p00000,0,1,1,S,ok,FR,12,1,12,1\n"
                     "p00001,0,1,1,L,ok,FR,24,1,24,1\n"
                     "p00002,0,1,2,S,ok,FR,6,1,3,2\n"
                     "p00003,0,1,2,L,failed,,,,,\n"
                     "p00004,0,1,4,S,ok,FR,3,1,0.75,4\n"
                     "p00005,0,1,4,L,ok,FR,6,1,1.5,4\n");
  REQUIRE(out.summary.ok == 5);
  REQUIRE(out.summary.failed == 1);
  json j = json::parse(out.json_text);
  REQUIRE(j[3]["error"] == "boom");
  REQUIRE(j[4]["derived"]["speedup"] == 4.0);
  REQUIRE(j[4]["params"]["params.size"] == "S");
}

TEST_CASE("derived columns: unknown names, cycles and ambiguous baselines are input errors", "[unit]")
{
  auto error_of = [](json derived) {
    auto spec = speedup_spec(derived);
    try {
      cs::render_merged(spec, rows_of(spec));
    } catch (const cs::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  REQUIRE_THAT(error_of({{"x", "tme_s * 2"}}), Catch::Contains("did you mean \"time_s\""));
  REQUIRE_THAT(error_of({{"a", "b + 1"}, {"b", "a + 1"}}), Catch::Contains("cycle"));
  REQUIRE_THAT(
      error_of({{"s", {{"expr", "baseline.time_s"}, {"baseline", {{"params.procs", 1}}}, {"match", {"rep"}}}}}),
      Catch::Contains("2 baseline rows match"));
  REQUIRE_THAT(error_of({{"time_s", "1"}}), Catch::Contains("name of a metric"));
}

TEST_CASE("merging the folders of shards run apart prefers results to errors", "[unit]")
{
  char tmpl[]     = "/tmp/cs-merge-XXXXXX";
  std::string tmp = mkdtemp(tmpl);
  json j        = {{"scenario", "scenarios/speculative_read/case1.json"}, {"grid", {{"params.method", {"NR", "FR"}}}}};
  auto spec     = cs::parse_sweep(j, "s.json", "");
  auto points   = cs::expand_sweep(spec);
  std::string a = tmp + "/a", b = tmp + "/b";
  cs::write_file_atomic(cs::point_result(a, points[0]), R"({"metrics": {"t": 1}})");
  cs::write_file_atomic(cs::point_error(a, points[1]), "failed in a");
  cs::write_file_atomic(cs::point_result(b, points[1]), R"({"metrics": {"t": 2}})");
  auto rows = cs::read_points(spec, std::vector<std::string>{a, b});
  REQUIRE(rows[0].status == "ok");
  REQUIRE(rows[1].status == "ok");
  REQUIRE(rows[1].metrics["t"] == 2);
  auto only_a = cs::read_points(spec, a);
  REQUIRE(only_a[1].status == "failed");
  REQUIRE(only_a[1].error == "failed in a");
  auto s = cs::merge_sweep(spec, {a, b}, tmp + "/m");
  REQUIRE(s.ok == 2);
  REQUIRE(fs::exists(tmp + "/m/sweep.csv"));
  fs::remove_all(tmp);
}

TEST_CASE("a point whose result.json was damaged after its run merges as failed", "[unit]")
{
  char tmpl[]     = "/tmp/cs-damaged-XXXXXX";
  std::string tmp = mkdtemp(tmpl);
  json j          = {{"scenario", "scenarios/speculative_read/case1.json"},
                     {"grid", {{"params.method", {"NR", "FR", "TR", "NR"}}}}};
  auto spec       = cs::parse_sweep(j, "s.json", "");
  auto points     = cs::expand_sweep(spec);
  // A run writes only finite numbers: null is a NaN written by JSON, a negative clock is no time.
  cs::write_file_atomic(cs::point_result(tmp, points[0]), R"({"simulated_time_s": 1, "metrics": {"t": 1}})");
  cs::write_file_atomic(cs::point_result(tmp, points[1]), R"({"simulated_time_s": 1, "metrics": {"t": null}})");
  cs::write_file_atomic(cs::point_result(tmp, points[2]), R"({"simulated_time_s": -0.0146, "metrics": {"t": 1}})");
  cs::write_file_atomic(cs::point_result(tmp, points[3]), R"({"simulated_time_s": 1, "metr)");
  auto rows = cs::read_points(spec, tmp);
  REQUIRE(rows[0].status == "ok");
  for (size_t i = 1; i < 4; ++i) {
    REQUIRE(rows[i].status == "failed");
    REQUIRE_THAT(rows[i].error, Catch::StartsWith("damaged result: "));
  }
  REQUIRE_THAT(rows[1].error, Catch::Contains("/metrics/t"));
  REQUIRE_THAT(rows[2].error, Catch::Contains("/simulated_time_s"));
  fs::remove_all(tmp);
}

TEST_CASE("an output folder refuses the results of another sweep", "[unit]")
{
  char tmpl[]     = "/tmp/cs-claim-XXXXXX";
  std::string tmp = mkdtemp(tmpl);
  json j = {{"scenario", "scenarios/speculative_read/case1.json"}, {"grid", {{"params.method", {"NR", "FR"}}}}};
  cs::claim_output(cs::parse_sweep(j, "s.json", ""), {}, tmp);
  cs::claim_output(cs::parse_sweep(j, "s.json", ""), {}, tmp); // the same sweep again: a resume
  REQUIRE(cs::load_output_spec(tmp).size() == 2);
  j["grid"]["params.method"] = {"NR", "TR"};
  REQUIRE_THROWS_AS(cs::claim_output(cs::parse_sweep(j, "s.json", ""), {}, tmp), cs::InputError);
  fs::remove_all(tmp);
}
