/* The round trip of a host profile: every native figure it holds becomes a validation cell that runs the same
 * microbenchmark simulated (models/microbench) on the profile and compares with the native median (5%). Figures a
 * cost was fitted from are `calibration` cells; the others (sizes between the fitted ones, compositions such as a
 * thread checkpoint or AIO with several pages in flight) are `validation` cells. */
#pragma once
#include "sim/input/json_io.hpp"

#include <string>

namespace cs::calib {

/** Relative tolerance of every cell: each simulated microbenchmark gives back its native figure within 5%,
 *  fitted or not. A cell a cost model cannot meet keeps it and says why (known_miss). */
constexpr double roundtrip_tolerance = 0.05;

/** The parts of a profile the round trip reads (raw machine, fits), checked with their pointers. */
void check_profile_shape(const json& profile, const std::string& path);

/** A validation file (docs/validation-format.md) for the profile `profile` stored at `profile_path` (the path the
 *  runs pass to platform.host_profile, relative to the repository root or absolute). */
json make_roundtrip_validation(const json& profile, const std::string& profile_path);

} // namespace cs::calib
