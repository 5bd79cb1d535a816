/* TSP as JIAJIA 2.1's apps/tsp runs it (tsp.c, pq.c, tours.c, solve.c; the TreadMarks studies' program is of the
 * same family). All shared state is one GlobalMemory from one jia_alloc, laid out as tsp.h declares it: the weight
 * matrix, the scalars (TourStackTop, Done, PrioQLast, MinTourLen, MinTour, the lock numbers), the priority queue
 * PrioQ (a binary heap of {tour index, lower bound}), the free-tour stack and the Tours array. Every access of the
 * program goes to its real offset, so the protocol sees the real pages and false sharing.
 *
 * get_tour() holds TourLock (lock 1) while find_solvable_tour() pops the most promising tour and, while it is more
 * than NodesFromEnd cities short of complete, splits it (split_tour/new_tour/calc_bound: one child per city whose
 * edge keeps the parent's bound within MinTourLen; a child's bound is its length plus, for each city not yet in it,
 * half its two cheapest usable edges, plus 1). A tour close enough to complete is solved by recursive_solve(): an
 * exhaustive depth-first search (visit_nodes) pruned by the length alone against the process's MinTourLen; a better
 * tour goes through set_best() under MinLock (lock 2). A popped bound no better than MinTourLen, or an empty queue,
 * sets Done.
 *
 * What a process knows of MinTourLen follows lazy release consistency: its own finds, and what the last releaser
 * of a lock it acquires knew (the lock carries it). The search itself runs natively on the real instance; its CPU
 * time is `node_time` per visit_nodes() call (and per calc_bound()), charged before the next shared access. */
#include "models/dsm/benchmark.hpp"
#include "sim/run/rng.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <xbt/log.h>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_dsm);

namespace cs::dsm {

namespace {

constexpr int kTourLock = 1;       // tsp.c: glob->TourLock = 1
constexpr int kMinLock  = 2;       // tsp.c: glob->MinLock = 2
constexpr int kBigInt   = 2000000; // tsp.h: BIGINT, MinTourLen's initial value
constexpr int kEndTour  = -1;      // tsp.h: END_TOUR

struct TourElement {
  std::vector<int> prefix;
  uint32_t conn     = 0; ///< bit i: city i is in the tour
  int last          = 0; ///< index of the tour's last city in prefix
  int prefix_weight = 0;
  int lower_bound   = 0;
};

struct PrioQElement {
  int index    = 0;
  int priority = 0;
};

/** One process's recursive_solve() state (solve.c's solve[]): private, as a search may block in set_best(). */
struct Search {
  std::vector<int> visit, path;
  int cur_dist = 0, path_len = 0;
  long visited = 0, charged = 0;
};

class Tsp : public Benchmark {
public:
  Tsp(const TspParams& p, Memory& m)
      : p_(p), n_(static_cast<int>(p.cities)), m_(static_cast<int>(p.max_tour_size)),
        known_(static_cast<size_t>(m.nodes()), kBigInt)
  {
    weights_     = tsp_weights(p);
    double ints  = 4;
    off_top_     = ints * m_ * m_;
    off_done_    = off_top_ + ints;
    off_pqlast_  = off_done_ + ints;
    off_min_     = off_pqlast_ + ints;
    off_mintour_ = off_min_ + ints;
    off_pq_      = off_mintour_ + ints * m_ + 3 * ints; // MinTour, then TourLock, MinLock, barrier
    off_stack_   = off_pq_ + 2 * ints * static_cast<double>(p.max_tours);
    off_tours_   = off_stack_ + ints * static_cast<double>(p.max_tours);
    tour_bytes_  = ints * (m_ + 5);
    size_        = off_tours_ + tour_bytes_ * static_cast<double>(p.max_tours);
    glob_        = m.alloc(size_, size_); // jia_alloc(sizeof(GlobalMemory)): one block, one home

    tours_.assign(static_cast<size_t>(p.max_tours), TourElement{std::vector<int>(static_cast<size_t>(m_), 0)});
    for (int i = static_cast<int>(p.max_tours) - 1; i > 0; --i)
      stack_.push_back(i);
    tours_[0].conn = 1; // StartNode 0
    bound(0);
    heap_ = {{}, {0, tours_[0].lower_bound}};
  }

  void record(Recorder& rec) const override
  {
    rec.set("tsp_min_tour_len", static_cast<long>(best_len_));
    rec.set("tsp_tasks_solved", tasks_);
    rec.set("tsp_visit_nodes_calls", visits_);
  }

  void body(Node& node) override
  {
    int me = node.id();
    node.barrier(); // after jia_alloc
    if (me == 0)
      wr(node, 0, size_);       // bzero(glob) and the scalars
    wr(node, 0, 4.0 * m_ * n_); // read_tsp(): every process stores the weights it reads
    if (me == 0)
      wr(node, tour_at(0), tour_bytes_);
    rd(node, 0, 4.0 * m_ * n_); // every process runs calc_bound(0)
    wr(node, tour_at(0) + 4.0 * m_ + 12, 8);
    if (me == 0) {
      wr(node, pq_at(1), 8);
      wr(node, off_pqlast_, 4);
      wr(node, off_stack_, 4 * static_cast<double>(p_.max_tours));
      wr(node, off_top_, 4);
    }
    node.barrier();
    node.start_stat();
    node.barrier(); // Worker(): wait for the signal to start
    for (int curr = -1;;) {
      curr = get_tour(node, curr);
      if (curr < 0)
        break;
      recursive_solve(node, curr);
    }
    node.barrier(); // Worker(): signal completion
  }

private:
  int w(int a, int b) const { return weights_[static_cast<size_t>(a * n_ + b)]; }
  double tour_at(int i) const { return off_tours_ + tour_bytes_ * i; }
  double tour_last_at(int i) const { return tour_at(i) + 4.0 * m_ + 4; }
  double pq_at(long i) const { return off_pq_ + 8.0 * static_cast<double>(i); }
  double stack_top_at() const { return off_stack_ + 4.0 * static_cast<double>(stack_.size()); }
  void rd(Node& node, double offset, double length) { node.read_span(glob_, offset, length); }
  void wr(Node& node, double offset, double length) { node.write_span(glob_, offset, length); }

  /** What `node` knows of MinTourLen after acquiring `lock`, and what the lock carries after its release. */
  void acquired(Node& node, int lock)
  {
    node.acquire(lock);
    auto& k = known_[static_cast<size_t>(node.id())];
    k       = std::min(k, lock_known(lock));
  }
  void release(Node& node, int lock)
  {
    lock_known(lock) = std::min(lock_known(lock), known_[static_cast<size_t>(node.id())]);
    node.release(lock);
  }
  int& lock_known(int lock) { return lock == kTourLock ? tour_lock_known_ : min_lock_known_; }

  int get_tour(Node& node, int curr)
  {
    acquired(node, kTourLock);
    if (curr != -1)
      free_tour(node, curr);
    curr = find_solvable_tour(node);
    release(node, kTourLock);
    return curr;
  }

  void free_tour(Node& node, int index)
  {
    wr(node, stack_top_at(), 4);
    stack_.push_back(index);
    wr(node, off_top_, 4);
  }

  /** pq.c's less_than: the lower bound, then the longer tour first. */
  bool less(Node& node, long x, long y)
  {
    const auto &a = heap_[static_cast<size_t>(x)], &b = heap_[static_cast<size_t>(y)];
    if (a.priority != b.priority)
      return a.priority < b.priority;
    rd(node, tour_last_at(a.index), 4);
    rd(node, tour_last_at(b.index), 4);
    return tours_[static_cast<size_t>(a.index)].last > tours_[static_cast<size_t>(b.index)].last;
  }

  void swap_entries(Node& node, long x, long y)
  {
    std::swap(heap_[static_cast<size_t>(x)], heap_[static_cast<size_t>(y)]);
    wr(node, pq_at(x), 8);
    wr(node, pq_at(y), 8);
  }

  int find_solvable_tour(Node& node)
  {
    int me = node.id();
    rd(node, off_done_, 4);
    if (done_)
      return -1;
    while (true) {
      rd(node, off_pqlast_, 8); // PrioQLast, MinTourLen
      long last_slot = static_cast<long>(heap_.size()) - 1;
      if (last_slot == 0)
        break;
      rd(node, pq_at(1), 8);
      int curr = heap_[1].index;
      if (heap_[1].priority >= known_[static_cast<size_t>(me)]) { // no better tour can be found
        set_done(node);
        return -1;
      }
      rd(node, pq_at(last_slot), 8);
      heap_[1] = heap_.back();
      heap_.pop_back();
      wr(node, pq_at(1), 8);
      wr(node, off_pqlast_, 4);
      last_slot--;
      for (long i = 1; i <= (last_slot >> 1);) { // push the moved entry down
        long left = 2 * i, right = left + 1;
        rd(node, pq_at(left), 16);
        long child = (left == last_slot || less(node, left, right)) ? left : right;
        if (not less(node, child, i))
          break;
        swap_entries(node, i, child);
        i = child;
      }
      rd(node, tour_last_at(curr), 4);
      if (tours_[static_cast<size_t>(curr)].last >= n_ - static_cast<int>(p_.nodes_from_end) - 1)
        return curr;
      split_tour(node, curr);
      free_tour(node, curr);
    }
    set_done(node);
    return -1;
  }

  void set_done(Node& node)
  {
    done_ = true;
    wr(node, off_done_, 4);
  }

  void split_tour(Node& node, int curr)
  {
    rd(node, tour_at(curr), tour_bytes_);
    const TourElement& c = tours_[static_cast<size_t>(curr)];
    if (c.last == n_ - 1)
      return;
    int last_node = c.prefix[static_cast<size_t>(c.last)];
    rd(node, 4.0 * m_ * last_node, 4.0 * n_);
    for (int i = 0; i < n_; ++i) {
      int wt = w(last_node, i);
      if ((c.conn & (1u << i)) != 0 || wt == 0 || c.lower_bound + wt > known_[static_cast<size_t>(node.id())])
        continue;
      int n = new_tour(node, curr, i);
      if (n == kEndTour)
        continue;
      if (static_cast<long>(heap_.size()) >= p_.max_tours)
        throw std::runtime_error("tsp: the priority queue is full (max_tours)");
      heap_.push_back({n, tours_[static_cast<size_t>(n)].lower_bound});
      long pq = static_cast<long>(heap_.size()) - 1;
      wr(node, off_pqlast_, 4);
      wr(node, pq_at(pq), 8);
      for (; pq > 1; pq >>= 1) { // bubble it up
        rd(node, pq_at(pq >> 1), 8);
        if (not less(node, pq, pq >> 1))
          break;
        swap_entries(node, pq, pq >> 1);
      }
    }
  }

  int new_tour(Node& node, int prev, int move)
  {
    rd(node, off_top_, 4);
    if (stack_.empty())
      throw std::runtime_error("tsp: the free-tour stack is empty (max_tours)");
    int index = stack_.back();
    stack_.pop_back();
    rd(node, stack_top_at(), 4);
    wr(node, off_top_, 4);
    const TourElement& p                  = tours_[static_cast<size_t>(prev)];
    TourElement& c                        = tours_[static_cast<size_t>(index)];
    c.prefix                              = p.prefix;
    c.conn                                = p.conn | (1u << move);
    c.last                                = p.last + 1;
    c.prefix_weight                       = p.prefix_weight + w(p.prefix[static_cast<size_t>(p.last)], move);
    c.prefix[static_cast<size_t>(c.last)] = move;
    rd(node, tour_at(prev), tour_bytes_);
    wr(node, tour_at(index), tour_bytes_);
    return calc_bound(node, index);
  }

  /** tours.c's calc_bound() in the program's memory: a tour one city short of complete is finished, offered to
   *  set_best() and freed at once (END_TOUR). */
  int calc_bound(Node& node, int index)
  {
    node.compute(p_.node_time * n_); // the n x n scan of the weights
    rd(node, 0, 4.0 * m_ * n_);
    TourElement& c = tours_[static_cast<size_t>(index)];
    if (c.last == n_ - 2) {
      int i = 0;
      while ((c.conn & (1u << i)) != 0)
        ++i;
      c.prefix[static_cast<size_t>(n_ - 1)] = i;
      c.prefix[static_cast<size_t>(n_)]     = 0;
      c.prefix_weight += w(c.prefix[static_cast<size_t>(n_ - 2)], i) + w(i, 0);
      wr(node, tour_at(index), tour_bytes_);
      if (c.prefix_weight < known_[static_cast<size_t>(node.id())])
        set_best(node, c.prefix_weight, nullptr);
      c.lower_bound = kBigInt;
      free_tour(node, index); // the program frees it under TourLock, which its caller already holds
      return kEndTour;
    }
    bound(index);
    wr(node, tour_at(index) + 4.0 * m_ + 12, 8); // lower_bound, mst_weight
    return index;
  }

  /** The lower bound of tours.c's calc_bound(): half of each free city's two cheapest usable edges, plus 1. */
  void bound(int index)
  {
    TourElement& c = tours_[static_cast<size_t>(index)];
    int mst        = 0;
    if (c.last != n_ - 1) {
      int first = c.prefix[0], end = c.prefix[static_cast<size_t>(c.last)];
      for (int i = 0; i < n_; ++i) {
        if ((c.conn & (1u << i)) != 0)
          continue;
        int wt1 = kBigInt, wt2 = kBigInt;
        for (int j = 0; j < n_; ++j) {
          int wt = w(i, j);
          if (wt == 0 || ((c.conn & (1u << j)) != 0 && j != first && j != end))
            continue;
          if (wt < wt1) {
            wt2 = wt1;
            wt1 = wt;
          } else if (wt < wt2)
            wt2 = wt;
        }
        if (wt2 != kBigInt)
          mst += (wt1 + wt2) >> 1;
        else if (wt1 != kBigInt)
          mst += wt1;
      }
      mst += 1;
    }
    c.lower_bound = mst + c.prefix_weight;
  }

  void recursive_solve(Node& node, int index)
  {
    rd(node, tour_at(index), tour_bytes_);
    const TourElement& t = tours_[static_cast<size_t>(index)];
    tasks_++;
    Search s;
    s.visit.assign(static_cast<size_t>(n_), 0);
    s.path.assign(static_cast<size_t>(n_ + 1), 0);
    s.cur_dist = t.prefix_weight;
    s.path_len = t.last + 1;
    for (int i = 0; i < s.path_len; ++i) {
      s.path[static_cast<size_t>(i)]                               = t.prefix[static_cast<size_t>(i)];
      s.visit[static_cast<size_t>(s.path[static_cast<size_t>(i)])] = 1;
    }
    rd(node, 0, 4.0 * m_ * n_);
    visit_nodes(node, s, s.path[static_cast<size_t>(s.path_len - 1)]);
    node.compute(p_.node_time * static_cast<double>(s.visited - s.charged));
    visits_ += s.visited;
  }

  /** solve.c's visit_nodes(): exhaustive, pruned by the length against this process's MinTourLen. */
  void visit_nodes(Node& node, Search& s, int from)
  {
    s.visited++;
    const int& min = known_[static_cast<size_t>(node.id())];
    for (int i = 1; i < n_; ++i) {
      if (s.visit[static_cast<size_t>(i)] != 0)
        continue;
      int dist = w(from, i);
      if (dist == 0 || s.cur_dist + dist > min)
        continue;
      s.visit[static_cast<size_t>(i)]           = 1;
      s.path[static_cast<size_t>(s.path_len++)] = i;
      s.cur_dist += dist;
      if (s.path_len == n_) {
        int back = w(i, 0);
        if (back != 0 && s.cur_dist + back < min)
          set_best(node, s.cur_dist + back, &s);
      } else if (s.cur_dist < min)
        visit_nodes(node, s, i);
      s.cur_dist -= dist;
      s.path_len--;
      s.visit[static_cast<size_t>(i)] = 0;
    }
  }

  /** tours.c's set_best(): MinTourLen only decreases, and changes under MinLock. The search done so far is charged
   *  first, as it ran before the lock was asked for. */
  void set_best(Node& node, int best, Search* s)
  {
    auto& k = known_[static_cast<size_t>(node.id())];
    if (best >= k)
      return;
    if (s != nullptr) {
      node.compute(p_.node_time * static_cast<double>(s->visited - s->charged));
      s->charged = s->visited;
    }
    acquired(node, kMinLock);
    rd(node, off_min_, 4);
    if (best < k) {
      k         = best;
      best_len_ = std::min(best_len_, best);
      XBT_VERB("tsp: process %d sets MinTourLen %d", node.id(), best);
      wr(node, off_min_, 4 + 4.0 * n_); // MinTourLen and MinTour
    }
    release(node, kMinLock);
  }

  TspParams p_;
  int n_, m_;
  std::vector<int> weights_;
  // GlobalMemory's layout (tsp.h), byte offsets from glob_.
  double off_top_ = 0, off_done_ = 0, off_pqlast_ = 0, off_min_ = 0, off_mintour_ = 0, off_pq_ = 0, off_stack_ = 0,
         off_tours_ = 0, tour_bytes_ = 0, size_ = 0;
  long glob_ = 0;
  // The shared data's contents (one copy: the program only touches them under its locks).
  std::vector<TourElement> tours_;
  std::vector<int> stack_;         ///< TourStack[0..TourStackTop]
  std::vector<PrioQElement> heap_; ///< PrioQ[1..PrioQLast]; slot 0 unused, as in the program
  bool done_    = false;           ///< glob->Done
  int best_len_ = kBigInt;         ///< MinTourLen as the last set_best() left it
  std::vector<int> known_;         ///< each process's view of MinTourLen
  int tour_lock_known_ = kBigInt, min_lock_known_ = kBigInt;
  long tasks_ = 0, visits_ = 0;
};

} // namespace

std::vector<int> tsp_weights(const TspParams& p)
{
  // A random asymmetric matrix of the kind apps/tsp's tspfiles hold: integers 1..max_weight, 0 on the diagonal
  // (0 would mean "not connected" to the program).
  auto n = static_cast<int>(p.cities);
  Rng rng(static_cast<uint64_t>(p.seed));
  std::vector<int> w(static_cast<size_t>(n * n), 0);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b)
        w[static_cast<size_t>(a * n + b)] = 1 + static_cast<int>(rng.below(static_cast<uint64_t>(p.max_weight)));
  return w;
}

std::unique_ptr<Benchmark> make_tsp(const TspParams& p, Memory& memory)
{
  return std::make_unique<Tsp>(p, memory);
}

} // namespace cs::dsm
