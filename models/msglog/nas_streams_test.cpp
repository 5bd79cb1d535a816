/* The NAS streams at any class and rank count: every message sent is received (per ordered pair of ranks), the
 * decompositions are NPB's, the compute scales by NPB's operation counts, and the seed's 16-rank class B streams are
 * those the seed's validation was run with (a digest of every operation of every rank). */
#include "models/msglog/nas_class.hpp"
#include "models/msglog/streams.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <map>

using cs::json;
using namespace cs::msglog;

namespace {

Params params_for(const std::string& bench, long ranks, const std::string& cls)
{
  cs::Fields f(
      json{{"bench", bench}, {"ranks", ranks}, {"ranks_per_node", 1}, {"class", cls}, {bench, {{"compute", "1s"}}}},
      "<test>", "");
  return Params::from(f);
}

/** Transfers of each ordered pair (src, dst): sent by src, received by dst. */
class PairCounter : public RankOps {
public:
  explicit PairCounter(int rank, std::map<std::pair<int, int>, long>& sent, std::map<std::pair<int, int>, long>& got)
      : rank_(rank), sent_(sent), got_(got)
  {
  }
  void compute(double s) override { compute_s += s; }
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int dst, double, long, bool, int) override { ++sent_[{rank_, dst}]; }
  void recv(int src, int) override { ++got_[{src, rank_}]; }
  double compute_s = 0;

private:
  int rank_;
  std::map<std::pair<int, int>, long>& sent_;
  std::map<std::pair<int, int>, long>& got_;
};

/** Every rank's program run; returns the total compute of all ranks and checks the pairs match. */
double check_matched(const std::string& bench, long ranks, const std::string& cls)
{
  INFO(bench << " class " << cls << " on " << ranks << " ranks");
  Params p = params_for(bench, ranks, cls);
  std::map<std::pair<int, int>, long> sent, got;
  double compute = 0;
  long total     = 0;
  for (int r = 0; r < ranks; ++r) {
    PairCounter c(r, sent, got);
    run_program(p, r, c);
    compute += c.compute_s;
  }
  for (auto const& [pair, n] : sent) {
    INFO("pair " << pair.first << " -> " << pair.second);
    REQUIRE(got[pair] == n);
    REQUIRE(pair.second >= 0);
    REQUIRE(pair.second < ranks);
    total += n;
  }
  REQUIRE(got.size() == sent.size()); // nothing received that was never sent
  if (ranks > 1 && bench != "ep")
    REQUIRE(total > 0);
  return compute;
}

bool lu_fits(const std::string& cls, long ranks)
{
  std::map<std::string, NasClass> c{
      {"S", NasClass::S}, {"W", NasClass::W}, {"A", NasClass::A}, {"B", NasClass::B}, {"C", NasClass::C}};
  return nas_problem(c[cls]).lu_grid / lu_grid(ranks).xdim >= 3;
}

/** FNV-1a over every operation of a rank: kind, peer, bytes, count, logged flag, compute seconds (their bits). */
class Digest : public RankOps {
public:
  std::uint64_t h = 1469598103934665603ULL;
  void compute(double s) override { mix('c', 0, s, 0, false); }
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int dst, double b, long count, bool logged, int) override { mix('s', dst, b, count, logged); }
  void recv(int src, int) override { mix('r', src, 0, 0, false); }

private:
  void mix(char kind, long peer, double value, long count, bool flag)
  {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    for (std::uint64_t v : {std::uint64_t(kind), std::uint64_t(peer), bits, std::uint64_t(count), std::uint64_t(flag)})
      for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ULL;
      }
  }
};

} // namespace

TEST_CASE("NAS streams at P ranks send and receive the same number of messages", "[unit][msglog]")
{
  for (const char* cls : {"S", "W", "A", "B", "C"}) {
    for (long p : {1, 4, 9, 16})
      for (const char* b : {"bt", "sp"})
        check_matched(b, p, cls);
    for (long p : {1, 2, 8, 16, 32, 128})
      for (const char* b : {"cg", "lu", "mg"})
        if (std::string(b) != "lu" || lu_fits(cls, p)) // NPB's LU refuses blocks of fewer than 3 points a side
          check_matched(b, p, cls);
    for (long p : {1, 3, 7, 16, 100})
      check_matched("ep", p, cls);
  }
  for (const char* b : {"bt", "sp"}) {
    check_matched(b, 64, "A");
    check_matched(b, 1024, "B");
  }
  for (const char* b : {"cg", "mg"})
    check_matched(b, 1024, "B");
  check_matched("lu", 512, "C");
}

TEST_CASE("The compute of a class and rank count scales by NPB's operation counts", "[unit][msglog]")
{
  // The whole run's compute of all ranks: the per-rank value at 16 ranks of class B (1 s a step here) times the
  // class's operation count over class B's; the same at any rank count (the work is split, not repeated).
  double b16 = check_matched("bt", 16, "B");
  REQUIRE(check_matched("bt", 64, "B") == Approx(b16));
  REQUIRE(check_matched("bt", 16, "C") == Approx(b16 * nas_ops("bt", NasClass::C) / nas_ops("bt", NasClass::B)));
  // MG: classes A and B share the grid, so a V-cycle costs the same; B runs 16 V-cycles more (21 and 5 with the
  // untimed one), 1 s each on each of the 16 ranks; the finest-grid residuals outside the V-cycles are the same.
  double mg16 = check_matched("mg", 16, "B");
  REQUIRE(mg16 - check_matched("mg", 16, "A") == Approx(16. * 16.));
  REQUIRE(check_matched("mg", 128, "B") == Approx(mg16));
  REQUIRE(check_matched("ep", 7, "C") == Approx(check_matched("ep", 16, "B") * 4.));
}

TEST_CASE("The process grids are NPB's", "[unit][msglog]")
{
  REQUIRE(cg_grid(16).cols == 4);
  REQUIRE(cg_grid(32).cols == 8); // not a square: twice as many columns as rows
  REQUIRE(cg_grid(32).rows == 4);
  REQUIRE(cg_exchange_partner(1, cg_grid(16)) == 4);
  REQUIRE(cg_exchange_partner(5, cg_grid(16)) == 5); // the diagonal exchanges with itself
  for (long p : {2, 8, 32, 128, 512})
    for (int r = 0; r < p; ++r) // the transpose is an involution: partners pair up
      REQUIRE(cg_exchange_partner(cg_exchange_partner(r, cg_grid(p)), cg_grid(p)) == r);
  REQUIRE(lu_grid(32).xdim == 8);
  REQUIRE(lu_grid(32).ydim == 4);
  REQUIRE(mg_procs(16) == std::vector<double>{4, 2, 2});
  REQUIRE(mg_procs(1024) == std::vector<double>{16, 8, 8});
  REQUIRE(params_for("cg", 32, "B").cg.vector_size == 8. * 9375); // na / cols doubles
}

TEST_CASE("Rank counts NPB's decompositions refuse are bad input", "[unit][msglog]")
{
  REQUIRE_THROWS_AS(params_for("bt", 8, "B"), cs::InputError);    // not a square
  REQUIRE_THROWS_AS(params_for("bt", 25, "S"), cs::InputError);   // cells of 2 points
  REQUIRE_THROWS_AS(params_for("cg", 12, "B"), cs::InputError);   // not a power of two
  REQUIRE_THROWS_AS(params_for("lu", 1024, "W"), cs::InputError); // subdomains of 1 point (grid 33 over 32)
  REQUIRE_NOTHROW(params_for("ep", 13, "B"));
}

TEST_CASE("The seed's 16-rank class B streams are unchanged", "[unit][msglog]")
{
  // Digests of every operation of all 16 ranks, taken from the streams the seed's validation was run with (before
  // streams were derived for any class and rank count). MG's is its stream's since it gained NPB's untimed V-cycle
  // and initial exchanges (docs/models/msglog.md, "Checked against NPB 3.3-MPI").
  std::map<std::string, std::uint64_t> expected{{"bt", 11573581138249643555ULL}, {"cg", 8551128194064553091ULL},
                                                {"ep", 6095561951465980003ULL},  {"lu", 16047634259221450611ULL},
                                                {"mg", 10191111857520856579ULL}, {"sp", 7003062556642551030ULL}};
  for (auto const& [bench, digest] : expected) {
    cs::Fields f(json{{"bench", bench}, {bench, {{"compute", "1s"}}}}, "<test>", "");
    Params p = Params::from(f);
    Digest d;
    for (int r = 0; r < 16; ++r)
      run_program(p, r, d);
    INFO(bench << " digest " << d.h);
    CHECK(d.h == digest);
  }
}

TEST_CASE("MG class A on 64 ranks runs to its end on a generated platform", "[engine][msglog]")
{
  json m = cs::test::run_metrics("scenarios/msglog/scale.json", {"params.ranks=64"});
  // 5 V-cycles (4 and the untimed one) of 23 comm3 exchanges (8 levels: resid, down, bottom, up), plus the 4
  // finest-grid exchanges outside them (zran3 twice, resid twice), with 6 neighbours: 714 messages per rank.
  REQUIRE(m["msgs_logged_min"].get<long>() == 714);
  REQUIRE(m["msgs_logged_max"].get<long>() == 714);
  REQUIRE(m["exec_time_s"].get<double>() > 0);
}

TEST_CASE("CG on a non-square grid of 32 ranks runs to its end", "[engine][msglog]")
{
  json m = cs::test::run_metrics("scenarios/msglog/nas.json", {"params.bench=cg", "params.class=S", "params.ranks=32",
                                                               "platform.hosts.cmi.generated=true"});
  REQUIRE(m["exec_time_s"].get<double>() > 0);
  REQUIRE(m["msgs_logged_max"].get<long>() > 0);
}
