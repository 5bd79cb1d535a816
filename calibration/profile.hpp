/* From native figures to a host profile (the format sim/platform/platform.cpp's apply_host_profile reads): host speed,
 * cores and the OS cost table, every number with `source: "microbenchmark <name>: <how>"`, plus the raw figures and,
 * for each cost, the figures it was fitted from (which the round trip marks `calibration`). */
#pragma once
#include "calibration/calibrate.hpp"

#include <string>

namespace cs::calib {

/** The host profile of a measurement. `command` is recorded as `generated_by`. */
json make_host_profile(const Measurement& m, const std::string& command);

/** The memory-copy levels found in the memcpy figures: sizes up to `l1_size` copy at `l1_bw`, up to `l2_size` at
 *  `l2_bw`, larger ones at `bw`. Each level's bandwidth comes from one figure (`from`): the middle size of the
 *  level, so that the level's other sizes check it. */
struct CopyLevels {
  double l1_size = 0, l1_bw = 0, l2_size = 0, l2_bw = 0, bw = 0;
  std::vector<std::string> from;
};
/** Level edges are the two largest drops of bandwidth between consecutive sizes, if larger than `min_drop`
 *  (a ratio: 1.15 = the next size copies 15% slower); fewer drops, fewer levels. */
CopyLevels fit_copy_levels(const Figures& memcpy_figures, double min_drop = 1.15);

} // namespace cs::calib
