/* One factor of a sweep (sim/sweep/spec.hpp): what the sweep file's grid axes, zipped lists and samples each become. */
#pragma once
#include "sim/input/json_io.hpp"

#include <string>
#include <vector>

namespace cs {

/** One factor: paths that advance together and their rows of values (a grid axis has one path). */
struct SweepFactor {
  std::string kind; ///< "grid", "zip", "random" or "lhs"
  std::vector<std::string> paths;
  std::vector<std::vector<json>> rows; ///< rows[i][j]: the value of paths[j] in row i
};

} // namespace cs
