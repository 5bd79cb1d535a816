#include "app/cli/options.hpp"

#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>

namespace po = boost::program_options;

namespace cs::cli {

bool parse(const std::vector<std::string>& args, po::options_description& desc, po::positional_options_description* pos,
           po::variables_map& vm, const char* usage)
{
  desc.add_options()("help,h", "this help");
  po::command_line_parser parser(args);
  parser.options(desc);
  if (pos)
    parser.positional(*pos);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << desc << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

uint64_t parse_seed_option(const std::string& text)
{
  return parse_decimal_option("--seed", text, std::numeric_limits<uint64_t>::max());
}

uint64_t parse_uncertainty_seed_option(const std::string& text)
{
  return parse_decimal_option("--uncertainty-seed", text, static_cast<uint64_t>(max_count));
}

uint64_t parse_decimal_option(const char* option, const std::string& text, uint64_t max)
{
  errno          = 0;
  char* end      = nullptr;
  bool digits    = not text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  uint64_t value = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (not digits || errno == ERANGE || value > max)
    throw UsageError(std::string(option) + " expects an integer in [0, " + std::to_string(max) + "], got \"" + text +
                     "\"");
  return value;
}

double parse_seconds_option(const char* option, const std::string& text, double max_s)
{
  char* end = nullptr;
  double v  = std::strtod(text.c_str(), &end);
  bool ok   = not text.empty() && *end == '\0' && std::isfinite(v) && v >= 0 && v <= max_s &&
            text.find_first_of("xXnN") == std::string::npos; // no hexadecimal, nan or inf
  if (not ok)
    throw UsageError(std::string(option) + " expects seconds in [0, " + std::to_string(static_cast<long>(max_s)) +
                     "], got \"" + text + "\"");
  return v;
}

} // namespace cs::cli
