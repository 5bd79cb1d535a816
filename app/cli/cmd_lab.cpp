#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "sim/input/errors.hpp"
#include "sim/validate/lab.hpp"

namespace po = boost::program_options;

namespace cs::cli {

int cmd_lab(const Args& args, const Args& simgrid_args)
{
  const char* usage = "usage: clustersim lab check LAB ANSWERS.json | clustersim lab answers LAB [--write]\n"
                      "  LAB: a lab name (labs/NAME.json, see docs/labs/) or a lab file";
  po::options_description desc("lab options");
  LabOptions o;
  std::string action;
  bool student = false;
  desc.add_options()("action", po::value<std::string>(&action)->required(),
                     "check | answers")("lab", po::value<std::string>(&o.lab)->required(), "lab name or file")(
      "answers", po::value<std::string>(&o.answers), "check: the answers file")(
      "write", po::bool_switch(&o.write), "answers: write labs/answers/NAME.json instead of printing")(
      "labs-dir", po::value<std::string>(&o.labs_dir), "where the lab files are (default: labs/)")(
      "work", po::value<std::string>(&o.work_dir),
      "keep the runs in this folder")("jobs,j", po::value<int>(&o.jobs)->default_value(2),
                                      "runs in parallel")("quiet,q", po::bool_switch(&o.quiet), "no progress lines")(
      "instructor", po::bool_switch(&o.instructor),
      "check: show the reference answers beside the student's (hidden by default)")(
      "student", po::bool_switch(&student),
      "check: right or wrong, the error against the reference and a hint, never the reference (the default)");
  po::positional_options_description pos;
  pos.add("action", 1).add("lab", 1).add("answers", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, usage))
    return 0;
  o.forward = simgrid_args;
  if (student && o.instructor)
    throw UsageError("lab check: --student and --instructor exclude each other");
  if (action == "check") {
    if (o.answers.empty())
      throw UsageError("lab check needs an answers file: clustersim lab check LAB ANSWERS.json");
    return check_lab(o);
  }
  if (action == "answers")
    return lab_answers(o);
  throw UsageError("unknown lab action \"" + action + "\" (check or answers)");
}

} // namespace cs::cli
