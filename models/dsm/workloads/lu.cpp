/* Two programs. `layout: rows`, a skeleton from seed 003's one-line description (docs/models/dsm.md §LU):
 * LU without pivoting on blocks of block x block doubles stored contiguously (16 blocks of 8x8 per 8 KB page),
 * block rows dealt cyclically to the nodes and homed there; the work on the perimeter row
 * of a step is dealt by block column (SPLASH-2 LU divides the perimeter among the processors too). Step k, with the
 * diagonal block (k,k) already factored:
 *   - the row-panel blocks (k, j > k) are solved by the node of column j (writes into block row k's pages, homed at
 *     its owner: several writers per page, hence twins and diffs); barrier;
 *   - every node reads the row panel and updates its own block rows below k (their column-panel block and
 *     interior); the owner of block row k+1 then factors its diagonal block; barrier.
 * Work of step k: (nb - k)^2 block operations. 2 barriers per step. The 1-D distribution of rows is an assumption.
 * `layout: apps`: JIAJIA 2.1's apps/lu itself (AppsLu below). */
#include "models/dsm/benchmark.hpp"

#include <cmath>

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

/* JIAJIA 2.1's apps/lu (SPLASH-2 LU with contiguous blocks, docs/models/dsm.md §LU): block (I, J) belongs to process
 * (J % cols) + (I % rows) * cols of a rows x cols grid (rows the largest divisor of P not above its square root).
 * Process q's blocks lie in one jia_alloc2p(bytes + 8192, q) region homed at q, in order of I then J; the port
 * advances its block pointer (an unsigned long) by the block's element count, so consecutive blocks start
 * `stride` bytes apart although each spans block * block doubles. Step K: the owner of (K, K) factors it (lu0);
 * barrier; the owners of column K's blocks below divide them by it (bdiv) and those of row K's blocks right of it
 * modify them (bmodd); barrier; every process updates its interior blocks (I, J > K) from (I, K) and (K, J) (bmod).
 * CPU time per multiply-add is the sequential time over the program's count of them. */
class AppsLu : public Benchmark {
public:
  AppsLu(const LuParams& p, Memory& m) : p_(p), nb_(p.n / p.block), blk_(static_cast<double>(p.block * p.block) * 8.0)
  {
    int nodes = m.nodes();
    rows_     = static_cast<int>(std::sqrt(static_cast<double>(nodes)));
    while (nodes % rows_ != 0)
      rows_--;
    cols_         = nodes / rows_;
    double stride = p.byte_stride ? static_cast<double>(p.block * p.block) : blk_;
    std::vector<double> next(static_cast<size_t>(nodes), 0.0);
    std::vector<long> count(static_cast<size_t>(nodes), 0);
    at_.resize(static_cast<size_t>(nb_ * nb_));
    for (long i = 0; i < nb_; ++i)
      for (long j = 0; j < nb_; ++j) {
        auto q                                = static_cast<size_t>(owner(i, j));
        at_[static_cast<size_t>(i * nb_ + j)] = next[q];
        next[q] += stride;
        count[q]++;
      }
    for (int q = 0; q < nodes; ++q) { // jia_alloc2p(proc_bytes[q] + PAGE_SIZE, q): lu.c's PAGE_SIZE is 8192
      double bytes = static_cast<double>(count[static_cast<size_t>(q)]) * blk_ + 8192;
      region_.push_back(m.alloc(bytes, bytes, q));
    }
    double b = static_cast<double>(p.block), ops = 0;
    lu0_ = 0;
    for (long k = 0; k < p.block; ++k)
      lu0_ += static_cast<double>(k * (k + 1));
    bdiv_  = b * b * (b - 1) / 2;
    bmodd_ = b * b * (b + 1) / 2;
    bmod_  = b * b * b;
    for (long k = 0; k < nb_; ++k) {
      auto rest = static_cast<double>(nb_ - k - 1);
      ops += lu0_ + rest * (bdiv_ + bmodd_) + rest * rest * bmod_;
    }
    per_op_ = p.seq_time / ops;
  }

  void body(Node& node) override
  {
    int me = node.id(), my_row = me / cols_, my_col = me % cols_;
    node.barrier(); // OneSolve: all initialised; TouchA (its own blocks, at home); barrier
    node.barrier();
    for (long k = 0; k < nb_; ++k) {
      if (owner(k, k) == me) {
        node.compute(per_op_ * lu0_);
        access(node, k, k, false);
      }
      node.barrier();
      bool diag_read = false;
      for (long i = k + 1; i < nb_; ++i) // bdiv on column k, then bmodd on row k, as the program's two loops
        if (owner(i, k) == me)
          perimeter(node, k, i, k, bdiv_, diag_read);
      for (long j = k + 1; j < nb_; ++j)
        if (owner(k, j) == me)
          perimeter(node, k, k, j, bmodd_, diag_read);
      node.barrier();
      interior(node, k, my_row, my_col);
    }
  }

private:
  int owner(long i, long j) const { return static_cast<int>(j % cols_ + (i % rows_) * cols_); }
  /** The first index from `from` on whose remainder modulo `period` is `rest`. */
  static long first_at_or_after(long from, long rest, long period)
  {
    return from + ((rest - from % period) % period + period) % period;
  }
  void access(Node& node, long i, long j, bool read) const
  {
    long base = region_[static_cast<size_t>(owner(i, j))];
    double at = at_[static_cast<size_t>(i * nb_ + j)];
    if (read)
      node.read_span(base, at, blk_);
    else
      node.write_span(base, at, blk_);
  }
  void perimeter(Node& node, long k, long i, long j, double ops, bool& diag_read) const
  {
    if (not diag_read)
      access(node, k, k, true);
    diag_read = true;
    node.compute(per_op_ * ops);
    access(node, i, j, false);
  }
  /** bmod on this process's blocks (I, J > k): the column and row blocks it needs are read first (a read of a
   *  valid page costs nothing), then the block row's writes go as one span (its blocks are consecutive at home). */
  void interior(Node& node, long k, int my_row, int my_col) const
  {
    long first_j = first_at_or_after(k + 1, my_col, cols_), first_i = first_at_or_after(k + 1, my_row, rows_);
    if (first_j >= nb_ || first_i >= nb_)
      return; // no interior block of this process is left
    long per_row = (nb_ - 1 - first_j) / cols_ + 1;
    for (long j = first_j; j < nb_; j += cols_)
      access(node, k, j, true);
    for (long i = first_i; i < nb_; i += rows_) {
      access(node, i, k, true);
      node.compute(per_op_ * bmod_ * static_cast<double>(per_row));
      long base   = region_[static_cast<size_t>(owner(i, first_j))];
      double from = at_[static_cast<size_t>(i * nb_ + first_j)];
      double last = at_[static_cast<size_t>(i * nb_ + first_j + (per_row - 1) * cols_)];
      node.write_span(base, from, last + blk_ - from);
    }
  }

  LuParams p_;
  long nb_;
  double blk_;
  int rows_ = 1, cols_ = 1;
  std::vector<double> at_;   ///< block (i, j)'s byte offset in its owner's region, at i * nb + j
  std::vector<long> region_; ///< each process's region (first page)
  double lu0_ = 0, bdiv_ = 0, bmodd_ = 0, bmod_ = 0, per_op_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_lu(const LuParams& p, Memory& memory)
{
  if (p.layout == "apps")
    return std::make_unique<AppsLu>(p, memory);
  return std::make_unique<Lu>(p, memory);
}

} // namespace cs::dsm
