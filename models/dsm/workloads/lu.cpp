/* LU without pivoting on blocks of block x block doubles stored contiguously (16 blocks of 8x8 per 8 KB page,
 * docs/models/dsm.md §Sources), block rows dealt cyclically to the nodes and homed there; the work on the perimeter row
 * of a step is dealt by block column (SPLASH-2 LU divides the perimeter among the processors too). Step k, with the
 * diagonal block (k,k) already factored:
 *   - the row-panel blocks (k, j > k) are solved by the node of column j (writes into block row k's pages, homed at
 *     its owner: several writers per page, hence twins and diffs); barrier;
 *   - every node reads the row panel and updates its own block rows below k (their column-panel block and
 *     interior); the owner of block row k+1 then factors its diagonal block; barrier.
 * Work of step k: (nb - k)^2 block operations. 2 barriers per step (docs/models/dsm.md §Sources). The 1-D distribution
 * of rows is an assumption (docs/models/dsm.md). */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class Lu : public Benchmark {
public:
  Lu(const LuParams& p, Memory& m)
      : p_(p), nb_(p.n / p.block), blk_(static_cast<double>(p.block * p.block) * 8.0),
        brow_(static_cast<double>(nb_) * blk_)
  {
    mat_       = m.alloc(brow_ * static_cast<double>(nb_), brow_);
    double ops = 0;
    for (long k = 0; k < nb_; ++k)
      ops += static_cast<double>((nb_ - k) * (nb_ - k));
    per_op_ = p.seq_time / ops;
  }

  void body(Node& node) override
  {
    int me = node.id(), nodes = node.nodes();
    if (me == 0)
      factor_diagonal(node, 0);
    for (long k = 0; k < nb_; ++k) {
      double diag = block(k, k);
      bool read   = false;
      for (long j = k + 1; j < nb_; ++j) {
        if (j % nodes != me)
          continue;
        if (not read)
          node.read_span(mat_, diag, blk_);
        read = true;
        node.compute(per_op_);
        node.write_span(mat_, block(k, j), blk_);
      }
      node.barrier();
      double panel = static_cast<double>(nb_ - k) * blk_;
      read         = false;
      for (long i = k + 1; i < nb_; ++i) {
        if (i % nodes != me)
          continue;
        if (not read)
          node.read_span(mat_, diag, panel);
        read = true;
        node.compute(per_op_ * static_cast<double>(nb_ - k));
        node.write_span(mat_, block(i, k), panel);
        if (i == k + 1)
          factor_diagonal(node, i);
      }
      node.barrier();
    }
  }

private:
  double block(long i, long j) const { return static_cast<double>(i) * brow_ + static_cast<double>(j) * blk_; }
  void factor_diagonal(Node& node, long k)
  {
    node.compute(per_op_);
    node.write_span(mat_, block(k, k), blk_);
  }

  LuParams p_;
  long nb_;
  double blk_, brow_, per_op_ = 0;
  long mat_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_lu(const LuParams& p, Memory& memory)
{
  return std::make_unique<Lu>(p, memory);
}

} // namespace cs::dsm
