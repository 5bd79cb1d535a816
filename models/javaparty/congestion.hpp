/* What the UDP blast of chapter V.C does to each blasted machine's switch port: the loss and queueing delay that
 * the JavaParty (TCP) frames from each other machine meet there (the QoS policy marks some host pairs and not
 * others), and the blast frames that get through and must be received by the machine's CPU. Computed once per run
 * from the switch's configuration (QoS on or off) by the fluid or the packet-level port.
 * Fluid: a tail-drop queue that the blast keeps full (offered more than it serves) holds frames for its whole drop
 * limit; a JavaParty frame arriving there finds room only if it comes between a departure and the blast's next
 * frame: it is dropped with probability full_queue_loss, a parameter (the fluid's average loss is right for random
 * arrivals, a phase-locked line-rate blast drops about every other frame; see docs/models/javaparty.md). */
#pragma once
#include "models/common/net/qos_config.hpp"
#include "models/javaparty/params.hpp"
#include "sim/run/rng.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs::javaparty {

/** What JavaParty frames of one class meet at a port. */
struct JpPath {
  double loss  = 0; ///< probability a frame is dropped
  double delay = 0; ///< queueing delay (s)
};

struct PortState {
  std::map<std::string, JpPath> from; ///< by the RayTracer machine sending into the port
  double blast_fps = 0;               ///< blast frames per second delivered to the host
  JpPath path_from(const std::string& host) const
  {
    auto it = from.find(host);
    return it == from.end() ? JpPath{} : it->second;
  }
};

/** Blast frames per second each generator offers (`rate`, or the line rate of `bandwidth` bytes/s). */
double blast_offered_fps(const Params& p, double bandwidth);

/** The state of the port of each of `targets` (blasted by the matching `sources`) for JavaParty frames from the
 *  other targets (the RayTracer's machines). `bandwidth`: the port's bytes/s. */
std::map<std::string, PortState> blasted_ports(const Params& p, const net::QosConfig& qos, bool qos_on,
                                               double bandwidth, const std::vector<std::string>& targets,
                                               const std::vector<std::string>& sources, Rng& rng);

} // namespace cs::javaparty
