/* Declared outputs and platform reads: the recorder refuses what a model does not declare, and a scenario override
 * that nothing reads or that another setting replaces is refused before the run (the test model's declarations). */
#include "sim/input/errors.hpp"
#include "sim/run/model.hpp"
#include "sim/run/model_table.hpp"
#include "sim/run/override_check.hpp"
#include "sim/run/recorder.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

const cs::ModelDecl& decl()
{
  static const cs::ModelDecl d{{{"time_s", "s", "when it ended"}}, {{"rows", "a row", {{"a", "1", "first"}}}}, {}, {}};
  return d;
}

/** check_scenario of the test model on the two-host test platform with `sets`; the error's text, "" if none. */
std::string check_with(const std::vector<std::string>& sets)
{
  std::string dir = "/tmp/cs-decl-" + std::to_string(::getpid());
  fs::create_directories(dir);
  std::ofstream(dir + "/s.json") << R"({"name": "decl", "model": "test_model", "seed": 1,
    "platform": {"file": ")" << fs::absolute("tests/data/000_two_core.json").string()
                                 << R"("}, "params": {"host": "client"}})";
  std::string what;
  try {
    cs::check_scenario(dir + "/s.json", sets);
  } catch (const cs::InputError& e) {
    what = e.what();
  }
  fs::remove_all(dir);
  return what;
}

} // namespace

TEST_CASE("the recorder refuses a metric, a table or a column its model does not declare", "[unit]")
{
  cs::Recorder r;
  r.declare(decl(), "demo");
  REQUIRE_NOTHROW(r.set("time_s", 1.0));
  REQUIRE_NOTHROW(r.table("rows", {"a"}));
  REQUIRE_NOTHROW(r.table("events", {"time_s", "kind"})); // the framework's own table
  REQUIRE_THROWS_AS(r.set("mystery_s", 1.0), cs::UndeclaredOutput);
  REQUIRE_THROWS_WITH(r.add("mystery_s", 1.0), Catch::Contains("model demo records the metric \"mystery_s\""));
  REQUIRE_THROWS_WITH(r.table("other", {"a"}), Catch::Contains("writes the table \"other\""));
  REQUIRE_THROWS_WITH(r.table("rows2", {"a"}), Catch::Contains("does not declare"));
  cs::Recorder r2;
  r2.declare(decl(), "demo");
  REQUIRE_THROWS_WITH(r2.table("rows", {"a", "b"}), Catch::Contains("the column \"b\" of table \"rows\""));
  REQUIRE(r.metrics().count("mystery_s") == 0);
}

TEST_CASE("every entry of a model table declares its outputs, each once and defined", "[unit]")
{
  auto bare = cs::ModelEntry(
      "bare", "-", "no declarations", [](std::vector<cs::FieldDoc>&) {},
      [](cs::ModelContext&) -> std::unique_ptr<cs::ModelRun> { return nullptr; }, [](const cs::Scenario&) {});
  REQUIRE_THROWS_WITH(cs::ModelTable({bare}), Catch::Contains("needs its declarations"));
  REQUIRE_NOTHROW(cs::ModelTable({bare.declared(decl)}));
  auto twice = []() -> const cs::ModelDecl& {
    static const cs::ModelDecl d{{{"a_s", "s", "first"}, {"a_s", "s", "again"}}, {}, {}, {}};
    return d;
  };
  REQUIRE_THROWS_WITH(cs::ModelTable({bare.declared(twice)}), Catch::Contains("metric \"a_s\" is declared twice"));
  auto undefined = []() -> const cs::ModelDecl& {
    static const cs::ModelDecl d{{}, {{"rows", "a row", {{"a", "1", ""}}}}, {}, {}};
    return d;
  };
  REQUIRE_THROWS_WITH(cs::ModelTable({bare.declared(undefined)}),
                      Catch::Contains("needs a name, a unit and a definition"));
}

TEST_CASE("platform patterns: entries become *, a pattern covers the fields below it", "[unit]")
{
  REQUIRE(cs::override_pattern("/hosts/3/disks/0/write_bw") == "/hosts/*/disks/*/write_bw");
  REQUIRE(cs::override_pattern("/os_profiles/linux-2.4/costs/fork_fixed") == "/os_profiles/*/costs/fork_fixed");
  REQUIRE(cs::override_pattern("/switches/0/port/bandwidth") == "/switches/*/port/bandwidth");
  REQUIRE(cs::pattern_covers("/switches/*/port", "/switches/*/port/bandwidth"));
  REQUIRE(cs::pattern_covers("/hosts/*/disks", "/hosts/*/disks/*/model/cache_size"));
  REQUIRE_FALSE(cs::pattern_covers("/hosts/*/disks/*/write_bw", "/hosts/*/disks/*/read_bw"));
  REQUIRE_FALSE(cs::pattern_covers("/switches/*/port/bandwidth", "/switches/*/port"));
}

TEST_CASE("an override nothing reads, or that another setting replaces, is refused before the run", "[unit]")
{
  REQUIRE(check_with({"platform.switches.lan.port.bandwidth=1Mbps", "platform.hosts.client.speed=1Gf"}).empty());
  REQUIRE_THAT(check_with({"platform.switches.lan.backplane.bandwidth=1Gbps"}),
               Catch::Contains("/platform/switches/lan/backplane/bandwidth: platform.switches.lan.backplane.bandwidth "
                               "is read by no part of a test_model run"));
  REQUIRE(check_with({"platform.os_profiles.linux-2.4-jdk1.3.costs.fork_fixed=1ms"}).empty());
  REQUIRE_THAT(
      check_with({"platform.os_profiles.linux-2.4-jdk1.3.costs.fork_fixed=1ms", "params.rounds=5"}),
      Catch::Contains("platform.os_profiles.linux-2.4-jdk1.3.costs.fork_fixed is overridden by params.rounds"));
  REQUIRE_THAT(check_with({"platform.hosts.client.speed=1Gf",
                           "platform.host_profile=" + fs::absolute("platforms/generated/reference_vm.json").string()}),
               Catch::Contains("platform.hosts.client.speed is overridden by platform.host_profile"));
  REQUIRE_THAT(check_with({"params.rounds=2", "params.rounds=3"}),
               Catch::Contains("/params/rounds: params.rounds is overridden by the same setting given after it"));
  REQUIRE_THAT(check_with({"params.rounds=2", "params={\"host\": \"client\"}"}),
               Catch::Contains("params.rounds is overridden by params given after it"));
  REQUIRE(check_with({"params={\"host\": \"client\"}", "params.rounds=2"}).empty());
}
