/* `clustersim run`: one scenario, one SimGrid engine, one result folder. */
#pragma once
#include "sim/run/events.hpp"
#include "sim/run/timeline.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cs {

struct RunOptions {
  std::string scenario;
  std::string out_dir; ///< default: out/<scenario name>
  std::optional<uint64_t> seed;
  std::vector<std::string> sets;
  double max_wall_s = 0; ///< wall seconds after which the run is stopped, nothing written (0: no limit)
  bool plot         = false;
  bool quiet        = false;
  std::string plot_only;    ///< with `plot`: "model" or "timeline" alone (empty: both)
  EventOptions events;      ///< what events.csv holds besides the model's own events
  TimelineOptions timeline; ///< the window and lanes of the timeline plot
  /** false: result.json alone, no tables (CSV) and no events captured; the metrics are the same. For runs whose
   *  metrics alone are read (validate's uncertainty samples). */
  bool tables = true;
  /** false: run the scenario as given, its model's measured sequential time (sim/run/sequential.hpp) not fitted: the
   *  sequential run that fits it is run so. */
  bool fit_compute = true;
  /** A folder where the sequential runs' times are kept between processes (empty: only within this process), so
   *  that runs sharing a sequential program run it once (validate's workers). */
  std::string sequential_cache;
  /** A folder where runs without tables under an uncertainty draw keep their results, and take the result of an
   *  earlier run of exactly the same inputs instead of simulating again (sim/run/result_reuse.hpp; empty: none). */
  std::string result_cache;
};

/** Runs the scenario; `argc/argv` carry SimGrid's own --cfg/--log options. Returns the output folder. */
std::string run_scenario(const RunOptions& options, int* argc, char** argv);

} // namespace cs
