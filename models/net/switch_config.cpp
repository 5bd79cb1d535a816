#include "models/net/switch_config.hpp"
#include "sim/errors.hpp"

namespace cs::net {

FabricConfig fabric_config(const Platform& platform, const SwitchSpec& sw)
{
  const std::string& file = platform.spec().file;
  std::string ptr         = sw.pointer + "/qos";
  Fields q(sw.qos.is_object() ? sw.qos : json::object(), file, ptr);
  FabricConfig c;
  bool qos =
      q.boolean("mls_qos", false, "switch QoS (Catalyst 'mls qos'): off gives one FIFO tail-drop queue per port");
  if (qos)
    q.fail("mls_qos", "QoS egress queues are not modelled by the FIFO UDP fabric; set it false for this model");
  c.port_buffer =
      read_sourced(q, "port_buffer", Unit::size, "bytes one egress port can queue", Range::positive()).value;
  Sourced mtu{1500, "Ethernet MTU"};
  c.mtu = read_sourced(q, "mtu", Unit::size, "IP MTU of the LAN", Range::at_least(100), &mtu).value;
  q.string("description", "", "what this switch is");
  q.finish();
  c.bandwidth = sw.port.effective_bandwidth(platform.options().slowdown);
  c.latency   = sw.port.effective_latency(platform.options().slowdown);
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
