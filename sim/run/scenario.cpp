#include "sim/run/scenario.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/platform_overrides.hpp"
#include "sim/run/model_names.hpp"

#include <algorithm>
#include <filesystem>

namespace cs {

/** A setting given earlier that `path` replaces whole (the same path, or a field inside it) would be a silent no-op:
 *  refused, at the earlier one's pointer. A later setting inside an earlier one (a preset, then one of its fields)
 *  changes that part and is kept. */
static void refuse_replaced(const std::vector<std::string>& earlier, const std::string& path, const std::string& file)
{
  for (auto const& e : earlier)
    if (e == path || e.rfind(path + ".", 0) == 0) {
      std::string pointer = "/" + e;
      std::replace(pointer.begin(), pointer.end(), '.', '/');
      throw InputError(file, pointer,
                       e + " is overridden by " + (e == path ? "the same setting" : path) +
                           " given after it (it would have no effect): drop one of the two");
    }
}

void apply_overrides(json& doc, const std::vector<std::string>& sets, const std::string& file)
{
  std::vector<std::string> earlier;
  for (auto const& item : sets) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("--set expects key.path=value, got \"" + item + "\"");
    std::string path = item.substr(0, eq);
    std::string text = item.substr(eq + 1);
    refuse_replaced(earlier, path, file);
    earlier.push_back(path);
    // Checked here, before any simulation: invalid UTF-8 would only fail when result.json is written.
    if (not valid_utf8(item))
      throw UsageError("--set " + path + ": not valid UTF-8");
    // The depth limit of files applies to values and to key paths too.
    check_json_depth(text, "--set " + path);
    if (std::count(path.begin(), path.end(), '.') >= max_json_depth)
      throw UsageError("--set " + path.substr(0, 40) + "...: a key path deeper than " + std::to_string(max_json_depth) +
                       " levels");
    json value;
    try {
      value = json::parse(text);
    } catch (const json::parse_error&) {
      value = text; // not JSON: a plain string such as FR or 100Mbps
    } catch (const json::exception& e) {
      throw UsageError("--set " + path + ": " + json_error_text(e));
    }
    json* node = &doc;
    std::string pointer;
    size_t start = 0;
    while (true) {
      size_t dot      = path.find('.', start);
      std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (key.empty())
        throw UsageError("--set " + item + ": empty key in path \"" + path + "\"");
      if (not node->is_object())
        throw InputError(file, pointer, "--set " + path + ": this field is " + quote_value(*node) + ", not an object");
      pointer = pointer_join(pointer, key);
      if (dot == std::string::npos) {
        (*node)[key] = value;
        break;
      }
      if (not node->contains(key))
        (*node)[key] = json::object();
      node  = &(*node)[key];
      start = dot + 1;
    }
  }
}

namespace {

/** The name becomes a folder under out/: one that climbed out of it (../../x) or into a subfolder is refused. */
void check_scenario_name(Fields& f, const std::string& name)
{
  if (name.empty() || name == "." || name == ".." || name.find_first_of(std::string("/\0", 2)) != std::string::npos ||
      name.size() > 255)
    f.fail("name", "expected a plain file name (the default output folder out/NAME): no '/', not '.' or '..', at most "
                   "255 bytes, got " +
                       quote_value(json(name)));
}

/** The "uncertainty" draw, set for the process as soon as it is read: every ranged value read after it (the
 *  scenario's platform choice, the platform file, the model's params) is drawn under it, and a scenario without the
 *  field puts the draw back to none (a process running several scenarios in a row starts each from its own). */
void uncertainty_fields(Fields& f)
{
  UncertaintyDraw draw;
  if (not f.documenting())
    set_uncertainty_draw({}); // the draw's own fields are never drawn
  bool given                 = f.has("uncertainty");
  Fields u                   = f.object("uncertainty", "sample k of N of the ranged inputs, drawn by Latin hypercube "
                                                                         "(docs/uncertainty.md); absent: every input reads its value");
  constexpr long max_samples = 100000;
  draw.samples               = u.integer("samples", 0, "how many samples the hypercube has", 1, max_samples);
  draw.sample = u.integer("sample", 0, "which sample this run is (0-based, below samples)", 0, max_samples - 1);
  draw.seed   = static_cast<uint64_t>(u.integer("seed", 1, "the hypercube's seed (its columns and jitter)", 0));
  u.finish();
  if (f.documenting())
    return;
  if (given && not u.has("samples"))
    u.fail("samples", "expected the number of samples (an integer >= 1) beside \"sample\"");
  if (given && draw.sample >= draw.samples)
    u.fail("sample", "expected a sample below samples (" + std::to_string(draw.samples) + "), got " +
                         std::to_string(draw.sample));
  set_uncertainty_draw(given ? draw : UncertaintyDraw{});
  clear_drawn_inputs();
}

/** The scenario's fields, declared once for parsing and for `describe_scenario` (documentation mode). */
void scenario_fields(Fields& f, Scenario& s)
{
  f.string("$schema", "", "the JSON Schema an editor checks this file with (ignored by clustersim)");
  s.name = f.required_string("name", "scenario name (the default output folder, out/NAME: a plain file name, "
                                     "without '/', not '.' or '..', at most 255 bytes)");
  if (not f.documenting())
    check_scenario_name(f, s.name);
  s.description = f.string("description", "", "what the scenario shows");
  f.string("source", "", "the seed section or table the scenario reproduces");
  s.model = f.required_string("model", "model name (see `clustersim list`)");
  if (not f.documenting())
    check_model_name(f, "model", s.model);
  const json* seed =
      f.raw("seed", "integer >= 0", "random seed of every stream of the run", {{"type", "integer"}, {"minimum", 0}});
  if (seed) {
    if (not seed->is_number_unsigned() && not(seed->is_number_integer() && seed->get<long long>() >= 0))
      f.fail("seed", "expected an integer >= 0, got " + quote_value(*seed));
    s.seed = seed->get<uint64_t>();
  }
  uncertainty_fields(f);
  s.compute_scale          = f.number("compute_scale", 1,
                                      "factor on the program's CPU work (the models with a sequential run: dsm, javaparty); "
                                               "fitted before the run when the model's parameters give a measured sequential time "
                                               "(seq_time), which it then must not be given beside (docs/calibration.md)",
                                      Range::positive());
  Fields p                 = f.object("platform", "which platform and how to adapt it");
  s.platform.scenario_file = s.file;
  // The platform file, and each of its choices: a file that exists; a choice is also read as a platform, so that a
  // platform a sample would draw is refused when the scenario is read, naming the choice.
  s.platform.file = p.required_string(
      "file", "platform file (JSON, or SimGrid XML)", [&](const std::string& ptr, const std::string& file) {
        if (p.documenting())
          return;
        std::string path = resolve_path(s.file, file);
        if (not file_exists(path))
          throw InputError(s.file, ptr, "no such platform file " + quote_value(file));
        if (ptr == p.pointer("file"))
          return; // the value itself is read as the run's platform
        try {
          load_platform(path);
        } catch (const InputError& e) {
          throw InputError(s.file, ptr, "platform " + quote_value(file) + ": " + e.what());
        }
      });
  s.platform.slowdown =
      p.number("slowdown", 1, "network slowdown k: every link's bandwidth / k, latency x k (seed 000's kLAN)",
               Range::at_least(1));
  s.platform.host_profile =
      p.string("host_profile", "", "calibrated host profile replacing every host's costs",
               [&](const std::string& ptr, const std::string& file) {
                 if (not p.documenting() && not file.empty() && not file_exists(resolve_path(s.file, file)))
                   throw InputError(s.file, ptr, "no such host profile file " + quote_value(file));
               });
  s.platform.overrides = declare_platform_overrides(p);
  p.finish();
  if (const json* params =
          f.raw("params", "object", "the model's parameters (see `clustersim describe MODEL`)", {{"type", "object"}})) {
    if (not params->is_object())
      f.fail("params", "expected an object, got " + quote_value(*params));
    s.params = *params;
  }
  if (const json* faults =
          f.raw("faults", "list", "the fault schedule: hosts off, links and disks slowed (docs/faults.md)",
                {{"type", "array"}}))
    s.faults = *faults;
  f.finish();
}

} // namespace

void describe_scenario(std::vector<FieldDoc>& docs)
{
  Scenario s;
  Fields f(json::object(), "<scenario>", "", &docs);
  scenario_fields(f, s);
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& sets,
                       std::optional<uint64_t> seed_override)
{
  json doc = load_input_json(path);
  if (not doc.is_object())
    throw InputError(path, "", "expected a scenario object, got " + quote_value(doc));
  if (not doc.contains("model") && doc.contains("scenario"))
    throw InputError(path, "",
                     "this is a sweep file (it names a base scenario), not a scenario: run it with "
                     "`clustersim sweep " +
                         path + " --out DIR`");
  apply_overrides(doc, sets, path);
  if (seed_override)
    doc["seed"] = *seed_override;

  Scenario s;
  s.file = path;
  Fields f(doc, path, "");
  scenario_fields(f, s);
  s.platform.path = resolve_path(path, s.platform.file); // checked by scenario_fields
  if (not s.platform.host_profile.empty())
    s.platform.host_profile_path = resolve_path(path, s.platform.host_profile);
  s.resolved = doc;
  return s;
}

} // namespace cs
