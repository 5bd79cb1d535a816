/* The UDP fabric on a fat tree: the egress ports a datagram crosses between two leaves, and what crossing them
 * costs (a cable's latency per hop, a queue per port shared by the datagrams whose paths meet there). */
#include "models/common/net/fat_tree_paths.hpp"
#include "models/common/net/lossy_udp.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using cs::net::FatTreePaths;

TEST_CASE("A fat tree's paths climb to the lowest common switch and spread over the parents by destination",
          "[unit][net]")
{
  // 64 leaves: 16 edge switches of 4, each with 4 parents; 4 groups of 4 edge switches, each with 2 top parents.
  FatTreePaths ft({4, 4, 4}, {1, 4, 2});
  REQUIRE(ft.leaves() == 64);
  std::vector<long> p;
  std::set<long> all;
  std::map<long, std::set<long>> last_port; // by destination, over the sources
  for (long a = 0; a < 64; ++a)
    for (long b = 0; b < 64; ++b) {
      if (a == b)
        continue;
      ft.path(a, b, p);
      size_t top = a / 4 == b / 4 ? 1 : a / 16 == b / 16 ? 2 : 3;
      REQUIRE(p.size() == 2 * top - 1); // top - 1 ports up, top down
      REQUIRE(std::set<long>(p.begin(), p.end()).size() == p.size());
      for (long id : p) {
        REQUIRE((id >= 0 && id < ft.ports()));
        all.insert(id);
      }
      last_port[b].insert(p.back());
    }
  for (auto const& [b, ports] : last_port)
    REQUIRE(ports.size() == 1); // one port toward a host, whatever the source (one parent per host)
  // Every port is used by some pair: down ports toward each host and each child, up ports toward each parent.
  REQUIRE(static_cast<long>(all.size()) == ft.ports());
  // From one edge switch, destinations 0..3 of another group leave by four different parents (destination mod k).
  std::set<long> first_up;
  for (long b = 16; b < 20; ++b) {
    ft.path(0, b, p);
    first_up.insert(p.front());
  }
  REQUIRE(first_up.size() == 4);
}

namespace {
/** Each of `pairs` sends one 60000-B datagram at time 0 across `cfg`'s fabric of `hosts` hosts; returns when each
 *  arrives at its destination's socket (0 if lost). */
std::vector<double> arrivals(cs::net::FabricConfig cfg, int hosts, const std::vector<std::pair<int, int>>& pairs)
{
  auto h = cs::test::bare_hosts(hosts);
  cs::net::Fabric fabric(cfg, {1e9, 1750}, hosts, 1, cs::Rng(1));
  fabric.start(h[0]);
  std::vector<double> got(pairs.size(), 0);
  for (size_t i = 0; i < pairs.size(); ++i) {
    simgrid::s4u::Actor::create("rx" + std::to_string(i), h[static_cast<size_t>(pairs[i].second)], [&, i]() {
      auto d = fabric.socket(pairs[i].second, 0).recv_until(10);
      if (d)
        got[i] = simgrid::s4u::Engine::get_clock();
    });
  }
  simgrid::s4u::Actor::create("tx", h[0], [&]() {
    for (auto [a, b] : pairs)
      fabric.send({a, b, 0, 60000, nullptr, 0});
  });
  simgrid::s4u::Engine::get_instance()->run();
  return got;
}
} // namespace

TEST_CASE("Across a fat tree two datagrams toward one host meet at its port, and each hop adds a cable's latency",
          "[engine][net]")
{
  cs::net::FabricConfig cfg;
  cfg.bandwidth   = 125e6;
  cfg.latency     = 1e-3; // large beside the 0.5 ms a datagram takes on the wire, to see the hops
  cfg.port_buffer = 1e6;
  cfg.fat_tree    = std::make_shared<FatTreePaths>(std::vector<unsigned>{4, 4}, std::vector<unsigned>{1, 2});
  for (long i = 0; i < 16; ++i)
    cfg.leaf_of.push_back(i);
  // 0 -> 1 within an edge switch (2 cables); 4 -> 8 and 12 -> 8 across the top (4 cables), meeting at 8's ports.
  auto t      = arrivals(cfg, 16, {{0, 1}, {4, 8}, {12, 8}});
  double wire = (60000 + 8 + 42 * (20 + 38)) / 125e6;
  REQUIRE(t[0] == Approx(2e-3 + wire).epsilon(0.05));
  REQUIRE(std::min(t[1], t[2]) == Approx(4e-3 + wire).epsilon(0.05));
  REQUIRE(std::max(t[1], t[2]) == Approx(4e-3 + 2 * wire).epsilon(0.05)); // the second waits its turn
}
