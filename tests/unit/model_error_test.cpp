/* The model-error term of intervals on hand-made report cells: the conformal band, the own residual left out, the
 * pools' fallbacks and the combined interval (docs/uncertainty.md, "The model's own error"). */
#include "sim/validate/model_error.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using cs::json;

static json cell(const std::string& id, const std::string& file, double measured, double simulated,
                 const std::string& role = "validation")
{
  return {{"id", id}, {"file", file}, {"model", "m"}, {"role", role}, {"measured", measured}, {"simulated", simulated}};
}

TEST_CASE("the conformal band takes the 5% and 95% order statistics of n + 1", "[unit]")
{
  std::vector<double> pool;
  for (int i = 1; i <= 19; ++i)
    pool.push_back(i);
  auto [lo, hi] = cs::conformal_band(pool); // (19 + 1) * 0.05 = 1, (19 + 1) * 0.95 = 19
  CHECK(lo == 1);
  CHECK(hi == 19);
  auto [lo3, hi3] = cs::conformal_band({0.3, -0.1, 0.2}); // clamped to the ends
  CHECK(lo3 == -0.1);
  CHECK(hi3 == 0.3);
}

TEST_CASE("a cell's interval leaves its own residual out and widens the inputs' interval by the others' band", "[unit]")
{
  json cells = json::array();
  for (int i = 0; i < 12; ++i) // residuals ln(1.1) for all but one
    cells.push_back(cell("a" + std::to_string(i), "000_x", 1.0, 1.1));
  cells.push_back(cell("outlier", "000_x", 1.0, 2.0));
  cs::add_model_error(cells, {});
  const json& last = cells.back();
  CHECK(last["model_error"]["n"] == 12);
  CHECK(last["model_error"]["from"] == "file 000_x");
  CHECK(last["interval"][0].get<double>() == Approx(2.0 / 1.1)); // its own ln(2) is not in its pool
  CHECK(last["interval_inputs"] == json::array({2.0, 2.0}));
  json summary = cs::model_error_summary(cells);
  CHECK(summary["validation_cells"] == 13);
  CHECK(summary["coverage"].get<double>() < 1.0); // the outlier is not covered by the others' band
}

TEST_CASE("a file without enough residuals pools its model's seed files, then every seed file", "[unit]")
{
  json cells = json::array();
  for (int i = 0; i < 10; ++i)
    cells.push_back(cell("s" + std::to_string(i), "003_dsm", 1.0, 1.2));
  cells.push_back(cell("p", "ext_dsm", 0.0, 5.0, "prediction"));
  cells.back()["measured"] = nullptr;
  cs::add_model_error(cells, {});
  CHECK(cells.back()["model_error"]["from"] == "the seed files of model m");
  CHECK(cells.back()["interval"][1].get<double>() == Approx(5.0 / 1.2));
  json alone = json::array({cell("p", "ext_dsm", 1.0, 5.0, "prediction")});
  cs::add_model_error(alone, {{"r1", "003_dsm", "other", 0.5}}); // a stored residual of a file the run did not compute
  CHECK(alone[0]["model_error"]["from"] == "every seed file");
  CHECK(alone[0]["model_error"]["n"] == 1);
}
