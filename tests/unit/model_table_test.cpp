/* The seam between the framework and the models: entries built complete, tables without two models of a name,
 * lookups that fail as bad input. */
#include "sim/input/errors.hpp"
#include "sim/run/model_table.hpp"

#include <catch2/catch.hpp>

namespace {
void no_docs(std::vector<cs::FieldDoc>&) {}
std::unique_ptr<cs::ModelRun> no_run(cs::ModelContext&)
{
  return nullptr;
}
void accept(const cs::Scenario&) {}
const cs::ModelDecl& nothing()
{
  static const cs::ModelDecl d;
  return d;
}
} // namespace

TEST_CASE("a model entry cannot be built with a function missing", "[unit]")
{
  // docs/contributing.md's example once left `check` null, and sim/run/run.cpp calls it without looking.
  REQUIRE_THROWS_AS((cs::ModelEntry{"m", "-", "summary", no_docs, no_run, nullptr}), std::invalid_argument);
  REQUIRE_THROWS_AS((cs::ModelEntry{"m", "-", "summary", nullptr, no_run, accept}), std::invalid_argument);
  REQUIRE_THROWS_AS((cs::ModelEntry{"m", "-", "summary", no_docs, nullptr, accept}), std::invalid_argument);
  REQUIRE_THROWS_AS((cs::ModelEntry{"", "-", "summary", no_docs, no_run, accept}), std::invalid_argument);
  REQUIRE_NOTHROW(cs::ModelEntry{"m", "-", "summary", no_docs, no_run, accept});
}

TEST_CASE("a model table has one model per name and suggests the nearest", "[unit]")
{
  cs::ModelEntry a = cs::ModelEntry{"alpha", "-", "a", no_docs, no_run, accept}.declared(nothing);
  REQUIRE_THROWS_WITH(cs::ModelTable({a, a}), Catch::Contains("two models are called"));
  cs::ModelTable table({a, cs::ModelEntry{"beta", "-", "b", no_docs, no_run, accept}.declared(nothing)});
  REQUIRE(table.find("beta") != nullptr);
  REQUIRE(table.find("gamma") == nullptr);
  cs::Fields f(cs::json{{"model", "alpah"}}, "s.json", "");
  try {
    table.at(f, "model", "alpah");
    FAIL("no error");
  } catch (const cs::InputError& e) {
    REQUIRE(e.pointer() == "/model");
    REQUIRE_THAT(e.what(), Catch::Contains("did you mean \"alpha\""));
  }
}

TEST_CASE("every entry of the framework tests' table describes and checks its parameters", "[unit]")
{
  REQUIRE_FALSE(cs::models().entries().empty());
  for (auto const& m : cs::models().entries()) {
    std::vector<cs::FieldDoc> docs;
    m.describe(docs);
    REQUIRE_FALSE(docs.empty());
    cs::Scenario s;
    s.file   = "s.json";
    s.params = cs::json::object();
    REQUIRE_NOTHROW(m.check(s)); // the defaults are valid parameters
    s.params = {{"no_such_parameter", 1}};
    REQUIRE_THROWS_AS(m.check(s), cs::InputError);
  }
}
