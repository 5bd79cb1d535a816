/* The benchmarks of seed 5.2 as workload skeletons: each lays out its shared data once (pages and homes, as the
 * real code allocates them) and then runs on every node the real code's sequence of computation, shared-memory
 * reads and writes, locks and barriers. Their CPU work is the seed's sequential time divided as the real
 * algorithm divides it; nothing in them knows about speedups. */
#pragma once
#include "models/dsm/memory.hpp"
#include "models/dsm/node.hpp"
#include "models/dsm/params.hpp"
#include "sim/run/recorder.hpp"

#include <memory>
#include <vector>

namespace cs::dsm {

class Benchmark {
public:
  virtual ~Benchmark() = default;
  /** One node's program between the starting jia_wait() and the closing barrier. */
  virtual void body(Node& node) = 0;
  /** The program's own results (what it prints), after the run. */
  virtual void record(Recorder& /*rec*/) const {}
};

/** Lays the benchmark's data out in `memory` (the same for every node) and returns its program. */
std::unique_ptr<Benchmark> make_benchmark(const Params& p, Memory& memory);

/** Rows [first, last) of `total` owned by `node` of `nodes` in a block distribution (ceil-sized blocks). */
std::pair<long, long> block_share(long total, int nodes, int node);

/** A matrix of `rows` rows of `row_bytes`, homed in bands of block_share's rows (band p at node p); its address. */
long alloc_row_bands(Memory& memory, long rows, double row_bytes);

/** N-queens tasks: one per valid placement of the first `depth` rows of an n x n board, each weighed by the nodes of
 *  its search tree `weight_depth` rows further down (1 when 0). */
std::vector<double> nqueens_tasks(int n, int depth, int weight_depth);

std::unique_ptr<Benchmark> make_nqueens(const NQueensParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_lu(const LuParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_water(const WaterParams& p, Memory& memory);
/** SPLASH's Water with its forces summed privately and added once per molecule per step (workloads/water_splash.cpp).
 */
std::unique_ptr<Benchmark> make_splash_water(const WaterParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_sor(const SorParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_mm(const MmParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_apps_mm(const AppsMmParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_jacobi(const JacobiParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_quicksort(const QuicksortParams& p, Memory& memory);
std::unique_ptr<Benchmark> make_tsp(const TspParams& p, Memory& memory);
/** Bench basic's lock, barrier and page-fault programs (nullptr for the round trips: models/dsm/basic_ping.hpp). */
std::unique_ptr<Benchmark> make_basic(const BasicParams& p, Memory& memory);
/** apps/tsp's weight matrix (row-major, cities x cities) as the tsp benchmark generates it. */
std::vector<int> tsp_weights(const TspParams& p);

} // namespace cs::dsm
