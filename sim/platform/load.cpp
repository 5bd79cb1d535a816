#include "sim/platform/load.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/platform/simgrid_options.hpp"

namespace cs {

namespace {

bool is_xml(const std::string& path)
{
  return path.size() > 4 && path.rfind(".xml") == path.size() - 4;
}

/** The platform document with the overrides applied and its generated groups sized, parsed again. */
PlatformSpec load_overridden(const PlatformOptions& options, const GroupSizes& sizes,
                             std::vector<PlatformOverride>* applied)
{
  if (is_xml(options.path))
    throw InputError(options.scenario_file, "/platform", "a SimGrid XML platform cannot be overridden field by field");
  json doc     = load_input_json(options.path);
  auto records = apply_platform_overrides(doc, options.overrides, options.path, options.scenario_file);
  size_generated_groups(doc, sizes, options.path);
  PlatformSpec spec;
  try {
    spec = parse_platform(doc, options.path);
  } catch (const InputError& e) {
    // A bad overriding value is the scenario's error: point at the override, not at the platform file.
    for (auto const& r : records)
      if (e.file() == options.path && e.pointer().rfind(r.pointer, 0) == 0)
        throw InputError(options.scenario_file, r.set_at, e.message());
    throw;
  }
  if (applied)
    *applied = std::move(records);
  return spec;
}

} // namespace

PlatformSpec load_scenario_platform(const PlatformOptions& options, const GroupSizes& sizes,
                                    std::vector<PlatformOverride>* applied)
{
  // A platform read as it is when nothing changes it (an XML one has no generated groups).
  bool as_is        = options.overrides.empty() && (sizes.empty() || is_xml(options.path));
  PlatformSpec spec = as_is ? load_platform(options.path) : load_overridden(options, sizes, applied);
  check_simgrid_config(spec.simgrid_config, spec.file); // SimGrid aborts on an option it does not know
  // The machine the models' costs were measured on is the platform as written: overrides and a host profile change
  // the hosts, not that machine.
  if (as_is || is_xml(options.path))
    resolve_reference_rates(spec, spec);
  else
    resolve_reference_rates(spec, load_platform(options.path));
  if (not options.host_profile.empty())
    apply_host_profile(spec, options.host_profile_path, options.scenario_file);
  return spec;
}

} // namespace cs
