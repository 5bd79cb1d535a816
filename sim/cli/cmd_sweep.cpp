#include "sim/cli/commands.hpp"
#include "sim/cli/options.hpp"
#include "sim/errors.hpp"
#include "sim/scenario.hpp"
#include "sim/sweep.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

int cmd_sweep(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("sweep options");
  std::string file, shard;
  SweepRunOptions o;
  desc.add_options()("sweep", po::value<std::string>(&file)->required(), "sweep JSON file")(
      "out,o", po::value<std::string>(&o.out_dir)->required(), "output folder (re-running skips finished points)")(
      "jobs,j", po::value<int>(&o.jobs)->default_value(2), "points run in parallel (one process each)")(
      "shard", po::value<std::string>(&shard),
      "run only slice K/N of the points (K in 1..N)")("quiet,q", po::bool_switch(&o.quiet), "no progress line");
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
  o.forward      = simgrid_args;
  o.self_exe     = self_executable();
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

} // namespace cs::cli
