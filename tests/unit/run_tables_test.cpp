/* A run asked for no tables (validate's uncertainty samples) writes its result.json alone. Each TEST_CASE runs one
 * engine. */
#include "sim/input/json_io.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/run.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;
using cs::json;

namespace {

/** Runs the test model into a fresh folder: the names of the files it wrote, and its result.json. */
std::pair<std::set<std::string>, json> run_with_tables(bool tables)
{
  std::string dir = "/tmp/cs-tables-" + std::to_string(::getpid());
  fs::create_directories(dir);
  std::ofstream(dir + "/s.json") << R"({"name": "tables", "model": "test_model", "seed": 1,
    "platform": {"file": ")" << fs::absolute("tests/data/000_two_core.json").string()
                                 << R"("}, "params": {"host": "client"}})";
  cs::RunOptions o;
  o.scenario = dir + "/s.json";
  o.out_dir  = dir + "/out";
  o.quiet    = true;
  o.tables   = tables;
  cs::EngineArgv engine("test", {"--log=root.thres:critical"}, {});
  cs::run_scenario(o, engine.argc(), engine.argv());
  std::set<std::string> files;
  for (auto const& e : fs::directory_iterator(o.out_dir))
    files.insert(e.path().filename().string());
  json result = cs::load_json_file(o.out_dir + "/result.json");
  fs::remove_all(dir);
  return {files, result};
}

} // namespace

TEST_CASE("a run without tables writes result.json alone, its table index empty", "[engine]")
{
  auto [files, result] = run_with_tables(false);
  REQUIRE(files == std::set<std::string>{"result.json"});
  REQUIRE(result["tables"] == json::object());
  REQUIRE_FALSE(result["metrics"].empty());
}

TEST_CASE("a run with tables writes each one beside result.json", "[engine]")
{
  auto [files, result] = run_with_tables(true);
  REQUIRE(files.count("events.csv") == 1);
  REQUIRE(result["tables"]["events"] == "events.csv");
  REQUIRE_FALSE(result["metrics"].empty());
}
