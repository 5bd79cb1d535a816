/* Discrete choices beside values: checked when read, the value in a point run, a drawn choice under a draw. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/uncertain.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <set>
#include <string>

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

TEST_CASE("Every choice is checked as the field itself, at its own pointer", "[unit][uncertain]")
{
  auto error = [](const std::function<void(cs::Fields&)>& read, const json& field) -> std::string {
    try {
      cs::Fields f(json{{"k", field}}, "p.json", "/params");
      read(f);
    } catch (const cs::InputError& e) {
      return e.what();
    }
    return "";
  };
  auto count = [](cs::Fields& f) { f.integer("k", 1, "a count", 1); };
  REQUIRE_THAT(error(count, {{"value", 10}, {"choices", {10, -5}}, {"source", "s"}}),
               Catch::Contains("/params/k/choices/1: expected an integer in [1, ") && Catch::Contains("got -5"));
  auto method = [](cs::Fields& f) { f.choice("k", "FR", {"NR", "FR"}, "a method"); };
  REQUIRE_THAT(error(method, {{"value", "FR"}, {"choices", {"FR", "XR"}}, {"source", "s"}}),
               Catch::Contains("/params/k/choices/1: expected one of NR|FR, got \"XR\""));
  auto text = [](cs::Fields& f) { f.string("k", "", "a name"); };
  REQUIRE_THAT(error(text, {{"value", "a"}, {"choices", {"a", 3}}, {"source", "s"}}),
               Catch::Contains("/params/k/choices/1: expected a string, got 3"));
  // A string field's own check runs on every choice too.
  auto checked = [](cs::Fields& f) {
    f.string("k", "", "a file", [](const std::string& ptr, const std::string& v) {
      if (v != "a.json")
        throw cs::InputError("p.json", ptr, "no such file " + v);
    });
  };
  REQUIRE_THAT(error(checked, {{"value", "a.json"}, {"choices", {"a.json", "b.json"}}, {"source", "s"}}),
               Catch::Contains("/params/k/choices/1: no such file b.json"));
  REQUIRE_THAT(error(checked, json("b.json")), Catch::Contains("/params/k: no such file b.json"));
  REQUIRE(error(checked, {{"value", "a.json"}, {"choices", {"a.json"}}, {"source", "s"}}).empty());
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
