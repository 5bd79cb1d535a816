#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/validate/validate.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

int cmd_validate(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("validate options");
  ValidateOptions o;
  std::string useed;
  desc.add_options()(
      "only", po::value<std::string>(&o.only),
      "only these cells: a validation file name (or a prefix of it: 001 is seed 001's files), a cell-id prefix, "
      "or a role (calibration, validation, prediction)")("report", po::value<std::string>(&o.report),
                                                         "write the JSON report here")(
      "work", po::value<std::string>(&o.work_dir), "keep the runs in this folder (default: a temporary one)")(
      "validation-dir", po::value<std::string>(&o.validation_dir), "where the validation files are")(
      "jobs,j", po::value<int>(&o.jobs)->default_value(2), "runs in parallel")("keep", po::bool_switch(&o.keep),
                                                                               "keep the temporary runs folder")(
      "plot", po::bool_switch(&o.plot), "render the validation plots next to the report (or into out/)")(
      "uncertainty", po::value<long>(&o.uncertainty),
      "also run every run's N Latin-hypercube samples of the ranged inputs: each cell gains its median, 5%-95% "
      "interval and driving inputs, the report its coverage (docs/uncertainty.md)")(
      "uncertainty-seed", po::value<std::string>(&useed),
      "the samples' seed (default 1)")("write-residuals", po::value<std::string>(&o.residuals_out),
                                       "also write the validation cells' residuals ln(simulated/measured), the "
                                       "model-error term's data (validation/data/residuals.json; docs/uncertainty.md)")(
      "quiet,q", po::bool_switch(&o.quiet), "no progress lines");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim validate [--only PATTERN] [--report FILE.json]"))
    return 0;
  if (vm.count("uncertainty") && (o.uncertainty < 2 || o.uncertainty > 100000))
    throw UsageError("--uncertainty expects a number of samples from 2 to 100000, got " +
                     std::to_string(o.uncertainty));
  if (vm.count("uncertainty-seed") && not vm.count("uncertainty"))
    throw UsageError("--uncertainty-seed needs --uncertainty N");
  if (vm.count("uncertainty-seed"))
    o.uncertainty_seed = parse_uncertainty_seed_option(useed);
  check_simgrid_args(simgrid_args);
  for (auto const& path : {o.report, o.residuals_out})
    if (not path.empty())
      check_replaceable(path); // before minutes of validation, not after
  o.forward = simgrid_args;
  return run_validation(o);
}

} // namespace cs::cli
