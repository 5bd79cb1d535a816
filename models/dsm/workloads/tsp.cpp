/* TSP by branch and bound (the TreadMarks studies' program, also JIAJIA's apps/tsp): a priority queue of partial
 * tours and the best tour length in shared memory, the queue under lock 0 and the best tour under lock 1. A process
 * takes, under the queue lock, the partial tour with the lowest bound (its length plus each unvisited city's
 * cheapest edge; the real program's calc_bound adds up such minimum edges); one shorter than `task_depth` cities is
 * expanded there and then (apps/tsp's find_solvable_tour) and its children whose bound beats the best tour put back,
 * until a tour deep enough comes up; it is solved by a sequential depth-first search
 * pruned by the best length the process has seen (the value at its last acquire of the queue lock), and a better
 * tour found is published under lock 1. The cities are a real instance (uniform in the unit square from `seed`) and
 * the search is real: the work of a task is the number of tours it extends, so pruning depends on when bounds are
 * published. The model prunes the depth-first search with the queue's bound too (the real visit_nodes prunes on
 * the length alone): less work per task than the real program, so that 18 cities simulate in seconds. */
#include "models/dsm/benchmark.hpp"
#include "sim/rng.hpp"

#include <cmath>
#include <limits>
#include <queue>

namespace cs::dsm {

namespace {

struct Tour {
  double length = 0;
  double bound  = 0; ///< length plus each unvisited city's cheapest edge: no completion is shorter
  std::vector<int> path;
  bool operator<(const Tour& o) const { return bound > o.bound; } // most promising first
};

class Tsp : public Benchmark {
public:
  Tsp(const TspParams& p, Memory& m) : p_(p), n_(static_cast<int>(p.cities))
  {
    Rng rng(static_cast<uint64_t>(p.seed));
    std::vector<std::pair<double, double>> xy(static_cast<size_t>(n_));
    for (auto& c : xy)
      c = {rng.uniform(), rng.uniform()};
    dist_.assign(static_cast<size_t>(n_ * n_), 0);
    for (int a = 0; a < n_; ++a)
      for (int b = 0; b < n_; ++b)
        d(a, b) = std::hypot(xy[static_cast<size_t>(a)].first - xy[static_cast<size_t>(b)].first,
                             xy[static_cast<size_t>(a)].second - xy[static_cast<size_t>(b)].second);
    cheapest_.assign(static_cast<size_t>(n_), std::numeric_limits<double>::infinity());
    for (int a = 0; a < n_; ++a)
      for (int b = 0; b < n_; ++b)
        if (a != b)
          cheapest_[static_cast<size_t>(a)] = std::min(cheapest_[static_cast<size_t>(a)], d(a, b));
    queue_       = m.alloc(static_cast<double>(p.queue_bytes), static_cast<double>(p.queue_bytes));
    best_        = m.alloc(m.page_size(), m.page_size());
    queue_pages_ = static_cast<long>(std::ceil(static_cast<double>(p.queue_bytes) / m.page_size()));
    pq_.push({0, 0, {0}});
  }

  void body(Node& node) override
  {
    while (true) {
      // get_tour(): under the queue lock, find_solvable_tour() splits the most promising tours until one is short
      // enough to solve; an empty queue, or a best bound no better than the best tour, ends the process's work.
      node.acquire(0);
      node.read(queue_);
      node.read(best_);
      double seen = best_len_;
      Tour t;
      bool have = false;
      while (not done_ && not pq_.empty()) {
        t = pq_.top();
        pq_.pop();
        node.write(queue_ + static_cast<long>(pops_++ % queue_pages_), 64);
        if (t.bound >= seen) {
          done_ = true;
          break;
        }
        if (static_cast<long>(t.path.size()) >= p_.task_depth) {
          have = true;
          break;
        }
        node.compute(p_.node_time * static_cast<double>(n_));
        for (auto& k : expand(t, seen)) {
          node.write(queue_ + static_cast<long>(pops_++ % queue_pages_), 64);
          pq_.push(std::move(k));
        }
      }
      if (not have)
        done_ = true;
      node.release(0);
      if (not have)
        return;
      long visited = 0;
      double found = seen;
      std::vector<bool> used(static_cast<size_t>(n_), false);
      for (int c : t.path)
        used[static_cast<size_t>(c)] = true;
      double rest = 0; // each unvisited city's cheapest edge: what any completion adds at least
      for (int u = 0; u < n_; ++u)
        if (not used[static_cast<size_t>(u)])
          rest += cheapest_[static_cast<size_t>(u)];
      search(t.path.back(), static_cast<int>(t.path.size()), t.length, rest, used, found, visited);
      node.compute(p_.node_time * static_cast<double>(visited));
      if (found < seen) {
        node.acquire(1);
        node.write(best_, 4 + 4 * static_cast<double>(n_));
        best_len_ = std::min(best_len_, found);
        node.release(1);
      }
    }
  }

private:
  double& d(int a, int b) { return dist_[static_cast<size_t>(a * n_ + b)]; }

  std::vector<Tour> expand(const Tour& t, double bound)
  {
    std::vector<Tour> out;
    std::vector<bool> used(static_cast<size_t>(n_), false);
    for (int c : t.path)
      used[static_cast<size_t>(c)] = true;
    for (int c = 0; c < n_; ++c) {
      if (used[static_cast<size_t>(c)])
        continue;
      Tour k = t;
      k.length += d(t.path.back(), c);
      k.path.push_back(c);
      used[static_cast<size_t>(c)] = true;
      k.bound                      = k.length;
      for (int u = 0; u < n_; ++u)
        if (not used[static_cast<size_t>(u)] || u == 0)
          k.bound += cheapest_[static_cast<size_t>(u)];
      used[static_cast<size_t>(c)] = false;
      if (k.bound < bound)
        out.push_back(std::move(k));
    }
    return out;
  }

  /** Depth-first completion of a tour; `rest` is the sum of the unvisited cities' cheapest edges. */
  void search(int at, int depth, double len, double rest, std::vector<bool>& used, double& best, long& visited)
  {
    visited++;
    if (depth == n_) {
      best = std::min(best, len + d(at, 0));
      return;
    }
    for (int c = 1; c < n_; ++c) {
      if (used[static_cast<size_t>(c)])
        continue;
      double next = len + d(at, c);
      if (next + rest - cheapest_[static_cast<size_t>(c)] >= best)
        continue;
      used[static_cast<size_t>(c)] = true;
      search(c, depth + 1, next, rest - cheapest_[static_cast<size_t>(c)], used, best, visited);
      used[static_cast<size_t>(c)] = false;
    }
  }

  TspParams p_;
  int n_;
  std::vector<double> dist_;
  std::vector<double> cheapest_; ///< each city's shortest edge
  long queue_ = 0, best_ = 0, queue_pages_ = 1, pops_ = 0;
  std::priority_queue<Tour> pq_; ///< the shared queue's contents (guarded by lock 0 in the program)
  double best_len_ = std::numeric_limits<double>::infinity();
  bool done_       = false; ///< glob->Done
};

} // namespace

std::unique_ptr<Benchmark> make_tsp(const TspParams& p, Memory& memory)
{
  return std::make_unique<Tsp>(p, memory);
}

} // namespace cs::dsm
