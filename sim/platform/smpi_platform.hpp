/* A built platform written back as SimGrid XML for SMPI (`clustersim smpi-platform`): `smpirun -platform` then runs
 * an MPI program on the machine clustersim simulates. Whatever zones the platform was built into (explicit routes,
 * a star, a fat tree, torus or dragonfly fabric, an XML file), the engine knows each host pair's route; the writer
 * asks it for every route and lays them out in one Full-routing zone, so the XML needs no knowledge of how the
 * platform was built. A Full table holds a route per ordered pair of hosts, hence the bound on its hosts. */
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace simgrid::s4u {
class Host;
} // namespace simgrid::s4u

namespace cs {

struct PlatformSpec;

/** The most hosts a written platform holds: 256 hosts make 65,536 routes, about 10 MB of XML that SimGrid reads in
 *  about a second; a Full table grows as the square of its hosts. */
constexpr std::size_t smpi_platform_max_hosts = 256;

/** SimGrid option -> value as text. */
using SmpiConfig = std::vector<std::pair<std::string, std::string>>;

/** The options that decide how long a message takes (the network model and its factors, the TCP window, cross
 *  traffic, the loopback) and every option of the platform's "simgrid" block, each with
 *  the value it has in this process's engine: call after the platform is built (the network model sets its
 *  factors' defaults when it is created). Written out, they keep smpirun from its own defaults (it asks for
 *  network/model SMPI and its factors). */
SmpiConfig smpi_network_config(const PlatformSpec& spec);

/** The SimGrid XML (version 4.1) of `hosts` as this engine holds them (speed, cores, properties), the links of
 *  their routes (bandwidth, latency and sharing policy as built: slowdowns applied), and one route for each ordered
 *  pair of them (a host's route to itself too, unless it is SimGrid's loopback, which a Full zone adds by itself),
 *  in one Full-routing zone named `zone`, with `config` as its <config>. `spec` names the file in errors: a route
 *  through a link XML cannot give (Wi-Fi, non-linear sharing) is an InputError. */
std::string smpi_platform_xml(const std::vector<simgrid::s4u::Host*>& hosts, const SmpiConfig& config,
                              const std::string& zone, const PlatformSpec& spec);

/** An SMPI hostfile: one line per rank, the host of rank i on line i + 1 (smpirun places rank i on line i + 1). */
std::string smpi_hostfile(const std::vector<std::string>& rank_hosts);

/** `config` as smpirun's options, one `--cfg=KEY:VALUE` a line: given on smpirun's command line they win over the
 *  defaults smpirun passes (an XML <config> item loses to any option already set). */
std::string smpirun_cfg_args(const SmpiConfig& config);

} // namespace cs
