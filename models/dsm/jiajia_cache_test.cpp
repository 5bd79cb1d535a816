/* JIAJIA 2.1's remote-page cache (models/dsm/page_cache.*) and its apps/mm program (bench_apps_mm.cpp). */
#include "models/dsm/page_cache.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <set>

using cs::json;

TEST_CASE("JIAJIA's cache fills empty slots first, then replaces an invalidated page, then a random one", "[unit][dsm]")
{
  cs::dsm::PageCache c(4, cs::Rng(1));
  std::set<long> invalid;
  auto valid = [&](long p) { return invalid.count(p) == 0; };
  for (long p = 0; p < 4; ++p)
    REQUIRE(c.place(p, valid) == -1);
  REQUIRE(c.size() == 4);
  invalid.insert(2);
  REQUIRE(c.place(10, valid) == 2); // the only invalidated page goes first, wherever the scan starts
  REQUIRE_FALSE(c.holds(2));
  std::set<long> victims;
  for (long p = 100; p < 140; ++p) {
    long v = c.place(p, valid);
    REQUIRE(v >= 0);
    victims.insert(v);
    REQUIRE(c.size() == 4);
  }
  REQUIRE(victims.size() > 4); // random replacement: not only the last pages placed
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
