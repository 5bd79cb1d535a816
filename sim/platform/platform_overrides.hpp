/* Platform fields set from a scenario, `--set platform.<path>=value` or a sweep axis, without copying the platform
 * file. The scenario's "platform" object may hold, beside "file", the entries it changes, addressed by name:
 *   "hosts":       {ENTRY-NAME or GROUP: {"speed": "2Gf", "cores": 4, "count": 64, "disks": {DISK: {...}}}}
 *   "switches":    {SWITCH: {"port": {"bandwidth": "10Mbps"}, "backplane": {...}, "qos": {...}}}
 *   "links":       {LINK: {"latency": "1ms"}}
 *   "os_profiles": {PROFILE: {"costs": {"fork_fixed": "300us"}}}
 * so `--set platform.switches.lan.port.bandwidth=10Mbps` works like any other override. Keys are checked against
 * the platform parser's own declarations (errors list the valid ones); the overridden numbers carry the source
 * "override: <scenario> <pointer>", and result.json lists every override with the value it replaced. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"

#include <string>
#include <vector>

namespace cs {

/** One platform field a scenario overrides. */
struct PlatformOverride {
  std::string set_at;  ///< JSON pointer in the scenario ("/platform/switches/lan/port/bandwidth")
  std::string pointer; ///< JSON pointer in the platform file ("/switches/0/port/bandwidth")
  json value;          ///< as written into the platform document (with its "override" source)
  json replaced;       ///< the platform file's value (null if the field was absent)
};

/** Declares the override objects in the scenario's "platform" fields; returns those given ({} when documenting). */
json declare_platform_overrides(Fields& platform);

/** Makes the schemas declare_platform_overrides checks overrides against (each made once per process, from the
 *  platform parser's declarations). A sweep makes them before it forks its workers, which then share them instead of
 *  each making its own at its first scenario load. */
void prepare_platform_override_schemas();

/** Applies the overrides to a platform document. Errors name the scenario file and the override's pointer. */
std::vector<PlatformOverride> apply_platform_overrides(json& platform_doc, const json& overrides,
                                                       const std::string& platform_file,
                                                       const std::string& scenario_file);

json to_json(const std::vector<PlatformOverride>& overrides);

} // namespace cs
