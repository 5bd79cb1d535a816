/* MM: C = A x B with the rows of A and C homed at the node computing them and B spread the same way. The i-k-j
 * loop reads row k of B for every k while computing the first of its rows: B comes in page by page, in the same
 * order on every node (each home in turn is asked by all), and stays cached for the other rows. One barrier at
 * the end (docs/models/dsm.md §Sources). */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class Mm : public Benchmark {
public:
  Mm(const MmParams& p, Memory& m) : p_(p), row_(static_cast<double>(p.n) * p.elem_bytes)
  {
    a_ = alloc_row_bands(m, p.n, row_);
    b_ = alloc_row_bands(m, p.n, row_);
    c_ = alloc_row_bands(m, p.n, row_);
  }

  void body(Node& node) override
  {
    auto [first, last] = block_share(p_.n, node.nodes(), node.id());
    double per_row_k   = p_.seq_time / (static_cast<double>(p_.n) * static_cast<double>(p_.n));
    for (long i = first; i < last; ++i) {
      node.read_span(a_, static_cast<double>(i) * row_, row_);
      if (i == first)
        for (long k = 0; k < p_.n; ++k) {
          node.read_span(b_, static_cast<double>(k) * row_, row_);
          node.compute(per_row_k);
        }
      else
        node.compute(per_row_k * static_cast<double>(p_.n));
      node.write_span(c_, static_cast<double>(i) * row_, row_);
    }
  }

private:
  MmParams p_;
  double row_;
  long a_ = 0, b_ = 0, c_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_mm(const MmParams& p, Memory& memory)
{
  return std::make_unique<Mm>(p, memory);
}

} // namespace cs::dsm
