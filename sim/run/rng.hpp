/* Random streams: one independent, named stream per actor or model part, derived from the scenario seed.
 * Adding a stream never shifts another's numbers (ns-3's AssignStreams idea). The generator and the
 * distributions are written out here (not std::*_distribution) so that results are identical everywhere. */
#pragma once
#include <cmath>
#include <cstdint>
#include <string>

namespace cs {

/** xoshiro256** seeded through splitmix64. */
class Rng {
public:
  explicit Rng(uint64_t seed);
  uint64_t next();
  /** Uniform in [0, 1). */
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  bool bernoulli(double p) { return uniform() < p; }
  double exponential(double mean) { return -mean * std::log1p(-uniform()); }
  /** Standard normal through Box-Muller (one value per call, the pair's second one dropped for simplicity). */
  double normal(double mean, double sd);
  /** Integer uniform in [0, n). */
  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }

private:
  uint64_t s_[4];
};

/** Derives named streams from one seed. */
class RngStreams {
public:
  explicit RngStreams(uint64_t seed) : seed_(seed) {}
  Rng stream(const std::string& name) const;
  uint64_t seed() const { return seed_; }

private:
  uint64_t seed_;
};

/** Seed of repetition `rep` of a point, derived from a base seed (stable across runs and machines). */
uint64_t derive_seed(uint64_t base, uint64_t index);

} // namespace cs
