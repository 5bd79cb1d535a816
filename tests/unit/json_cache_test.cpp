/* Input documents parsed once per process, and the uncertainty draws still made per read. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/input/temp_dir.hpp"
#include "sim/input/uncertain.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

using cs::json;

namespace {

void write(const std::string& path, const std::string& text)
{
  std::ofstream(path, std::ios::trunc) << text;
}

double drawn_cost(const std::string& path, long sample)
{
  cs::set_uncertainty_draw({1, sample, 20});
  json doc = cs::load_input_json(path);
  cs::Fields f(doc, path, "");
  double v = f.quantity("cost", cs::Unit::time, 0, "a cost");
  cs::set_uncertainty_draw({});
  cs::clear_drawn_inputs();
  return v;
}

} // namespace

TEST_CASE("an input file is parsed once while its text stays the same", "[unit]")
{
  cs::TempDir dir("json-cache-test");
  std::string path = dir.path() + "/s.json";
  write(path, R"({"a": 1, "b": [1, 2]})");
  long hits  = cs::json_cache_hits();
  json first = cs::load_input_json(path);
  first["a"] = 5; // the caller's copy: the next load is the file's document
  REQUIRE(cs::load_input_json(path) == json{{"a", 1}, {"b", {1, 2}}});
  REQUIRE(cs::json_cache_hits() == hits + 1);
  write(path, R"({"a": 2, "b": [1, 2]})"); // same size, rewritten at once: told by its text
  REQUIRE(cs::load_input_json(path)["a"] == 2);
  REQUIRE(cs::json_cache_hits() == hits + 1);
  write(path, R"({"a": )");
  REQUIRE_THROWS_AS(cs::load_input_json(path), cs::InputError);
  std::filesystem::remove(path);
  REQUIRE_THROWS_AS(cs::load_input_json(path), cs::InputError); // a file gone is refused, not served from memory
}

TEST_CASE("a cached document still draws each sample's value when its field is read", "[unit][uncertain]")
{
  cs::TempDir dir("json-cache-test");
  std::string path = dir.path() + "/p.json";
  write(path, R"({"cost": {"value": "8us", "range": ["4us", "15us"], "source": "assumed: why"}})");
  double parsed = drawn_cost(path, 3); // the first load parses
  long hits     = cs::json_cache_hits();
  REQUIRE(drawn_cost(path, 3) == parsed);
  REQUIRE(drawn_cost(path, 4) != parsed);
  REQUIRE(cs::json_cache_hits() == hits + 2);
  double point = cs::Fields(cs::load_input_json(path), path, "").quantity("cost", cs::Unit::time, 0, "a cost");
  REQUIRE(point == Approx(8e-6));
}
