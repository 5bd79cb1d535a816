#include "models/dsm/udp_split.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"

namespace cs::dsm {

UdpParts split_udp(double r, double h, double s, const UdpParts& written)
{
  double host = written.send + written.recv;
  UdpParts p;
  p.send         = written.send * r * h * s;
  p.recv         = written.recv * r * h + written.send * r * h * (1 - s);
  p.port_latency = written.port_latency * r + host * r * (1 - h) / 2;
  return p;
}

bool has_udp_split(const cs::OsProfile& os)
{
  return os.has("udp_round_trip_factor") || os.has("udp_host_share_factor") || os.has("udp_send_share_factor");
}

namespace {
UdpParts split_of(const cs::OsProfile& os, double port_latency, bool latency_known)
{
  UdpParts written{os.cost("udp_send"), os.cost("udp_recv"), port_latency};
  if (not has_udp_split(os))
    return written;
  UdpParts p = split_udp(os.cost_or("udp_round_trip_factor", 1), os.cost_or("udp_host_share_factor", 1),
                         os.cost_or("udp_send_share_factor", 1), written);
  if (p.send < 0 || p.recv < 0 || (latency_known && p.port_latency < 0))
    throw InputError(os.file, os.pointer,
                     "the UDP split factors of OS profile \"" + os.name +
                         "\" leave a negative part of the round trip (send " + std::to_string(p.send) + " s, recv " +
                         std::to_string(p.recv) + " s, port latency " + std::to_string(p.port_latency) + " s)");
  return p;
}
} // namespace

UdpParts split_udp(const cs::OsProfile& os, double port_latency)
{
  return split_of(os, port_latency, true);
}

UdpParts host_parts(const cs::OsProfile& os)
{
  return split_of(os, 0, false);
}

} // namespace cs::dsm
