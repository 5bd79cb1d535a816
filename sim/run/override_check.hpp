/* No silent no-op: a platform override that no part of the run reads, or that another setting replaces, is refused
 * before the run (an InputError at the override's own pointer, exit 2), instead of running as if it were in force.
 *
 * What a run reads is the framework's own list (sim/run/model_decl.hpp) plus what its model declares; what replaces
 * what comes from the places that apply the precedences: the host profile (host_profile_replaces, beside
 * apply_host_profile) and the model's declared parameter precedences (ModelDecl::supersedes). */
#pragma once
#include "sim/platform/platform_overrides.hpp"
#include "sim/run/model_decl.hpp"
#include "sim/run/scenario.hpp"

#include <string>
#include <vector>

namespace cs {

/** The platform pattern of an override's pointer in the platform file: entries of hosts, disks, switches, links
 *  and OS profiles become `*` ("/hosts/3/disks/0/write_bw" -> "/hosts/ * /disks/ * /write_bw", without blanks). */
std::string override_pattern(const std::string& platform_pointer);

/** Refuses the first of `applied` (the overrides load_scenario_platform applied) that a run of `model` would not
 *  read or that another setting of `scenario` replaces: InputError naming the override and what supersedes it. */
void check_overrides_read(const Scenario& scenario, const std::string& model, const ModelDecl& decl,
                          const std::vector<PlatformOverride>& applied);

} // namespace cs
