/* SOR (red-black): each node owns a band of rows, homed at it. Each half-iteration reads the neighbours' boundary
 * rows (invalidated by the previous barrier's write notices, so fetched again), updates one colour of its band
 * and ends with a barrier: 2 barriers per iteration, no diffs (model-notes 003). */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class Sor : public Benchmark {
public:
  Sor(const SorParams& p, Memory& m) : p_(p), row_(static_cast<double>(p.cols) * p.elem_bytes)
  {
    double block = static_cast<double>(block_share(p.rows, m.nodes(), 0).second) * row_;
    grid_        = m.alloc(row_ * static_cast<double>(p.rows), block);
  }

  void body(Node& node) override
  {
    auto [first, last] = block_share(p_.rows, node.nodes(), node.id());
    double per_row     = p_.seq_time / (2.0 * static_cast<double>(p_.iterations) * static_cast<double>(p_.rows));
    double band        = static_cast<double>(last - first);
    for (long it = 0; it < p_.iterations; ++it)
      for (int colour = 0; colour < 2; ++colour) {
        if (first > 0 && first < last)
          node.read_span(grid_, static_cast<double>(first - 1) * row_, row_);
        if (last < p_.rows && first < last)
          node.read_span(grid_, static_cast<double>(last) * row_, row_);
        node.compute(per_row * band);
        if (first < last)
          node.write_span(grid_, static_cast<double>(first) * row_, band * row_);
        node.barrier();
      }
  }

private:
  SorParams p_;
  double row_;
  long grid_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_sor(const SorParams& p, Memory& memory)
{
  return std::make_unique<Sor>(p, memory);
}

} // namespace cs::dsm
