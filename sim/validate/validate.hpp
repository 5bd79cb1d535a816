/* `clustersim validate`: the measured tables of the seeds (validation/NAME.json) against simulation. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/sweep/sweep.hpp"
#include <stdexcept>

#include <cstdint>
#include <map>

#include <string>
#include <vector>

namespace cs {

struct ValidateOptions {
  std::string only;           ///< a file name (or its prefix), seed number, cell-id prefix or role to restrict to
  std::string report;         ///< report JSON path
  std::string work_dir;       ///< where runs go (default: a fresh temporary folder, removed unless --keep)
  std::string validation_dir; ///< default: validation/ of the source tree
  int jobs   = 2;
  bool keep  = false;
  bool plot  = false;
  bool quiet = false;
  std::vector<std::string> forward;
  std::string measured_label = "measured"; ///< the column's heading (a lab check compares a student's answers)
  bool print_table           = true;       ///< print each file's table (a lab check prints its own)
  long uncertainty           = 0;          ///< Latin-hypercube samples of every run (0: the point runs only)
  uint64_t uncertainty_seed  = 1;
  bool model_error           = true; ///< add the model-error term to every interval (docs/uncertainty.md)
  std::string residuals_out;         ///< also write the run's residuals here (validation/data/residuals.json)
};

/** One compared cell, as the contract's report lists it. */
struct CellResult {
  std::string id, source, metric, role, table, note, known_miss;
  json measured;  ///< number, or null for predictions
  json simulated; ///< number, or null when it could not be computed
  json rel_error;
  json tolerance;
  json pass;   ///< bool, or null for predictions
  json spread; ///< under --uncertainty: {"median", "interval", "sensitivity"} over the samples (null otherwise)
};

/** Evaluates a cell's "compute" over the rows of its runs (exposed for tests). */
struct ComputeInput {
  std::map<std::string, std::vector<PointRow>> runs; ///< run name -> its points
};
json compute_cell(const json& compute, const ComputeInput& input, const std::string& file, const std::string& pointer);

/** A row a cell reads did not end well (the run failed, or never ran): compute_cell's error when it needs that row. */
struct RunPointFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/** Whether `simulated` meets `tolerance` against `measured`. */
bool within_tolerance(const json& tolerance, const json& measured, double simulated, const std::string& file,
                      const std::string& pointer);

/** A tolerance as the report prints it ("rel 5%", "abs 1", ">= 3"...). */
std::string tolerance_text(const json& tolerance);

/** Checks a tolerance when its file is read: one known kind with finite numbers, none that can never pass (a
 *  negative rel or abs, a range [a, b] with a > b) and, for a compared cell (`compared`), the measured number a
 *  rel or abs tolerance needs (not 0 for rel). Throws InputError at `pointer` (the tolerance's) or, for a measured
 *  value, at `measured_pointer`. */
void check_tolerance(const json& tolerance, const json& measured, bool compared, const std::string& file,
                     const std::string& pointer, const std::string& measured_pointer);

/** Checks a validation document read from `file` as `validate` would, without running anything (cells, ids,
 *  tolerances, calibration share). */
void check_validation_document(const json& doc, const std::string& file);

int run_validation(const ValidateOptions& options);

} // namespace cs
