/* Runs a scenario in-process for an engine test (one engine per process: one such call per TEST_CASE). */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/run.hpp"

#include <simgrid/s4u.hpp>

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace cs::test {

/** A fresh engine (SimGrid's own logs quiet) with `n` hosts of 1 Gflop/s, h0 .. h<n-1>, in one full zone without
 *  routes: for tests that build their own network and drive actors by hand. One engine per process. */
inline std::vector<simgrid::s4u::Host*> bare_hosts(int n)
{
  static int argc     = 2;
  static char a0[]    = "test";
  static char a1[]    = "--log=root.thres:critical";
  static char* argv[] = {a0, a1, nullptr};
  new simgrid::s4u::Engine(&argc, argv); // SimGrid owns it from here (Engine::get_instance)
  auto* zone = simgrid::s4u::create_full_zone("lan");
  std::vector<simgrid::s4u::Host*> hosts;
  for (int i = 0; i < n; ++i)
    hosts.push_back(zone->create_host("h" + std::to_string(i), 1e9));
  zone->seal();
  return hosts;
}

/** The options of a quiet run of `scenario` into `dir`/out, `dir` a fresh temporary folder (set here). */
inline RunOptions test_run(const std::string& scenario, const std::vector<std::string>& sets, std::string& dir)
{
  char tmpl[] = "/tmp/cs-test-XXXXXX";
  dir         = mkdtemp(tmpl);
  RunOptions o;
  o.scenario = scenario;
  o.out_dir  = dir + "/out";
  o.sets     = sets;
  o.quiet    = true;
  return o;
}

/** Runs `scenario` with overrides into a fresh temporary folder and returns result.json's metrics. */
inline json run_metrics(const std::string& scenario, const std::vector<std::string>& sets)
{
  std::string dir;
  RunOptions o = test_run(scenario, sets, dir);
  EngineArgv engine("test", {"--log=root.thres:critical"}, {});
  run_scenario(o, engine.argc(), engine.argv());
  json r = load_json_file(o.out_dir + "/result.json");
  std::filesystem::remove_all(dir);
  return r["metrics"];
}

/** Runs `scenario` as run_metrics does, with the log `settings` (such as "--log=cs_checkpoint.thres:verbose") after
 *  the quiet default, and returns what the run logged (SimGrid's log goes to stderr, redirected into a file); with
 *  `metrics`, also result.json's metrics. */
inline std::string run_log(const std::string& scenario, const std::vector<std::string>& sets,
                           const std::vector<std::string>& settings, json* metrics = nullptr)
{
  std::string dir;
  RunOptions o = test_run(scenario, sets, dir);
  std::vector<std::string> all{"--log=root.thres:critical"};
  all.insert(all.end(), settings.begin(), settings.end());
  EngineArgv engine("test", all, {});
  std::fflush(stderr);
  int saved = dup(2);
  int log   = open((dir + "/log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  dup2(log, 2);
  close(log);
  auto restore = [saved] {
    std::fflush(stderr);
    dup2(saved, 2);
    close(saved);
  };
  try {
    run_scenario(o, engine.argc(), engine.argv());
  } catch (...) {
    restore();
    throw;
  }
  restore();
  std::string text = read_text(dir + "/log");
  if (metrics)
    *metrics = load_json_file(o.out_dir + "/result.json")["metrics"];
  std::filesystem::remove_all(dir);
  return text;
}

} // namespace cs::test
