/* N-queens: the tasks are the placements of the first task_depth rows; a node takes tasks_per_grab of them at a
 * time from a shared counter under lock 0 (ACQ, GETP of the counter's page, write, DIFF, REL per grab:
 * docs/models/dsm.md §Sources), solves them, and adds its count of solutions under lock 1 at the end. A task's work is
 * its share of the search tree weight_depth rows further down: the tree of the real board, not a constant. */
#include "models/dsm/benchmark.hpp"

#include <numeric>

namespace cs::dsm {

namespace {

/** Nodes of the search tree below a partial placement, `depth` rows further down (bitmask backtracking). */
double subtree(int n, unsigned cols, unsigned diag1, unsigned diag2, int depth)
{
  if (depth == 0)
    return 1;
  unsigned all  = (1u << n) - 1;
  unsigned free = all & ~(cols | diag1 | diag2);
  double count  = 1;
  while (free) {
    unsigned bit = free & (~free + 1);
    free ^= bit;
    count += subtree(n, cols | bit, ((diag1 | bit) << 1) & all, (diag2 | bit) >> 1, depth - 1);
  }
  return count;
}

void tasks(int n, unsigned cols, unsigned d1, unsigned d2, int depth, int weight_depth, std::vector<double>& out)
{
  if (depth == 0) {
    out.push_back(subtree(n, cols, d1, d2, weight_depth));
    return;
  }
  unsigned all  = (1u << n) - 1;
  unsigned free = all & ~(cols | d1 | d2);
  while (free) {
    unsigned bit = free & (~free + 1);
    free ^= bit;
    tasks(n, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1, depth - 1, weight_depth, out);
  }
}

} // namespace

std::vector<double> nqueens_tasks(int n, int depth, int weight_depth)
{
  std::vector<double> out;
  tasks(n, 0, 0, 0, depth, weight_depth, out);
  return out;
}

namespace {

class NQueens : public Benchmark {
public:
  NQueens(const NQueensParams& p, Memory& m) : p_(p)
  {
    work_ = nqueens_tasks(static_cast<int>(p.n), static_cast<int>(p.task_depth), static_cast<int>(p.weight_depth));
    double total = std::accumulate(work_.begin(), work_.end(), 0.0);
    for (double& w : work_)
      w *= p.seq_time / total;
    pool_ = m.alloc(m.page_size(), m.page_size());
  }

  void body(Node& node) override
  {
    long total = static_cast<long>(work_.size());
    while (true) {
      node.acquire(0);
      node.read(pool_);
      node.write(pool_, 8);
      long first = next_; // the shared counter's value, protected by lock 0 in the simulated protocol
      next_ += p_.tasks_per_grab;
      node.release(0);
      if (first >= total)
        break;
      long last = std::min(total, first + p_.tasks_per_grab);
      node.compute(std::accumulate(work_.begin() + first, work_.begin() + last, 0.0));
    }
    node.acquire(1);
    node.write(pool_, 8);
    node.release(1);
  }

private:
  NQueensParams p_;
  std::vector<double> work_; ///< seconds of each task
  long pool_ = 0;
  long next_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_nqueens(const NQueensParams& p, Memory& memory)
{
  return std::make_unique<NQueens>(p, memory);
}

} // namespace cs::dsm
