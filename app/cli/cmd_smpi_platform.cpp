/* `clustersim smpi-platform`: the machine a scenario (or a platform file) describes, written for smpirun — a SimGrid
 * XML platform, a hostfile placing the ranks as the msglog model places them, and the SimGrid options smpirun must
 * be given — so an MPI program traced or replayed by SMPI runs on the machine clustersim simulates
 * (docs/byo-application.md). */
#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "models/msglog/params.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/platform/load.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/platform/smpi_platform.hpp"
#include "sim/run/model.hpp"
#include "sim/run/scenario.hpp"

#include <cstdio>
#include <set>
#include <simgrid/s4u.hpp>

namespace po  = boost::program_options;
namespace sg4 = simgrid::s4u;

namespace cs::cli {

namespace {

/** Where the ranks go: `ranks_per_node` consecutive ranks on each host of the group, in the group's order. */
struct Placement {
  long ranks          = 0;
  long ranks_per_node = 1;
  std::string group; ///< "" : every host
  std::string file;  ///< the file whose fields set them (for messages)
  std::string pointer;
};

struct Input {
  PlatformOptions platform;
  GroupSizes sizes;
  Placement placement;
  std::string zone; ///< the name of the written zone
};

bool is_xml(const std::string& path)
{
  return path.size() > 4 && path.rfind(".xml") == path.size() - 4;
}

/** A msglog scenario: its platform, overrides and placement as `clustersim run` would use them. */
Input scenario_input(const std::string& path, std::vector<std::string> sets, long ranks)
{
  if (ranks > 0)
    sets.push_back("params.ranks=" + std::to_string(ranks));
  Scenario scenario = load_scenario(path, sets, std::nullopt);
  if (scenario.model != "msglog")
    throw InputError(path, "/model",
                     "smpi-platform places ranks as the msglog model does: give a msglog scenario (this one runs \"" +
                         scenario.model + "\") or a platform file with --ranks");
  Fields f(scenario.params, scenario.file, scenario.params_pointer);
  msglog::Params p = msglog::Params::from(f);
  Input in;
  in.platform  = scenario.platform;
  in.sizes     = find_model(scenario.model)->group_sizes(scenario);
  in.placement = {p.ranks, p.ranks_per_node, p.hosts_group, scenario.file, scenario.params_pointer};
  in.zone      = scenario.name;
  return in;
}

/** A platform file: the placement from the command line. */
Input platform_input(const std::string& path, long ranks, long per_node, const std::string& group)
{
  if (ranks <= 0)
    throw UsageError("a platform file needs --ranks N (a scenario gives its params.ranks)");
  if (ranks % per_node != 0)
    throw UsageError("--ranks-per-node " + std::to_string(per_node) + " must divide --ranks " + std::to_string(ranks));
  Input in;
  in.platform.file          = path;
  in.platform.path          = path;
  in.platform.scenario_file = path;
  if (not is_xml(path) && not group.empty()) // a generated group is made the size the ranks need
    in.sizes = {{group, ranks / per_node}};
  in.placement = {ranks, per_node, group, path, "/hosts"};
  return in;
}

/** The host of each rank. */
std::vector<std::string> rank_hosts(const Platform& platform, const Placement& pl)
{
  auto hosts = platform.hosts(pl.group);
  long nodes = pl.ranks / pl.ranks_per_node;
  if (static_cast<long>(hosts.size()) < nodes)
    throw InputError(pl.file, pl.pointer,
                     "platform " + platform.spec().file + " has " + std::to_string(hosts.size()) +
                         " hosts in group \"" + pl.group + "\", " + std::to_string(nodes) + " needed for " +
                         std::to_string(pl.ranks) + " ranks at " + std::to_string(pl.ranks_per_node) + " per node");
  std::vector<std::string> out;
  for (long r = 0; r < pl.ranks; ++r) {
    const std::string& name = hosts[static_cast<size_t>(r / pl.ranks_per_node)]->get_name();
    // smpirun reads a line "NAME:N" as N ranks on NAME, and a hostfile has one name a line.
    if (name.find_first_of(": \t\r\n") != std::string::npos)
      throw InputError(platform.spec().file, "/hosts",
                       "host \"" + name + "\" cannot be named in an SMPI hostfile (no ':' or blank in a rank's host)");
    out.push_back(name);
  }
  return out;
}

/** Every host of the platform when a Full table of them stays small, else the hosts the ranks run on. */
std::vector<sg4::Host*> written_hosts(const Platform& platform, const std::vector<std::string>& ranks,
                                      const Placement& pl)
{
  auto all = platform.hosts();
  if (all.size() <= smpi_platform_max_hosts)
    return all;
  std::vector<sg4::Host*> used;
  std::set<std::string> seen;
  for (auto const& r : ranks)
    if (seen.insert(r).second)
      used.push_back(platform.host(r));
  if (used.size() > smpi_platform_max_hosts)
    throw InputError(pl.file, pl.pointer,
                     "the ranks run on " + std::to_string(used.size()) +
                         " hosts; an SMPI platform is written for at "
                         "most " +
                         std::to_string(smpi_platform_max_hosts) +
                         " (one Full routing table, a route per pair of hosts)");
  return used;
}

} // namespace

int cmd_smpi_platform(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("smpi-platform options");
  std::string input, out, group;
  std::vector<std::string> sets;
  long ranks = 0, per_node = 1;
  desc.add_options()("input", po::value<std::string>(&input)->required(),
                     "a msglog scenario, or a platform file (JSON or SimGrid XML)")(
      "out,o", po::value<std::string>(&out)->required(),
      "folder to write platform.xml, hostfile and smpirun.args into")(
      "ranks", po::value<long>(&ranks), "MPI ranks (default: the scenario's params.ranks; required for a platform)")(
      "ranks-per-node", po::value<long>(&per_node)->default_value(1),
      "platform file only: consecutive ranks on each host (a scenario gives params.ranks_per_node)")(
      "hosts-group", po::value<std::string>(&group),
      "platform file only: the group whose hosts take the ranks, in order (default: every host)")(
      "set", po::value<std::vector<std::string>>(&sets)->composing(),
      "scenario only: override a scenario field, key.path=value (repeatable)");
  po::positional_options_description pos;
  pos.add("input", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim smpi-platform SCENARIO.json|PLATFORM.json|PLATFORM.xml --out DIR [--ranks N]\n"
                "         [--ranks-per-node K] [--hosts-group G] [--set a.b=v]...\n"
                "Writes DIR/platform.xml (SimGrid XML 4.1: the hosts, links and each host pair's route as clustersim "
                "builds them,\nin one Full-routing zone; at most 256 hosts, else the ranks' hosts), DIR/hostfile "
                "(rank i on line i+1:\nparams.ranks_per_node consecutive ranks on each host of params.hosts_group, as "
                "the msglog model places them)\nand DIR/smpirun.args (the network options, one --cfg a line, for "
                "smpirun's command line). Then:\n  smpirun -np N -platform DIR/platform.xml -hostfile DIR/hostfile "
                "$(cat DIR/smpirun.args) ./app\n(docs/byo-application.md)."))
    return 0;
  if (ranks < 0 || ranks > 65536 || per_node < 1 || per_node > 65536)
    throw UsageError("--ranks takes 1 to 65536 and --ranks-per-node 1 to 65536");
  std::string path = find_data_file(input);
  bool scenario    = not is_xml(path) && load_input_json(path).contains("model");
  bool placement_given =
      (vm.count("ranks-per-node") && not vm["ranks-per-node"].defaulted()) || vm.count("hosts-group");
  if (scenario && placement_given)
    throw UsageError("--ranks-per-node and --hosts-group are for a platform file: a scenario's params say them");
  if (not scenario && not sets.empty())
    throw UsageError("--set changes a scenario; " + input + " is a platform file");
  Input in          = scenario ? scenario_input(path, sets, ranks) : platform_input(path, ranks, per_node, group);
  PlatformSpec spec = load_scenario_platform(in.platform, in.sizes);
  if (in.zone.empty())
    in.zone = spec.name;
  for (auto const& name : {"platform.xml", "hostfile", "smpirun.args"})
    check_replaceable(out + "/" + name);
  check_simgrid_args(simgrid_args);

  EngineArgv argv(program_name, {quiet_config_log}, simgrid_args);
  sg4::Engine engine(argv.argc(), argv.argv());
  Platform platform(std::move(spec), in.platform);
  platform.configure(engine);
  platform.build(engine);
  auto ranks_on   = rank_hosts(platform, in.placement);
  auto hosts      = written_hosts(platform, ranks_on, in.placement);
  SmpiConfig conf = smpi_network_config(platform.spec());

  StagedFiles files; // the three together or none
  files.add(out + "/platform.xml", smpi_platform_xml(hosts, conf, in.zone, platform.spec()));
  files.add(out + "/hostfile", smpi_hostfile(ranks_on));
  files.add(out + "/smpirun.args", smpirun_cfg_args(conf));
  files.commit();
  std::printf("%s/platform.xml: %zu hosts; %s/hostfile: %ld ranks\n", out.c_str(), hosts.size(), out.c_str(),
              in.placement.ranks);
  return 0;
}

} // namespace cs::cli
