#include "sim/platform/platform_topology.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform_star.hpp"

#include <cmath>
#include <map>
#include <simgrid/s4u.hpp>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace cs {

namespace {

/** The most leaves a fabric may have (the bound of a platform's hosts, sim/platform.cpp). */
constexpr double max_leaves = 65536;

/** The most elements (switches or routers, and cables) a generated fabric may have beside its hosts. SimGrid builds
 *  each before any check of ours could run: a fat tree with up = [65536, 65536] asked for 8.6 billion switches and
 *  cables and ended in bad_alloc at 3.98 GB. Measured: a fat tree of 1,028,608 elements peaked at 529 MB (about
 *  480 B apiece) and took 207 s to build on the shared machine, so 2^20 elements stay near 0.5 GB. The largest
 *  shipped fabric (dsm's fat-tree what-if at 1,024 nodes) has 1,584. A fabric's routing is computed from
 *  coordinates, not held per pair of hosts, so its hosts are bounded by the 65,536 of a platform, not the 4,096 of
 *  a full routing table: a dragonfly of 65,536 leaves peaked at 216 MB. */
constexpr double max_fabric_elements = 1048576;

struct Topology {
  std::string kind;
  unsigned levels = 0;
  std::vector<unsigned> down, up, link_count, dimensions, groups, chassis, routers;
  unsigned nodes = 0;
  double leaves  = 0;
};

std::vector<unsigned> counts(Fields& t, const std::string& key, const std::string& doc)
{
  std::vector<unsigned> out;
  for (double x : t.quantity_list(key, Unit::none, {}, doc, Range::between(1, max_leaves))) {
    if (x != std::floor(x))
      t.fail(key, "expected whole numbers, got " + std::to_string(x));
    out.push_back(static_cast<unsigned>(x));
  }
  return out;
}

double product(const std::vector<unsigned>& v)
{
  double p = 1;
  for (unsigned x : v)
    p *= x;
  return p;
}

/** The switches (or routers) and cables SimGrid makes for a topology, from its numbers alone (doubles: a product of
 *  factors up to 65,536 overflows no double). Counted as SimGrid 3.32's zones build them; a dragonfly's count is an
 *  upper bound (every pair of routers of a chassis, of chassis of a group and of groups, with its cables). */
double fabric_elements(const Topology& topo)
{
  double elements = 0;
  if (topo.kind == "fat_tree") {
    double nodes = product(topo.down); // level 0: the leaves
    for (size_t i = 0; i < topo.levels; ++i) {
      elements += nodes * topo.up[i] * topo.link_count[i]; // cables from each node of level i to its parents
      // the nodes of level i+1: every level's parents, the children below level i+1 taken away
      nodes = nodes * topo.up[i] / topo.down[i];
      elements += nodes;
    }
  } else if (topo.kind == "torus") {
    for (unsigned d : topo.dimensions)
      if (d > 1)
        elements += product(topo.dimensions); // one cable per host along each ring
  } else {
    double g = topo.groups[0], c = topo.chassis[0], r = topo.routers[0];
    double routers = g * c * r;
    elements       = routers + routers * topo.nodes + g * c * r * (r - 1) / 2 * topo.routers[1] +
               g * r * c * (c - 1) / 2 * topo.chassis[1] + g * (g - 1) / 2 * topo.groups[1];
  }
  return elements;
}

/** The keys of each kind: a key of another kind is refused (it would be silently unused). */
const std::map<std::string, std::vector<std::string>>& kind_keys()
{
  static const std::map<std::string, std::vector<std::string>> keys{
      {"fat_tree", {"levels", "down", "up", "link_count"}},
      {"torus", {"dimensions"}},
      {"dragonfly", {"groups", "chassis", "routers", "nodes"}}};
  return keys;
}

void check_kind(Fields& t, const Topology& topo)
{
  for (auto const& [kind, keys] : kind_keys())
    for (auto const& k : keys)
      if (kind != topo.kind && t.has(k))
        t.fail(k, "a field of a " + kind + " topology, not of a " + topo.kind + " one");
  auto need = [&](const std::string& key, size_t have, size_t want) {
    if (have != want)
      t.fail(key, "expected " + std::to_string(want) + " numbers, got " + std::to_string(have));
  };
  if (topo.kind == "fat_tree") {
    need("down", topo.down.size(), topo.levels);
    need("up", topo.up.size(), topo.levels);
    need("link_count", topo.link_count.size(), topo.levels);
  } else if (topo.kind == "torus") {
    if (topo.dimensions.empty())
      t.fail("dimensions", "a torus needs at least one dimension");
  } else {
    need("groups", topo.groups.size(), 2);
    need("chassis", topo.chassis.size(), 2);
    need("routers", topo.routers.size(), 2);
    // SimGrid 3.32's minimal routing leaves a group through router k of a chassis to reach group k (DragonflyZone::
    // get_local_route): with fewer routers than groups it indexes past them.
    if (topo.routers[0] < topo.groups[0])
      t.fail("routers", "SimGrid's dragonfly routing needs at least as many routers per chassis as groups (" +
                            std::to_string(topo.routers[0]) + " < " + std::to_string(topo.groups[0]) + ")");
  }
}

Topology read_topology(Fields& t)
{
  Topology topo;
  topo.kind       = t.choice("kind", "fat_tree", {"fat_tree", "torus", "dragonfly"},
                             "SimGrid's cluster zone the hosts are the leaves of (docs/scenarios.md)");
  topo.levels     = static_cast<unsigned>(t.integer("levels", 2, "fat_tree: levels of switches", 1, 8));
  topo.down       = counts(t, "down", "fat_tree: children of a switch, each level from the leaves up");
  topo.up         = counts(t, "up", "fat_tree: parents of a node, each level from the leaves up");
  topo.link_count = counts(t, "link_count", "fat_tree: cables between a node and each of its parents, each level");
  topo.dimensions = counts(t, "dimensions", "torus: hosts along each dimension");
  topo.groups     = counts(t, "groups", "dragonfly: [groups, cables between two groups]");
  topo.chassis    = counts(t, "chassis", "dragonfly: [chassis of a group, cables between two of its chassis]");
  topo.routers    = counts(t, "routers", "dragonfly: [routers of a chassis, cables between two of its routers]");
  topo.nodes      = static_cast<unsigned>(t.integer("nodes", 1, "dragonfly: hosts on each router", 1, 65536));
  t.string("description", "", "free text");
  t.finish();
  if (t.documenting())
    return topo;
  check_kind(t, topo);
  topo.leaves = topo.kind == "fat_tree" ? product(topo.down)
                : topo.kind == "torus"  ? product(topo.dimensions)
                                        : product({topo.groups[0], topo.chassis[0], topo.routers[0], topo.nodes});
  if (topo.leaves > max_leaves)
    t.fail("kind", "a fabric of " + format_number(topo.leaves) + " hosts: at most " + format_number(max_leaves));
  double elements = fabric_elements(topo);
  if (elements > max_fabric_elements)
    t.fail("kind", "a " + topo.kind + " of " + format_number(elements) + " switches and cables: at most " +
                       format_number(max_fabric_elements) +
                       " (SimGrid builds each, about 480 bytes apiece, before the run starts)");
  return topo;
}

sg4::Link::SharingPolicy policy_of(const LinkSpec& l)
{
  if (l.sharing == "fatpipe")
    return sg4::Link::SharingPolicy::FATPIPE;
  return l.sharing == "split-duplex" ? sg4::Link::SharingPolicy::SPLITDUPLEX : sg4::Link::SharingPolicy::SHARED;
}

} // namespace

size_t parse_topology(Fields& t)
{
  return static_cast<size_t>(read_topology(t).leaves);
}

bool is_single_switch(const PlatformSpec& spec)
{
  return spec.xml_file.empty() && spec.switches.size() == 1 && spec.routes.empty() &&
         spec.switches[0].hosts.size() == spec.hosts.size();
}

void check_topologies(const PlatformSpec& spec)
{
  for (auto const& sw : spec.switches) {
    if (sw.topology.is_null())
      continue;
    if (not is_single_switch(spec))
      throw InputError(spec.file, pointer_join(sw.pointer, "topology"),
                       "a topology is a whole platform's fabric: one switch carrying every host, no routes");
    Fields t(sw.topology, spec.file, pointer_join(sw.pointer, "topology"));
    size_t leaves = parse_topology(t);
    if (leaves < sw.hosts.size())
      throw InputError(spec.file, pointer_join(sw.pointer, "topology"),
                       "room for " + std::to_string(leaves) + " hosts, the switch carries " +
                           std::to_string(sw.hosts.size()) + ": make the fabric larger");
  }
}

sg4::NetZone* build_topology_zone(const PlatformSpec& spec, double slowdown,
                                  const std::function<sg4::Host*(sg4::NetZone*, size_t)>& make_host)
{
  const SwitchSpec& sw    = spec.switches.at(0);
  size_t hosts            = spec.hosts.size();
  const std::string& name = spec.name;
  Fields t(sw.topology, spec.file, pointer_join(sw.pointer, "topology"));
  Topology topo = read_topology(t);
  auto netpoint = [&](sg4::NetZone* zone, const std::vector<unsigned long>&, unsigned long id) {
    sg4::Host* h =
        id < hosts ? make_host(zone, id) : zone->create_host(sw.name + ":spare" + std::to_string(id), 1)->seal();
    return std::make_pair(h->get_netpoint(), static_cast<simgrid::kernel::routing::NetPoint*>(nullptr));
  };
  // A host's messages to itself take SimGrid's loopback, as on a star or a full table.
  std::function<sg4::ClusterCallbacks::ClusterLinkCb> loopback;
  if (has_loopback_model(spec))
    loopback = [](sg4::NetZone*, const std::vector<unsigned long>&, unsigned long) {
      return sg4::Engine::get_instance()->link_by_name("__loopback__");
    };
  sg4::ClusterCallbacks cb(netpoint, loopback, {});
  double bw  = sw.port.effective_bandwidth(slowdown);
  double lat = sw.port.effective_latency(slowdown);
  auto pol   = policy_of(sw.port);
  try {
    if (topo.kind == "fat_tree")
      return sg4::create_fatTree_zone(
          name, nullptr, sg4::FatTreeParams(topo.levels, topo.down, topo.up, topo.link_count), cb, bw, lat, pol);
    if (topo.kind == "torus") {
      // A dimension of size 1 has no ring: SimGrid still gives each host a link to itself along it, named by the
      // two ends alone, so a second such dimension declared the same links again ("Link declared several times").
      // Without those dimensions the hosts keep their numbers and every route its links. A dimension of size 2 is a
      // ring of two cables (0 to 1 and 1 to 0), each with a name of its own.
      std::vector<unsigned long> dims;
      for (unsigned d : topo.dimensions)
        if (d > 1)
          dims.push_back(d);
      if (dims.empty())
        dims.push_back(1);
      return sg4::create_torus_zone(name, nullptr, dims, cb, bw, lat, pol);
    }
    return sg4::create_dragonfly_zone(name, nullptr,
                                      sg4::DragonflyParams({topo.groups[0], topo.groups[1]},
                                                           {topo.chassis[0], topo.chassis[1]},
                                                           {topo.routers[0], topo.routers[1]}, topo.nodes),
                                      cb, bw, lat, pol);
  } catch (const std::invalid_argument& e) { // SimGrid's own check of the topology's numbers
    throw InputError(spec.file, pointer_join(sw.pointer, "topology"),
                     std::string("SimGrid refuses this topology: ") + e.what());
  }
}

} // namespace cs
