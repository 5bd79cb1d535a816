/* The validation ops on hand-made rows: crossover interpolation, tolerances, KS statistic. */
#include "sim/input/errors.hpp"
#include "sim/sweep/sweep.hpp"
#include "sim/validate/failure_text.hpp"
#include "sim/validate/validate.hpp"

#include <catch2/catch.hpp>
#include <map>

using cs::json;

static cs::PointRow row(const std::string& method, double k, double y)
{
  cs::PointRow r;
  r.point.values = {{"m", method}, {"k", k}};
  r.status       = "ok";
  r.metrics      = {{"y", y}};
  return r;
}

TEST_CASE("crossover interpolates between swept points", "[unit]")
{
  cs::ComputeInput in;
  // a grows 1 per k, b is flat at 3.5: they cross at k = 3.5 (between 2 and 4).
  for (double k : {1.0, 2.0, 4.0, 8.0}) {
    in.runs["r"].push_back(row("a", k, k));
    in.runs["r"].push_back(row("b", k, 3.5));
  }
  json c = {{"op", "crossover"}, {"run", "r"}, {"x", "k"}, {"y", "y"}, {"a", {{"m", "a"}}}, {"b", {{"m", "b"}}}};
  REQUIRE(cs::compute_cell(c, in, "v.json", "/cells/0/compute").get<double>() == Approx(3.5));
  json never = c;
  never["b"] = {{"m", "a"}};
  in.runs["r"].push_back(row("c", 1, 100));
  json none = {{"op", "crossover"}, {"run", "r"}, {"x", "k"}, {"y", "y"}, {"a", {{"m", "a"}}}, {"b", {{"m", "c"}}}};
  REQUIRE_THROWS(cs::compute_cell(none, in, "v.json", "/c")); // different x sets
  json ratio = {{"op", "ratio"},
                {"num", {{"op", "value"}, {"run", "r"}, {"y", "y"}, {"where", {{"m", "a"}, {"k", 8.0}}}}},
                {"den", {{"op", "value"}, {"run", "r"}, {"y", "y"}, {"where", {{"m", "b"}, {"k", 8.0}}}}}};
  REQUIRE(cs::compute_cell(ratio, in, "v.json", "/c").get<double>() == Approx(8.0 / 3.5));
}

TEST_CASE("tolerances", "[unit]")
{
  REQUIRE(cs::within_tolerance({{"rel", 0.1}}, 10.0, 10.9, "f", "/t"));
  REQUIRE_FALSE(cs::within_tolerance({{"rel", 0.1}}, 10.0, 11.5, "f", "/t"));
  REQUIRE(cs::within_tolerance({{"abs", 1}}, 4.0, 3.2, "f", "/t"));
  REQUIRE(cs::within_tolerance({{"min", 3}}, nullptr, 5, "f", "/t"));
  REQUIRE_FALSE(cs::within_tolerance({{"max", 0}}, 0, 1, "f", "/t"));
  REQUIRE(cs::within_tolerance({{"range", {1, 2}}}, nullptr, 1.5, "f", "/t"));
  REQUIRE_THROWS(cs::within_tolerance({{"typo", 1}}, 1, 1, "f", "/t"));
}

TEST_CASE("Kolmogorov-Smirnov statistic of two samples", "[unit]")
{
  cs::ComputeInput in;
  for (double v : {1.0, 2.0, 3.0, 4.0})
    in.runs["r"].push_back(row("a", v, v));
  json same = {{"op", "ks"}, {"run", "r"}, {"y", "y"}, {"samples", {1, 2, 3, 4}}};
  REQUIRE(cs::compute_cell(same, in, "v", "/c").get<double>() == Approx(0));
  json apart = {{"op", "ks"}, {"run", "r"}, {"y", "y"}, {"samples", {10, 11}}};
  REQUIRE(cs::compute_cell(apart, in, "v", "/c").get<double>() == Approx(1));
}

TEST_CASE("a misspelt key of a compute object is an error, not a filter left out", "[unit]")
{
  cs::ComputeInput in;
  in.runs["r"].push_back(row("a", 1, 1));
  in.runs["r"].push_back(row("b", 1, 3));
  json good = {{"op", "mean"}, {"run", "r"}, {"y", "y"}, {"where", {{"m", "a"}}}};
  REQUIRE(cs::compute_cell(good, in, "v.json", "/cells/0/compute").get<double>() == Approx(1));
  json typo = {{"op", "mean"}, {"run", "r"}, {"y", "y"}, {"wher", {{"m", "a"}}}};
  try {
    cs::compute_cell(typo, in, "v.json", "/cells/0/compute");
    FAIL("the misspelt \"wher\" was accepted");
  } catch (const cs::InputError& e) {
    REQUIRE(e.pointer() == "/cells/0/compute/wher");
    REQUIRE_THAT(e.what(), Catch::Contains("did you mean \"where\""));
  }
  json nested = {{"op", "ratio"}, {"num", good}, {"den", {{"op", "value"}, {"run", "r"}, {"y", "y"}, {"x", "k"}}}};
  REQUIRE_THROWS_AS(cs::compute_cell(nested, in, "v.json", "/c"), cs::InputError); // "x" means nothing to "value"
}

TEST_CASE("p05 and p95 interpolate between the order statistics", "[unit]")
{
  cs::ComputeInput in;
  for (double k = 1; k <= 21; ++k) // y = 10 k: 21 rows, ranks 0..20
    in.runs["r"].push_back(row("a", k, 10 * k));
  json p05 = {{"op", "p05"}, {"run", "r"}, {"y", "y"}};
  json p95 = {{"op", "p95"}, {"run", "r"}, {"y", "y"}};
  REQUIRE(cs::compute_cell(p05, in, "v.json", "/c").get<double>() == Approx(20));  // rank 1
  REQUIRE(cs::compute_cell(p95, in, "v.json", "/c").get<double>() == Approx(200)); // rank 19
  in.runs["r"].push_back(row("a", 22, 220));                                       // 22 rows: rank 1.05
  REQUIRE(cs::compute_cell(p05, in, "v.json", "/c").get<double>() == Approx(20.5));
}

TEST_CASE("a failed point's text puts the program's own lines before SimGrid's", "[unit]")
{
  std::string log = "[130.0] EngineImpl.cpp:718: [ker_engine/CRITICAL] Oops! Deadlock detected\n"
                    "[130.0] [ker_engine/INFO] 9 actors are still running\n"
                    "clustersim: failure: dsm: 2 reliable message(s) given up after max_retries: the program did not "
                    "finish\n";
  REQUIRE(cs::own_lines_first(log) == "clustersim: failure: dsm: 2 reliable message(s) given up after max_retries: "
                                      "the program did not finish\n[130.0] EngineImpl.cpp:718: [ker_engine/CRITICAL] "
                                      "Oops! Deadlock detected\n[130.0] [ker_engine/INFO] 9 actors are still running");
  REQUIRE(cs::own_lines_first("clustersim: error: x.json: /a: bad") == "clustersim: error: x.json: /a: bad");
  REQUIRE(cs::own_lines_first("only SimGrid\nspeaks") == "only SimGrid\nspeaks");
}
