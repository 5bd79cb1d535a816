/* Jacobi relaxation (the grid program of the TreadMarks studies, an SOR-like relaxation): a rows x cols grid of
 * floats in shared memory, a band of rows per process (homed at it under a home-based protocol). Per iteration each
 * process reads its band and the neighbours' boundary rows, computes the new values into a private scratch band,
 * waits at a barrier, copies the scratch band into the shared grid and waits at a second barrier. The first write
 * of each iteration to each grid page faults (twin, write notice); the neighbours' next read of a boundary row
 * faults and fetches the change. */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class Jacobi : public Benchmark {
public:
  Jacobi(const JacobiParams& p, Memory& m) : p_(p), row_(static_cast<double>(p.cols) * p.elem_bytes)
  {
    grid_ = alloc_row_bands(m, p.rows, row_);
  }

  void body(Node& node) override
  {
    auto [first, last] = block_share(p_.rows, node.nodes(), node.id());
    double cells       = static_cast<double>(last - first) * static_cast<double>(p_.cols);
    for (long it = 0; it < p_.iterations; ++it) {
      if (first < last) {
        if (first > 0)
          node.read_span(grid_, static_cast<double>(first - 1) * row_, row_);
        node.read_span(grid_, static_cast<double>(first) * row_, static_cast<double>(last - first) * row_);
        if (last < p_.rows)
          node.read_span(grid_, static_cast<double>(last) * row_, row_);
      }
      node.compute(cells * p_.update_time);
      node.barrier();
      if (first < last)
        node.write_span(grid_, static_cast<double>(first) * row_, static_cast<double>(last - first) * row_);
      node.compute(cells * p_.copy_time);
      node.barrier();
    }
  }

private:
  JacobiParams p_;
  double row_;
  long grid_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_jacobi(const JacobiParams& p, Memory& memory)
{
  return std::make_unique<Jacobi>(p, memory);
}

} // namespace cs::dsm
