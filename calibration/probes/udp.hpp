/* Native UDP request-response over the loopback interface: a client thread sends a `request_bytes` datagram, a
 * server thread answers with `reply_bytes`. Over loopback there is no wire: the round trip is the hosts' own cost
 * (system calls, protocol stack, copies, wake-ups), which the profile turns into a per-datagram and a per-byte
 * cost. Client and server are pinned to two different CPUs when there are two. */
#pragma once
#include "calibration/timing.hpp"

#include <cstddef>
#include <vector>

namespace cs::calib {

/** A request size and the reply size it asks for. */
struct UdpExchange {
  size_t request;
  size_t reply;
};

/** Seconds per request-response round trip, for each exchange. The exchanges are measured interleaved (each sample
 *  round times a batch of every one of them in turn): the loopback's round trip drifts between modes on a virtual
 *  machine (how deeply an idle CPU sleeps), and interleaving makes every size see the same modes, so that the
 *  figures stay comparable with each other, which the per-byte fit needs. */
std::vector<Summary> bench_udp_rtt(const Plan& plan, const std::vector<UdpExchange>& exchanges);

} // namespace cs::calib
