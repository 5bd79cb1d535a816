/* A run that did not end as its model expects fails (exit 1) with nothing written: SimGrid's deadlock, an actor left
 * blocked, a clock past the horizon, a metric that is not finite. Each TEST_CASE runs one engine. */
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/run.hpp"
#include "sim/run/run_outcome.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/** Runs the test model with `ending` into a fresh folder; returns the failure's message ("" if it succeeded) and
 *  whether result.json was written. */
std::pair<std::string, bool> run_ending(const std::string& ending)
{
  std::string dir = "/tmp/cs-outcome-" + std::to_string(::getpid());
  fs::create_directories(dir);
  std::ofstream(dir + "/s.json") << R"({"name": "outcome", "model": "test_model", "seed": 1,
    "platform": {"file": ")" << fs::absolute("tests/data/000_two_core.json").string()
                                 << R"("}, "params": {"host": "client", "ending": ")" << ending << R"("}})";
  cs::RunOptions o;
  o.scenario = dir + "/s.json";
  o.out_dir  = dir + "/out";
  o.quiet    = true;
  cs::EngineArgv engine("test", {"--log=root.thres:critical"}, {});
  std::string what;
  try {
    cs::run_scenario(o, engine.argc(), engine.argv());
  } catch (const cs::RunFailure& e) {
    what = e.what();
  } catch (const cs::UndeclaredOutput& e) {
    what = e.what();
  }
  bool written = fs::exists(o.out_dir + "/result.json");
  fs::remove_all(dir);
  return {what, written};
}

} // namespace

TEST_CASE("a run that ends in SimGrid's deadlock fails and writes nothing", "[engine]")
{
  auto [what, written] = run_ending("deadlock");
  REQUIRE_THAT(what, Catch::Contains("deadlock"));
  REQUIRE_FALSE(written);
}

TEST_CASE("a run whose clock passes the horizon fails and writes nothing", "[engine]")
{
  auto [what, written] = run_ending("past_horizon");
  REQUIRE_THAT(what, Catch::Contains("beyond the 1e+09 s horizon"));
  REQUIRE_FALSE(written);
}

TEST_CASE("a run that records a NaN metric fails and writes nothing", "[engine]")
{
  auto [what, written] = run_ending("nan_metric");
  REQUIRE_THAT(what, Catch::Contains("metric \"ratio\" is NaN"));
  REQUIRE_FALSE(written);
}

TEST_CASE("a run whose model records an undeclared metric fails and writes nothing", "[engine]")
{
  auto [what, written] = run_ending("undeclared_metric");
  REQUIRE_THAT(what, Catch::Contains("model test_model records the metric \"mystery_s\", which it does not declare"));
  REQUIRE_FALSE(written);
}

TEST_CASE("a run whose model writes an undeclared column fails and writes nothing", "[engine]")
{
  auto [what, written] = run_ending("undeclared_column");
  REQUIRE_THAT(what, Catch::Contains("the column \"mystery_s\" of table \"rounds\""));
  REQUIRE_FALSE(written);
}

TEST_CASE("a run that ends as expected writes its result", "[engine]")
{
  auto [what, written] = run_ending("none");
  REQUIRE(what.empty());
  REQUIRE(written);
}

TEST_CASE("the clock and the actors left are checked after the run", "[unit]")
{
  REQUIRE_NOTHROW(cs::check_run_ended(12.5, 0));
  REQUIRE_THROWS_WITH(cs::check_run_ended(1, 2), Catch::Contains("2 actor(s) left blocked"));
  REQUIRE_THROWS_WITH(cs::check_run_ended(-0.0146, 0), Catch::Contains("not a time"));
  REQUIRE_THROWS_WITH(cs::check_run_ended(std::nan(""), 0), Catch::Contains("not a time"));
  REQUIRE_THROWS_AS(cs::check_run_ended(2e9, 0), cs::RunFailure);
}
