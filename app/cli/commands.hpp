/* The subcommands of clustersim, one explicit table. */
#pragma once
#include <string>
#include <vector>

namespace cs::cli {

using Args = std::vector<std::string>;

struct Command {
  const char* name;
  int (*run)(const Args& args, const Args& simgrid_args);
};

const std::vector<Command>& commands();
std::string version_text();

int cmd_run(const Args& args, const Args& simgrid_args);
int cmd_sweep(const Args& args, const Args& simgrid_args);
int cmd_validate(const Args& args, const Args& simgrid_args);
int cmd_list(const Args& args, const Args& simgrid_args);
int cmd_describe(const Args& args, const Args& simgrid_args);
int cmd_calibrate(const Args& args, const Args& simgrid_args);
int cmd_lab(const Args& args, const Args& simgrid_args);
int cmd_schema(const Args& args, const Args& simgrid_args);
int cmd_smpi_platform(const Args& args, const Args& simgrid_args);

} // namespace cs::cli
