#include "models/javaparty/placement.hpp"

#include <set>

namespace cs::javaparty {

std::vector<long> place_threads(long threads, long machines, Placement how, Rng& rng)
{
  const bool random = how == Placement::random;
  std::vector<long> out;
  for (long t = 0; t < threads; ++t)
    out.push_back(random ? static_cast<long>(rng.below(static_cast<uint64_t>(machines))) : t % machines);
  return out;
}

long machines_used(const std::vector<long>& placement)
{
  return static_cast<long>(std::set<long>(placement.begin(), placement.end()).size());
}

} // namespace cs::javaparty
