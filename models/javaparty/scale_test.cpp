/* The RayTracer beyond the seed's 8 machines (scenarios/javaparty/scale.json: a generated group on a fat tree):
 * the head still hands every row out once, JavaParty's placement spreads the workers over all the machines, and
 * what the model cannot do there (the one-switch blast) or a fixed list too short is refused as bad input. */
#include "models/javaparty/placement.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace {

const char* scale = "scenarios/javaparty/scale.json";

/** The rows of every render_row span of a run of `scenario` (events.csv's detail "row N"), with the host that
 *  rendered each. */
std::multimap<long, std::string> rendered_rows(const std::string& scenario, const std::vector<std::string>& sets)
{
  std::string dir;
  cs::RunOptions o = cs::test::test_run(scenario, sets, dir);
  cs::EngineArgv engine("test", {"--log=root.thres:critical"}, {});
  cs::run_scenario(o, engine.argc(), engine.argv());
  std::multimap<long, std::string> rows;
  std::ifstream in(o.out_dir + "/events.csv");
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, ',');)
      cols.push_back(c);
    // The detail is quoted (it holds a space): "row N".
    if (cols.size() == 7 && cols[4] == "render_row" && cols[6].rfind("\"row ", 0) == 0)
      rows.emplace(std::stol(cols[6].substr(5)), cols[2]);
  }
  std::filesystem::remove_all(dir);
  return rows;
}

std::string input_error(const std::string& scenario, const std::vector<std::string>& sets)
{
  try {
    cs::test::run_metrics(scenario, sets);
  } catch (const cs::InputError& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("At 64 machines on a fat tree the head hands out every row of the image exactly once", "[engine][javaparty]")
{
  auto rows = rendered_rows(scale, {"params.machines=64", "params.placement=round_robin"});
  REQUIRE(rows.size() == 500);
  std::set<std::string> machines;
  for (long r = 0; r < 500; ++r) {
    INFO("row " << r);
    REQUIRE(rows.count(r) == 1);
    machines.insert(rows.find(r)->second);
  }
  // 50 chunks of 10 rows: the first 50 workers to ask (every machine has one) render them.
  REQUIRE(machines.size() > 8);
  for (auto const& m : machines) {
    int n = std::stoi(m.substr(3));
    REQUIRE((m.rfind("jp-", 0) == 0 && n >= 1 && n <= 64));
  }
}

TEST_CASE("Past 8 machines JavaParty's placement draws every worker's JVM among all the machines", "[unit][javaparty]")
{
  using cs::javaparty::Placement;
  cs::Rng rng(11);
  auto dealt = cs::javaparty::place_threads(256, 256, Placement::round_robin, rng);
  for (long t = 0; t < 256; ++t)
    REQUIRE(dealt[static_cast<size_t>(t)] == t);
  // Random: each of 256 threads uniform over 256 machines; a machine is used with probability 1 - (255/256)^256,
  // so 162.1 machines on average, and every machine gets its share of the draws.
  const long runs = 400;
  std::vector<long> per_machine(256, 0);
  double used = 0;
  for (long i = 0; i < runs; ++i) {
    auto p = cs::javaparty::place_threads(256, 256, Placement::random, rng);
    used += static_cast<double>(cs::javaparty::machines_used(p));
    for (long m : p)
      per_machine.at(static_cast<size_t>(m))++;
  }
  REQUIRE(used / runs == Approx(256 * (1 - std::pow(255.0 / 256, 256))).epsilon(0.01));
  REQUIRE(*std::min_element(per_machine.begin(), per_machine.end()) > runs * 0.75);
  REQUIRE(*std::max_element(per_machine.begin(), per_machine.end()) < runs * 1.25);
}

TEST_CASE("At 256 machines dealt in turn every machine holds a worker", "[engine][javaparty]")
{
  cs::json m = cs::test::run_metrics(scale, {"params.machines=256", "params.placement=round_robin"});
  REQUIRE(m["machines"].get<long>() == 256);
  REQUIRE(m["threads"].get<long>() == 256);
  REQUIRE(m["machines_used"].get<long>() == 256);
  // Each remote worker calls the head at least once (for its first rows, or to hear there are none).
  REQUIRE(m["rmi_calls"].get<long>() >= 255);
}

TEST_CASE("The seed's fixed 8 machines refuse a ninth, naming the parameter and the way out", "[engine][javaparty]")
{
  std::string what = input_error("scenarios/javaparty/raytracer.json", {"params.machines=9"});
  REQUIRE_THAT(what, Catch::Contains("/params/machines"));
  REQUIRE_THAT(what, Catch::Contains("generated"));
}

TEST_CASE("The UDP blast is refused on a fabric of several switches", "[engine][javaparty]")
{
  std::string what = input_error(scale, {"params.congestion.enabled=true"});
  REQUIRE_THAT(what, Catch::Contains("/params/congestion/enabled"));
  REQUIRE_THAT(what, Catch::Contains("fat_tree"));
}
