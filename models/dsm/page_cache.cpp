#include "models/dsm/page_cache.hpp"

namespace cs::dsm {

namespace {

/** The first slot of `slots` at or after `start`, wrapping round to the lowest (`slots` not empty). */
size_t first_from(const std::set<size_t>& slots, size_t start)
{
  auto at = slots.lower_bound(start);
  return at != slots.end() ? *at : *slots.begin();
}

} // namespace

PageCache::PageCache(long capacity, Rng rng) : slots_(static_cast<size_t>(capacity), -1), rng_(rng)
{
  for (size_t i = 0; i < slots_.size(); ++i)
    empty_.insert(empty_.end(), i);
}

long PageCache::place(long page, bool page_valid)
{
  // findposition()'s scan from a random slot: the first empty slot it meets; in a full cache the first slot with an
  // invalidated page; else the starting slot. The draw is made whichever way the slot is found.
  size_t start = static_cast<size_t>(rng_.below(slots_.size()));
  size_t at    = start;
  if (not empty_.empty())
    at = first_from(empty_, start);
  else if (not invalid_.empty())
    at = first_from(invalid_, start);
  long victim = slots_[at];
  if (victim >= 0) {
    slot_of_.erase(victim);
    invalid_.erase(at);
  } else {
    empty_.erase(at);
  }
  slots_[at]     = page;
  slot_of_[page] = at;
  if (not page_valid)
    invalid_.insert(at);
  return victim;
}

void PageCache::set_valid(long page, bool valid)
{
  auto held = slot_of_.find(page);
  if (held == slot_of_.end())
    return;
  if (valid)
    invalid_.erase(held->second);
  else
    invalid_.insert(held->second);
}

} // namespace cs::dsm
