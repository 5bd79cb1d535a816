/* Runs a scenario in-process for an engine test (one engine per process: one such call per TEST_CASE). */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/run/run.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace cs::test {

/** Runs `scenario` with overrides into a fresh temporary folder and returns result.json's metrics. */
inline json run_metrics(const std::string& scenario, const std::vector<std::string>& sets)
{
  char tmpl[]     = "/tmp/cs-test-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  RunOptions o;
  o.scenario = scenario;
  o.out_dir  = dir + "/out";
  o.sets     = sets;
  o.quiet    = true;
  EngineArgv engine("test", {"--log=root.thres:critical"}, {});
  run_scenario(o, engine.argc(), engine.argv());
  json r = load_json_file(o.out_dir + "/result.json");
  std::filesystem::remove_all(dir);
  return r["metrics"];
}

} // namespace cs::test
