/* A native figure: one microbenchmark at one setting, with its samples' summary. Its `params` are exactly the
 * parameters of the simulated microbenchmark (models/microbench) that re-enacts it, so that the round trip can be
 * generated mechanically: run the scenario `bench` with `params`, compare `op_time_s` with `time.median`. */
#pragma once
#include "calibration/stats.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs::calib {

struct Figure {
  std::string id;    ///< unique, e.g. "fork.16MiB"
  std::string bench; ///< microbenchmark name: the native function, the model's "bench" and scenarios/microbench/NAME
  json params;       ///< params of the simulated microbenchmark at this setting, e.g. {"resident_size": 16777216}
  std::string what;  ///< what one operation is, in words
  Summary time;      ///< seconds per operation
  /** Timings of steps inside the operation, measured in the same run (e.g. the aio_write() call of an AIO page),
   *  as name -> Summary in seconds; a profile cost may be fitted from one. */
  std::map<std::string, Summary> parts;
  /** The numeric microbenchmark parameter `key` (throws if absent). */
  double param(const char* key) const { return params.at(key).get<double>(); }
};

using Figures = std::vector<Figure>;

json figures_to_json(const Figures& figures);
Figures figures_from_json(const json& j, const std::string& file);
/** The figure `id`; throws an InputError naming `file` if absent. */
const Figure& find_figure(const Figures& figures, const std::string& id, const std::string& file);

/** "4KiB", "16MiB", "64B": the size part of figure ids. */
std::string size_label(double bytes);

} // namespace cs::calib
