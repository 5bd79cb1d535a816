/* FNV-1a (64 bits), clustersim's one hash: stable across machines, runs and compilers, unlike std::hash, so what it
 * derives (random stream seeds, sweep point ids, input fingerprints, receive digests) is the same everywhere. */
#pragma once
#include <cstdint>
#include <string>

namespace cs {

constexpr uint64_t fnv1a_offset = 0xcbf29ce484222325ULL;
constexpr uint64_t fnv1a_prime  = 0x100000001b3ULL;

/** One byte into the hash `h`. */
constexpr uint64_t fnv1a_byte(uint64_t h, unsigned char byte)
{
  return (h ^ byte) * fnv1a_prime;
}

/** The hash of `text`, continuing from `h` (the offset basis for a fresh hash). */
inline uint64_t fnv1a(const std::string& text, uint64_t h = fnv1a_offset)
{
  for (unsigned char c : text)
    h = fnv1a_byte(h, c);
  return h;
}

} // namespace cs
