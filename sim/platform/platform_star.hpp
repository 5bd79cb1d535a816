/* One switch as a star: SimGrid's StarZone keeps a route per host (its port up and the backplane out, its port down
 * in) instead of a route per ordered pair of hosts, so a 4,096-host switch holds 4,096 routes, not 16.7 million. */
#pragma once
#include "sim/platform/platform.hpp"

namespace simgrid::s4u {
class NetZone;
} // namespace simgrid::s4u

namespace cs {

/** True when the platform's network model sends a host's messages to itself through SimGrid's loopback link (CM02
 *  and the models built on it; LV08, the default). The constant and ns-3 models have none. */
bool has_loopback_model(const PlatformSpec& spec);

/** True when the platform is one switch carrying every host (no topology), with no explicit route, on a network
 *  model with a loopback: then a star gives each pair of hosts the route the full table would (same links, same
 *  order, the same loopback to itself). */
bool is_star_platform(const PlatformSpec& spec);

/** The star's routes of `host`: out through its up port and the backplane, in through its down port, and to itself
 *  through a loopback of its own with SimGrid's loopback's bandwidth and latency (what a full table gives a host by
 *  itself, one fatpipe, the same share for each flow; one link per host keeps each host's local flows out of the
 *  others' share computations). */
void add_star_routes(simgrid::s4u::NetZone* zone, simgrid::s4u::Host* host, simgrid::s4u::Link* up,
                     simgrid::s4u::Link* backplane, simgrid::s4u::Link* down);

} // namespace cs
