/* Sweep files: grid, zipped lists, random and Latin-hypercube samples, repetitions and their seeds, errors. */
#include "sim/input/errors.hpp"
#include "sim/input/units.hpp"
#include "sim/run/rng.hpp"
#include "sim/sweep/sweep.hpp"

#include <catch2/catch.hpp>
#include <set>

using cs::json;

static const char* base = "scenarios/speculative_read/case1.json"; // tests run from the source tree

static cs::SweepSpec spec_of(json j)
{
  j["scenario"] = base;
  return cs::parse_sweep(j, "test_sweep.json", "");
}

static std::string error_of(json j)
{
  try {
    spec_of(std::move(j));
  } catch (const cs::InputError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("a grid is the cartesian product, last path fastest, repetitions innermost", "[unit]")
{
  auto spec =
      spec_of({{"grid", {{"params.method", {"NR", "FR"}}, {"platform.slowdown", {1, 2, 4}}}}, {"repetitions", 2}});
  auto points = cs::expand_sweep(spec);
  REQUIRE(points.size() == 12);
  REQUIRE(spec.size() == 12);
  REQUIRE(points[0].id == "p00000");
  REQUIRE(points[11].id == "p00011");
  REQUIRE(points[2].values ==
          std::vector<std::pair<std::string, json>>{{"params.method", "NR"}, {"platform.slowdown", 2}});
  REQUIRE(points[3].rep == 1);
  REQUIRE(points[11].values[0].second == "FR");
  // Overrides carry JSON text, so a string stays a string.
  REQUIRE(points[0].sets(spec) == std::vector<std::string>{"params.method=\"NR\"", "platform.slowdown=1"});
}

TEST_CASE("a grid given as a list keeps its order", "[unit]")
{
  auto spec = spec_of({{"grid", json::array({{{"platform.slowdown", {1, 2}}}, {{"params.method", {"NR", "FR"}}}})}});
  REQUIRE(spec.param_paths() == std::vector<std::string>{"platform.slowdown", "params.method"});
  REQUIRE(cs::expand_sweep(spec)[1].values[1].second == "FR");
}

TEST_CASE("zipped lists advance together and multiply with the grid", "[unit]")
{
  auto spec =
      spec_of({{"grid", {{"params.method", {"NR", "FR", "TR"}}}},
               {"zip", {{"platform.slowdown", {1, 2, 4, 8}}, {"params.local_process", {"1ms", "2ms", "4ms", "8ms"}}}}});
  auto points = cs::expand_sweep(spec);
  REQUIRE(points.size() == 12);
  for (auto const& p : points) {
    auto k = p.values[2].second.get<int>(); // params.method, then zip paths sorted: local_process, slowdown
    REQUIRE(p.values[1].second == std::to_string(k) + "ms");
  }
  REQUIRE_THAT(error_of({{"zip", {{"params.a", {1, 2}}, {"params.b", {1}}}}}),
               Catch::Contains("/zip/params.b") && Catch::Contains("one length"));
}

TEST_CASE("random samples are reproducible from the sweep seed and stay in their ranges", "[unit]")
{
  json sample = {{"method", "random"},
                 {"count", 200},
                 {"params",
                  {{"params.local_process", {{"uniform", {"10ms", "60ms"}}}},
                   {"platform.slowdown", {{"log_uniform", {1, 32}}}},
                   {"params.iterations", {{"integer", {1, 3}}}},
                   {"params.method", {{"choice", {"NR", "FR"}}}}}}};
  auto a      = cs::expand_sweep(spec_of({{"sample", sample}, {"seed", 7}}));
  auto b      = cs::expand_sweep(spec_of({{"sample", sample}, {"seed", 7}}));
  auto c      = cs::expand_sweep(spec_of({{"sample", sample}, {"seed", 8}}));
  REQUIRE(a.size() == 200);
  std::set<long> ints;
  std::set<std::string> methods;
  bool differs = false;
  for (size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].values == b[i].values);
    differs = differs || a[i].values != c[i].values;
    ints.insert(a[i].values[0].second.get<long>()); // sorted paths: iterations, local_process, method, slowdown
    // Bounds with a unit: drawn in the base unit, written with it ("0.0314s").
    std::string text = a[i].values[1].second.get<std::string>();
    REQUIRE(text.back() == 's');
    double lp = cs::parse_unit_string(text, cs::Unit::time).value();
    REQUIRE((lp >= 0.01 && lp <= 0.06));
    methods.insert(a[i].values[2].second.get<std::string>());
    double k = a[i].values[3].second.get<double>();
    REQUIRE((k >= 1 && k <= 32));
  }
  REQUIRE(differs);
  REQUIRE(ints == std::set<long>{1, 2, 3});
  REQUIRE(methods == std::set<std::string>{"NR", "FR"});
}

TEST_CASE("a Latin hypercube puts one draw in each stratum of each parameter", "[unit]")
{
  const int n = 50;
  auto spec   = spec_of({{"sample",
                          {{"method", "lhs"},
                           {"count", n},
                           {"params", {{"params.a", {{"uniform", {0, 1}}}}, {"params.b", {{"uniform", {10, 20}}}}}}}}});
  auto points = cs::expand_sweep(spec);
  REQUIRE(points.size() == n);
  std::set<int> sa, sb;
  for (auto const& p : points) {
    sa.insert(static_cast<int>(p.values[0].second.get<double>() * n));
    sb.insert(static_cast<int>((p.values[1].second.get<double>() - 10) / 10 * n));
  }
  REQUIRE(sa.size() == n);
  REQUIRE(sb.size() == n);
}

/** A sample drawn whole, in the stream's order (every parameter in turn: a Latin hypercube's shuffle, then a uniform
 *  per row): the rows drawn one at a time must be these, in any order. */
static std::vector<std::vector<double>> drawn_whole(const std::string& method, size_t n, size_t params, uint64_t seed)
{
  cs::Rng rng = cs::RngStreams(seed).stream("sweep.sample." + method);
  std::vector<std::vector<double>> rows(n, std::vector<double>(params));
  for (size_t d = 0; d < params; ++d) {
    std::vector<size_t> stratum(n);
    for (size_t i = 0; i < n; ++i)
      stratum[i] = i;
    if (method == "lhs")
      for (size_t i = n; i-- > 1;)
        std::swap(stratum[i], stratum[static_cast<size_t>(rng.below(i + 1))]);
    for (size_t i = 0; i < n; ++i) {
      double u   = rng.uniform();
      rows[i][d] = method == "lhs" ? (static_cast<double>(stratum[i]) + u) / static_cast<double>(n) : u;
    }
  }
  return rows;
}

TEST_CASE("a sample's rows, drawn when asked, are those of the whole sample drawn at once", "[unit]")
{
  const size_t n = 3000; // several saved states of the stream (one every 1024 draws)
  for (std::string method : {"random", "lhs"}) {
    json sample = {{"method", method},
                   {"count", n},
                   {"digits", 17}, // no rounding: the uniform draws themselves
                   {"params", {{"params.a", {{"uniform", {0, 1}}}}, {"params.b", {{"uniform", {0, 1}}}}}}};
    auto spec   = spec_of({{"sample", sample}, {"seed", 11}});
    auto whole  = drawn_whole(method, n, 2, 11);
    REQUIRE(spec.size() == n);
    for (size_t i : {size_t{0}, size_t{1}, size_t{1500}, size_t{1023}, size_t{1024}, size_t{2999}, size_t{5}})
      for (size_t d = 0; d < 2; ++d) // out of order: from the saved states
        REQUIRE(cs::sweep_point(spec, i).values[d].second.get<double>() == whole[i][d]);
    auto points = cs::expand_sweep(spec); // in order: from the cursor
    for (size_t i = 0; i < n; ++i)
      for (size_t d = 0; d < 2; ++d)
        REQUIRE(points[i].values[d].second.get<double>() == whole[i][d]);
  }
}

TEST_CASE("repetitions get distinct derived seeds, common across points unless asked otherwise", "[unit]")
{
  auto common =
      cs::expand_sweep(spec_of({{"grid", {{"params.method", {"NR", "FR"}}}}, {"repetitions", 3}, {"seed", 5}}));
  REQUIRE(common[0].seed == cs::derive_seed(5, 0));
  REQUIRE(common[1].seed == cs::derive_seed(5, 1));
  REQUIRE(common[1].seed != common[0].seed);
  REQUIRE(common[4].seed == common[1].seed); // same repetition, other point: common random numbers
  auto distinct = cs::expand_sweep(
      spec_of({{"grid", {{"params.method", {"NR", "FR"}}}}, {"repetitions", 3}, {"seed", 5}, {"seeds", "distinct"}}));
  std::set<uint64_t> seeds;
  for (auto const& p : distinct)
    seeds.insert(p.seed);
  REQUIRE(seeds.size() == 6);
  // One repetition and no sweep seed: the scenario's own seed, not overridden.
  auto plain = cs::expand_sweep(spec_of({{"grid", {{"params.method", {"NR"}}}}}));
  REQUIRE_FALSE(plain[0].has_seed);
  REQUIRE(plain[0].seed == 1);
}

TEST_CASE("bad sweep files are errors naming the place", "[unit]")
{
  REQUIRE_THAT(error_of({{"grid", {{"params.method", json::array()}}}}), Catch::Contains("/grid/params.method"));
  REQUIRE_THAT(error_of({{"gird", {{"params.method", {"NR"}}}}}), Catch::Contains("did you mean \"grid\""));
  REQUIRE_THAT(error_of({{"grid", {{"params.method", {"NR"}}}}, {"zip", {{"params.method", {"FR"}}}}}),
               Catch::Contains("swept twice"));
  REQUIRE_THAT(error_of({{"sample", {{"count", 3}, {"params", {{"params.a", {{"uniform", {"10ms", "1KiB"}}}}}}}}}),
               Catch::Contains("two quantities of one dimension"));
  REQUIRE_THAT(error_of({{"sample", {{"count", 3}, {"params", {{"params.a", {{"uniform", {2, 1}}}}}}}}}),
               Catch::Contains("/sample/params/params.a/uniform"));
  REQUIRE_THAT(error_of({{"sample", {{"count", 3}, {"params", {{"params.a", {{"normal", {0, 1}}}}}}}}}),
               Catch::Contains("unknown key \"normal\""));
  REQUIRE_THAT(error_of({{"derived", {{"speedup", "t1 / "}}}}),
               Catch::Contains("/derived/speedup") && Catch::Contains("at character 6"));
  REQUIRE_THAT(error_of({{"derived", {{"speedup", "baseline.t / t"}}}}), Catch::Contains("no \"baseline\""));
  REQUIRE_THAT(error_of({{"grid", {{"params.method", {"NR"}}}},
                         {"derived", {{"s", {{"expr", "baseline.t / t"}, {"baseline", {{"params.nope", 1}}}}}}}}),
               Catch::Contains("not a swept parameter"));
  REQUIRE_THAT(error_of({{"derived", {{"rep", "1"}}}}), Catch::Contains("plain name"));
}

TEST_CASE("the fingerprint changes with the points, not with derived columns", "[unit]")
{
  json grid = {{"params.method", {"NR", "FR"}}};
  auto a    = cs::sweep_fingerprint(spec_of({{"grid", grid}}), {});
  REQUIRE(a == cs::sweep_fingerprint(spec_of({{"grid", grid}, {"derived", {{"x", "total_time_s * 2"}}}}), {}));
  REQUIRE(a != cs::sweep_fingerprint(spec_of({{"grid", {{"params.method", {"NR", "TR"}}}}}), {}));
  REQUIRE(a != cs::sweep_fingerprint(spec_of({{"grid", grid}, {"seed", 3}}), {}));
  REQUIRE(a != cs::sweep_fingerprint(spec_of({{"grid", grid}}), {"--cfg=network/model:CM02"}));
}

TEST_CASE("a sweep without axes over a bad base scenario is bad input naming that scenario", "[unit]")
{
  // Its one point sets nothing: the message once took the first character off an empty list of --set options.
  auto spec = cs::parse_sweep({{"scenario", "tests/bad_input/unknown_key.json"}}, "test_sweep.json", "");
  std::string what;
  try {
    cs::check_points(spec);
  } catch (const cs::InputError& e) {
    what = e.what();
  }
  REQUIRE_THAT(what, Catch::Contains("test_sweep.json") && Catch::Contains("the base scenario unchanged") &&
                         Catch::Contains("unknown key \"parms\""));
}

TEST_CASE("points are computed one at a time, and a sweep's size is bounded before any is", "[unit]")
{
  auto spec   = spec_of({{"grid", {{"params.method", {"NR", "FR", "TR"}}, {"platform.slowdown", {1, 2}}}},
                         {"zip", {{"params.local_process", {"30ms", "60ms"}}}},
                         {"repetitions", 2},
                         {"seeds", "distinct"}});
  auto points = cs::expand_sweep(spec);
  REQUIRE(points.size() == 24);
  for (size_t i = 0; i < points.size(); ++i) {
    auto p = cs::sweep_point(spec, i);
    REQUIRE(p.id == points[i].id);
    REQUIRE(p.values == points[i].values);
    REQUIRE(p.seed == points[i].seed);
    REQUIRE(p.rep == points[i].rep);
  }
  // 10^4 x 10^4 x 10^2 values: 10^10 points, refused from the factors' sizes alone.
  json many = json::array();
  for (int i = 0; i < 10000; ++i)
    many.push_back(i + 1);
  json small = json::array();
  for (int i = 0; i < 100; ++i)
    small.push_back(i + 1);
  REQUIRE_THAT(error_of({{"grid", json::array({{{"params.iterations", many}},
                                               {{"params.object_size", many}},
                                               {{"platform.slowdown", small}}})}}),
               Catch::Contains("more than 1000000000 points"));
}

TEST_CASE("every axis value is checked in its own place before anything runs", "[unit]")
{
  auto spec = spec_of({{"grid", json::array({{{"params.method", {"NR", "FR"}}},
                                             {{"params.object_size", {"10KiB", "20KiB", "1 Gbit"}}}})}});
  REQUIRE_THROWS_WITH(cs::check_points(spec), Catch::Contains("point p00002 (params.object_size = \"1 Gbit\": "));
  REQUIRE_NOTHROW(cs::check_points(spec_of({{"grid", {{"params.method", {"NR", "FR", "TR"}}}}})));
}
