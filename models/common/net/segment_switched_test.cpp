/* Against the shared segment (segment_test.cpp): the same two senders through a switch each keep their port's
 * full rate. One engine per process: its own file. */
#include "models/common/net/lossy_udp.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

namespace sg4 = simgrid::s4u;

TEST_CASE("Through a switch two senders to different receivers each keep the full 10 Mb/s", "[engine][net]")
{
  auto hosts = cs::test::bare_hosts(4);
  auto* e    = sg4::Engine::get_instance();
  cs::net::FabricConfig fc;
  fc.bandwidth   = 10e6 / 8;
  fc.port_buffer = 1e9;
  auto fabric    = std::make_shared<cs::net::Fabric>(fc, cs::net::SocketConfig{1e12, 1}, 4, 1, cs::Rng(1));
  fabric->start(hosts[0]);
  std::array<double, 2> got{};
  double seconds = 2, gap = fabric->wire_bytes(1000) / fc.bandwidth;
  for (int s = 0; s < 2; ++s) {
    sg4::Actor::create("send", hosts[static_cast<size_t>(s)], [fabric, s, gap, seconds]() {
      for (double t = 0; t < seconds; t += gap) {
        fabric->send({s, s + 2, 0, 1000, nullptr});
        sg4::this_actor::sleep_for(gap);
      }
    });
    sg4::Actor::create("recv", hosts[static_cast<size_t>(s + 2)], [fabric, s, &got, seconds]() {
      while (auto d = fabric->socket(s + 2, 0).recv_until(seconds))
        got[static_cast<size_t>(s)] += d->bytes;
    });
  }
  e->run();
  double line = 10e6 / 8 * 1000 / (1000 + 8 + 20 + 38);
  for (double b : got)
    REQUIRE(b / seconds == Approx(line).epsilon(0.05));
}
