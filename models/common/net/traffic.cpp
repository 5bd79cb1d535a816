#include "models/common/net/traffic.hpp"

#include <algorithm>

namespace cs::net {

void feed(PacketPort& port, const std::vector<Source>& sources, double from, double to, Rng& rng)
{
  std::vector<double> base(sources.size()), next(sources.size());
  // Out of phase from the start: no two sources' frames at the same instant.
  for (size_t i = 0; i < sources.size(); ++i)
    base[i] = next[i] = from + 1e-7 * static_cast<double>(i);
  while (true) {
    size_t s = 0;
    for (size_t i = 1; i < sources.size(); ++i)
      if (next[i] < next[s])
        s = i;
    if (next[s] > to)
      break;
    const Source& src = sources[s];
    port.arrive(next[s], src.frame, src.queue);
    double gap = src.frame / src.rate;
    if (src.poisson) {
      next[s] += rng.exponential(gap);
    } else {
      base[s] += gap; // a constant rate keeps its schedule; jitter moves each frame around it
      double j = src.jitter > 0 ? rng.uniform(-src.jitter, src.jitter) : 0.0;
      next[s]  = std::max(next[s], base[s] + j);
    }
  }
  port.advance(to);
}

} // namespace cs::net
