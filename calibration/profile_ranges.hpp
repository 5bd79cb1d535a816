/* The range of each value of a host profile (docs/calibration.md, "The range of each profile value"): a measured
 * value keeps its figure's quartiles, a fitted one what the round trip's tolerance allows the figures it was fitted
 * from, a chosen or counted one is exact. Computed from the profile's stored figures, so that a stored profile gains
 * its ranges without being measured again. */
#pragma once
#include "sim/input/json_io.hpp"

namespace cs::calib {

/** Adds a `range` to every value of `profile` (speed, cores, each OS cost) and appends its reason to the value's
 *  `source`; the values stay as they are. Throws std::invalid_argument if a cost has no rule, or if a measured value
 *  is not what its figure gives (a profile written by another version). */
void add_ranges(json& profile);

} // namespace cs::calib
