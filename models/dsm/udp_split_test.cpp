/* A UDP round trip split into parts: a draw moves the parts, never the total it stands for. */
#include "models/dsm/udp_split.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"

#include <catch2/catch.hpp>

using cs::dsm::split_udp;
using cs::dsm::UdpParts;

namespace {
double one_way(const UdpParts& p)
{
  return p.send + p.recv + 2 * p.port_latency;
}
} // namespace

TEST_CASE("The split factors at 1 give the written parts to the last bit", "[unit][dsm]")
{
  UdpParts written{5e-6, 7e-6, 5e-6};
  UdpParts p = split_udp(1, 1, 1, written);
  CHECK(p.send == written.send);
  CHECK(p.recv == written.recv);
  CHECK(p.port_latency == written.port_latency);
}

TEST_CASE("The shares move the parts and keep the total; the round trip factor scales it", "[unit][dsm]")
{
  UdpParts written{100e-6, 175e-6, 25e-6};
  double total  = one_way(written);
  UdpParts host = split_udp(1, 0.9, 1, written);
  CHECK(one_way(host) == Approx(total).epsilon(1e-12));
  CHECK(host.send + host.recv == Approx(0.9 * 275e-6).epsilon(1e-12));
  CHECK(host.port_latency > written.port_latency);
  UdpParts send = split_udp(1, 1, 1.2, written);
  CHECK(one_way(send) == Approx(total).epsilon(1e-12));
  CHECK(send.send + send.recv == Approx(275e-6).epsilon(1e-12));
  CHECK(send.send == Approx(120e-6).epsilon(1e-12));
  CHECK(send.port_latency == written.port_latency);
  UdpParts rtt = split_udp(1.1, 1, 1, written);
  CHECK(one_way(rtt) == Approx(1.1 * total).epsilon(1e-12));
  CHECK(rtt.send / rtt.recv == Approx(written.send / written.recv).epsilon(1e-12));
}

TEST_CASE("A profile without split factors reads its parts as written; one whose factors leave a negative part fails",
          "[unit][dsm]")
{
  cs::OsProfile os;
  os.name                    = "p";
  os.file                    = "platforms/p.json";
  os.costs["udp_send"].value = 5e-6;
  os.costs["udp_recv"].value = 7e-6;
  CHECK_FALSE(cs::dsm::has_udp_split(os));
  CHECK(split_udp(os, 5e-6).port_latency == 5e-6);
  os.costs["udp_host_share_factor"].value = 1.5;
  CHECK(split_udp(os, 5e-6).port_latency == Approx(2e-6).epsilon(1e-12));
  CHECK(cs::dsm::host_parts(os).send + cs::dsm::host_parts(os).recv == Approx(18e-6).epsilon(1e-12));
  os.costs["udp_host_share_factor"].value = 2.0;
  CHECK_THROWS_AS(split_udp(os, 5e-6), cs::InputError);
  CHECK_NOTHROW(cs::dsm::host_parts(os));        // the latency is the fabric's to check
  os.costs["udp_send_share_factor"].value = 3.0; // the receiver's part would be negative
  CHECK_THROWS_AS(cs::dsm::host_parts(os), cs::InputError);
}
