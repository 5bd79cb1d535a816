/* The subcommands of `clustersim sweep`: run (the default), plan, merge, slurm, plot. */
#pragma once
#include "app/cli/commands.hpp"

namespace cs::cli {

int cmd_sweep_run(const Args& args, const Args& simgrid_args);
int cmd_sweep_plan(const Args& args, const Args& simgrid_args);
int cmd_sweep_merge(const Args& args, const Args& simgrid_args);
int cmd_sweep_slurm(const Args& args, const Args& simgrid_args);
int cmd_sweep_plot(const Args& args, const Args& simgrid_args);

/** Parses --shard K/N (K in 1..N) into a 0-based index and a count. */
void parse_shard(const std::string& text, int* index, int* count);

} // namespace cs::cli
