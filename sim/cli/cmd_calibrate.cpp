#include "sim/cli/commands.hpp"
#include "sim/cli/options.hpp"

#include <cstdio>
#include <stdexcept>

namespace po = boost::program_options;

namespace cs::cli {

int cmd_calibrate(const Args& args, const Args&)
{
  po::options_description desc("calibrate options");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim calibrate --out FILE.json [--quick]"))
    return 0;
  throw std::runtime_error("calibrate: the native microbenchmark set is not built into this binary yet");
}

} // namespace cs::cli
