/* What determines a run's result, as short hashes: the resolved scenario (after --set and the seed), the contents of
 * the platform file and of the host profile, and the program (version, git commit, SimGrid version). Written into
 * every result.json ("inputs"), so a resumed sweep re-runs exactly the points whose inputs changed, and says why. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/run/scenario.hpp"

#include <string>

namespace cs {

/** The program's identity: "clustersim 0.1.0 (git 1a2b3c4d5e6f) SimGrid 3.32.0". */
std::string program_identity();

/** The input hashes of a loaded scenario: {"scenario", "platform", "host_profile", "program"}. */
json input_fingerprint(const Scenario& scenario);

/** Why a result with the stored `inputs` is stale against `now` ("" when it is not): names what changed. */
std::string input_change(const json& stored, const json& now, const Scenario& scenario);

} // namespace cs
