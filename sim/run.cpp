#include "sim/run.hpp"
#include "sim/errors.hpp"
#include "sim/faults.hpp"
#include "sim/model.hpp"
#include "sim/plot.hpp"
#include "sim/version.hpp"

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_run, cs, "clustersim scenario runner");

namespace sg4 = simgrid::s4u;

namespace cs {

/** A progress line on stderr for long runs (every 2 wall seconds), fed by SimGrid's time-advance signal: it reads
 *  the clocks only, so the simulation and its results are unchanged. */
static void report_progress_while_running(std::chrono::steady_clock::time_point wall_start)
{
  auto last = std::make_shared<double>(0.0);
  sg4::Engine::on_time_advance_cb([wall_start, last](double) {
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    if (wall - *last < 2.0)
      return;
    *last = wall;
    std::fprintf(stderr, "[run] simulated %.6g s after %.0f wall s\n", sg4::Engine::get_clock(), wall);
  });
}

namespace {
PlatformSpec load_run_platform(const Scenario& scenario)
{
  PlatformSpec pspec = load_platform(scenario.platform_file);
  if (not scenario.platform.host_profile.empty())
    apply_host_profile(pspec, resolve_path(scenario.file, scenario.platform.host_profile), scenario.file);
  return pspec;
}
/** Removes what an earlier run wrote into `out` (its tables, its plots), so a folder never mixes two runs: a plot
 *  this run does not draw must not survive from the previous one. Only files the earlier result.json lists or that
 *  `--plot` writes go; anything else in the folder is the user's. */
void clear_previous_run(const std::string& out)
{
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::string> old{"plot.png", "plot.svg", "timeline.png", "timeline.svg", "timeline.dat"};
  if (fs::exists(out + "/result.json")) {
    try {
      json previous = load_json_file(out + "/result.json");
      if (previous.contains("tables") && previous["tables"].is_object())
        for (auto const& [name, file] : previous["tables"].items())
          if (file.is_string() && file.get<std::string>().find('/') == std::string::npos)
            old.push_back(file.get<std::string>());
    } catch (const std::exception&) {
      // not one of ours: leave its neighbours alone
    }
  }
  for (auto const& f : old)
    fs::remove(out + "/" + f, ec);
}
} // namespace

void check_scenario(const std::string& path, const std::vector<std::string>& sets)
{
  Scenario scenario = load_scenario(path, sets, std::nullopt);
  load_run_platform(scenario);
  parse_faults(scenario.faults.is_null() ? nullptr : &scenario.faults, scenario.file);
  find_model(scenario.model)->check(scenario);
}

std::string run_scenario(const RunOptions& options, int* argc, char** argv)
{
  auto wall_start = std::chrono::steady_clock::now();
  // Everything that can be wrong with the input is checked before the engine starts or any output is written.
  Scenario scenario       = load_scenario(options.scenario, options.sets, options.seed);
  PlatformSpec pspec      = load_run_platform(scenario);
  const ModelEntry* entry = find_model(scenario.model);
  FaultSchedule faults    = parse_faults(scenario.faults.is_null() ? nullptr : &scenario.faults, scenario.file);

  sg4::Engine engine(argc, argv);
  Platform platform(std::move(pspec), scenario.platform);
  platform.configure(engine);
  platform.build(engine);

  Recorder recorder;
  RngStreams rng(scenario.seed);
  ModelContext ctx{scenario, platform, recorder, rng};
  EventCapture events(recorder, options.events);
  start_faults(faults, platform, rng, scenario.model); // a bad target is bad input, found before the run
  std::unique_ptr<ModelRun> model = entry->create(ctx);
  model->start();
  if (not options.quiet)
    report_progress_while_running(wall_start);
  engine.run();
  model->finish();
  events.finish();

  json header;
  header["clustersim_version"] = version;
  header["simgrid_version"]    = std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) +
                              "." + std::to_string(SIMGRID_VERSION_PATCH);
  header["scenario"]         = scenario.resolved;
  header["scenario_file"]    = scenario.file;
  header["model"]            = scenario.model;
  header["seed"]             = scenario.seed;
  header["simulated_time_s"] = sg4::Engine::get_clock();
  std::string out            = options.out_dir.empty() ? "out/" + scenario.name : options.out_dir;
  clear_previous_run(out);
  recorder.write(out, header);

  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (not options.quiet)
    std::fprintf(stderr, "clustersim: %s (%s) done: %.6g simulated s in %.3f wall s -> %s/result.json\n",
                 scenario.name.c_str(), scenario.model.c_str(), sg4::Engine::get_clock(), wall, out.c_str());
  if (options.plot && options.plot_only != "timeline")
    render_run_plots(out, scenario.model, options.quiet);
  if (options.plot && options.plot_only != "model")
    render_timeline(out, recorder.tables().at("events"), options.timeline, options.quiet);
  return out;
}

} // namespace cs
