#include "models/dsm/memory.hpp"

#include <algorithm>
#include <cmath>

namespace cs::dsm {

long Memory::alloc(double bytes, double block_bytes, int start)
{
  long first = pages();
  long n     = std::max(1L, static_cast<long>(std::ceil(bytes / page_size_)));
  long block = std::max(1L, static_cast<long>(std::ceil(block_bytes / page_size_)));
  for (long i = 0; i < n; ++i)
    homes_.push_back(static_cast<int>((i / block + start) % nodes_));
  return first;
}

std::pair<long, long> Memory::span(long base, double offset, double length) const
{
  long first = base + static_cast<long>(std::floor(offset / page_size_));
  long last  = base + static_cast<long>(std::floor((offset + std::max(length, 1.0) - 1) / page_size_));
  return {first, std::min(last, pages() - 1)};
}

} // namespace cs::dsm
