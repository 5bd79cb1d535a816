/* JIAJIA 2.1's remote-page cache (models/dsm/page_cache.*) and its apps/mm program (bench_apps_mm.cpp). */
#include "models/dsm/page_cache.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <vector>

using cs::json;

TEST_CASE("JIAJIA's cache fills empty slots first, then replaces an invalidated page, then a random one", "[unit][dsm]")
{
  cs::dsm::PageCache c(4, cs::Rng(1));
  for (long p = 0; p < 4; ++p)
    REQUIRE(c.place(p, true) == -1);
  REQUIRE(c.size() == 4);
  c.set_valid(2, false);
  REQUIRE(c.place(10, true) == 2); // the only invalidated page goes first, wherever the scan starts
  REQUIRE_FALSE(c.holds(2));
  std::set<long> victims;
  for (long p = 100; p < 140; ++p) {
    long v = c.place(p, true);
    REQUIRE(v >= 0);
    victims.insert(v);
    REQUIRE(c.size() == 4);
  }
  REQUIRE(victims.size() > 4); // random replacement: not only the last pages placed
}

namespace {
void mark(std::set<long>& invalid, long page, bool valid)
{
  if (valid)
    invalid.erase(page);
  else
    invalid.insert(page);
}

/** findposition()'s scan as JIAJIA writes it, slot by slot: what PageCache must choose without scanning. */
struct ScanningCache {
  std::vector<long> slots;
  cs::Rng rng;
  long place(long page, const std::set<long>& invalid)
  {
    size_t n = slots.size(), start = static_cast<size_t>(rng.below(n)), at = start;
    long first_invalid = -1;
    for (size_t i = 0; i < n && slots[at] >= 0; ++i, at = (at + 1) % n)
      if (first_invalid < 0 && invalid.count(slots[at]))
        first_invalid = static_cast<long>(at);
    if (slots[at] >= 0 && first_invalid >= 0)
      at = static_cast<size_t>(first_invalid);
    long victim = slots[at];
    slots[at]   = page;
    return victim;
  }
};
} // namespace

TEST_CASE("JIAJIA's cache chooses the slot findposition()'s scan chooses", "[unit][dsm]")
{
  cs::Rng ops(7);
  for (long capacity : {1L, 2L, 5L, 16L}) {
    cs::dsm::PageCache c(capacity, cs::Rng(1));
    ScanningCache reference{std::vector<long>(static_cast<size_t>(capacity), -1), cs::Rng(1)};
    std::set<long> invalid; // pages whose copy is invalid, cached or not
    for (int step = 0; step < 5000; ++step) {
      long page = static_cast<long>(ops.below(3 * static_cast<uint64_t>(capacity) + 2));
      if (ops.below(3) == 0) { // an invalidation or a refetch, as the protocol reports them
        bool valid = ops.below(2) == 0;
        mark(invalid, page, valid);
        c.set_valid(page, valid);
      } else if (not c.holds(page)) {
        bool valid = ops.below(4) != 0;
        mark(invalid, page, valid);
        long expected = reference.place(page, invalid);
        REQUIRE(c.place(page, valid) == expected);
      }
    }
  }
}

namespace {
const char* mm = "scenarios/dsm/ext_jiajia21_mm.json";
// apps/mm at N = 256: a row is 1 KB, b is 64 pages of 4 KB, 48 of them homed away from each process.
std::vector<std::string> small(const char* order, long cache)
{
  return {"params.apps_mm.n=256", std::string("params.apps_mm.order=") + order,
          "params.systems.jiajia.cache_pages=" + std::to_string(cache)};
}
} // namespace

TEST_CASE("JIAJIA never maps more remote pages than Cachepages", "[engine][dsm]")
{
  json m = cs::test::run_metrics(mm, small("inner", 16));
  REQUIRE(m["peak_remote_mapped"].get<long>() <= 16);
  REQUIRE(m["peak_remote_mapped"].get<long>() == 16); // the bound binds: each process sweeps 48 remote pages
  // Every row of c sweeps all of b again through 16 slots: far more fetches than b's 48 remote pages.
  REQUIRE(m["remote_pages_min_proc"].get<long>() > 48 * 10);
}

TEST_CASE("apps/mm with all of b in the cache fetches each remote page of b once per process", "[engine][dsm]")
{
  json m = cs::test::run_metrics(mm, small("inner", 1024));
  // Processes 1-3 fetch b's 48 pages homed elsewhere once each; process 0 wrote all of b in seqinit() and keeps
  // valid copies of its own writes across the barrier, so its timed part fetches nothing.
  REQUIRE(m["remote_pages_max_proc"].get<long>() == 48);
  REQUIRE(m["remote_pages_min_proc"].get<long>() == 0);
  REQUIRE(m["remote_pages_per_proc"].get<double>() == Approx(36.0));
  REQUIRE(m["peak_remote_mapped"].get<long>() <= 1024);
}
