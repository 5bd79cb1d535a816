/* The bare S4U ping-pong that bench/pingpong.sh compares clustersim against: the same two hosts, link and exchange
 * as scenarios/pingpong/pingpong.json, with nothing of clustersim (platform built in code, no JSON, no result). */
#include <simgrid/s4u.hpp>
#include <string>

namespace sg4 = simgrid::s4u;

int main(int argc, char** argv)
{
  sg4::Engine e(&argc, argv);
  long n = argc > 1 ? std::stol(argv[1]) : 1000;
  e.set_config("network/model:CM02");
  e.set_config("network/crosstraffic:0");
  auto* zone = sg4::create_full_zone("bare");
  auto* a    = zone->create_host("a", 1e9)->seal();
  auto* b    = zone->create_host("b", 1e9)->seal();
  auto* l    = zone->create_link("wire", 125e6)->set_latency(50e-6)->seal();
  zone->add_route(a->get_netpoint(), b->get_netpoint(), nullptr, nullptr, {sg4::LinkInRoute(l)}, true);
  zone->seal();
  auto* in  = sg4::Mailbox::by_name("in");
  auto* out = sg4::Mailbox::by_name("out");
  static char token;
  sg4::Actor::create("ping", a, [=]() {
    for (long i = 0; i < n; ++i) {
      in->put(&token, 64);
      out->get<char>();
    }
  });
  sg4::Actor::create("pong", b, [=]() {
    for (long i = 0; i < n; ++i)
      out->put(in->get<char>(), 64);
  });
  e.run();
  std::printf("%.9f\n", sg4::Engine::get_clock());
  return 0;
}
