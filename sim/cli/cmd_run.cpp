#include "sim/cli/commands.hpp"
#include "sim/cli/options.hpp"
#include "sim/data_dir.hpp"
#include "sim/json_io.hpp"
#include "sim/run.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

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
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim run SCENARIO.json [--out DIR] [--seed N] [--set a.b=v]... [--plot]"))
    return 0;
  if (vm.count("seed"))
    o.seed = seed;
  o.scenario = find_data_file(o.scenario); // a shipped scenario runs from any folder
  o.sets     = sets;
  auto eargs = engine_args(simgrid_args);
  std::vector<char*> argv;
  for (auto& s : eargs)
    argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc        = static_cast<int>(eargs.size());
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

} // namespace cs::cli
