#include "models/common/net/switch_config.hpp"
#include "models/common/net/qos_config.hpp"
#include "sim/input/errors.hpp"

#include <map>

namespace cs::net {

namespace {

std::vector<unsigned> counts(const json& topology, const char* key)
{
  std::vector<unsigned> out;
  for (auto const& v : topology.at(key))
    out.push_back(v.get<unsigned>());
  return out;
}

/** The fat tree of `sw`'s topology (the platform checked its numbers) and the leaf of each of `hosts`. */
void use_fat_tree(FabricConfig& c, const Platform& platform, const SwitchSpec& sw,
                  const std::vector<simgrid::s4u::Host*>& hosts)
{
  const json& t    = sw.topology;
  std::string kind = t.value("kind", std::string("fat_tree"));
  if (c.shared_medium)
    throw InputError(platform.spec().file, sw.pointer + "/topology",
                     "a shared medium is one segment: it has no topology");
  if (kind != "fat_tree")
    throw InputError(platform.spec().file, sw.pointer + "/topology/kind",
                     "the UDP fabric routes one switch or a fat tree, not a " + kind);
  for (unsigned n : counts(t, "link_count"))
    if (n != 1)
      throw InputError(platform.spec().file, sw.pointer + "/topology/link_count",
                       "the UDP fabric takes one cable between a node and each parent");
  c.fat_tree = std::make_shared<FatTreePaths>(counts(t, "down"), counts(t, "up"));
  // Host i of the platform is leaf i of the fabric (sim/platform/platform_topology.hpp).
  std::map<const simgrid::s4u::Host*, long> leaf;
  for (auto* h : platform.hosts())
    leaf.emplace(h, static_cast<long>(leaf.size()));
  for (auto* h : hosts)
    c.leaf_of.push_back(leaf.at(h));
}

} // namespace

FabricConfig fabric_config(const Platform& platform, const SwitchSpec& sw,
                           const std::vector<simgrid::s4u::Host*>& hosts)
{
  QosConfig q = qos_config(platform, sw);
  if (q.enabled)
    throw InputError(platform.spec().file, sw.pointer + "/qos/mls_qos",
                     "QoS egress queues are not modelled by the FIFO UDP fabric; set it false for this model");
  FabricConfig c;
  c.port_buffer   = q.port_buffer;
  c.mtu           = q.mtu;
  c.bandwidth     = sw.port.effective_bandwidth(platform.options().slowdown);
  c.latency       = sw.port.effective_latency(platform.options().slowdown);
  c.switch_name   = sw.name;
  c.shared_medium = q.shared_medium;
  if (not sw.topology.is_null())
    use_fat_tree(c, platform, sw, hosts);
  return c;
}

SocketConfig socket_config(const Platform& platform, const simgrid::s4u::Host* host)
{
  const OsProfile& os = platform.os(host);
  SocketConfig s;
  s.rcvbuf   = os.cost("udp_rcvbuf_size");
  s.truesize = os.cost("skb_truesize_size");
  return s;
}

} // namespace cs::net
