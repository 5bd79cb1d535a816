/* What the UDP blast of chapter V.C does to each blasted machine's switch port: the loss and queueing delay its
 * JavaParty (TCP) segments meet, and the blast frames that get through and must be received by its CPU. Computed
 * once per run from the switch's configuration (QoS on or off) by the fluid or the packet-level port. */
#pragma once
#include "models/javaparty/params.hpp"
#include "models/net/qos_config.hpp"
#include "sim/rng.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs::javaparty {

struct PortState {
  double jp_loss   = 0; ///< probability a JavaParty segment into this port is dropped
  double jp_delay  = 0; ///< queueing delay it meets (s)
  double blast_fps = 0; ///< blast frames per second delivered to the host
};

/** The state of the port of each of `targets` (blasted by the matching `sources`), for JavaParty traffic from the
 *  other targets (the RayTracer's machines). `bandwidth`: the port's bytes/s. */
std::map<std::string, PortState> blasted_ports(const Params& p, const net::QosConfig& qos, bool qos_on,
                                               double bandwidth, const std::vector<std::string>& targets,
                                               const std::vector<std::string>& sources, Rng& rng);

} // namespace cs::javaparty
