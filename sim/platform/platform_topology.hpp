/* Switch fabrics beyond one switch, from SimGrid's own cluster zones: a switch's "topology" makes its hosts the
 * leaves of a fat tree, a torus or a dragonfly whose every cable is the switch's port link. SimGrid computes each
 * route from the coordinates (d-mod-k in a fat tree, dimension order in a torus, minimal in a dragonfly), so the
 * routing costs memory per element, not per pair of hosts. */
#pragma once
#include "sim/platform/platform.hpp"

#include <functional>

namespace simgrid::s4u {
class NetZone;
} // namespace simgrid::s4u

namespace cs {

/** Reads a switch's "topology" object (documenting: declares its fields) and returns how many hosts it has room
 *  for (its leaves); InputError if a field is bad. */
size_t parse_topology(Fields& t);

/** A platform whose one switch carries every host and no explicit route: a star or a topology routes it alone. */
bool is_single_switch(const PlatformSpec& spec);

/** Refuses a topology anywhere but on the one switch of a single-switch platform, or with fewer leaves than hosts. */
void check_topologies(const PlatformSpec& spec);

/** The cluster zone the one switch's topology names, with `make_host(zone, i)` for host i at leaf i (the leaves
 *  beyond the platform's hosts hold spare hosts no model sees); its cables are the switch's port link, slowed by
 *  `slowdown`. Returns the zone, not sealed. */
simgrid::s4u::NetZone*
build_topology_zone(const PlatformSpec& spec, double slowdown,
                    const std::function<simgrid::s4u::Host*(simgrid::s4u::NetZone*, size_t)>& make_host);

} // namespace cs
