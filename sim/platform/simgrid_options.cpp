#include "sim/platform/simgrid_options.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/simgrid_paths.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <xbt/config.hpp>

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

/** The values a numeric SimGrid option may take, and why: SimGrid checks only the type (strtol/strtod), and took
 *  the rest as given: a maxmin/precision of 1e10 or a negative bandwidth factor aborted it, a surf/precision of 0
 *  left the clock standing still, a stack size of 0 crashed it, a bandwidth factor of 1000 moved data at 987 times
 *  the link's rate and a latency factor of -1 became 0 silently. Every "int" or "double" option of the table above
 *  has its range here (a unit test checks it). Bounds are inclusive. docs/robustness.md repeats the table. */
struct OptionRange {
  const char* key;
  double lo;
  double hi;
  const char* why;
};

const OptionRange range_table[] = {
    {"bmf/max-iterations", 1, 1e6, "the BMF solver stops after this many rounds: 0 stops it before its first"},
    {"bmf/precision", 1e-15, 1e-2,
     "BMF shares converge to this precision: below 1e-15 a double cannot resolve it, above 1e-2 shares err by over 1%"},
    {"cmonkey/host", -1, 65535, "-1 (none) or the index of a host, and a platform has at most 65,536"},
    {"cmonkey/link", -1, 1e7, "-1 (none) or the index of a link, at most the 10^7 bound of counts"},
    {"cmonkey/time", -1, 1e9, "-1 (none) or a simulated time within the 10^9 s horizon of a run"},
    {"contexts/guard-size", 0, 256,
     "guard pages below each actor's stack: every page is address space per actor, 256 pages (1 MiB) is 256 times "
     "SimGrid's default"},
    {"contexts/nthreads", 1, 1,
     "clustersim's actors share the model's state and the recorder, which are not guarded against two threads running "
     "actors at once"},
    {"contexts/stack-size", 64, 1048576,
     "KiB per actor: 0 to 2 KiB crash every shipped scenario (measured), 4 KiB runs them with nothing to spare; 64 "
     "KiB leaves 16 times that for deeper paths (logging, unwinding a killed actor); above 1 GiB a few hundred "
     "actors exhaust the address space"},
    {"debug/breakpoint", -1, 1e9, "-1 (none) or a simulated time within the 10^9 s horizon of a run"},
    {"maxmin/concurrency-limit", -1, 1e7, "-1 (none) or a number of actions, at most the 10^7 bound of counts"},
    {"maxmin/precision", 1e-15, 1e-2,
     "a resource counts as used up when less than this share of it is left: at 1 and above every rate is zero, below "
     "1e-15 a double cannot resolve the share, above 1e-2 rates err by over 1%"},
    {"network/TCP-gamma", 1, 1125899906842624.0,
     "bytes of the TCP window, which bounds a flow's rate to window / (2 x latency): at 0 nothing moves; at most the "
     "2^50 B bound of sizes"},
    {"network/bandwidth-factor", 1e-3, 1,
     "the share of a link's rate a flow gets: above 1 the link moves data faster than its rate, at 0 nothing moves; "
     "below 1e-3 a 1 B/s link (the slowest allowed) falls below the solver's precision"},
    {"network/latency-factor", 1, 1e5,
     "multiplies a route's latency: below 1 a message arrives before its signal can cross the links; the slowest "
     "latency (3600 s) times 1e5 stays within the 10^9 s horizon"},
    {"network/loopback-bw", 1, 1e15, "B/s, as every link's bandwidth: below 1 a rate is mostly the solver's rounding"},
    {"network/loopback-lat", 0, 3600, "seconds, as every link's latency: no simulated network is slower"},
    {"network/weight-S", 0, 1125899906842624.0,
     "bytes added to a flow's weight (weight-S / bandwidth, in seconds): negative makes a weight negative"},
    {"plugin/dvfs/max-pstate", 0, 255, "the index of a power state, and SimGrid hosts have at most a few dozen"},
    {"plugin/dvfs/min-pstate", 0, 255, "the index of a power state, and SimGrid hosts have at most a few dozen"},
    {"plugin/dvfs/sampling-rate", 1e-6, 1e9,
     "seconds between two decisions of the governor: at 0 it decides at every instant and the clock stands still"},
    {"smpi/async-small-thresh", 0, 1125899906842624.0, "bytes, at most the 2^50 B bound of sizes"},
    {"smpi/auto-shared-malloc-thresh", 0, 1125899906842624.0, "bytes, at most the 2^50 B bound of sizes"},
    {"smpi/cpu-threshold", -1, 1e9, "-1 (none) or seconds within the 10^9 s horizon of a run"},
    {"smpi/init", 0, 1e9, "seconds: a negative duration would move the clock back"},
    {"smpi/iprobe", 0, 1e9, "seconds: a negative duration would move the clock back"},
    {"smpi/iprobe-cpu-usage", 0, 1, "a share of the CPU"},
    {"smpi/list-leaks", 0, 1e7, "a number of leaks to list, at most the 10^7 bound of counts"},
    {"smpi/map", 0, 1, "0 or 1 (print the process mapping or not)"},
    {"smpi/np", 1, 65536, "processes, and a platform has at most 65,536 hosts"},
    {"smpi/send-is-detached-thresh", 0, 1125899906842624.0, "bytes, at most the 2^50 B bound of sizes"},
    {"smpi/test", 0, 1e9, "seconds: a negative duration would move the clock back"},
    {"smpi/wtime", 0, 1e9, "seconds: a negative duration would move the clock back"},
    {"surf/precision", 1e-6, 1e-3,
     "work or time this close to done counts as done: at 0 rounding leaves an action a hair from done for ever and "
     "the clock stands still; near the 10^9 s horizon a double's step is 1.2e-7 s, so a finer precision is as 0 "
     "there; above 1e-3 events less than a millisecond apart merge"},
    {"tracing/precision", 0, 17, "decimal digits of a traced time, and a double holds at most 17"},
};

const OptionRange* find_range(const std::string& key)
{
  for (auto const& r : range_table)
    if (key == r.key)
      return &r;
  return nullptr;
}

std::string number_text(double x)
{
  std::ostringstream out;
  out << std::setprecision(15) << x;
  return out.str();
}

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
  point_at_args();
}

EngineArgv::EngineArgv(int argc, char** argv) : args_(argv, argv + argc)
{
  point_at_args();
}

void EngineArgv::point_at_args()
{
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
    const OptionRange* r = find_range(key);
    double x             = std::strtod(value.c_str(), nullptr);
    if (type == "int")
      x = static_cast<double>(std::strtol(value.c_str(), nullptr, 0));
    if (r == nullptr)
      return "\"" + key + "\" has no range known to clustersim: it is not passed on";
    if (not(x >= r->lo && x <= r->hi))
      return "\"" + key + "\" must be in [" + number_text(r->lo) + ", " + number_text(r->hi) + "], got " + value +
             ": " + r->why;
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

std::vector<std::string> simgrid_numeric_options_without_range()
{
  std::vector<std::string> out;
  for (auto const& o : option_table)
    if ((std::string(o.type) == "int" || std::string(o.type) == "double") && find_range(o.key) == nullptr)
      out.push_back(o.key);
  return out;
}

bool simgrid_option_is_string(const std::string& key)
{
  const OptionSpec* o = find_option(key);
  return o != nullptr && std::string(o->type) == "string";
}

std::string simgrid_option_value(const std::string& key)
{
  const OptionSpec* o = find_option(key);
  if (o == nullptr)
    throw std::logic_error("simgrid_option_value: " + key + " is no option of the table");
  std::string type = o->type;
  if (type == "string")
    return simgrid::config::get_value<std::string>(key);
  if (type == "boolean")
    return simgrid::config::get_value<bool>(key) ? "yes" : "no";
  if (type == "int")
    return std::to_string(simgrid::config::get_value<int>(key));
  std::ostringstream out; // every digit: the value another engine reads back is the same double
  out << std::setprecision(17) << simgrid::config::get_value<double>(key);
  return out.str();
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
