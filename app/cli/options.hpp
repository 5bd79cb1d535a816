/* Helpers shared by the subcommands: option parsing with --help, SimGrid's argv. */
#pragma once
#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace cs::cli {

/** Parses `args` against `desc` (+ positionals); prints the usage and options and returns false on --help. */
bool parse(const std::vector<std::string>& args, boost::program_options::options_description& desc,
           boost::program_options::positional_options_description* pos, boost::program_options::variables_map& vm,
           const char* usage);

/** --seed's text as the scenario's "seed" field takes it: a decimal integer in [0, 2^64 - 1], nothing else (so
 *  "-1" is refused instead of wrapping around to 2^64 - 1). */
uint64_t parse_seed_option(const std::string& text);

/** --uncertainty-seed's text as the scenario's "uncertainty": {"seed"} takes it: a decimal integer in [0, 10^7]. */
uint64_t parse_uncertainty_seed_option(const std::string& text);

/** A decimal integer option in [0, max] (digits only: no sign, no blank), or a UsageError naming `option`. */
uint64_t parse_decimal_option(const char* option, const std::string& text, uint64_t max);

/** A duration option in seconds: finite, in [0, max_s]. */
double parse_seconds_option(const char* option, const std::string& text, double max_s);

} // namespace cs::cli
