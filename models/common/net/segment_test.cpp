/* The UDP fabric's shared segment (FabricConfig::shared_medium, a platform switch with "medium": "shared"): every
 * host's frames take turns on one medium, so two senders to different receivers split its rate, where a switch
 * would give each its full port. */
#include "models/common/net/lossy_udp.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

namespace sg4 = simgrid::s4u;

namespace {

/** Bytes each of two senders (hosts 0 and 1, to hosts 2 and 3) delivers in `seconds`, both offering the line
 *  rate: a 1000-byte datagram every wire time of one. */
std::array<double, 2> two_senders(bool shared, double seconds)
{
  auto hosts = cs::test::bare_hosts(4);
  auto* e    = sg4::Engine::get_instance();
  cs::net::FabricConfig fc;
  fc.bandwidth     = 10e6 / 8; // 10 Mb/s
  fc.port_buffer   = 1e9;
  fc.shared_medium = shared;
  auto fabric      = std::make_shared<cs::net::Fabric>(fc, cs::net::SocketConfig{1e12, 1}, 4, 1, cs::Rng(1));
  fabric->start(hosts[0]);
  std::array<double, 2> got{};
  double gap = fabric->wire_bytes(1000) / fc.bandwidth;
  for (int s = 0; s < 2; ++s) {
    sg4::Actor::create("send" + std::to_string(s), hosts[static_cast<size_t>(s)], [fabric, s, gap, seconds]() {
      for (double t = 0; t < seconds; t += gap) {
        fabric->send({s, s + 2, 0, 1000, nullptr});
        sg4::this_actor::sleep_for(gap);
      }
    });
    sg4::Actor::create("recv" + std::to_string(s), hosts[static_cast<size_t>(s + 2)], [fabric, s, &got, seconds]() {
      while (auto d = fabric->socket(s + 2, 0).recv_until(seconds))
        got[static_cast<size_t>(s)] += d->bytes;
    });
  }
  e->run();
  return got;
}

} // namespace

TEST_CASE("A shared 10 Mb/s segment carrying two senders gives each about half of it", "[engine][net]")
{
  double seconds = 2;
  auto got       = two_senders(true, seconds);
  double line    = 10e6 / 8 * 1000 / (1000 + 8 + 20 + 38); // payload share of the wire bytes
  for (double b : got) {
    CAPTURE(b / seconds, line);
    REQUIRE(b / seconds == Approx(line / 2).epsilon(0.05));
  }
}
