/* The model's own error in every interval (docs/uncertainty.md, "The model's own error"): residuals
 * ln(simulated / measured) of the validation cells, pooled per validation file with its own cell left out (falling
 * back to the seed files of the same model, then to every seed file), their split-conformal 5% and 95% quantiles, and
 * the cell's interval for the measured value built from them and the inputs' interval. */
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cs {

using json = nlohmann::json;

/** One validation cell's residual, with what pools it: its file's stem and its runs' model. */
struct Residual {
  std::string id, file, model;
  double r = 0;
};

/** The residuals of report cells (each with "file" and "model"): cells of role validation whose measured and
 *  simulated values are both positive. */
std::vector<Residual> residuals_of(const json& cells);

/** A pool's split-conformal 90% band [q_lo, q_hi] (the sorted pool's floor((n+1)*0.05)-th and ceil((n+1)*0.95)-th
 *  values, clamped to 1..n); `pool` not empty. */
std::pair<double, double> conformal_band(std::vector<double> pool);

/** Adds "interval_inputs", "interval" and "model_error" ({from, n, q}) to every cell with a positive point value:
 *  its pool from `cells` themselves and, for files not among them, from `stored`. */
void add_model_error(json& cells, const std::vector<Residual>& stored);

/** Over the compared validation cells with both intervals: {"validation_cells", "coverage", "coverage_inputs",
 *  "median_rel_halfwidth", "median_rel_halfwidth_inputs"} (half-widths relative to the point value). */
json model_error_summary(const json& cells);

/** validation/residuals.json: the residuals and the commit they were computed on. */
json residuals_document(const std::vector<Residual>& residuals, const std::string& commit);
std::vector<Residual> read_residuals(const json& doc, const std::string& file);

} // namespace cs
