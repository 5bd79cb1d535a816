#include "sim/cli/options.hpp"

#include <iostream>

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

std::vector<std::string> engine_args(const std::vector<std::string>& simgrid_args)
{
  std::vector<std::string> a{"clustersim", "--log=xbt_cfg.thres:warning"};
  a.insert(a.end(), simgrid_args.begin(), simgrid_args.end());
  return a;
}

} // namespace cs::cli
