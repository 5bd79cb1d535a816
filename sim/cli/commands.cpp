#include "sim/cli/commands.hpp"
#include "sim/version.hpp"

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

namespace cs::cli {

std::string version_text()
{
  return std::string("clustersim ") + cs::version + " (SimGrid " + std::to_string(SIMGRID_VERSION_MAJOR) + "." +
         std::to_string(SIMGRID_VERSION_MINOR) + "." + std::to_string(SIMGRID_VERSION_PATCH) + ")";
}

const std::vector<Command>& commands()
{
  static const std::vector<Command> table{{"run", cmd_run},   {"sweep", cmd_sweep},       {"validate", cmd_validate},
                                          {"list", cmd_list}, {"describe", cmd_describe}, {"calibrate", cmd_calibrate},
                                          {"lab", cmd_lab}};
  return table;
}

} // namespace cs::cli
