#include "models/net/tcp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::net {

long segments(double bytes, const TcpConfig& c)
{
  return std::max(1L, static_cast<long>(std::ceil(bytes / c.mss)));
}

double loss_delay(double bytes, double p, const TcpConfig& c, Rng& rng, long* lost)
{
  if (p <= 0)
    return 0;
  double delay = 0;
  for (long s = segments(bytes, c); s > 0; --s) {
    double rto = c.rto_min;
    while (rng.bernoulli(p)) {
      delay += rto;
      rto = std::min(2 * rto, c.rto_max);
      if (lost)
        ++*lost;
    }
  }
  return delay;
}

double mathis_rate(double mss, double rtt, double p)
{
  if (p <= 0)
    return std::numeric_limits<double>::infinity();
  return mss / rtt * std::sqrt(1.5) / std::sqrt(p);
}

} // namespace cs::net
