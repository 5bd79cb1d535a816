/* The statistics of an uncertainty run: quantiles of a metric over the samples, and the inputs ranked by Spearman
 * rank correlation. */
#include "sim/run/uncertainty_stats.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using cs::json;

TEST_CASE("Sample quantiles interpolate between order statistics", "[unit][uncertainty]")
{
  std::vector<double> v{5, 1, 4, 2, 3};
  REQUIRE(cs::sample_quantile(v, 0.5) == 3);
  REQUIRE(cs::sample_quantile(v, 0) == 1);
  REQUIRE(cs::sample_quantile(v, 1) == 5);
  REQUIRE(cs::sample_quantile(v, 0.05) == Approx(1.2));
  REQUIRE(cs::sample_quantile({7}, 0.95) == 7);
  REQUIRE(std::isnan(cs::sample_quantile({}, 0.5)));
}

TEST_CASE("Tied values share their mean rank", "[unit][uncertainty]")
{
  REQUIRE(cs::ranks({10, 20, 20, 5}) == std::vector<double>{2, 3.5, 3.5, 1});
}

TEST_CASE("Spearman's rho sees a monotone relation whatever its shape", "[unit][uncertainty]")
{
  std::vector<double> x{0.1, 0.5, 0.3, 0.9, 0.7};
  std::vector<double> cube, falling;
  for (double q : x) {
    cube.push_back(q * q * q);
    falling.push_back(1 / q);
  }
  REQUIRE(cs::spearman(x, cube) == Approx(1));
  REQUIRE(cs::spearman(x, falling) == Approx(-1));
  // A metric no input moves (a range of zero width, or an input the model never uses) is explained by nothing.
  REQUIRE(cs::spearman(x, {2, 2, 2, 2, 2}) == 0);
  REQUIRE(cs::spearman({0.5}, {1}) == 0);
}

TEST_CASE("The input a metric depends on ranks first", "[unit][uncertainty]")
{
  // Latin-hypercube-like quantiles of two inputs over 8 samples; the metric is a function of "latency" only.
  std::vector<double> lat{0.31, 0.06, 0.94, 0.56, 0.19, 0.69, 0.81, 0.44};
  std::vector<double> speed{0.19, 0.69, 0.44, 0.06, 0.81, 0.94, 0.56, 0.31};
  std::vector<cs::SampleOutcome> samples;
  for (size_t i = 0; i < lat.size(); ++i) {
    cs::SampleOutcome s;
    s.metrics   = {{"rtt_s", 2e-5 + 1e-4 * lat[i]}, {"label", "text is not a metric"}};
    s.quantiles = {{"p.json#/links/0/latency", lat[i]}, {"p.json#/hosts/0/speed", speed[i]}};
    samples.push_back(s);
  }
  json ranked = cs::rank_inputs(samples, "rtt_s");
  REQUIRE(ranked.size() == 2);
  REQUIRE(ranked[0]["input"] == "p.json#/links/0/latency");
  REQUIRE(ranked[0]["rho"].get<double>() == Approx(1));
  REQUIRE(std::fabs(ranked[1]["rho"].get<double>()) < 0.5);

  // A metric that never varies ranks no input (every rho is 0: none explains it, none comes first by its name).
  for (auto& s : samples)
    s.metrics["rtt_s_const"] = 5e-5;
  REQUIRE(cs::rank_inputs(samples, "rtt_s_const").empty());

  json spreads = cs::metric_spreads(samples, json{{"rtt_s", 7e-5}});
  REQUIRE(spreads.size() == 2); // the text metric has no spread
  REQUIRE(spreads["rtt_s"]["point"] == 7e-5);
  REQUIRE(spreads["rtt_s"]["p5"].get<double>() < spreads["rtt_s"]["median"].get<double>());
  REQUIRE(spreads["rtt_s"]["median"].get<double>() < spreads["rtt_s"]["p95"].get<double>());
}

TEST_CASE("A rho below what the samples give by chance is marked; a constant metric ranks nothing",
          "[unit][uncertainty]")
{
  REQUIRE(cs::chance_level(10) == Approx(1.96 / 3));
  REQUIRE(cs::chance_level(101) == Approx(0.196));
  REQUIRE(cs::chance_level(1) == 1);
  std::vector<double> lat{0.31, 0.06, 0.94, 0.56, 0.19, 0.69, 0.81, 0.44};
  std::vector<double> speed{0.19, 0.69, 0.44, 0.06, 0.81, 0.94, 0.56, 0.31};
  std::vector<cs::SampleOutcome> samples;
  for (size_t i = 0; i < lat.size(); ++i) {
    cs::SampleOutcome s;
    s.metrics   = {{"rtt_s", 2e-5 + 1e-4 * lat[i]}, {"steps", 12}};
    s.quantiles = {{"p.json#/links/0/latency", lat[i]}, {"p.json#/hosts/0/speed", speed[i]}};
    samples.push_back(s);
  }
  json spreads    = cs::metric_spreads(samples, json());
  json const& rtt = spreads["rtt_s"];
  REQUIRE(rtt["chance_level"].get<double>() == Approx(1.96 / std::sqrt(7.0)));
  REQUIRE(not rtt.contains("constant"));
  REQUIRE(rtt["sensitivity"].size() == 2);
  REQUIRE(not rtt["sensitivity"][0].contains("below_chance")); // rho 1: far above chance
  REQUIRE(rtt["sensitivity"][1]["below_chance"] == true);      // |rho| < 0.5 of 8 samples: chance
  json const& steps = spreads["steps"];
  REQUIRE(steps["constant"] == true);
  REQUIRE(steps["sensitivity"].empty());
  REQUIRE(steps["median"] == 12);
}
