/* Declared outputs: the recorder refuses a metric, a table or a column its model does not declare, and a model table
 * refuses an entry without declarations. */
#include "sim/input/errors.hpp"
#include "sim/run/model.hpp"
#include "sim/run/recorder.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

const cs::ModelDecl& decl()
{
  static const cs::ModelDecl d{{{"time_s", "s", "when it ended"}}, {{"rows", "a row", {{"a", "1", "first"}}}}, {}, {}};
  return d;
}

} // namespace

TEST_CASE("the recorder refuses a metric, a table or a column its model does not declare", "[unit]")
{
  cs::Recorder r;
  r.declare(decl(), "demo");
  REQUIRE_NOTHROW(r.set("time_s", 1.0));
  REQUIRE_NOTHROW(r.table("rows", {"a"}));
  REQUIRE_NOTHROW(r.table("events", {"time_s", "kind"})); // the framework's own table
  REQUIRE_THROWS_AS(r.set("mystery_s", 1.0), cs::UndeclaredOutput);
  REQUIRE_THROWS_WITH(r.add("mystery_s", 1.0), Catch::Contains("model demo records the metric \"mystery_s\""));
  REQUIRE_THROWS_WITH(r.table("other", {"a"}), Catch::Contains("writes the table \"other\""));
  REQUIRE_THROWS_WITH(r.table("rows2", {"a"}), Catch::Contains("does not declare"));
  cs::Recorder r2;
  r2.declare(decl(), "demo");
  REQUIRE_THROWS_WITH(r2.table("rows", {"a", "b"}), Catch::Contains("the column \"b\" of table \"rows\""));
  REQUIRE(r.metrics().count("mystery_s") == 0);
}

TEST_CASE("every entry of a model table declares its outputs", "[unit]")
{
  auto bare = cs::ModelEntry(
      "bare", "-", "no declarations", [](std::vector<cs::FieldDoc>&) {},
      [](cs::ModelContext&) -> std::unique_ptr<cs::ModelRun> { return nullptr; }, [](const cs::Scenario&) {});
  REQUIRE_THROWS_WITH(cs::ModelTable({bare}), Catch::Contains("needs its declarations"));
  REQUIRE_NOTHROW(cs::ModelTable({bare.declared(decl)}));
}
