/* Traffic into one egress port for the packet-level port: constant-rate sources (D-ITG: payload size and a fixed
 * inter-departure time, optionally jittered) and many-flow sources (exponential gaps). */
#pragma once
#include "models/common/net/egress_port.hpp"
#include "sim/run/rng.hpp"

#include <vector>

namespace cs::net {

struct Source {
  double rate;           ///< bytes/s of wire
  double frame;          ///< wire bytes per frame
  int queue;             ///< egress queue the frames go to
  bool poisson  = false; ///< exponential gaps instead of a constant inter-departure time
  double jitter = 0;     ///< constant sources: each departure moved by up to +-jitter seconds (uniform)
};

/** Feeds `sources` into `port` from simulated time `from` to `to` (frame by frame). */
void feed(PacketPort& port, const std::vector<Source>& sources, double from, double to, Rng& rng);
inline void feed(PacketPort& port, const std::vector<Source>& sources, double seconds, Rng& rng)
{
  feed(port, sources, 0, seconds, rng);
}

/** Wire bytes of a UDP datagram of `payload` bytes in one frame: UDP, IP and Ethernet headers, FCS, preamble and
 *  inter-frame gap. */
inline double udp_frame_on_wire(double payload)
{
  return payload + 8 + 20 + 14 + 4 + 20;
}

} // namespace cs::net
