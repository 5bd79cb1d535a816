#include "sim/run/compute_fit.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/hash.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/temp_dir.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/fingerprint.hpp"
#include "sim/run/model.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace cs {

namespace {

std::string set_path(const std::string& set)
{
  return set.substr(0, set.find('='));
}

/** `sets` without those a later setting of one of `paths` would replace whole (the same path or a field inside it):
 *  the sequential variant's own settings take their place (a grid's params.nodes=8 gives way to params.nodes=1). */
std::vector<std::string> without_paths(const std::vector<std::string>& sets, const std::vector<std::string>& paths)
{
  std::vector<std::string> kept;
  for (auto const& s : sets) {
    std::string p = set_path(s);
    bool replaced = false;
    for (auto const& q : paths)
      replaced = replaced || p == q || p.rfind(q + ".", 0) == 0;
    if (not replaced)
      kept.push_back(s);
  }
  return kept;
}

/** The sequential variant of the run at `scale`. */
RunOptions sequential_options(const RunOptions& options, const SequentialRun& seq, double scale)
{
  std::vector<std::string> paths{"compute_scale"};
  for (auto const& s : seq.sets)
    paths.push_back(set_path(s));
  RunOptions o;
  o.scenario = options.scenario;
  o.seed     = options.seed;
  o.sets     = without_paths(options.sets, paths);
  o.sets.insert(o.sets.end(), seq.sets.begin(), seq.sets.end());
  o.sets.push_back("compute_scale=" + json(scale).dump());
  o.quiet                 = true;
  o.tables                = false;
  o.fit_compute           = false;
  o.events.activity_limit = 0;
  o.events.model_limit    = 0;
  o.max_wall_s            = options.max_wall_s;
  o.sequential_cache      = options.sequential_cache;
  return o;
}

/** What decides a sequential run's time: its resolved scenario, platform and program (sim/run/fingerprint.hpp). */
std::string run_key(const RunOptions& o)
{
  Scenario s = load_scenario(o.scenario, o.sets, o.seed);
  return dump_json(input_fingerprint(s));
}

std::string cache_file(const std::string& dir, const std::string& key)
{
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.json", static_cast<unsigned long long>(fnv1a(key)));
  return dir + "/" + name;
}

/** A time kept by an earlier process for exactly this key, if any. */
std::optional<double> cached_time(const std::string& dir, const std::string& key)
{
  std::string file = cache_file(dir, key);
  if (dir.empty() || not std::filesystem::exists(file))
    return std::nullopt;
  json j = load_json_file(file);
  if (j.value("key", "") != key || not j.contains("time_s"))
    return std::nullopt; // another key with the same hash: run it
  return j["time_s"].get<double>();
}

/** Runs the sequential variant in a child process. SimGrid keeps state across the engines of a process (its tracer,
 *  the options a platform set): a run of its own leaves the user's run exactly as it would be alone, traced or not.
 *  A failure comes back to the parent as the child's exception (an input error as one, at its file and pointer). */
void run_in_child(const RunOptions& o, int argc, char** argv, const std::string& error_file)
{
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(std::string("cannot start the sequential run: fork: ") + std::strerror(errno));
  if (pid == 0) {
    int status = 0;
    json error;
    try {
      EngineArgv args(argc, argv);
      run_scenario(o, args.argc(), args.argv());
    } catch (const InputError& e) {
      error  = {{"file", e.file()}, {"pointer", e.pointer()}, {"message", e.message()}};
      status = 2;
    } catch (const std::exception& e) {
      error  = {{"message", e.what()}};
      status = 1;
    }
    if (status != 0)
      write_file_atomic(error_file, dump_json(error));
    std::fflush(nullptr);
    _exit(status);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
    return;
  if (not std::filesystem::exists(error_file))
    throw std::runtime_error("the sequential run that fits the compute scale ended abnormally" +
                             (WIFSIGNALED(st) ? " (signal " + std::to_string(WTERMSIG(st)) + ")" : std::string()));
  json error = load_json_file(error_file);
  if (error.contains("file"))
    throw InputError(error["file"], error["pointer"], error["message"].get<std::string>());
  throw std::runtime_error("the sequential run that fits the compute scale: " + error["message"].get<std::string>());
}

/** The sequential variant's time at `scale`: from this process's earlier runs, the cache folder, or a run. */
double sequential_time(const RunOptions& options, const SequentialRun& seq, double scale, int argc, char** argv)
{
  static std::map<std::string, double> known; // a worker's batch of runs shares its sequential runs
  RunOptions o    = sequential_options(options, seq, scale);
  std::string key = run_key(o);
  if (auto k = known.find(key); k != known.end())
    return k->second;
  if (auto t = cached_time(o.sequential_cache, key))
    return known[key] = *t;
  TempDir tmp("sequential");
  o.out_dir = tmp.path() + "/run";
  run_in_child(o, argc, argv, tmp.path() + "/error.json");
  json metrics = load_json_file(o.out_dir + "/result.json").at("metrics");
  if (not metrics.contains(seq.metric) || not metrics[seq.metric].is_number())
    throw std::logic_error("the sequential run records no number " + seq.metric);
  double t = metrics[seq.metric].get<double>();
  if (not o.sequential_cache.empty()) {
    std::filesystem::create_directories(o.sequential_cache);
    write_file_atomic(cache_file(o.sequential_cache, key), dump_json(json{{"key", key}, {"time_s", t}}));
  }
  return known[key] = t;
}

std::string join_sets(const std::vector<std::string>& sets)
{
  std::string text;
  for (auto const& s : sets)
    text += (text.empty() ? "" : ", ") + s;
  return text;
}

} // namespace

std::optional<ComputeFit> fit_compute_scale(const Scenario& scenario, const RunOptions& options, int argc, char** argv)
{
  const ModelEntry* entry = find_model(scenario.model);
  if (scenario.resolved.contains("compute_scale") && not entry->has_sequential())
    throw InputError(scenario.file, "/compute_scale",
                     "model " + scenario.model + " has no compute scale (no sequential run; docs/calibration.md)");
  if (not options.fit_compute)
    return std::nullopt;
  SequentialRun seq = entry->sequential(scenario);
  if (seq.seq_time <= 0)
    return std::nullopt;
  if (scenario.resolved.contains("compute_scale"))
    throw InputError(scenario.file, "/compute_scale",
                     "compute_scale is fitted to the sequential time given at " + seq.seq_time_pointer +
                         ": give one or the other");
  auto bad  = [&](const std::string& why) { return InputError(scenario.file, seq.seq_time_pointer, why); };
  double t1 = sequential_time(options, seq, 1, argc, argv);
  if (not(t1 > 0))
    throw bad("the sequential run (" + join_sets(seq.sets) + ") takes no time at compute_scale 1: nothing to scale");
  double scale = seq.seq_time / t1;
  char how[512];
  if (not seq.proportional && std::fabs(scale - 1) > 1e-12) {
    // The time is affine in the scale (work the scale does not touch runs beside the program's): two points fix it.
    double s1    = scale;
    double t2    = sequential_time(options, seq, s1, argc, argv);
    double slope = (t2 - t1) / (s1 - 1);
    if (not(slope > 0) || not(1 + (seq.seq_time - t1) / slope > 0))
      throw bad("no positive compute_scale gives the sequential time " + json(seq.seq_time).dump() +
                " s: the sequential run takes " + json(t1).dump() + " s at scale 1 and " + json(t2).dump() + " s at " +
                json(s1).dump());
    scale = 1 + (seq.seq_time - t1) / slope;
    std::snprintf(how, sizeof how, "%.9g s at compute_scale 1 and %.9g s at %.9g (affine in it)", t1, t2, s1);
  } else {
    std::snprintf(how, sizeof how, "%.9g s at compute_scale 1", t1);
  }
  std::string source = "fitted to the sequential time " + json(seq.seq_time).dump() + " s at " + seq.seq_time_pointer +
                       (seq.source.empty() ? "" : " (" + seq.source + ")") + ": the sequential run (" +
                       join_sets(seq.sets) + ") took " + how;
  return ComputeFit{scale, source};
}

void apply_compute_fit(Scenario& scenario, const ComputeFit& fit)
{
  scenario.compute_scale             = fit.scale;
  scenario.resolved["compute_scale"] = json{{"value", fit.scale}, {"source", fit.source}};
}

} // namespace cs
