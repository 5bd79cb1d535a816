/* JIAJIA's cache of remote pages (from JIAJIA 2.1's src/mem.c and mem.h): a node maps at most `Cachepages` pages
 * homed elsewhere. With one set of Cachepages slots (Setpages = Cachepages), a page faulted in takes a slot found by
 * findposition(): the scan starts at a random slot and takes the first empty one; when none is empty, the first
 * slot holding an invalidated page seen on the way; when there is none either, the random starting slot itself.
 * A read-only or invalid victim is simply unmapped; a written one (with a twin) first has its diff sent to its home
 * and acknowledged. An invalidated page keeps its slot until the slot is taken: faulting it again needs no new one.
 * Capacity 0 means unbounded (the systems whose cache the model does not bound). */
#pragma once
#include "sim/run/rng.hpp"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace cs::dsm {

class PageCache {
public:
  enum class Slot : uint8_t { empty, invalid, valid };
  /** `rng`: the replacement draws (JIAJIA seeds random() with srand(1) in every process: the same stream each). */
  PageCache(long capacity, Rng rng) : slots_(static_cast<size_t>(capacity), -1), rng_(rng) {}

  long capacity() const { return static_cast<long>(slots_.size()); }
  bool bounded() const { return not slots_.empty(); }
  bool holds(long page) const { return slot_of_.count(page) != 0; }
  long size() const { return static_cast<long>(slot_of_.size()); }
  /** Gives `page` a slot and returns the page it displaced, or -1. `valid(p)`: p's copy is still valid. */
  long place(long page, const std::function<bool(long)>& valid);
  /** Replacements (counted by the node, which knows a victim was written): read-only or invalid, and written. */
  long replaced_clean = 0;
  long replaced_dirty = 0;

private:
  std::vector<long> slots_; ///< page in each slot, -1 when empty
  std::unordered_map<long, size_t> slot_of_;
  Rng rng_;
};

} // namespace cs::dsm
