#include "sim/run/override_check.hpp"
#include "sim/input/errors.hpp"

namespace cs {

namespace {

/** "/platform/hosts/nodes/speed" -> "platform.hosts.nodes.speed", the spelling `--set` and sweeps take. */
std::string dotted(const std::string& set_at)
{
  std::string out = set_at.substr(1);
  for (char& c : out)
    if (c == '/')
      c = '.';
  return out;
}

bool read_by(const std::vector<std::string>& patterns, const std::string& field)
{
  for (auto const& p : patterns)
    if (pattern_covers(p, field))
      return true;
  return false;
}

/** The value at `pointer` in the scenario's params, or null. */
json param_at(const json& params, const std::string& pointer)
{
  const json* v = &params;
  size_t i      = 0;
  while (i < pointer.size()) {
    size_t j = pointer.find('/', i + 1);
    if (j == std::string::npos)
      j = pointer.size();
    std::string key = pointer.substr(i + 1, j - i - 1);
    if (not v->is_object() || not v->contains(key))
      return nullptr;
    v = &(*v)[key];
    i = j;
  }
  if (v->is_object() && v->contains("value")) // a quantity with its source
    return (*v)["value"];
  return *v;
}

/** A parameter given a value other than the one that leaves the platform in force. A quantity written with a unit
 *  ("0MBps") is compared by its number. */
bool active(const json& value, const json& inactive)
{
  if (value.is_null() || value == inactive)
    return false;
  if (value.is_string() && inactive.is_number()) {
    try {
      return std::stod(value.get<std::string>()) != inactive.get<double>();
    } catch (const std::exception&) {
      return true;
    }
  }
  return true;
}

} // namespace

std::string override_pattern(const std::string& platform_pointer)
{
  static const char* const named[] = {"hosts", "disks", "switches", "links", "os_profiles"};
  std::string out;
  std::string prev;
  size_t i = 0;
  while (i < platform_pointer.size()) {
    size_t j = platform_pointer.find('/', i + 1);
    if (j == std::string::npos)
      j = platform_pointer.size();
    std::string seg = platform_pointer.substr(i + 1, j - i - 1);
    bool entry      = false;
    for (const char* n : named)
      entry = entry || prev == n;
    out += "/" + (entry ? std::string("*") : seg);
    prev = entry ? std::string() : seg;
    i    = j;
  }
  return out;
}

void check_overrides_read(const Scenario& scenario, const std::string& model, const ModelDecl& decl,
                          const std::vector<PlatformOverride>& applied)
{
  std::vector<std::string> by_profile;
  if (not scenario.platform.host_profile_path.empty())
    by_profile = host_profile_replaces(scenario.platform.host_profile_path);
  for (auto const& o : applied) {
    std::string field = override_pattern(o.pointer);
    std::string name  = dotted(o.set_at);
    if (read_by(by_profile, field))
      throw InputError(scenario.file, o.set_at,
                       name + " is overridden by platform.host_profile (" + scenario.platform.host_profile +
                           "), which replaces it on every host; drop one of the two");
    for (auto const& s : decl.supersedes)
      if (pattern_covers(s.field, field) && active(param_at(scenario.params, s.param), s.inactive))
        throw InputError(scenario.file, o.set_at,
                         name + " is overridden by " + dotted("/params" + s.param) + " (" +
                             param_at(scenario.params, s.param).dump() + "); drop one of the two");
    if (not read_by(framework_platform_reads(), field) && not read_by(decl.platform_reads, field))
      throw InputError(scenario.file, o.set_at,
                       name + " is read by no part of a " + model + " run (clustersim describe " + model +
                           " lists the platform fields it reads)");
  }
}

} // namespace cs
