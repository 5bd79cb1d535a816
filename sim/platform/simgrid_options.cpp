#include "sim/platform/simgrid_options.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/simgrid_paths.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace cs {

namespace {

struct OptionSpec {
  const char* key;
  const char* type;   ///< boolean | int | double | string
  const char* values; ///< comma-separated names a string option accepts ("" = any)
};

const OptionSpec option_table[] = {
#include "sim/platform/simgrid_options_table.inc"
};

const OptionSpec* find_option(const std::string& key)
{
  for (auto const& o : option_table)
    if (key == o.key)
      return &o;
  return nullptr;
}

std::vector<std::string> split(const std::string& s, char sep)
{
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep))
    out.push_back(item);
  return out;
}

bool one_of(const std::string& v, std::initializer_list<const char*> names)
{
  for (auto const* n : names)
    if (v == n)
      return true;
  return false;
}

} // namespace

std::vector<std::string> build_engine_args()
{
#ifdef CS_SANITIZED
  return {"--cfg=contexts/factory:thread"};
#else
  return {};
#endif
}

EngineArgv::EngineArgv(const std::string& program, const std::vector<std::string>& settings,
                       const std::vector<std::string>& options)
{
  args_.push_back(program);
  args_.insert(args_.end(), settings.begin(), settings.end());
  for (auto const& extra : build_engine_args())
    args_.push_back(extra);
  args_.insert(args_.end(), options.begin(), options.end());
  for (auto& a : args_)
    pointers_.push_back(a.data());
  pointers_.push_back(nullptr);
  argc_ = static_cast<int>(args_.size());
}

std::string simgrid_option_problem(const std::string& key, const std::string& value)
{
  const OptionSpec* o = find_option(key);
  if (o == nullptr) {
    std::vector<std::string> keys;
    for (auto const& e : option_table)
      keys.push_back(e.key);
    return "SimGrid has no option \"" + key + "\"" + did_you_mean(key, keys);
  }
  std::string type = o->type;
  // The parsers of SimGrid's xbt/config: booleans by these names, numbers whole (strtol/strtod to the end).
  if (type == "boolean" && not one_of(value, {"yes", "on", "true", "1", "no", "off", "false", "0"}))
    return "\"" + key + "\" is a boolean (yes/no, on/off, true/false, 1/0), got \"" + value + "\"";
  if (type == "int" || type == "double") {
    errno     = 0;
    char* end = nullptr;
    if (type == "int")
      (void)std::strtol(value.c_str(), &end, 0);
    else
      (void)std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || errno == ERANGE ||
        (type == "double" && not std::isfinite(std::strtod(value.c_str(), nullptr))))
      return "\"" + key + "\" is " + (type == "int" ? "an integer" : "a finite number") + ", got \"" + value + "\"";
  }
  if (type == "string" && *o->values) {
    auto names = split(o->values, ',');
    for (auto const& n : names)
      if (value == n)
        return "";
    return "\"" + key + "\" must be one of " + o->values + " in this SimGrid, got \"" + value + "\"";
  }
  return simgrid_path_problem(key, value);
}

bool simgrid_option_is_string(const std::string& key)
{
  const OptionSpec* o = find_option(key);
  return o != nullptr && std::string(o->type) == "string";
}

std::string simgrid_log_problem(const std::string& text)
{
  // xbt_log_control_set: blank-separated CATEGORY.KEY:VALUE settings (or no_loc); it aborts on anything else.
  auto settings = split(text, ' ');
  if (settings.empty())
    return "empty --log setting";
  for (auto const& s : settings) {
    if (s.empty() || s == "no_loc")
      continue;
    auto dot   = s.find('.');
    auto colon = s.find(':', dot == std::string::npos ? 0 : dot);
    if (dot == std::string::npos || dot == 0 || colon == std::string::npos)
      return "\"" + s + "\" is no log setting (expected CATEGORY.thres:LEVEL, CATEGORY.fmt:FORMAT, ...)";
    std::string key   = s.substr(dot + 1, colon - dot - 1);
    std::string value = s.substr(colon + 1);
    if (one_of(key, {"thres", "threshold"})) {
      if (not one_of(value, {"trace", "debug", "verbose", "info", "warning", "error", "critical"}))
        return "\"" + value + "\" is no log level (trace, debug, verbose, info, warning, error, critical)";
    } else if (one_of(key, {"add", "additivity"})) {
      if (not one_of(value, {"yes", "on", "true", "1", "no", "off", "false", "0"}))
        return "additivity is yes or no, got \"" + value + "\"";
    } else if (one_of(key, {"app", "appender"})) {
      if (value.rfind("file:", 0) != 0 && value.rfind("rollfile:", 0) != 0 && value.rfind("splitfile:", 0) != 0)
        return "a log appender is file:PATH, rollfile:SIZE:PATH or splitfile:SIZE:PATH, got \"" + value + "\"";
      std::string why = log_appender_path_problem(value);
      if (not why.empty())
        return why;
    } else if (not one_of(key, {"fmt"})) {
      return "unknown log setting \"" + key + "\" in \"" + s + "\" (thres, fmt, app or additivity)";
    }
  }
  return "";
}

void check_simgrid_args(const std::vector<std::string>& args)
{
  for (auto const& a : args) {
    if (a.rfind("--cfg=", 0) == 0) {
      std::string item = a.substr(6);
      auto colon       = item.find(':');
      if (colon == std::string::npos || colon == 0)
        throw UsageError(a + ": expected --cfg=KEY:VALUE");
      std::string why = simgrid_option_problem(item.substr(0, colon), item.substr(colon + 1));
      if (not why.empty())
        throw UsageError(a + ": " + why);
    } else if (a.rfind("--log=", 0) == 0) {
      std::string why = simgrid_log_problem(a.substr(6));
      if (not why.empty())
        throw UsageError(a + ": " + why);
    }
  }
}

void check_simgrid_args(int argc, char** argv)
{
  check_simgrid_args(std::vector<std::string>(argv + (argc > 0 ? 1 : 0), argv + argc));
}

void check_simgrid_config(const std::map<std::string, std::string>& config, const std::string& file)
{
  for (auto const& [k, v] : config) {
    std::string why = simgrid_option_problem(k, v);
    if (not why.empty())
      throw InputError(file, pointer_join("/simgrid", k), why);
  }
}

} // namespace cs
