#include "models/dsm/page_cache.hpp"

namespace cs::dsm {

long PageCache::place(long page, const std::function<bool(long)>& valid)
{
  size_t n     = slots_.size();
  size_t start = static_cast<size_t>(rng_.below(n));
  size_t at    = start;
  long invalid = -1; // first slot with an invalidated page met on the scan
  size_t i     = 0;
  for (; i < n && slots_[at] >= 0; ++i) {
    if (invalid < 0 && not valid(slots_[at]))
      invalid = static_cast<long>(at);
    at = (at + 1) % n;
  }
  if (slots_[at] >= 0 && invalid >= 0) // a full cache: an invalidated page goes before a valid one
    at = static_cast<size_t>(invalid);
  long victim = slots_[at];
  if (victim >= 0)
    slot_of_.erase(victim);
  slots_[at]     = page;
  slot_of_[page] = at;
  return victim;
}

} // namespace cs::dsm
