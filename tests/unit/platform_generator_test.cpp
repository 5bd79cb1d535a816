/* Generated host groups: sized to the run, refused when ambiguous. */
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/platform_generator.hpp"

#include <catch2/catch.hpp>

using cs::json;

namespace {

json small_platform(bool generated)
{
  json host = {{"name", "n{i}"},
               {"count", 4},
               {"group", "nodes"},
               {"speed", {{"value", "1Gf"}, {"source", "test"}}},
               {"os", "plain"}};
  if (generated)
    host["generated"] = true;
  json port = {{"bandwidth", {{"value", "1Gbps"}, {"source", "test"}}},
               {"latency", {{"value", "5us"}, {"source", "test"}}}};
  return {
      {"name", "gen"},
      {"os_profiles", {{"plain", {{"costs", json::object()}}}}},
      {"hosts",
       json::array({host, {{"name", "server"}, {"speed", {{"value", "1Gf"}, {"source", "test"}}}, {"os", "plain"}}})},
      {"switches", json::array({{{"name", "sw"}, {"port", port}, {"backplane", port}}})}};
}

size_t group_size(const cs::PlatformSpec& spec, const std::string& group)
{
  size_t n = 0;
  for (auto const& h : spec.hosts)
    n += h.group == group ? 1 : 0;
  return n;
}

} // namespace

TEST_CASE("a generated host group has the size the run asks for", "[unit]")
{
  for (long asked : {1L, 16L, 1000L}) {
    json doc = small_platform(true);
    cs::size_generated_groups(doc, {{"nodes", asked}}, "gen.json");
    cs::PlatformSpec spec = cs::parse_platform(doc, "gen.json");
    REQUIRE(group_size(spec, "nodes") == static_cast<size_t>(asked));
    REQUIRE(spec.hosts.size() == static_cast<size_t>(asked) + 1); // the fixed server stays
    REQUIRE(spec.switches[0].hosts.size() == spec.hosts.size());  // "all" takes the generated hosts in
    REQUIRE(spec.hosts[0].generated);
  }
  json doc = small_platform(true);
  cs::size_generated_groups(doc, {}, "gen.json"); // nobody asks: the entry's count
  REQUIRE(group_size(cs::parse_platform(doc, "gen.json"), "nodes") == 4);
}

TEST_CASE("a fixed host group keeps its size whatever the run asks", "[unit]")
{
  json doc = small_platform(false);
  cs::size_generated_groups(doc, {{"nodes", 64}}, "gen.json");
  cs::PlatformSpec spec = cs::parse_platform(doc, "gen.json");
  REQUIRE(group_size(spec, "nodes") == 4);
  REQUIRE_FALSE(spec.hosts[0].generated);
}

TEST_CASE("a generated group is one entry with a group name", "[unit]")
{
  json doc                 = small_platform(true);
  doc["hosts"][1]["group"] = "nodes"; // a fixed host in the generated group
  REQUIRE_THROWS_WITH(cs::size_generated_groups(doc, {{"nodes", 8}}, "gen.json"),
                      Catch::Contains("/hosts/1/group") && Catch::Contains("cannot have fixed hosts"));
  json unnamed = small_platform(true);
  unnamed["hosts"][0].erase("group");
  REQUIRE_THROWS_WITH(cs::size_generated_groups(unnamed, {{"nodes", 8}}, "gen.json"),
                      Catch::Contains("/hosts/0/group"));
}
