#include "sim/sweep/sample.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/run/rng.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>

namespace cs {

namespace {

/** One parameter's distribution, mapping a uniform u in [0, 1) to a value. */
struct Distribution {
  enum class Kind { uniform, log_uniform, integer, choice } kind = Kind::uniform;
  double lo = 0, hi = 0;
  std::vector<json> choices;

  json value(double u, int digits) const
  {
    switch (kind) {
    case Kind::uniform:
      return round_to(lo + (hi - lo) * u, digits);
    case Kind::log_uniform:
      return round_to(std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * u), digits);
    case Kind::integer: {
      auto span = static_cast<long long>(hi - lo) + 1;
      auto k    = std::min(span - 1, static_cast<long long>(u * static_cast<double>(span)));
      return static_cast<long long>(lo) + k;
    }
    case Kind::choice: {
      auto k = std::min(choices.size() - 1, static_cast<size_t>(u * static_cast<double>(choices.size())));
      return choices[k];
    }
    }
    return nullptr;
  }

  /** Rounding to a few significant digits gives readable CSV cells, and makes the values immune to a last-bit
   *  difference of exp/log between C libraries (which would otherwise break "same sweep, same CSV"). */
  static json round_to(double v, int digits)
  {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return std::strtod(buf, nullptr);
  }
};

std::pair<double, double> bounds(const json& v, const std::string& file, const std::string& ptr, bool integer)
{
  if (not v.is_array() || v.size() != 2 || not v[0].is_number() || not v[1].is_number())
    throw InputError(file, ptr, "expected [low, high] (two numbers, SI units), got " + quote_value(v));
  double lo = v[0].get<double>(), hi = v[1].get<double>();
  if (not(lo <= hi))
    throw InputError(file, ptr, "expected low <= high, got " + quote_value(v));
  if (integer && (std::floor(lo) != lo || std::floor(hi) != hi))
    throw InputError(file, ptr, "expected two integers, got " + quote_value(v));
  return {lo, hi};
}

Distribution parse_distribution(const json& j, const std::string& file, const std::string& pointer)
{
  Fields f(j, file, pointer);
  Distribution d;
  int given = 0;
  if (const json* v = f.raw("uniform", "[low, high]", "uniform between low and high")) {
    ++given;
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("uniform"), false);
  }
  if (const json* v = f.raw("log_uniform", "[low, high]", "uniform in log scale, 0 < low <= high")) {
    ++given;
    d.kind               = Distribution::Kind::log_uniform;
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("log_uniform"), false);
    if (d.lo <= 0)
      f.fail("log_uniform", "expected 0 < low, got " + quote_value(*v));
  }
  if (const json* v = f.raw("integer", "[low, high]", "an integer in low..high, both included")) {
    ++given;
    d.kind               = Distribution::Kind::integer;
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("integer"), true);
  }
  if (const json* v = f.raw("choice", "[values]", "one of the listed values, equally likely")) {
    ++given;
    d.kind = Distribution::Kind::choice;
    if (not v->is_array() || v->empty())
      f.fail("choice", "expected a non-empty list of values, got " + quote_value(*v));
    d.choices.assign(v->begin(), v->end());
  }
  f.finish();
  if (given != 1)
    throw InputError(file, pointer, "expected exactly one of uniform, log_uniform, integer or choice");
  return d;
}

} // namespace

SweepFactor parse_sample(const json& j, const std::string& file, const std::string& pointer, uint64_t seed)
{
  Fields f(j, file, pointer);
  std::string method = f.choice("method", "random", {"random", "lhs"},
                                "random: independent uniform draws; lhs: Latin hypercube (each parameter's range cut "
                                "in count strata, one draw per stratum)");
  long count         = f.integer("count", 0, "number of sampled rows", 1, 10000000);
  int digits         = static_cast<int>(f.integer("digits", 6, "significant digits kept of continuous draws", 1, 17));
  const json* params = f.raw("params", "object", "path: distribution");
  if (not f.has("count"))
    f.missing("count", "number of sampled rows");
  if (params == nullptr || not params->is_object() || params->empty())
    f.fail("params", "expected an object of path: distribution, e.g. {\"params.x\": {\"uniform\": [0, 1]}}");
  f.finish();

  SweepFactor factor;
  factor.kind = method;
  std::vector<Distribution> dists;
  for (auto const& [path, d] : params->items()) {
    factor.paths.push_back(path);
    dists.push_back(parse_distribution(d, file, pointer_join(f.pointer("params"), path)));
  }

  // One stream for the whole sample, consumed parameter by parameter (paths in sorted order): the draws depend on
  // the sweep seed and the sample's definition only.
  Rng rng = RngStreams(seed).stream("sweep.sample." + method);
  auto n  = static_cast<size_t>(count);
  factor.rows.assign(n, std::vector<json>(dists.size()));
  for (size_t d = 0; d < dists.size(); ++d) {
    std::vector<size_t> stratum(n);
    std::iota(stratum.begin(), stratum.end(), 0);
    if (method == "lhs") // Fisher-Yates with our own generator: std::shuffle's algorithm is not specified
      for (size_t i = n; i-- > 1;)
        std::swap(stratum[i], stratum[static_cast<size_t>(rng.below(i + 1))]);
    for (size_t i = 0; i < n; ++i) {
      double u = rng.uniform();
      if (method == "lhs")
        u = (static_cast<double>(stratum[i]) + u) / static_cast<double>(n);
      factor.rows[i][d] = dists[d].value(u, digits);
    }
  }
  return factor;
}

} // namespace cs
