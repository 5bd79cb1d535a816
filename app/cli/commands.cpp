#include "app/cli/commands.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/run/fingerprint.hpp"

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

namespace cs::cli {

std::string version_text()
{
  return program_identity() + "\ndata: " + data_dir();
}

const std::vector<Command>& commands()
{
  static const std::vector<Command> table{
      {"run", cmd_run},       {"sweep", cmd_sweep},       {"validate", cmd_validate},
      {"list", cmd_list},     {"describe", cmd_describe}, {"calibrate", cmd_calibrate},
      {"schema", cmd_schema}, {"lab", cmd_lab},           {"smpi-platform", cmd_smpi_platform}};
  return table;
}

} // namespace cs::cli
