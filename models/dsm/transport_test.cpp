/* Seed 003, JIAJIA's messaging (comm.c): the busy-wait for an ACK spins on the process's one CPU, whoever sends. */
#include "models/common/net/lossy_udp.hpp"
#include "models/dsm/transport.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

#include <memory>

namespace sg4 = simgrid::s4u;

namespace {
sg4::Engine* transport_engine()
{
  static int argc     = 2;
  static char a0[]    = "test";
  static char a1[]    = "--log=root.thres:critical";
  static char* argv[] = {a0, a1, nullptr};
  return new sg4::Engine(&argc, argv);
}
} // namespace

TEST_CASE("A reply's wait for its ACK holds the home's CPU: the home's program is pushed back by it", "[engine][dsm]")
{
  sg4::Engine* e = transport_engine();
  auto* zone     = sg4::create_full_zone("lan");
  sg4::Host* h0  = zone->create_host("home", 1e9);
  sg4::Host* h1  = zone->create_host("client", 1e9);
  zone->seal();
  cs::net::FabricConfig gige;
  gige.bandwidth   = 125e6;
  gige.latency     = 10e-6;
  gige.port_buffer = 1e9;
  cs::net::Fabric fabric(gige, {1e9, 1712}, 2, 2, cs::Rng(1));
  fabric.start(h0);
  cs::dsm::Costs no_cost; // no CPU cost but the waits: whatever pushes the program back is the ACK busy-wait
  no_cost.speed   = 1e9;
  no_cost.copy_bw = 1e18;
  cs::dsm::Transport home(0, h0, fabric, no_cost, 32, 4, 1.0, 3);
  cs::dsm::Transport client(1, h1, fabric, no_cost, 32, 4, 1.0, 3);
  // The home answers each request from its SIGIO handler with a reliable 8 KB grant (JIAJIA's getpserver).
  home.set_handler([&home](const cs::dsm::MsgPtr& m) {
    auto grant     = std::make_shared<cs::dsm::Msg>();
    grant->op      = cs::dsm::Op::getpgrant;
    grant->src     = 0;
    grant->dst     = m->src;
    grant->payload = 8192;
    home.post(grant, false);
  });
  client.set_handler([](const cs::dsm::MsgPtr&) {});
  home.start();
  client.start();
  double computed = 0;
  sg4::Actor::create("home-program", h0, [&home, &computed] {
    home.cpu(0.01); // 10 ms of the home's own work, during which the requests arrive
    computed = sg4::Engine::get_clock();
  });
  sg4::Actor::create("client-program", h1, [&client] {
    for (long page = 0; page < 10; ++page) {
      auto getp = std::make_shared<cs::dsm::Msg>();
      getp->src = 1;
      getp->dst = 0;
      getp->arg = page;
      client.post(getp, true);
    }
  });
  e->run();
  double waited = home.counters().ack_wait_s;
  REQUIRE(home.counters().sent[static_cast<size_t>(cs::dsm::Op::getpgrant)] == 10);
  REQUIRE(waited > 10 * 2 * 10e-6); // each grant waited at least a round trip of latencies
  REQUIRE(computed == Approx(0.01 + waited).epsilon(1e-9));
}
