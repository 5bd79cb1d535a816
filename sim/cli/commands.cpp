#include "sim/cli/commands.hpp"
#include "sim/errors.hpp"
#include "sim/model.hpp"
#include "sim/run.hpp"
#include "sim/sweep.hpp"
#include "sim/validate.hpp"
#include "sim/version.hpp"

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace cs::cli {

std::string version_text()
{
  return std::string("clustersim ") + cs::version + " (SimGrid " + std::to_string(SIMGRID_VERSION_MAJOR) + "." +
         std::to_string(SIMGRID_VERSION_MINOR) + "." + std::to_string(SIMGRID_VERSION_PATCH) + ")";
}

const std::vector<Command>& commands()
{
  static const std::vector<Command> table{{"run", cmd_run},         {"sweep", cmd_sweep}, {"validate", cmd_validate},
                                          {"list", cmd_list},       {"describe", cmd_describe},
                                          {"calibrate", cmd_calibrate}};
  return table;
}

namespace {

/** Parses `args` against `desc` (+ positionals); prints help and returns false on --help. */
bool parse(const Args& args, po::options_description& desc, po::positional_options_description* pos,
           po::variables_map& vm, const char* usage)
{
  desc.add_options()("help,h", "this help");
  po::command_line_parser parser(args);
  parser.options(desc);
  if (pos)
    parser.positional(*pos);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << desc << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

/** argv for the SimGrid engine: quiet config echo unless the user asked otherwise, then the user's options. */
std::vector<std::string> engine_args(const Args& simgrid_args)
{
  std::vector<std::string> a{"clustersim", "--log=xbt_cfg.thres:warning"};
  a.insert(a.end(), simgrid_args.begin(), simgrid_args.end());
  return a;
}

} // namespace

int cmd_run(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("run options");
  RunOptions o;
  std::vector<std::string> sets;
  uint64_t seed = 0;
  desc.add_options()("scenario", po::value<std::string>(&o.scenario)->required(), "scenario JSON file")(
      "out,o", po::value<std::string>(&o.out_dir), "output folder (default: out/<scenario name>)")(
      "seed", po::value<uint64_t>(&seed), "override the scenario's random seed")(
      "set", po::value<std::vector<std::string>>(&sets)->composing(),
      "override a scenario field: key.path=value (repeatable; value is JSON or a plain string)")(
      "plot", po::bool_switch(&o.plot), "render the model's plot (PNG and SVG) into the output folder")(
      "quiet,q", po::bool_switch(&o.quiet), "no summary line");
  po::positional_options_description pos;
  pos.add("scenario", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, "usage: clustersim run SCENARIO.json [--out DIR] [--seed N] [--set a.b=v]... [--plot]"))
    return 0;
  if (vm.count("seed"))
    o.seed = seed;
  o.sets = sets;
  auto eargs = engine_args(simgrid_args);
  std::vector<char*> argv;
  for (auto& s : eargs)
    argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(eargs.size());
  std::string out = run_scenario(o, &argc, argv.data());
  if (not o.quiet) {
    // The short summary: the scalar metrics of the run.
    json r = load_json_file(out + "/result.json");
    for (auto const& [k, v] : r["metrics"].items())
      if (v.is_primitive())
        std::printf("  %-36s %s\n", k.c_str(), v.dump().c_str());
  }
  return 0;
}

int cmd_sweep(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("sweep options");
  std::string file, shard;
  SweepRunOptions o;
  desc.add_options()("sweep", po::value<std::string>(&file)->required(), "sweep JSON file")(
      "out,o", po::value<std::string>(&o.out_dir)->required(), "output folder (re-running skips finished points)")(
      "jobs,j", po::value<int>(&o.jobs)->default_value(2), "points run in parallel (one process each)")(
      "shard", po::value<std::string>(&shard), "run only slice K/N of the points (K in 1..N)")(
      "quiet,q", po::bool_switch(&o.quiet), "no progress line");
  po::positional_options_description pos;
  pos.add("sweep", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, "usage: clustersim sweep SWEEP.json --out DIR [--jobs N] [--shard K/N]"))
    return 0;
  if (o.jobs < 1)
    throw UsageError("--jobs must be at least 1");
  if (not shard.empty()) {
    int k = 0, n = 0;
    char extra = 0;
    if (std::sscanf(shard.c_str(), "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n)
      throw UsageError("--shard expects K/N with 1 <= K <= N, got \"" + shard + "\"");
    o.shard_index = k - 1;
    o.shard_count = n;
  }
  o.forward  = simgrid_args;
  o.self_exe = self_executable();
  SweepSpec spec = load_sweep(file);
  // Check the base scenario once here so that a typo fails fast with exit 2 instead of N failed points.
  {
    auto points = expand_sweep(spec);
    if (not points.empty())
      load_scenario(spec.base, points.front().sets(spec), std::nullopt);
  }
  SweepOutcome out = run_sweep(spec, o);
  std::fprintf(stderr, "[sweep] %zu points: %zu run, %zu already done, %zu failed -> %s/sweep.csv\n", out.total,
               out.ran, out.skipped, out.failed, o.out_dir.c_str());
  if (out.failed)
    std::fprintf(stderr, "[sweep] failed points keep their error in %s/points/<id>.error\n", o.out_dir.c_str());
  return out.failed ? 1 : 0;
}

int cmd_validate(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("validate options");
  ValidateOptions o;
  desc.add_options()("only", po::value<std::string>(&o.only), "only cells whose id or source contains this text")(
      "report", po::value<std::string>(&o.report), "write the JSON report here")(
      "work", po::value<std::string>(&o.work_dir), "keep the runs in this folder (default: a temporary one)")(
      "validation-dir", po::value<std::string>(&o.validation_dir), "where the validation files are")(
      "jobs,j", po::value<int>(&o.jobs)->default_value(2), "runs in parallel")(
      "keep", po::bool_switch(&o.keep), "keep the temporary runs folder")(
      "plot", po::bool_switch(&o.plot), "render the validation plots next to the report (or into out/)")(
      "quiet,q", po::bool_switch(&o.quiet), "no progress lines");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim validate [--only PATTERN] [--report FILE.json]"))
    return 0;
  o.forward = simgrid_args;
  return run_validation(o);
}

static std::vector<std::string> files_under(const std::string& dir, const std::string& ext)
{
  std::vector<std::string> out;
  if (not fs::exists(dir))
    return out;
  for (auto const& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

int cmd_list(const Args& args, const Args&)
{
  po::options_description desc("list options");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim list"))
    return 0;
  std::printf("models:\n");
  for (auto const& m : model_registry())
    std::printf("  %-20s seed %s  %s\n", m.name, m.seed, m.summary);
  std::printf("platforms:\n");
  for (auto const& f : files_under("platforms", ".json"))
    std::printf("  %s\n", f.c_str());
  for (auto const& f : files_under("platforms", ".xml"))
    std::printf("  %s\n", f.c_str());
  std::printf("scenarios:\n");
  for (auto const& f : files_under("scenarios", ".json"))
    std::printf("  %s\n", f.c_str());
  std::printf("validation:\n");
  for (auto const& f : files_under("validation", ".json"))
    std::printf("  %s\n", f.c_str());
  return 0;
}

int cmd_describe(const Args& args, const Args&)
{
  po::options_description desc("describe options");
  std::string name;
  desc.add_options()("model", po::value<std::string>(&name)->required(), "model name");
  po::positional_options_description pos;
  pos.add("model", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, "usage: clustersim describe MODEL"))
    return 0;
  const ModelEntry* m = find_model(name);
  if (m == nullptr) {
    std::vector<std::string> names;
    for (auto const& e : model_registry())
      names.push_back(e.name);
    std::string near = nearest(name, names);
    throw UsageError("no model \"" + name + "\"" + (near.empty() ? "" : " (did you mean \"" + near + "\"?)"));
  }
  std::vector<FieldDoc> docs;
  m->describe(docs);
  std::printf("%s (seed %s): %s\n\nparameters (scenario \"params\"):\n", m->name, m->seed, m->summary);
  for (auto const& d : docs)
    std::printf("  %-34s %-32s default %-10s\n      %s\n", d.pointer.substr(1).c_str(), d.type.c_str(),
                d.default_value.c_str(), d.doc.c_str());
  return 0;
}

int cmd_calibrate(const Args& args, const Args&)
{
  po::options_description desc("calibrate options");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim calibrate --out FILE.json [--quick]"))
    return 0;
  throw std::runtime_error("calibrate: the native microbenchmark set is not built into this binary yet");
}

} // namespace cs::cli
