#include "models/common/net/switch_config.hpp"
#include "models/common/net/qos_config.hpp"
#include "sim/input/errors.hpp"

namespace cs::net {

FabricConfig fabric_config(const Platform& platform, const SwitchSpec& sw)
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
