#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "app/cli/run_uncertainty.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/run.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

namespace {

int run_with_uncertainty(RunOptions& o, UncertaintyRunOptions& u, const po::variables_map& vm, const std::string& plot,
                         const std::string& useed, const std::vector<std::string>& sets, const Args& simgrid_args)
{
  if (u.samples < 2 || u.samples > 100000)
    throw UsageError("--uncertainty expects a number of samples from 2 to 100000, got " + std::to_string(u.samples));
  if (u.jobs < 1)
    throw UsageError("--jobs must be at least 1");
  if (vm.count("plot") && plot != "sensitivity")
    throw UsageError("with --uncertainty, --plot takes \"sensitivity\" (the tornado plots), got \"" + plot + "\"");
  if (vm.count("window") || vm.count("max-wall"))
    throw UsageError("--window and --max-wall apply to one run, not to --uncertainty");
  u.plot = vm.count("plot") > 0;
  if (vm.count("uncertainty-seed"))
    u.seed = parse_uncertainty_seed_option(useed);
  if (vm.count("seed"))
    o.seed = parse_seed_option(vm["seed"].as<std::string>());
  o.scenario = find_data_file(o.scenario);
  o.sets     = sets;
  check_simgrid_args(simgrid_args); // before any worker starts: SimGrid would abort in each of them
  return run_uncertainty(o, u, simgrid_args);
}

} // namespace

int cmd_run(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("run options");
  RunOptions o;
  std::vector<std::string> sets;
  std::string seed, max_wall;
  std::string plot, window;
  UncertaintyRunOptions u;
  std::string useed;
  desc.add_options()("scenario", po::value<std::string>(&o.scenario)->required(), "scenario JSON file")(
      "out,o", po::value<std::string>(&o.out_dir), "output folder (default: out/<scenario name>)")(
      "seed", po::value<std::string>(&seed), "override the scenario's random seed")(
      "set", po::value<std::vector<std::string>>(&sets)->composing(),
      "override a scenario field: key.path=value (repeatable; value is JSON or a plain string)")(
      "max-wall", po::value<std::string>(&max_wall),
      "stop the run after this many wall seconds, writing nothing (default: no limit)")(
      "plot", po::value<std::string>(&plot)->implicit_value("all"),
      "render plots (PNG and SVG) into the output folder: the model's plot and the timeline; `--plot model` or "
      "`--plot timeline` for one of them")(
      "window", po::value<std::string>(&window),
      "T0:T1 in simulated seconds: the timeline shows (and events.csv keeps messages and CPU bursts of) this window")(
      "events", po::value<long>(&o.events.activity_limit)->default_value(o.events.activity_limit),
      "at most this many automatic rows (messages, CPU bursts, actors) in events.csv; 0: the model's events only")(
      "uncertainty", po::value<long>(&u.samples),
      "run N Latin-hypercube samples of the ranged inputs besides the point run: OUT/samples/, OUT/point/ and "
      "OUT/uncertainty.json (docs/uncertainty.md)")("uncertainty-seed", po::value<std::string>(&useed),
                                                    "the samples' seed (default 1)")(
      "jobs,j", po::value<int>(&u.jobs)->default_value(2), "with --uncertainty: runs in parallel (one process each)")(
      "quiet,q", po::bool_switch(&o.quiet), "no summary line");
  po::positional_options_description pos;
  pos.add("scenario", 1);
  po::variables_map vm;
  // `--plot timeline` as two words: program_options only takes an optional value glued on (`--plot=timeline`).
  Args joined;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--plot" && i + 1 < args.size() &&
        (args[i + 1] == "timeline" || args[i + 1] == "model" || args[i + 1] == "sensitivity"))
      joined.push_back("--plot=" + args[++i]);
    else
      joined.push_back(args[i]);
  }
  if (not parse(joined, desc, &pos, vm,
                "usage: clustersim run SCENARIO.json [--out DIR] [--seed N] [--set a.b=v]... [--plot [timeline|model]] "
                "[--window T0:T1] [--uncertainty N [--uncertainty-seed S] [--jobs J] [--plot sensitivity]]"))
    return 0;
  if (vm.count("uncertainty"))
    return run_with_uncertainty(o, u, vm, plot, useed, sets, simgrid_args);
  if (vm.count("uncertainty-seed") || plot == "sensitivity")
    throw UsageError(std::string(plot == "sensitivity" ? "--plot sensitivity" : "--uncertainty-seed") +
                     " needs --uncertainty N");
  if (vm.count("plot")) {
    if (plot != "all" && plot != "timeline" && plot != "model")
      throw UsageError("--plot takes no value, \"timeline\" or \"model\", got \"" + plot + "\"");
    o.plot      = true;
    o.plot_only = plot == "all" ? "" : plot;
  }
  if (vm.count("window")) {
    parse_window(window, o.timeline);
    o.events.from = o.timeline.from;
    o.events.to   = o.timeline.to;
  }
  if (o.events.activity_limit < 0)
    throw UsageError("--events must be >= 0");
  if (vm.count("seed"))
    o.seed = parse_seed_option(seed);
  if (vm.count("max-wall"))
    o.max_wall_s = parse_seconds_option("--max-wall", max_wall, 365 * 86400.0);
  o.scenario = find_data_file(o.scenario); // a shipped scenario runs from any folder
  o.sets     = sets;
  EngineArgv engine(program_name, {quiet_config_log}, simgrid_args);
  std::string out = run_scenario(o, engine.argc(), engine.argv());
  if (not o.quiet) {
    // The short summary: the scalar metrics of the run.
    json r = load_json_file(out + "/result.json");
    for (auto const& [k, v] : r["metrics"].items())
      if (v.is_primitive())
        std::printf("  %-36s %s\n", k.c_str(), v.dump().c_str());
  }
  return 0;
}

} // namespace cs::cli
