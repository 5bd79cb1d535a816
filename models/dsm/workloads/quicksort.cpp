/* Quicksort with a shared task queue (the TreadMarks studies' program): an array of random integers in shared
 * memory and a queue of subarrays under lock 0, with a count of sorted elements. A process pops a subarray; while
 * it is longer than the threshold it partitions it (reading and writing all of it) and puts one part back in the
 * queue; a short subarray is bubble-sorted in place and its length added to the count. A process finding the queue
 * empty tries again after a short pause until the count reaches the array's length. The partitions are computed on
 * the real keys (generated from `seed`), so the task sizes are the algorithm's own. */
#include "models/dsm/benchmark.hpp"
#include "sim/run/rng.hpp"

#include <algorithm>
#include <deque>

namespace cs::dsm {

namespace {

class Quicksort : public Benchmark {
public:
  Quicksort(const QuicksortParams& p, Memory& m) : p_(p), keys_(static_cast<size_t>(p.n))
  {
    Rng rng(static_cast<uint64_t>(p.seed));
    for (auto& k : keys_)
      k = static_cast<uint32_t>(rng.next() >> 32);
    array_ = m.alloc(static_cast<double>(p.n) * 4, static_cast<double>(p.n) * 4);
    queue_ = m.alloc(m.page_size(), m.page_size());
    tasks_.push_back({0, p.n});
  }

  void body(Node& node) override
  {
    while (true) {
      node.acquire(0);
      node.read(queue_);
      bool finished = sorted_ == p_.n;
      std::pair<long, long> t{-1, -1};
      if (not tasks_.empty()) {
        t = tasks_.front();
        tasks_.pop_front();
        node.write(queue_, 8);
      }
      node.release(0);
      if (finished)
        return;
      if (t.first < 0) {
        node.pause(p_.poll_time);
        continue;
      }
      auto [lo, hi] = t;
      while (hi - lo > p_.threshold) {
        touch(node, lo, hi);
        long mid = partition(lo, hi);
        node.compute(p_.partition_time * static_cast<double>(hi - lo));
        node.acquire(0);
        node.write(queue_, 8);
        tasks_.push_back({mid, hi});
        node.release(0);
        hi = mid;
      }
      touch(node, lo, hi);
      std::sort(keys_.begin() + lo, keys_.begin() + hi); // the bubble sort's result; its cost is charged below
      double len = static_cast<double>(hi - lo);
      node.compute(p_.bubble_time * len * (len - 1) / 2);
      node.acquire(0);
      node.write(queue_, 4);
      sorted_ += hi - lo;
      node.release(0);
    }
  }

private:
  void touch(Node& node, long lo, long hi)
  {
    double off = static_cast<double>(lo) * 4, len = static_cast<double>(hi - lo) * 4;
    node.read_span(array_, off, len);
    node.write_span(array_, off, len);
  }

  /** Hoare-style partition around the middle key; both parts non-empty. */
  long partition(long lo, long hi)
  {
    uint32_t pivot = keys_[static_cast<size_t>(lo + (hi - lo) / 2)];
    auto mid       = std::partition(keys_.begin() + lo, keys_.begin() + hi, [pivot](uint32_t k) { return k < pivot; });
    long m         = mid - keys_.begin();
    if (m == lo) { // every key >= pivot: the pivot's equals go left so both parts shrink
      mid = std::partition(keys_.begin() + lo, keys_.begin() + hi, [pivot](uint32_t k) { return k <= pivot; });
      m   = mid - keys_.begin();
    }
    return std::clamp(m, lo + 1, hi - 1);
  }

  QuicksortParams p_;
  std::vector<uint32_t> keys_;
  long array_ = 0, queue_ = 0;
  std::deque<std::pair<long, long>> tasks_; ///< the shared queue's contents (guarded by lock 0 in the program)
  long sorted_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_quicksort(const QuicksortParams& p, Memory& memory)
{
  return std::make_unique<Quicksort>(p, memory);
}

} // namespace cs::dsm
