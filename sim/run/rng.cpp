#include "sim/run/rng.hpp"
#include "sim/input/hash.hpp"

namespace cs {

static uint64_t splitmix64(uint64_t& x)
{
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z          = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z          = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

Rng::Rng(uint64_t seed)
{
  for (auto& s : s_)
    s = splitmix64(seed);
}

uint64_t Rng::next()
{
  uint64_t result = rotl(s_[1] * 5, 7) * 9;
  uint64_t t      = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::normal(double mean, double sd)
{
  double u1 = 1.0 - uniform(); // (0, 1]
  double u2 = uniform();
  return mean + sd * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

Rng RngStreams::stream(const std::string& name) const
{
  uint64_t x = seed_ ^ fnv1a(name);
  return Rng(splitmix64(x));
}

uint64_t derive_seed(uint64_t base, uint64_t index)
{
  uint64_t x = base * 0x9e3779b97f4a7c15ULL + index;
  return splitmix64(x) >> 1; // keep it positive when printed as a signed JSON integer
}

} // namespace cs
