/* SOR (red-black), two layouts of the same computation:
 * - rows: one grid; each node owns a band of rows, homed at it. Each half-iteration reads the neighbours' boundary
 *   rows (invalidated by the previous barrier's write notices, so fetched again), updates one colour of its band
 *   and ends with a barrier: 2 barriers per iteration, no diffs.
 * - apps: JIAJIA 2.1's apps/sor, whose parameters (M, N, iterations) are the seed's: separate red and black
 *   matrices of M+2 rows of N+1 floats, each row its own jia_alloc2p() (so page-rounded) homed at node
 *   i / ((M+2) / P); node p updates rows (M+2)p/P .. (M+2)(p+1)/P - 1 (less the fixed first and last rows). The
 *   bands and the homes agree only when P divides M+2 (4098 = 2 x 2049: at 2 nodes); otherwise a node writes a
 *   row homed at its neighbour (a diff at every barrier) and rows M, M+1 fall past the last home. JIAJIA 2.1's
 *   jia_alloc3 would then name host P; the model deals them on modulo P, as jia_alloc3 does every later block. */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class Sor : public Benchmark {
public:
  Sor(const SorParams& p, Memory& m) : p_(p), row_(static_cast<double>(p.cols) * p.elem_bytes)
  {
    grid_ = alloc_row_bands(m, p.rows, row_);
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

class AppsSor : public Benchmark {
public:
  AppsSor(const SorParams& p, Memory& m) : p_(p), row_(static_cast<double>(p.cols + 1) * p.elem_bytes)
  {
    long all      = p.rows + 2;
    long per_home = std::max(1L, all / m.nodes());
    for (long i = 0; i < all; ++i) {
      int home = static_cast<int>((i / per_home) % m.nodes());
      red_.push_back(m.alloc(row_, row_, home));
      black_.push_back(m.alloc(row_, row_, home));
    }
  }

  void body(Node& node) override
  {
    long all   = p_.rows + 2;
    long begin = all * node.id() / node.nodes();
    long end   = all * (node.id() + 1) / node.nodes() - 1;
    if (node.id() == 0)
      begin++;
    if (node.id() == node.nodes() - 1)
      end--;
    double per_row = p_.seq_time / (2.0 * static_cast<double>(p_.iterations) * static_cast<double>(p_.rows));
    double width   = static_cast<double>(p_.cols) * p_.elem_bytes; // a half-row sweep touches N of the N+1
    for (long it = 0; it < p_.iterations; ++it)
      for (int black = 1; black >= 0; --black) {
        const auto& out = black ? black_ : red_;
        const auto& in  = black ? red_ : black_;
        for (long j = begin; j <= end; ++j) {
          // apps/sor's loops: a black row j takes k = 1..N when j is even, 0..N-1 when odd; red the other way.
          double at = ((j % 2 == 0) == (black == 1)) ? p_.elem_bytes : 0.0;
          node.read_span(in[static_cast<size_t>(j - 1)], at, width);
          node.read_span(in[static_cast<size_t>(j)], 0, row_);
          node.read_span(in[static_cast<size_t>(j + 1)], at, width);
        }
        node.compute(per_row * static_cast<double>(std::max(0L, end - begin + 1)));
        for (long j = begin; j <= end; ++j) {
          double at = ((j % 2 == 0) == (black == 1)) ? p_.elem_bytes : 0.0;
          node.write_span(out[static_cast<size_t>(j)], at, width);
        }
        node.barrier();
      }
  }

private:
  SorParams p_;
  double row_;
  std::vector<long> red_, black_; ///< first page of each row
};

} // namespace

std::unique_ptr<Benchmark> make_sor(const SorParams& p, Memory& memory)
{
  if (p.layout == SorLayout::apps)
    return std::make_unique<AppsSor>(p, memory);
  return std::make_unique<Sor>(p, memory);
}

} // namespace cs::dsm
