/* How OS-profile costs compose into the time of an operation. Written once, here, because two sides must agree:
 * the simulated microbenchmarks charge these times, and calibration/profile.cpp inverts them to fit the costs
 * from native figures. Other models may use them too (a copy of n bytes, a datagram of n bytes). */
#pragma once
#include "sim/platform/platform.hpp"

namespace cs::microbench {

/** memcpy cost with the cache levels of the calibrated profile: copies up to l1_size run at l1_bw, up to l2_size at
 *  l2_bw, larger ones at bw (a profile without levels has l1_size = l2_size = 0: every copy at bw). */
struct CopyModel {
  double l1_size = 0, l1_bw = 0, l2_size = 0, l2_bw = 0, bw = 0;
  double time(double bytes) const;
  /** From the costs memcpy_bw and, when present, memcpy_l1_size/_bw and memcpy_l2_size/_bw. */
  static CopyModel from(const OsProfile& os);
};

/** One-way cost of a datagram of `bytes` (host side, both ends): udp_fixed + bytes x udp_per_byte. */
double udp_oneway(const OsProfile& os, double bytes);

} // namespace cs::microbench
