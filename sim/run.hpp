/* `clustersim run`: one scenario, one SimGrid engine, one result folder. */
#pragma once
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
};

/** Runs the scenario; `argc/argv` carry SimGrid's own --cfg/--log options. Returns the output folder. */
std::string run_scenario(const RunOptions& options, int* argc, char** argv);

} // namespace cs
