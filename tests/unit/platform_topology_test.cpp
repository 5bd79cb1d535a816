/* Switch fabrics: a star routes each pair as the full table did, and every topology routes between any two hosts. */
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

#include <set>

using cs::json;
namespace sg4 = simgrid::s4u;

namespace {

json sourced(const char* v)
{
  return {{"value", v}, {"source", "test"}};
}

/** `hosts` hosts on one switch, with `topology` (null: a star). */
json fabric(long hosts, const json& topology)
{
  json sw = {{"name", "fab"},
             {"port", {{"bandwidth", sourced("100Gbps")}, {"latency", sourced("1us")}}},
             {"backplane", {{"bandwidth", sourced("1Tbps")}, {"latency", sourced("0us")}, {"sharing", "fatpipe"}}}};
  if (not topology.is_null())
    sw["topology"] = topology;
  return {
      {"name", "fabric"},
      {"simgrid", {{"network/model", "CM02"}}},
      {"os_profiles", {{"plain", {{"costs", json::object()}}}}},
      {"hosts",
       json::array({{{"name", "h{i}"}, {"count", hosts}, {"first", 0}, {"speed", sourced("1Gf")}, {"os", "plain"}}})},
      {"switches", json::array({sw})}};
}

/** Builds the platform in a fresh engine and checks a route, with a positive latency, between every two hosts. */
/** An engine with `doc`'s platform configured and built on it. */
struct Built {
  explicit Built(const json& doc)
      : args("test", {"--log=root.thres:critical"}, {}), e(args.argc(), args.argv()),
        p(cs::parse_platform(doc, "fabric.json"), cs::PlatformOptions{})
  {
    p.configure(e);
    p.build(e);
  }
  cs::EngineArgv args;
  sg4::Engine e;
  cs::Platform p;
};

void routes_every_pair(const json& doc, size_t hosts)
{
  Built built(doc);
  cs::Platform& p = built.p;
  auto all        = p.hosts();
  REQUIRE(all.size() == hosts); // spare leaves are no model's hosts
  size_t routed = 0;
  for (auto* a : all)
    for (auto* b : all) {
      std::vector<sg4::Link*> links;
      double latency = 0;
      a->route_to(b, links, &latency);
      REQUIRE_FALSE(links.empty());
      if (a != b)
        REQUIRE(latency > 0);
      ++routed;
    }
  REQUIRE(routed == hosts * hosts);
}

} // namespace

TEST_CASE("a star routes each pair through its ports and the backplane, and a host to itself by its loopback",
          "[engine]")
{
  Built built(fabric(3, nullptr));
  cs::Platform& p = built.p;
  std::vector<sg4::Link*> links;
  double latency = 0;
  p.host("h0")->route_to(p.host("h2"), links, &latency);
  REQUIRE(links.size() == 3); // what the full table gave this pair, in the same order
  REQUIRE(links[0]->get_name() == "fab:h0:up");
  REQUIRE(links[1]->get_name() == "fab:backplane:h0"); // a fatpipe backplane: the sender's part
  REQUIRE(links[2]->get_name() == "fab:h2:down");
  REQUIRE(latency == Approx(2e-6));
  links.clear();
  p.host("h1")->route_to(p.host("h1"), links, &latency);
  REQUIRE(links.size() == 1);
  REQUIRE(links[0]->get_name() == "h1:loopback");
}

TEST_CASE("a star's fatpipe backplane and loopback are a link per host, each the same share as the one they replace",
          "[engine]")
{
  Built built(fabric(3, nullptr));
  sg4::Engine& e                   = built.e;
  cs::Platform& p                  = built.p;
  const sg4::Link* shared_loopback = e.link_by_name("__loopback__");
  std::vector<sg4::Link*> parts    = p.links("fab:backplane"); // what a fault on the backplane slows
  REQUIRE(parts.size() == 3);
  auto hosts = p.hosts();
  std::set<const sg4::Link*> loopbacks;
  for (size_t i = 0; i < hosts.size(); ++i) {
    std::vector<sg4::Link*> out, self;
    double latency = 0;
    hosts[i]->route_to(hosts[(i + 1) % hosts.size()], out, &latency);
    REQUIRE(out[1] == parts[i]);
    REQUIRE(out[1]->get_bandwidth() == 1e12 / 8);
    REQUIRE(out[1]->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE);
    hosts[i]->route_to(hosts[i], self, &latency);
    REQUIRE(self[0]->get_bandwidth() == shared_loopback->get_bandwidth());
    REQUIRE(self[0]->get_latency() == shared_loopback->get_latency());
    REQUIRE(self[0]->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE);
    loopbacks.insert(self[0]);
  }
  REQUIRE(loopbacks.size() == hosts.size());
}

TEST_CASE("a star's shared backplane stays one link that every pair crosses", "[engine]")
{
  json doc                                   = fabric(3, nullptr);
  doc["switches"][0]["backplane"]["sharing"] = "shared";
  Built built(doc);
  cs::Platform& p = built.p;
  REQUIRE(p.links("fab:backplane") == std::vector<sg4::Link*>{p.link("fab:backplane")});
  std::vector<sg4::Link*> a, b;
  double latency = 0;
  p.host("h0")->route_to(p.host("h2"), a, &latency);
  p.host("h1")->route_to(p.host("h2"), b, &latency);
  REQUIRE(a[1] == p.link("fab:backplane"));
  REQUIRE(b[1] == a[1]);
}

TEST_CASE("a fat tree routes between any two hosts", "[engine]")
{
  routes_every_pair(
      fabric(14, {{"kind", "fat_tree"}, {"levels", 2}, {"down", {4, 4}}, {"up", {1, 2}}, {"link_count", {1, 2}}}), 14);
}

TEST_CASE("a torus routes between any two hosts", "[engine]")
{
  routes_every_pair(fabric(27, {{"kind", "torus"}, {"dimensions", {3, 3, 3}}}), 27);
}

TEST_CASE("a dragonfly routes between any two hosts", "[engine]")
{
  routes_every_pair(
      fabric(30, {{"kind", "dragonfly"}, {"groups", {3, 1}}, {"chassis", {2, 1}}, {"routers", {3, 1}}, {"nodes", 2}}),
      30);
}

TEST_CASE("a topology too small for its hosts, or with another kind's fields, is refused", "[unit]")
{
  REQUIRE_THROWS_WITH(cs::parse_platform(fabric(20, {{"kind", "torus"}, {"dimensions", {4, 4}}}), "fabric.json"),
                      Catch::Contains("/switches/0/topology") && Catch::Contains("room for 16 hosts"));
  REQUIRE_THROWS_WITH(
      cs::parse_platform(fabric(8, {{"kind", "torus"}, {"dimensions", {4, 4}}, {"levels", 2}}), "fabric.json"),
      Catch::Contains("/switches/0/topology/levels") && Catch::Contains("fat_tree"));
  REQUIRE_THROWS_WITH(
      cs::parse_platform(
          fabric(8, {{"kind", "fat_tree"}, {"levels", 2}, {"down", {4}}, {"up", {1}}, {"link_count", {1}}}),
          "fabric.json"),
      Catch::Contains("/switches/0/topology/down"));
  // SimGrid's dragonfly routing would index past the routers of a chassis (a crash, not an error) without the check.
  REQUIRE_THROWS_WITH(
      cs::parse_platform(
          fabric(8,
                 {{"kind", "dragonfly"}, {"groups", {3, 1}}, {"chassis", {2, 1}}, {"routers", {2, 1}}, {"nodes", 2}}),
          "fabric.json"),
      Catch::Contains("/switches/0/topology/routers"));
}
