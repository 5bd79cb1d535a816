#include "sim/cli/commands.hpp"
#include "sim/cli/options.hpp"
#include "sim/errors.hpp"
#include "sim/fields.hpp"
#include "sim/model.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace po = boost::program_options;

namespace cs::cli {

static std::vector<std::string> files_under(const std::string& dir, const std::string& ext)
{
  std::vector<std::string> out;
  if (not fs::exists(dir))
    return out;
  for (auto const& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

int cmd_list(const Args& args, const Args&)
{
  po::options_description desc("list options");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim list"))
    return 0;
  std::printf("models:\n");
  for (auto const& m : model_registry())
    std::printf("  %-20s seed %s  %s\n", m.name, m.seed, m.summary);
  std::printf("platforms:\n");
  std::vector<std::string> profiles;
  for (auto const& f : files_under("platforms", ".json")) {
    if (f.rfind("platforms/generated/", 0) == 0)
      profiles.push_back(f); // host profiles written by `clustersim calibrate`, not platforms
    else
      std::printf("  %s\n", f.c_str());
  }
  for (auto const& f : files_under("platforms", ".xml"))
    std::printf("  %s\n", f.c_str());
  std::printf("host profiles (use with --set platform.host_profile=FILE):\n");
  for (auto const& f : profiles)
    std::printf("  %s\n", f.c_str());
  std::printf("scenarios:\n");
  for (auto const& f : files_under("scenarios", ".json"))
    std::printf("  %s\n", f.c_str());
  std::printf("validation:\n");
  for (auto const& f : files_under("validation", ".json"))
    std::printf("  %s\n", f.c_str());
  return 0;
}

int cmd_describe(const Args& args, const Args&)
{
  po::options_description desc("describe options");
  std::string name;
  desc.add_options()("model", po::value<std::string>(&name)->required(), "model name");
  po::positional_options_description pos;
  pos.add("model", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm, "usage: clustersim describe MODEL"))
    return 0;
  const ModelEntry* m = find_model(name);
  if (m == nullptr) {
    std::vector<std::string> names;
    for (auto const& e : model_registry())
      names.push_back(e.name);
    std::string near = nearest(name, names);
    throw UsageError("no model \"" + name + "\"" + (near.empty() ? "" : " (did you mean \"" + near + "\"?)"));
  }
  std::vector<FieldDoc> docs;
  m->describe(docs);
  std::printf("%s (seed %s): %s\n\nparameters (scenario \"params\"):\n", m->name, m->seed, m->summary);
  for (auto const& d : docs)
    std::printf("  %-34s %-32s default %-10s\n      %s\n", d.pointer.substr(1).c_str(), d.type.c_str(),
                d.default_value.c_str(), d.doc.c_str());
  return 0;
}

} // namespace cs::cli
