#include "models/dsm/benchmark.hpp"

#include <algorithm>

namespace cs::dsm {

std::pair<long, long> block_share(long total, int nodes, int node)
{
  long per   = (total + nodes - 1) / nodes;
  long first = std::min(total, per * node);
  return {first, std::min(total, first + per)};
}

long alloc_row_bands(Memory& memory, long rows, double row_bytes)
{
  double band = static_cast<double>(block_share(rows, memory.nodes(), 0).second) * row_bytes;
  return memory.alloc(row_bytes * static_cast<double>(rows), band);
}

std::unique_ptr<Benchmark> make_benchmark(const Params& p, Memory& memory)
{
  switch (p.bench) {
  case Bench::nqueens:
    return make_nqueens(p.nqueens, memory);
  case Bench::lu:
    return make_lu(p.lu, memory);
  case Bench::water:
    return make_water(p.water, memory);
  case Bench::sor:
    return make_sor(p.sor, memory);
  case Bench::mm:
    return make_mm(p.mm, memory);
  case Bench::apps_mm:
    return make_apps_mm(p.apps_mm, memory);
  case Bench::jacobi:
    return make_jacobi(p.jacobi, memory);
  case Bench::quicksort:
    return make_quicksort(p.quicksort, memory);
  case Bench::tsp:
    return make_tsp(p.tsp, memory);
  case Bench::basic:
    return make_basic(p.basic, memory);
  case Bench::udp_rtt:
    return nullptr; // not a DSM program: the run measures the UDP path itself
  }
  return nullptr;
}

} // namespace cs::dsm
