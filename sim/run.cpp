#include "sim/run.hpp"
#include "sim/errors.hpp"
#include "sim/fingerprint.hpp"
#include "sim/model.hpp"
#include "sim/platform_overrides.hpp"
#include "sim/plot.hpp"
#include "sim/version.hpp"

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

#include <chrono>
#include <cstdio>
#include <memory>

XBT_LOG_NEW_DEFAULT_CATEGORY(cs_run, "clustersim scenario runner");

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
/** The platform a scenario runs on: its file, the scenario's platform overrides, then the host profile. */
PlatformSpec load_run_platform(const Scenario& scenario, std::vector<PlatformOverride>* applied = nullptr)
{
  PlatformSpec pspec;
  if (scenario.platform.overrides.empty()) {
    pspec = load_platform(scenario.platform_file);
  } else {
    if (scenario.platform_file.size() > 4 && scenario.platform_file.rfind(".xml") == scenario.platform_file.size() - 4)
      throw InputError(scenario.file, "/platform", "a SimGrid XML platform cannot be overridden field by field");
    json doc     = load_json_file(scenario.platform_file);
    auto records = apply_platform_overrides(doc, scenario.platform.overrides, scenario.platform_file, scenario.file);
    try {
      pspec = parse_platform(doc, scenario.platform_file);
    } catch (const InputError& e) {
      // A bad overriding value is the scenario's error: point at the override, not at the platform file.
      for (auto const& r : records)
        if (e.file() == scenario.platform_file && e.pointer().rfind(r.pointer, 0) == 0) {
          std::string what = e.what(); // "FILE: POINTER: message"
          throw InputError(scenario.file, r.set_at, what.substr(e.file().size() + e.pointer().size() + 4));
        }
      throw;
    }
    if (applied)
      *applied = std::move(records);
  }
  if (not scenario.platform.host_profile.empty())
    apply_host_profile(pspec, resolve_path(scenario.file, scenario.platform.host_profile), scenario.file);
  return pspec;
}
} // namespace

void check_scenario(const std::string& path, const std::vector<std::string>& sets)
{
  Scenario scenario = load_scenario(path, sets, std::nullopt);
  load_run_platform(scenario);
  find_model(scenario.model)->check(scenario);
}

std::string run_scenario(const RunOptions& options, int* argc, char** argv)
{
  auto wall_start = std::chrono::steady_clock::now();
  // Everything that can be wrong with the input is checked before the engine starts or any output is written.
  Scenario scenario = load_scenario(options.scenario, options.sets, options.seed);
  std::vector<PlatformOverride> overrides;
  PlatformSpec pspec      = load_run_platform(scenario, &overrides);
  const ModelEntry* entry = find_model(scenario.model);

  sg4::Engine engine(argc, argv);
  Platform platform(std::move(pspec), scenario.platform);
  platform.configure(engine);
  platform.build(engine);

  Recorder recorder;
  RngStreams rng(scenario.seed);
  ModelContext ctx{scenario, platform, recorder, rng};
  std::unique_ptr<ModelRun> model = entry->create(ctx);
  model->start();
  if (not options.quiet)
    report_progress_while_running(wall_start);
  engine.run();
  model->finish();

  json header;
  header["clustersim_version"] = version;
  header["program"]            = program_identity();
  header["inputs"]             = input_fingerprint(scenario);
  if (not overrides.empty())
    header["platform_overrides"] = to_json(overrides);
  header["simgrid_version"] = std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) +
                              "." + std::to_string(SIMGRID_VERSION_PATCH);
  header["scenario"]         = scenario.resolved;
  header["scenario_file"]    = scenario.file;
  header["model"]            = scenario.model;
  header["seed"]             = scenario.seed;
  header["simulated_time_s"] = sg4::Engine::get_clock();
  std::string out            = options.out_dir.empty() ? "out/" + scenario.name : options.out_dir;
  recorder.write(out, header);

  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (not options.quiet)
    std::fprintf(stderr, "clustersim: %s (%s) done: %.6g simulated s in %.3f wall s -> %s/result.json\n",
                 scenario.name.c_str(), scenario.model.c_str(), sg4::Engine::get_clock(), wall, out.c_str());
  if (options.plot)
    render_run_plots(out, scenario.model, options.quiet);
  return out;
}

} // namespace cs
