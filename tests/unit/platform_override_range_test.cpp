/* A platform override given in the provenance form keeps its range, so an uncertainty draw samples it. */
#include "sim/platform/platform_overrides.hpp"

#include <catch2/catch.hpp>

using cs::json;

TEST_CASE("A ranged value given as a platform override keeps its range and distribution", "[unit][uncertain]")
{
  json doc     = json::parse(R"({"hosts": [{"name": "n{i}", "count": 2, "group": "g", "speed": {"value": "1Gf",
    "source": "s"}, "disks": [{"name": "d", "read_bw": {"value": "9MBps", "source": "s"},
    "write_bw": {"value": "8MBps", "source": "s"}}]}]})");
  json over    = json::parse(R"({"hosts": {"g": {"disks": {"d": {"write_bw": {"value": "5000MBps",
    "range": ["4000MBps", "6000MBps"], "distribution": "log-uniform", "source": "what-if"}}},
    "speed": "2Gf"}}})");
  auto applied = cs::apply_platform_overrides(doc, over, "platforms/p.json", "scenarios/s.json");
  REQUIRE(applied.size() == 2);
  json const& w = doc["hosts"][0]["disks"][0]["write_bw"];
  REQUIRE(w["value"] == "5000MBps");
  REQUIRE(w["range"] == json::array({"4000MBps", "6000MBps"}));
  REQUIRE(w["distribution"] == "log-uniform");
  REQUIRE(w["source"].get<std::string>().find("(what-if)") != std::string::npos);
  // A plain value stays a point: nothing is added that was not given.
  REQUIRE(doc["hosts"][0]["speed"]["value"] == "2Gf");
  REQUIRE(not doc["hosts"][0]["speed"].contains("range"));
}
