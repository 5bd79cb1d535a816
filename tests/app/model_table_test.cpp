/* Every model of the application's table: its parameters document themselves, and every shipped scenario of the
 * model passes the model's check (what `sweep` runs on a first point before starting any). */
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/run/model_table.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

TEST_CASE("every model of the table describes itself and checks its shipped scenarios", "[unit]")
{
  std::map<std::string, int> checked; // scenarios per model
  for (auto const& e : fs::recursive_directory_iterator("scenarios")) {
    if (e.path().extension() != ".json")
      continue;
    cs::json doc = cs::load_json_file(e.path().string());
    if (not doc.is_object() || not doc.contains("model")) // sweeps and data files
      continue;
    INFO(e.path().string());
    REQUIRE_NOTHROW(cs::check_scenario(e.path().string(), {}));
    checked[doc["model"].get<std::string>()]++;
  }
  for (auto const& m : cs::models().entries()) {
    INFO(m.name);
    std::vector<cs::FieldDoc> docs;
    m.describe(docs);
    REQUIRE_FALSE(docs.empty());
    for (auto const& d : docs)
      REQUIRE_FALSE(d.doc.empty());
    REQUIRE(checked[m.name] > 0); // a model comes with at least one scenario
  }
}
