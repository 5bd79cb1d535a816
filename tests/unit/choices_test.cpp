/* Discrete choices beside values: checked when read, the value in a point run, a drawn choice under a draw. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/uncertain.hpp"

#include <catch2/catch.hpp>
#include <set>

using cs::json;

namespace {

const json machine{{"value", "a.json"}, {"choices", {"a.json", "b.json", "c.json"}}, {"source", "read two ways"}};

std::string read_file(const json& field)
{
  cs::Fields f(json{{"file", field}}, "scenarios/s.json", "/platform");
  return f.required_string("file", "platform file");
}

std::string error_of(const json& field)
{
  try {
    read_file(field);
  } catch (const cs::InputError& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("A value with choices reads its value outside a draw", "[unit][uncertain]")
{
  REQUIRE(read_file(machine) == "a.json");
  cs::Fields f(json{{"n", {{"value", 4}, {"choices", {2, 4, 8}}, {"source", "unrecorded instance"}}}}, "p.json", "");
  REQUIRE(f.integer("n", 1, "a count") == 4);
  REQUIRE(cs::drawn_inputs().empty());
}

TEST_CASE("Choices are checked when read", "[unit][uncertain]")
{
  json outside     = machine;
  outside["value"] = "d.json";
  REQUIRE_THAT(error_of(outside), Catch::Contains("/platform/file/value") && Catch::Contains("not among its choices"));
  json bare = machine;
  bare.erase("source");
  REQUIRE_THAT(error_of(bare), Catch::Contains("/platform/file/source") && Catch::Contains("reason"));
  json typo      = machine;
  typo["choice"] = 1;
  REQUIRE_THAT(error_of(typo), Catch::Contains("/platform/file/choice") && Catch::Contains("unknown key"));
  json empty       = machine;
  empty["choices"] = json::array();
  REQUIRE_THAT(error_of(empty), Catch::Contains("/platform/file/choices"));
}

TEST_CASE("Under a draw every choice is drawn, the same one for the same sample", "[unit][uncertain]")
{
  std::set<std::string> seen;
  for (long k = 0; k < 6; ++k) {
    cs::set_uncertainty_draw({7, k, 6});
    cs::clear_drawn_inputs();
    std::string got = read_file(machine);
    seen.insert(got);
    auto drawn = cs::drawn_inputs();
    REQUIRE(drawn.size() == 1);
    REQUIRE(drawn[0].id == "scenarios/s.json#/platform/file");
    REQUIRE(drawn[0].unit == "choice");
    REQUIRE(drawn[0].chosen == json(got).dump());
    REQUIRE(read_file(machine) == got); // a second read draws the same choice
  }
  cs::set_uncertainty_draw({});
  cs::clear_drawn_inputs();
  // Six Latin-hypercube strata over three choices: each choice twice.
  REQUIRE(seen == std::set<std::string>{"a.json", "b.json", "c.json"});
}
