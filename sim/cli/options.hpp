/* Helpers shared by the subcommands: option parsing with --help, SimGrid's argv. */
#pragma once
#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace cs::cli {

/** Parses `args` against `desc` (+ positionals); prints the usage and options and returns false on --help. */
bool parse(const std::vector<std::string>& args, boost::program_options::options_description& desc,
           boost::program_options::positional_options_description* pos, boost::program_options::variables_map& vm,
           const char* usage);

/** argv for the SimGrid engine: its config echo silenced unless asked for, then the user's --cfg/--log options. */
std::vector<std::string> engine_args(const std::vector<std::string>& simgrid_args);

} // namespace cs::cli
