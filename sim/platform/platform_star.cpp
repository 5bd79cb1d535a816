#include "sim/platform/platform_star.hpp"
#include "sim/platform/platform_topology.hpp"

#include <simgrid/s4u.hpp>

namespace sg4 = simgrid::s4u;

namespace cs {

bool has_loopback_model(const PlatformSpec& spec)
{
  auto it = spec.simgrid_config.find("network/model");
  if (it == spec.simgrid_config.end())
    return true;
  for (const char* m : {"CM02", "LV08", "SMPI", "IB"})
    if (it->second == m)
      return true;
  return false;
}

bool is_star_platform(const PlatformSpec& spec)
{
  // Without a loopback, a star would send a host's message to itself out through its port and back.
  return is_single_switch(spec) && spec.switches[0].topology.is_null() && has_loopback_model(spec);
}

void add_star_routes(sg4::NetZone* zone, sg4::Host* host, sg4::Link* up, sg4::Link* backplane, sg4::Link* down)
{
  auto* self = host->get_netpoint();
  zone->add_route(self, nullptr, nullptr, nullptr, {sg4::LinkInRoute(up), sg4::LinkInRoute(backplane)}, false);
  zone->add_route(nullptr, self, nullptr, nullptr, {sg4::LinkInRoute(down)}, false);
  // A loopback of the host's own, with SimGrid's loopback's bandwidth and latency: SimGrid's one loopback link
  // carries every host's messages to itself, and its solver re-solves every flow that shares a link with a changed
  // one, so that link made all of a platform's local flows one system. A fatpipe gives each flow its bandwidth
  // whatever else crosses it, so a copy per host gives every flow the same share.
  const sg4::Link* shared = sg4::Engine::get_instance()->link_by_name("__loopback__");
  sg4::Link* own          = zone->create_link(host->get_name() + ":loopback", shared->get_bandwidth())
                       ->set_latency(shared->get_latency())
                       ->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE);
  zone->add_route(self, self, nullptr, nullptr, {sg4::LinkInRoute(own)}, false);
}

} // namespace cs
