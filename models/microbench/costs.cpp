#include "models/microbench/costs.hpp"

namespace cs::microbench {

double CopyModel::time(double bytes) const
{
  if (bytes <= 0)
    return 0;
  if (bytes <= l1_size)
    return bytes / l1_bw;
  if (bytes <= l2_size)
    return bytes / l2_bw;
  return bytes / bw;
}

CopyModel CopyModel::from(const OsProfile& os)
{
  CopyModel m;
  m.bw = os.cost("memcpy_bw");
  // A profile written by hand (a seed's platform) has one copy bandwidth: then there are no levels.
  if (os.has("memcpy_l1_size")) {
    m.l1_size = os.cost("memcpy_l1_size");
    m.l1_bw   = os.cost("memcpy_l1_bw");
    m.l2_size = os.cost("memcpy_l2_size");
    m.l2_bw   = os.cost("memcpy_l2_bw");
  }
  return m;
}

double udp_oneway(const OsProfile& os, double bytes)
{
  return os.cost("udp_fixed") + bytes * os.cost("udp_per_byte");
}

} // namespace cs::microbench
