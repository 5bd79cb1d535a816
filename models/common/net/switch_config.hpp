/* The fabric's numbers, read from a platform switch: its port link (rate, latency) and its "qos" object (egress
 * buffering). Every value comes from the platform file with its source. */
#pragma once
#include "models/common/net/lossy_udp.hpp"
#include "sim/platform/platform.hpp"

namespace cs::net {

/** The fabric of `sw` between `hosts` (the fabric's host i is hosts[i]). With "mls_qos": true the switch would need
 *  QoS queues, which this FIFO fabric does not model: that is bad input for a model using it, and says so. A
 *  "topology" of kind fat_tree gives the fabric its switches' paths (one cable per parent); a torus or a dragonfly
 *  is bad input (this fabric routes neither). */
FabricConfig fabric_config(const Platform& platform, const SwitchSpec& sw,
                           const std::vector<simgrid::s4u::Host*>& hosts);

/** The receive side of a UDP socket on `host`, from its OS profile (costs udp_rcvbuf_size, skb_truesize_size). */
SocketConfig socket_config(const Platform& platform, const simgrid::s4u::Host* host);

} // namespace cs::net
