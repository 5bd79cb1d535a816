#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "app/cli/sweep_commands.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/scenario.hpp"
#include "sim/sweep/sweep.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"

#include <cstdio>
#include <cstring>

namespace po = boost::program_options;

namespace cs::cli {

static const char* sweep_usage =
    R"(usage: clustersim sweep [run] SWEEP.json --out DIR [--jobs N] [--shard K/N] [--no-merge]
       clustersim sweep plan SWEEP.json [--out DIR] [--shard K/N] [--json]
       clustersim sweep merge DIR... [--out DIR]
       clustersim sweep slurm SWEEP.json --out DIR [--array-size M] [--partition P] [--submit]
       clustersim sweep plot DIR --x PARAM --y COLUMN [--lines PARAM] | --kind heat --x P --y P --z COLUMN
`clustersim sweep SUBCOMMAND --help` describes each; docs/sweeps.md is the guide.)";

void parse_shard(const std::string& text, int* index, int* count)
{
  int k = 0, n = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 || k > n)
    throw UsageError("--shard expects K/N with 1 <= K <= N, got \"" + text + "\"");
  *index = k - 1;
  *count = n;
}

int cmd_sweep(const Args& args, const Args& simgrid_args)
{
  static const struct {
    const char* name;
    int (*run)(const Args&, const Args&);
  } subcommands[] = {{"run", cmd_sweep_run},
                     {"plan", cmd_sweep_plan},
                     {"merge", cmd_sweep_merge},
                     {"slurm", cmd_sweep_slurm},
                     {"plot", cmd_sweep_plot}};
  if (not args.empty())
    for (auto const& s : subcommands)
      if (args[0] == s.name)
        return s.run(Args(args.begin() + 1, args.end()), simgrid_args);
  return cmd_sweep_run(args, simgrid_args); // `clustersim sweep SWEEP.json ...` runs it
}

/** The sweep file with the sample factor added (`sweep --uncertainty N`). */
static SweepSpec load_sampled_sweep(const std::string& given, long samples, bool seed_given, const std::string& seed)
{
  if (samples < 2 || samples > 100000)
    throw UsageError("--uncertainty expects a number of samples from 2 to 100000, got " + std::to_string(samples));
  std::string path = find_data_file(given);
  json doc         = load_json_file(path);
  add_uncertainty_factor(doc, samples, seed_given ? parse_uncertainty_seed_option(seed) : 1);
  return parse_sweep(doc, path, "");
}

int cmd_sweep_run(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("sweep run options");
  std::string file, shard, point_timeout, useed;
  long samples  = 0;
  bool no_merge = false;
  SweepRunOptions o;
  desc.add_options()("sweep", po::value<std::string>(&file)->required(), "sweep JSON file")(
      "out,o", po::value<std::string>(&o.out_dir)->required(), "output folder (re-running skips finished points)")(
      "jobs,j", po::value<int>(&o.jobs)->default_value(2), "points run in parallel (one process each)")(
      "shard", po::value<std::string>(&shard), "run only slice K/N of the points (K in 1..N)")(
      "no-merge", po::bool_switch(&no_merge), "do not write OUT/sweep.csv (shards filling one folder: merge once)")(
      "batch", po::value<int>(&o.batch)->default_value(0),
      "at most N repetitions of a grid point per worker process (0: automatic; 1: one process per point)")(
      "point-timeout", po::value<std::string>(&point_timeout)->default_value("0"),
      "seconds after which a point is killed and recorded as failed (0: none)")(
      "uncertainty", po::value<long>(&samples),
      "run every point for N Latin-hypercube samples of the ranged inputs (a factor uncertainty.sample; "
      "sweep_stats.csv gains median, p5, p95 over them: docs/uncertainty.md)")(
      "uncertainty-seed", po::value<std::string>(&useed),
      "the samples' seed (default 1)")("quiet,q", po::bool_switch(&o.quiet), "no progress line");
  po::positional_options_description pos;
  pos.add("sweep", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, sweep_usage))
    return 0;
  if (o.jobs < 1)
    throw UsageError("--jobs must be at least 1");
  if (o.batch < 0)
    throw UsageError("--batch must be 0 (automatic) or more");
  // A week at most: setitimer takes whole seconds in a time_t, and a longer point is no sweep anyone waits for.
  o.point_timeout_s = parse_seconds_option("--point-timeout", point_timeout, 7 * 86400);
  if (not shard.empty())
    parse_shard(shard, &o.shard_index, &o.shard_count);
  o.merge = not no_merge;
  check_simgrid_args(simgrid_args); // before any worker starts: SimGrid would abort in each of them
  o.forward      = simgrid_args;
  o.self_exe     = self_executable();
  SweepSpec spec = vm.count("uncertainty") ? load_sampled_sweep(file, samples, vm.count("uncertainty-seed"), useed)
                                           : load_sweep(file);
  check_points(spec);
  SweepOutcome out   = run_sweep(spec, o);
  std::string merged = o.merge ? " -> " + o.out_dir + "/sweep.csv" : std::string(" (not merged)");
  std::string rerun  = out.rerun ? " (" + out.rerun_text() + ")" : std::string();
  std::fprintf(stderr, "[sweep] %zu points: %zu run%s, %zu already done, %zu failed, %zu worker processes%s\n",
               out.total, out.ran, rerun.c_str(), out.skipped, out.failed, out.workers, merged.c_str());
  if (out.failed)
    std::fprintf(stderr, "[sweep] failed points keep their error in %s/points/<id>.error\n", o.out_dir.c_str());
  return out.failed ? 1 : 0;
}

} // namespace cs::cli
