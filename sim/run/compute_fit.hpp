/* Fits a scenario's compute_scale to the measured sequential time its model's parameters give
 * (sim/run/sequential.hpp): runs the model's sequential variant of the scenario, at compute_scale 1 (and, when its
 * time is not the scale's multiple, once more), and sets the scale that makes that run take the measured time. */
#pragma once
#include "sim/run/run.hpp"
#include "sim/run/scenario.hpp"

#include <optional>

namespace cs {

struct ComputeFit {
  double scale = 1;
  std::string source; ///< how the scale was fitted: the time, its pointer and source, the sequential run's time
};

/** The fitted scale of `scenario` (loaded from `options`), or none when its model gives no sequential time. Runs
 *  the sequential variant (options.scenario with options.sets, the model's sequential overrides replacing any set
 *  they replace) in this process, one engine after the other, before the scenario's own engine exists; argc/argv
 *  are the engine options of the run, copied for it. InputError if compute_scale is given beside the time, or if
 *  no positive scale gives the time. */
std::optional<ComputeFit> fit_compute_scale(const Scenario& scenario, const RunOptions& options, int argc, char** argv);

/** Sets the fitted scale on `scenario` and records it, with its source, in the resolved document (result.json). */
void apply_compute_fit(Scenario& scenario, const ComputeFit& fit);

} // namespace cs
