/* The platform a scenario runs on, from its file to a checked PlatformSpec: the file (JSON, or SimGrid XML), the
 * scenario's overrides applied to the JSON document and the result parsed again, the SimGrid options checked, then
 * the host profile. The slowdown is applied when the platform is built (Platform::build). */
#pragma once
#include "sim/platform/platform.hpp"
#include "sim/platform/platform_generator.hpp"
#include "sim/platform/platform_overrides.hpp"

#include <vector>

namespace cs {

/** Loads the platform `options` name (options.path, resolved by the scenario), its generated host groups made the
 *  size `sizes` asks (sim/platform/platform_generator.hpp). When `applied` is given, receives the overrides applied,
 *  each with the value it replaced (for result.json). Bad input is an InputError naming the file at fault: a bad
 *  overriding value names the scenario and the override's pointer, not the platform file. */
PlatformSpec load_scenario_platform(const PlatformOptions& options, const GroupSizes& sizes = {},
                                    std::vector<PlatformOverride>* applied = nullptr);

} // namespace cs
