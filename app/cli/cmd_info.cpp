#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"
#include "sim/run/model_table.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace po = boost::program_options;

namespace cs::cli {

static std::vector<std::string> files_under(const std::string& dir, const std::string& ext)
{
  std::vector<std::string> out;
  if (not file_exists(dir))
    return out;
  for (auto const& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

/** What a JSON file under scenarios/ is: a scenario names a model, a sweep a base scenario; anything else is data
 *  a scenario reads. */
static std::string kind_of(const std::string& path)
{
  try {
    json j = load_json_file(path);
    if (j.is_object() && j.contains("model"))
      return "scenario";
    if (j.is_object() && j.contains("scenario"))
      return "sweep";
  } catch (const InputError&) {
  }
  return "data";
}

int cmd_list(const Args& args, const Args&)
{
  po::options_description desc("list options");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm, "usage: clustersim list"))
    return 0;
  // Paths are shown relative to the data directory, where run, sweep and validate find them from any folder.
  const std::string data = data_dir();
  auto under             = [&](const std::string& dir, const std::string& ext) {
    std::vector<std::string> out;
    for (auto const& f : files_under(data + "/" + dir, ext))
      out.push_back(fs::path(f).lexically_relative(data).string());
    return out;
  };
  std::printf("models:\n");
  for (auto const& m : models().entries())
    std::printf("  %-20s seed %s  %s\n", m.name, m.seed, m.summary);
  std::printf("platforms:\n");
  std::vector<std::string> profiles;
  for (auto const& f : under("platforms", ".json")) {
    if (f.rfind("platforms/generated/", 0) == 0)
      profiles.push_back(f); // host profiles written by `clustersim calibrate`, not platforms
    else
      std::printf("  %s\n", f.c_str());
  }
  for (auto const& f : under("platforms", ".xml"))
    std::printf("  %s\n", f.c_str());
  std::printf("host profiles (use with --set platform.host_profile=FILE):\n");
  for (auto const& f : profiles)
    std::printf("  %s\n", f.c_str());
  std::map<std::string, std::vector<std::string>> kinds;
  for (auto const& f : under("scenarios", ".json"))
    kinds[kind_of(data + "/" + f)].push_back(f);
  for (auto const& [kind, title] :
       std::vector<std::pair<std::string, const char*>>{{"scenario", "scenarios (clustersim run FILE):"},
                                                        {"sweep", "sweeps (clustersim sweep FILE --out DIR):"},
                                                        {"data", "data files read by scenarios:"}}) {
    std::printf("%s\n", title);
    for (auto const& f : kinds[kind])
      std::printf("  %s\n", f.c_str());
  }
  std::printf("validation (clustersim validate --only FILE-STEM or CELL-ID):\n");
  for (auto const& f : under("validation", ".json"))
    std::printf("  %s\n", f.c_str());
  std::printf("data directory: %s\n", data.c_str());
  return 0;
}

/** A default in its unit: quantities are declared in SI units, which the type names ("duration" -> s). */
static std::string default_with_unit(const FieldDoc& d)
{
  static const std::pair<const char*, const char*> units[] = {
      {"duration", " s"}, {"size", " B"}, {"bandwidth", " B/s"}, {"speed", " flop/s"}, {"rate", " /s"}};
  for (auto const& [type, unit] : units)
    if (d.type.rfind(type, 0) == 0 && not d.default_value.empty() && d.default_value[0] != '(')
      return d.default_value + unit;
  return d.default_value;
}

/** Every metric and table column the model writes, from the declarations the recorder checks them against. */
static void print_outputs(const ModelDecl& decl)
{
  std::printf("\nmetrics (result.json \"metrics\"; a run writes those its parameters make apply):\n");
  for (auto const& o : decl.metrics)
    std::printf("  %-40s %-6s %s\n", o.name.c_str(), o.unit.c_str(), o.definition.c_str());
  std::vector<TableDecl> tables = decl.tables;
  tables.insert(tables.end(), framework_tables().begin(), framework_tables().end());
  for (auto const& t : tables) {
    std::printf("\ntable %s (OUT/%s.csv): %s\n", t.name.c_str(), t.name.c_str(), t.definition.c_str());
    for (auto const& c : t.columns)
      std::printf("  %-40s %-6s %s\n", c.name.c_str(), c.unit.c_str(), c.definition.c_str());
  }
}

/** The platform fields a run reads, and the parameters that replace some of them. */
static void print_platform_reads(const ModelDecl& decl)
{
  std::printf("\nplatform fields a run reads (an override of any other is refused; --set "
              "platform.hosts.GROUP.speed=2Gf, platform.switches.NAME.port.bandwidth=...; clustersim schema "
              "platform; docs/scenarios.md):\n");
  for (auto const& r : decl.platform_reads)
    std::printf("  %s\n", r.c_str());
  std::string common;
  for (auto const& r : framework_platform_reads())
    common += (common.empty() ? "" : " ") + r;
  std::printf("  and, as for every model: %s\n", common.c_str());
  for (auto const& s : decl.supersedes) {
    std::string param = "params" + s.param;
    std::replace(param.begin(), param.end(), '/', '.');
    std::printf("  %s is replaced by %s when that is not %s\n", s.field.c_str(), param.c_str(),
                s.inactive.dump().c_str());
  }
  std::printf("  (platform.host_profile replaces every host's speed and cores and the OS costs and disk bandwidths "
              "it measured)\n");
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
  const ModelEntry* m = models().find(name);
  if (m == nullptr)
    throw UsageError("no model \"" + name + "\"" + did_you_mean(name, models().names()));
  std::vector<FieldDoc> docs;
  m->describe(docs);
  std::printf("%s (seed %s): %s\n\nparameters (set with --set PATH=VALUE or in the scenario's \"params\"):\n", m->name,
              m->seed, m->summary);
  for (auto const& d : docs) {
    std::string path = "params" + d.pointer; // "/systems/jiajia/page_size" -> "params.systems.jiajia.page_size"
    for (char& c : path)
      if (c == '/')
        c = '.';
    std::printf("  %-40s %-32s default %s\n      %s\n", path.c_str(), d.type.c_str(), default_with_unit(d).c_str(),
                d.doc.c_str());
  }
  print_outputs(m->decl());
  print_platform_reads(m->decl());
  return 0;
}

} // namespace cs::cli
