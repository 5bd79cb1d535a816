/* A UDP round trip known only as a measured total, split into parts by assumption.
 *
 * Some platforms know one number for their UDP path, a request-response time, and split it by assumption into the
 * sender's cost (udp_send), the receiver's (udp_recv) and a latency on each of the two port links of a one-way trip.
 * Drawing those parts independently would give round trips the measurement excludes. Such a platform writes the
 * split's degrees of freedom as three factors in the OS profile, each 1 as written, and the parts are derived from
 * them here, so that any draw keeps the total it implies:
 *   udp_round_trip_factor  r: the round trip over the one the written parts add up to (the measured total);
 *   udp_host_share_factor  h: the hosts' share (udp_send + udp_recv) of the one-way time over the written one;
 *   udp_send_share_factor  s: the sender's share of the hosts' part over the written one.
 * With the written parts send, recv, latency (host = send + recv):
 *   send' = send r h s,   recv' = recv r h + send r h (1 - s),   latency' = latency r + host r (1 - h) / 2,
 * so send' + recv' = r h host and send' + recv' + 2 latency' = r (host + 2 latency). At r = h = s = 1 every part is
 * the written number to the last bit (a product by 1 and a sum with 0), so a point run is unchanged. */
#pragma once
namespace cs {
struct OsProfile;
}

namespace cs::dsm {

/** The three parts of a one-way UDP trip: the sender's and the receiver's CPU, and each port link's latency. */
struct UdpParts {
  double send         = 0;
  double recv         = 0;
  double port_latency = 0;
};

/** The parts `written` moved by the split factors r, h, s (see above). */
UdpParts split_udp(double r, double h, double s, const UdpParts& written);

/** True when the OS profile writes any of the split factors. */
bool has_udp_split(const cs::OsProfile& os);

/** The profile's parts (its udp_send and udp_recv, and `port_latency`) moved by its split factors (1 if absent);
 *  an InputError naming the profile if a part would be negative. */
UdpParts split_udp(const cs::OsProfile& os, double port_latency);

/** The profile's udp_send and udp_recv moved by its split factors, without the port latency (which the fabric
 *  takes, and checks, from split_udp); port_latency of the result is not meaningful. */
UdpParts host_parts(const cs::OsProfile& os);

} // namespace cs::dsm
