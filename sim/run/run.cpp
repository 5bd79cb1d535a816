#include "sim/run/run.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/interrupt.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/input/version.hpp"
#include "sim/platform/engine_reuse.hpp"
#include "sim/platform/load.hpp"
#include "sim/platform/platform_generator.hpp"
#include "sim/platform/platform_overrides.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/compute_fit.hpp"
#include "sim/run/faults.hpp"
#include "sim/run/fingerprint.hpp"
#include "sim/run/model.hpp"
#include "sim/run/override_check.hpp"
#include "sim/run/plot.hpp"
#include "sim/run/result_reuse.hpp"
#include "sim/run/run_outcome.hpp"
#include "sim/run/run_output.hpp"
#include "sim/run/uncertainty_record.hpp"

#include <optional>

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_run, cs, "clustersim scenario runner");

namespace sg4 = simgrid::s4u;

namespace cs {

namespace {

/** Watches a running simulation from a thread of its own: a progress line on stderr every 2 wall seconds (also
 *  when the simulated clock stands still, which SimGrid's time-advance signal alone would not show), and, past
 *  `limit_s` wall seconds, the end of the process with one line, before any output is written. It reads the clock
 *  only, so the simulation and its results are unchanged. */
class Watchdog {
public:
  Watchdog(std::chrono::steady_clock::time_point start, double limit_s, bool quiet)
      : start_(start), limit_s_(limit_s), quiet_(quiet)
  {
    // The signal outlives this object and the engine (SimGrid cannot disconnect it): it is connected once per
    // process, as a batch of runs in one process would otherwise call one more copy of it per run.
    static bool connected = false;
    if (not connected)
      sg4::Engine::on_time_advance_cb([](double) { clock().store(sg4::Engine::get_clock()); });
    connected = true;
    clock().store(0);
    if (limit_s_ > 0 || not quiet_)
      thread_ = std::thread([this] { watch(); });
  }
  ~Watchdog()
  {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }

private:
  void watch()
  {
    std::unique_lock<std::mutex> lock(mutex_);
    double last_clock = -1;
    while (not wake_.wait_for(lock, std::chrono::seconds(2), [this] { return done_; })) {
      double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      double now  = clock().load();
      if (limit_s_ > 0 && wall > limit_s_) {
        std::fprintf(stderr, "clustersim: stopped by --max-wall %g s at simulated %.6g s: nothing written\n", limit_s_,
                     now);
        std::_Exit(1);
      }
      if (not quiet_)
        std::fprintf(stderr, "[run] simulated %.6g s after %.0f wall s%s\n", now, wall,
                     now == last_clock ? " (simulated clock not advancing)" : "");
      last_clock = now;
    }
  }

  std::chrono::steady_clock::time_point start_;
  double limit_s_;
  bool quiet_;
  /** The simulated clock as the engine last advanced it (the watch thread must not call into SimGrid). */
  static std::atomic<double>& clock()
  {
    static std::atomic<double> now{0};
    return now;
  }
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

/** Simulated events of the engines of this process: activities completed (communications, computations, I/O) and
 *  sleeps ended (models that time their protocol with sleeps, such as the DSM's). With the wall time of the
 *  simulation, the events per wall second the verbose log reports (bench/validate_bench.sh). The signals are
 *  connected once per process, like the watchdog's. */
long count_events()
{
  static long events    = 0;
  static bool connected = false;
  if (not connected) {
    sg4::Activity::on_completion_cb([](const sg4::Activity&) { ++events; });
    sg4::Actor::on_wake_up_cb([](const sg4::Actor&) { ++events; });
  }
  connected = true;
  return events;
}

} // namespace

namespace {
/** What the run's event table holds: nothing when no table is written. */
EventOptions captured_events(const RunOptions& options)
{
  EventOptions events = options.events;
  if (not options.tables)
    events.activity_limit = events.model_limit = 0;
  return events;
}

/** DIR/result.json as Recorder::write makes it, without the tables (its table index empty): for a run whose metrics
 *  alone are read. */
void write_result_only(const std::string& dir, json header, const Recorder& recorder)
{
  json metrics = json::object();
  for (auto const& [k, v] : recorder.metrics())
    metrics[k] = v;
  header["metrics"] = metrics;
  if (not recorder.hardware_rates().empty())
    header["hardware_rates"] = recorder.hardware_rates();
  header["tables"] = json::object();
  write_file_atomic(dir + "/result.json", dump_json(header));
}

/** The files of the run's folder this run writes. */
std::vector<std::string> written_files(const RunOptions& options, const Recorder& recorder)
{
  std::vector<std::string> files{"result.json"};
  for (auto const& [name, _] : recorder.tables())
    if (options.tables)
      files.push_back(name + ".csv");
  if (options.plot && options.plot_only != "timeline")
    files.insert(files.end(), {"plot.png", "plot.svg"});
  if (options.plot && options.plot_only != "model")
    files.insert(files.end(), {"timeline.png", "timeline.svg", "timeline.dat"});
  return files;
}

/** Lists in `rec`'s hardware rates, per host group (a host whose rates differ from its group's under GROUP/HOST),
 *  the speed, cores, memory bandwidth and reference rates the hosts had and their disks' bandwidths. */
void record_hardware_rates(const Platform& platform, Recorder& rec)
{
  std::map<std::string, json> first; // group -> the rates of its first host
  for (auto const& h : platform.spec().hosts) {
    if (not platform.has_host(h.name))
      continue;
    const sg4::Host* host = platform.host(h.name);
    json r;
    r["speed_flops"]           = h.speed.value;
    r["reference_speed_flops"] = platform.reference_speed(host);
    r["cores"]                 = h.cores;
    double mem                 = platform.memory_bw(host);
    if (mem > 0) {
      r["memory_bw_Bps"]           = mem;
      r["reference_memory_bw_Bps"] = h.reference_memory_bw.value > 0 ? h.reference_memory_bw.value : mem;
    }
    for (auto const& d : h.disks) {
      r["disk_" + d.name + "_read_Bps"]  = d.read_bw.value;
      r["disk_" + d.name + "_write_Bps"] = d.write_bw.value;
    }
    std::string group = h.group.empty() ? h.name : h.group;
    auto f            = first.find(group);
    if (f == first.end()) {
      first[group] = r;
      r["hosts"]   = 1;
      for (auto const& [k, v] : r.items())
        rec.hardware_rate(group, k, v);
    } else if (f->second == r) {
      rec.hardware_rate(group, "hosts", rec.hardware_rates()[group]["hosts"].get<long>() + 1);
    } else {
      for (auto const& [k, v] : r.items())
        rec.hardware_rate(group + "/" + h.name, k, v);
    }
  }
}

/** The model's metrics, once the simulation ended as the model expects (sim/run/run_outcome.hpp); throws otherwise. */
void finish_model(ModelRun& model, const sg4::Engine& engine)
{
  try {
    check_run_ended(sg4::Engine::get_clock(), engine.get_actor_count());
  } catch (const std::exception&) {
    model.finish(); // a model's own account of why it did not end (it throws) says more than SimGrid's report
    throw;
  }
  model.finish();
}
} // namespace

/** The output folder, and its files of fixed names, before the simulation (a model's tables are checked before any
 *  file is replaced). */
static void check_run_outputs(const std::string& out)
{
  check_output_dir(out);
  for (auto const& name :
       {"result.json", "events.csv", "plot.png", "plot.svg", "timeline.png", "timeline.svg", "timeline.dat"})
    check_replaceable(out + "/" + name);
}

void check_scenario(const std::string& path, const std::vector<std::string>& sets)
{
  Scenario scenario = load_scenario(path, sets, std::nullopt);
  std::vector<PlatformOverride> overrides;
  const ModelEntry* entry = find_model(scenario.model);
  load_scenario_platform(scenario.platform, entry->group_sizes(scenario), &overrides);
  check_overrides_read(scenario, entry->name, entry->decl(), overrides);
  parse_faults(scenario.faults.is_null() ? nullptr : &scenario.faults, scenario.file);
  find_model(scenario.model)->check(scenario);
}

/** result.json without its metrics and tables: what ran, on what, and the simulated time it ended at. */
static json result_header(const Scenario& scenario, const std::vector<PlatformOverride>& overrides,
                          double simulated_time_s)
{
  json header;
  header["clustersim_version"] = version;
  header["program"]            = program_identity();
  header["inputs"]             = input_fingerprint(scenario);
  if (not overrides.empty())
    header["platform_overrides"] = to_json(overrides);
  header["simgrid_version"] = std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) +
                              "." + std::to_string(SIMGRID_VERSION_PATCH);
  header["scenario"]         = scenario.resolved;
  header["scenario_file"]    = canonical_data_path(scenario.file); // the same bytes however the path was typed
  header["model"]            = scenario.model;
  header["seed"]             = scenario.seed;
  header["simulated_time_s"] = simulated_time_s;
  add_uncertainty_record(header); // the draw load_scenario set, and the inputs drawn under it
  return header;
}

/** A rerun into the folder replaces the earlier run's files, and only those, once every new file is whole
 *  (Recorder::write stages them): a failed write keeps the earlier run's files, result.json and tables alike. */
static void write_outputs(const RunOptions& options, const std::string& out, const json& header,
                          const Recorder& recorder, RunFolderLock& out_lock)
{
  std::vector<std::string> previous = run_files(out);
  if (options.tables)
    recorder.write(out, header);
  else
    write_result_only(out, header, recorder);
  out_lock.written();
  remove_stale_run_files(out, previous, written_files(options, recorder));
}

/** The key under which a run of `options` keeps its result for its twins ("" when it does not:
 *  sim/run/result_reuse.hpp). */
static ReuseKey twin_key(const RunOptions& options, const Scenario& scenario,
                         const std::vector<PlatformOverride>& overrides, int argc, char** argv)
{
  if (options.result_cache.empty() || options.tables || not uncertainty_draw().active())
    return {};
  return result_reuse_key(scenario, overrides, std::vector<std::string>(argv, argv + argc));
}

/** Writes into `out` the result.json of this run from its twin's simulation: the header (scenario, inputs, draws) is
 *  this run's own, as write_result_only would write it. */
static void write_twin_result(const std::string& out, const Scenario& scenario,
                              const std::vector<PlatformOverride>& overrides, const ReusedResult& twin)
{
  record_twin_draws(twin.drawn);
  json header       = result_header(scenario, overrides, twin.simulated_time_s);
  header["metrics"] = twin.metrics;
  if (not twin.hardware_rates.empty())
    header["hardware_rates"] = twin.hardware_rates;
  header["tables"]                  = json::object();
  std::vector<std::string> previous = run_files(out);
  write_file_atomic(out + "/result.json", dump_json(header));
  remove_stale_run_files(out, previous, {"result.json"});
}

std::string run_scenario(const RunOptions& options, int* argc, char** argv)
{
  auto wall_start = std::chrono::steady_clock::now();
  // Everything that can be wrong with the input is checked before the engine starts or any output is written.
  Scenario scenario = load_scenario(options.scenario, options.sets, options.seed);
  // A measured sequential time sets the compute scale: its sequential run goes first, in its own engine; the
  // scenario is then read again, so that this run's draws and inputs are its own.
  if (std::optional<ComputeFit> fit = fit_compute_scale(scenario, options, *argc, argv)) {
    scenario = load_scenario(options.scenario, options.sets, options.seed);
    apply_compute_fit(scenario, *fit);
  }
  std::vector<PlatformOverride> overrides;
  const ModelEntry* entry = find_model(scenario.model);
  PlatformSpec pspec      = load_scenario_platform(scenario.platform, entry->group_sizes(scenario), &overrides);
  check_overrides_read(scenario, entry->name, entry->decl(), overrides); // none that nothing reads
  std::string out = options.out_dir.empty() ? "out/" + scenario.name : options.out_dir;
  check_run_outputs(out);
  check_simgrid_args(*argc, argv); // SimGrid aborts on an option it does not know
  FaultSchedule faults = parse_faults(scenario.faults.is_null() ? nullptr : &scenario.faults, scenario.file);
  RunFolderLock out_lock(out); // two runs into one folder would mix their files
  ReuseKey key = twin_key(options, scenario, overrides, *argc, argv);
  if (auto twin = reused_result(options.result_cache, key)) {
    write_twin_result(out, scenario, overrides, *twin); // the same inputs simulate the same thing: once is enough
    out_lock.written();
    return out;
  }

  prepare_engine(); // a process running several runs in a row starts each from SimGrid's initial state
  sg4::Engine engine(argc, argv);
  install_interrupt_handlers(); // after the engine, whose constructor installs its own SIGINT handler
  Platform platform(std::move(pspec), scenario.platform);
  platform.configure(engine);
  platform.build(engine);
  watch_stack_room([&out_lock] { out_lock.release(); }); // SimGrid aborts when an actor's stack cannot be mapped
  struct Unwatch {
    ~Unwatch() { unwatch_stack_room(); }
  } unwatch;

  Recorder recorder;
  recorder.declare(entry->decl(), scenario.model); // an output the model does not declare fails the run
  RngStreams rng(scenario.seed);
  ModelContext ctx{scenario, platform, recorder, rng};
  EventCapture events(recorder, captured_events(options));
  start_faults(faults, platform, rng, scenario.model); // a bad target is bad input, found before the run
  std::unique_ptr<ModelRun> model = entry->create(ctx);
  model->start();
  {
    Watchdog watchdog(wall_start, options.max_wall_s, options.quiet);
    long before    = count_events();
    auto sim_start = std::chrono::steady_clock::now();
    watch_for_deadlock();
    engine.run();
    double sim_wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - sim_start).count();
    long done       = count_events() - before;
    XBT_VERB("%s: %ld events (activities completed, sleeps ended) in %.6f wall s of simulation (%.0f per wall s)",
             scenario.model.c_str(), done, sim_wall, sim_wall > 0 ? done / sim_wall : 0.0);
  }
  finish_model(*model, engine);
  record_hardware_rates(platform, recorder);
  check_metrics(recorder);
  events.finish();

  write_outputs(options, out, result_header(scenario, overrides, sg4::Engine::get_clock()), recorder, out_lock);
  if (not key.text.empty())
    keep_result(options.result_cache, key, recorder, sg4::Engine::get_clock());

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
