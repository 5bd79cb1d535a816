#include "sim/input/uncertain.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/hash.hpp"

#include <cmath>
#include <map>
#include <numeric>

namespace cs {

namespace {

UncertaintyDraw active_draw;
std::map<std::string, DrawnInput> drawn;
bool deferring = false;

/** splitmix64: a small generator that is the same on every machine and library (std::shuffle is not). */
uint64_t next(uint64_t& x)
{
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z          = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z          = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/** Uniform in [0, 1), 53 bits. */
double unit_double(uint64_t& x)
{
  return static_cast<double>(next(x) >> 11) * 0x1p-53;
}

} // namespace

const char* spread_name(Spread s)
{
  return s == Spread::log_uniform ? "log-uniform" : "uniform";
}

void set_uncertainty_draw(const UncertaintyDraw& draw)
{
  active_draw = draw;
}

const UncertaintyDraw& uncertainty_draw()
{
  return active_draw;
}

double lhs_quantile(uint64_t seed, const std::string& id, long sample, long samples)
{
  // The id's permutation of the strata (Fisher-Yates), then one jitter per stratum from the same stream.
  uint64_t state = fnv1a(id, fnv1a(std::to_string(seed)));
  std::vector<long> perm(static_cast<size_t>(samples));
  std::iota(perm.begin(), perm.end(), 0L);
  for (size_t i = perm.size(); i > 1; --i)
    std::swap(perm[i - 1], perm[next(state) % i]);
  double jitter = 0.5;
  for (long k = 0; k <= sample; ++k)
    jitter = unit_double(state);
  double q = (static_cast<double>(perm[static_cast<size_t>(sample)]) + jitter) / static_cast<double>(samples);
  // Strictly inside (0, 1): a log-uniform or inverse-CDF mapping never meets an end it cannot take.
  return std::min(std::max(q, 1e-12), 1 - 1e-12);
}

double value_at_quantile(double lo, double hi, Spread spread, double quantile)
{
  if (lo == hi)
    return lo;
  if (spread == Spread::log_uniform)
    return std::exp(std::log(lo) + quantile * (std::log(hi) - std::log(lo)));
  return lo + quantile * (hi - lo);
}

void record_drawn_input(const DrawnInput& input)
{
  DrawnInput in    = input;
  in.read          = in.read && not deferring;
  auto [at, added] = drawn.emplace(in.id, in);
  if (not added && in.read)
    at->second.read = true;
}

std::vector<DrawnInput> drawn_inputs(bool used_only)
{
  std::vector<DrawnInput> out;
  for (auto const& [_, d] : drawn)
    if (d.read || not used_only)
      out.push_back(d);
  return out;
}

DeferredReads::DeferredReads() : outer_(deferring)
{
  deferring = true;
}

DeferredReads::~DeferredReads()
{
  deferring = outer_;
}

void mark_inputs_read(const std::string& id)
{
  for (auto it = drawn.lower_bound(id); it != drawn.end() && it->first.compare(0, id.size(), id) == 0; ++it)
    if (it->first.size() == id.size() || it->first[id.size()] == '/')
      it->second.read = true;
}

void clear_drawn_inputs()
{
  drawn.clear();
}

std::string input_id(const std::string& file, const std::string& pointer)
{
  return canonical_data_path(file) + "#" + pointer;
}

} // namespace cs
