#include "sim/sweep/sample.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/unit_text.hpp"
#include "sim/run/rng.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <optional>

namespace cs {

namespace {

/** One parameter's distribution, mapping a uniform u in [0, 1) to a value. */
struct Distribution {
  enum class Kind { uniform, log_uniform, integer, choice } kind = Kind::uniform;
  double lo = 0, hi = 0;
  Unit unit = Unit::none; ///< bounds given with a unit: draws are written in its base unit ("0.0123s")
  std::vector<json> choices;
  std::string pointer; ///< in the sweep file

  json value(double u, int digits) const
  {
    json v = number(u, digits);
    return unit == Unit::none || kind == Kind::choice ? v : json(v.dump() + base_suffix(unit));
  }

  json number(double u, int digits) const
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
    // As printf's %.*g and strtod, both exact, at a quarter of their cost (a sample may have 10^7 rows to list).
    char buf[64];
    auto printed = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, digits);
    double back  = v;
    std::from_chars(buf, printed.ptr, back);
    return back;
  }
};

/** A bound: a plain number, or a quantity with its unit ("10ms"), in base units. */
std::optional<std::pair<double, Unit>> bound(const json& v)
{
  if (v.is_number())
    return std::make_pair(v.get<double>(), Unit::none);
  return v.is_string() ? parse_any_quantity(v.get<std::string>()) : std::nullopt;
}

std::pair<double, double> bounds(const json& v, const std::string& file, const std::string& ptr, bool integer,
                                 Unit* unit)
{
  auto lo_hi = v.is_array() && v.size() == 2 ? std::make_pair(bound(v[0]), bound(v[1]))
                                             : std::make_pair(decltype(bound(v)){}, decltype(bound(v)){});
  if (not lo_hi.first || not lo_hi.second || lo_hi.first->second != lo_hi.second->second)
    throw InputError(file, ptr,
                     "expected [low, high]: two numbers, or two quantities of one dimension with their units such as "
                     "[\"10ms\", \"1s\"], got " +
                         quote_value(v));
  *unit     = lo_hi.first->second;
  double lo = lo_hi.first->first, hi = lo_hi.second->first;
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
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("uniform"), false, &d.unit);
  }
  if (const json* v = f.raw("log_uniform", "[low, high]", "uniform in log scale, 0 < low <= high")) {
    ++given;
    d.kind               = Distribution::Kind::log_uniform;
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("log_uniform"), false, &d.unit);
    if (d.lo <= 0)
      f.fail("log_uniform", "expected 0 < low, got " + quote_value(*v));
  }
  if (const json* v = f.raw("integer", "[low, high]", "an integer in low..high, both included")) {
    ++given;
    d.kind               = Distribution::Kind::integer;
    std::tie(d.lo, d.hi) = bounds(*v, file, f.pointer("integer"), true, &d.unit);
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

/** A sample's rows, each drawn when asked, with the values the whole sample drawn at once would have. One stream
 *  serves the whole sample, consumed parameter by parameter (paths in sorted order): for each, a Latin hypercube
 *  first shuffles its strata (Fisher-Yates with our own generator: std::shuffle's algorithm is not specified), then
 *  draws one uniform per row. The draws depend on the sweep seed and the sample's definition only.
 *
 *  Held: the stream's state every `every` draws (32 B each) and a Latin hypercube's strata, 4 B per row and
 *  parameter (a permutation cannot be drawn one element at a time). A row is found from the nearest saved state;
 *  reading the rows in order, as the points are, costs one draw each. */
class SampleRows : public FactorRows {
public:
  SampleRows(bool lhs, size_t count, int digits, std::vector<Distribution> dists, Rng rng)
      : lhs_(lhs), count_(count), digits_(digits), dists_(std::move(dists)), params_(dists_.size())
  {
    for (auto& p : params_) {
      if (lhs_) {
        p.stratum.resize(count_);
        std::iota(p.stratum.begin(), p.stratum.end(), 0U);
        for (size_t i = count_; i-- > 1;)
          std::swap(p.stratum[i], p.stratum[static_cast<size_t>(rng.below(i + 1))]);
      }
      for (size_t i = 0; i < count_; ++i) {
        if (i % every == 0)
          p.saved.push_back(rng);
        rng.next();
      }
      p.cursor = p.saved.front();
    }
  }

  size_t size() const override { return count_; }

  std::vector<Bound> bounds(size_t path) const override
  {
    const Distribution& d = dists_[path];
    std::vector<Bound> out;
    if (d.kind == Distribution::Kind::choice) {
      for (size_t i = 0; i < d.choices.size(); ++i)
        out.push_back({pointer_join(pointer_join(d.pointer, "choice"), i), d.choices[i]});
      return out;
    }
    const char* key = d.kind == Distribution::Kind::uniform       ? "uniform"
                      : d.kind == Distribution::Kind::log_uniform ? "log_uniform"
                                                                  : "integer";
    out.push_back({pointer_join(pointer_join(d.pointer, key), size_t{0}), d.value(0, digits_)});
    out.push_back({pointer_join(pointer_join(d.pointer, key), size_t{1}), d.value(1, digits_)});
    return out;
  }

  size_t widest(size_t path) const override
  {
    const Distribution& d = dists_[path];
    size_t w              = d.kind == Distribution::Kind::choice ? 0 : std::strlen(base_suffix(d.unit));
    return w + widest_number(d);
  }

  size_t widest_number(const Distribution& d) const
  {
    size_t w = 0;
    switch (d.kind) {
    case Distribution::Kind::integer:
      return std::max(json(static_cast<long long>(d.lo)).dump().size(),
                      json(static_cast<long long>(d.hi)).dump().size());
    case Distribution::Kind::choice:
      for (auto const& c : d.choices)
        w = std::max(w, c.dump().size());
      return w;
    default: // a sign, the digits, a point and an exponent (-1.23457e-300), or up to 17 digits before the point
      return std::max(static_cast<size_t>(digits_) + 7, size_t{18});
    }
  }

  json value(size_t row, size_t path) const override
  {
    Param& p = params_[path];
    if (row < p.at || row - p.at >= every) { // not reachable from the cursor in a few draws
      p.cursor = p.saved[row / every];
      p.at     = row / every * every;
    }
    for (; p.at < row; ++p.at)
      p.cursor.next();
    double u = p.cursor.uniform();
    ++p.at;
    if (lhs_)
      u = (static_cast<double>(p.stratum[row]) + u) / static_cast<double>(count_);
    return dists_[path].value(u, digits_);
  }

private:
  static constexpr size_t every = 1024;
  struct Param {
    std::vector<uint32_t> stratum; ///< Latin hypercube: row -> its stratum (count <= 10^7 < 2^32)
    std::vector<Rng> saved;        ///< the stream before row 0, every, 2 every, ...
    Rng cursor{0};                 ///< the stream before row `at`
    size_t at = 0;
  };
  bool lhs_;
  size_t count_;
  int digits_;
  std::vector<Distribution> dists_;
  mutable std::vector<Param> params_;
};

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
    dists.back().pointer = pointer_join(f.pointer("params"), path);
  }

  factor.lazy = std::make_shared<SampleRows>(method == "lhs", static_cast<size_t>(count), digits, std::move(dists),
                                             RngStreams(seed).stream("sweep.sample." + method));
  return factor;
}

} // namespace cs
