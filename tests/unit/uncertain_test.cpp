/* Plausible ranges beside values: checked when read, and sampled by Latin hypercube under an uncertainty draw. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/uncertain.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

using cs::json;

namespace {

double read_time(const json& field)
{
  cs::Fields f(json{{"t", field}}, "platforms/p.json", "/costs");
  return f.quantity("t", cs::Unit::time, 0, "a cost");
}

std::string error_of(const json& field)
{
  try {
    read_time(field);
  } catch (const cs::InputError& e) {
    return e.what();
  }
  return "";
}

/** Sets a draw for the life of the object. */
struct Drawing {
  explicit Drawing(cs::UncertaintyDraw d)
  {
    cs::set_uncertainty_draw(d);
    cs::clear_drawn_inputs();
  }
  ~Drawing()
  {
    cs::set_uncertainty_draw({});
    cs::clear_drawn_inputs();
  }
};

const json ranged{{"value", "8us"}, {"range", {"4us", "15us"}}, {"source", "assumed: a trap on that CPU (why)"}};

} // namespace

TEST_CASE("A ranged value reads its value outside a draw", "[unit][uncertain]")
{
  REQUIRE(read_time(ranged) == Approx(8e-6));
  REQUIRE(cs::drawn_inputs().empty());
}

TEST_CASE("A range is checked like any value", "[unit][uncertain]")
{
  json outside     = ranged;
  outside["value"] = "20us";
  REQUIRE_THAT(error_of(outside), Catch::Contains("/costs/t/range") && Catch::Contains("outside its range"));
  json other_unit     = ranged;
  other_unit["range"] = {"4us", "15MB"};
  REQUIRE_THAT(error_of(other_unit), Catch::Contains("/costs/t/range/1"));
  json no_reason = ranged;
  no_reason.erase("source");
  REQUIRE_THAT(error_of(no_reason), Catch::Contains("needs a source"));
  json bad_spread            = ranged;
  bad_spread["distribution"] = "normal";
  REQUIRE_THAT(error_of(bad_spread), Catch::Contains("/costs/t/distribution"));
  json log_from_zero            = ranged;
  log_from_zero["range"]        = {"0us", "15us"};
  log_from_zero["distribution"] = "log-uniform";
  REQUIRE_THAT(error_of(log_from_zero), Catch::Contains("above 0"));
  json one_end     = ranged;
  one_end["range"] = {"4us"};
  REQUIRE_THAT(error_of(one_end), Catch::Contains("[low, high]"));
}

TEST_CASE("Latin hypercube: one draw per stratum, the same for the same seed and id", "[unit][uncertain]")
{
  const long n = 20;
  std::set<long> strata;
  for (long k = 0; k < n; ++k) {
    double q = cs::lhs_quantile(7, "platforms/p.json#/a", k, n);
    REQUIRE(q > 0);
    REQUIRE(q < 1);
    strata.insert(static_cast<long>(q * n));
    REQUIRE(q == cs::lhs_quantile(7, "platforms/p.json#/a", k, n));
  }
  REQUIRE(strata.size() == n);
  // Another input, or another seed, has its own column.
  bool differs = false;
  for (long k = 0; k < n; ++k)
    differs =
        differs || cs::lhs_quantile(7, "platforms/p.json#/b", k, n) != cs::lhs_quantile(7, "platforms/p.json#/a", k, n);
  REQUIRE(differs);
}

TEST_CASE("Under a draw a ranged value is sampled inside its range and recorded", "[unit][uncertain]")
{
  Drawing d({3, 4, 10});
  double v = read_time(ranged);
  REQUIRE(v >= 4e-6);
  REQUIRE(v <= 15e-6);
  auto drawn = cs::drawn_inputs();
  REQUIRE(drawn.size() == 1);
  REQUIRE(drawn[0].id == "platforms/p.json#/costs/t");
  REQUIRE(drawn[0].value == v);
  REQUIRE(drawn[0].quantile == cs::lhs_quantile(3, drawn[0].id, 4, 10));
  // A range of zero width is the point value in every sample.
  json fixed     = ranged;
  fixed["range"] = {"8us", "8us"};
  REQUIRE(read_time(fixed) == Approx(8e-6));
}

TEST_CASE("A log-uniform range spreads its samples evenly in the logarithm", "[unit][uncertain]")
{
  REQUIRE(cs::value_at_quantile(1, 100, cs::Spread::log_uniform, 0.5) == Approx(10));
  REQUIRE(cs::value_at_quantile(1, 100, cs::Spread::uniform, 0.5) == Approx(50.5));
}

TEST_CASE("A ranged count draws whole numbers across its range", "[unit][uncertain]")
{
  json count{{"value", 100}, {"range", {50, 400}}, {"source", "assumed: the study's count is not given (why)"}};
  auto read = [&] {
    cs::Fields f(json{{"n", count}}, "scenarios/s.json", "/params");
    return f.integer("n", 1, "a count", 1);
  };
  REQUIRE(read() == 100);
  std::set<long> seen;
  for (long k = 0; k < 8; ++k) {
    Drawing d({1, k, 8});
    long n = read();
    REQUIRE(n >= 50);
    REQUIRE(n <= 400);
    seen.insert(n);
  }
  // Latin hypercube strata: eight different counts, from the lowest eighth of the range to the highest.
  REQUIRE(seen.size() == 8);
  REQUIRE(*seen.begin() < 50 + 44);
  REQUIRE(*seen.rbegin() >= 400 - 44);
  count["range"] = {120, 400};
  REQUIRE_THROWS_WITH(read(), Catch::Contains("/params/n/range") && Catch::Contains("outside its range"));
}

TEST_CASE("A ranged value parsed but never used is drawn yet left out of the inputs the run used", "[unit][uncertain]")
{
  Drawing d({1, 2, 8});
  json doc{{"cg", {{"compute", ranged}}}, {"lu", {{"compute", ranged}}}};
  cs::Fields f(doc, "scenarios/s.json", "/params");
  double cg = 0, lu = 0;
  {
    cs::DeferredReads sections; // both parsed and checked; the run picks one
    cg = f.object("cg", "").quantity("compute", cs::Unit::time, 0, "a cost");
    lu = f.object("lu", "").quantity("compute", cs::Unit::time, 0, "a cost");
  }
  REQUIRE(cg != 8e-6); // drawn all the same: the value a run would use if it used it
  REQUIRE(lu != 8e-6);
  REQUIRE(cs::drawn_inputs().size() == 2);
  REQUIRE(cs::drawn_inputs(true).empty());
  cs::mark_inputs_read(cs::input_id("scenarios/s.json", "/params/cg"));
  auto used = cs::drawn_inputs(true);
  REQUIRE(used.size() == 1);
  REQUIRE(used[0].id == cs::input_id("scenarios/s.json", "/params/cg/compute"));
  // A prefix names the inputs under it, never a sibling whose name merely starts the same.
  cs::mark_inputs_read(cs::input_id("scenarios/s.json", "/params/l"));
  REQUIRE(cs::drawn_inputs(true).size() == 1);
  // Read outside the scope, a value is used at once.
  f.object("lu", "").quantity("compute", cs::Unit::time, 0, "a cost");
  REQUIRE(cs::drawn_inputs(true).size() == 2);
}
