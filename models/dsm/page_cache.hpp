/* JIAJIA's cache of remote pages (from JIAJIA 2.1's src/mem.c and mem.h): a node maps at most `Cachepages` pages
 * homed elsewhere. With one set of Cachepages slots (Setpages = Cachepages), a page faulted in takes a slot found by
 * findposition(): the scan starts at a random slot and takes the first empty one; when none is empty, the first
 * slot holding an invalidated page seen on the way; when there is none either, the random starting slot itself.
 * A read-only or invalid victim is simply unmapped; a written one (with a twin) first has its diff sent to its home
 * and acknowledged. An invalidated page keeps its slot until the slot is taken: faulting it again needs no new one.
 * Capacity 0 means unbounded (the systems whose cache the model does not bound).
 *
 * The scan's outcome is found without scanning: the cache keeps its empty slots and its slots holding an invalidated
 * page in ordered sets, so the first of either from the starting slot on (wrapping round) is one lookup. A full
 * cache of valid pages (apps/mm's inner order with Cachepages 512 faults half a million times) would otherwise cost
 * a pass over every slot per fault. The owner reports each page's validity as it changes (set_valid). */
#pragma once
#include "sim/run/rng.hpp"

#include <cstdint>
#include <set>
#include <unordered_map>
#include <vector>

namespace cs::dsm {

class PageCache {
public:
  /** `rng`: the replacement draws (JIAJIA seeds random() with srand(1) in every process: the same stream each). */
  PageCache(long capacity, Rng rng);

  long capacity() const { return static_cast<long>(slots_.size()); }
  bool bounded() const { return not slots_.empty(); }
  bool holds(long page) const { return slot_of_.count(page) != 0; }
  long size() const { return static_cast<long>(slot_of_.size()); }
  /** Gives `page` a slot and returns the page it displaced, or -1. `page_valid`: `page`'s copy is valid now. */
  long place(long page, bool page_valid);
  /** `page`'s copy became valid or was invalidated (nothing to do for a page without a slot). */
  void set_valid(long page, bool valid);
  /** Replacements (counted by the node, which knows a victim was written): read-only or invalid, and written. */
  long replaced_clean = 0;
  long replaced_dirty = 0;

private:
  std::vector<long> slots_; ///< page in each slot, -1 when empty
  std::unordered_map<long, size_t> slot_of_;
  std::set<size_t> empty_;   ///< slots holding no page
  std::set<size_t> invalid_; ///< slots holding an invalidated page
  Rng rng_;
};

} // namespace cs::dsm
