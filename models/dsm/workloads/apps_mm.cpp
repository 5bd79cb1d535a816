/* JIAJIA 2.1's apps/mm program (apps/mm/src/mm.c), access by access: a, b, c are N x N floats; process 0 fills a and
 * b (seqinit) between two barriers; then statistics and the clock start, each process computes its N/P rows of
 * c[i][j] = sum_k a[i][k] * b[j][k] (b transposed: both operands stride 1) and a barrier closes the timed part.
 * Loop orders: "middle" (mm.c as published: for j { for my i }) and "inner" (for my i { for j }). Allocation:
 * jia_alloc puts each matrix whole on one home, the next host at each call (a on 0, b on 1, c on 2); jia_alloc3 with
 * blocks of N*N*4/P deals N/P rows to each host in turn, so a process's rows of a and c are its own.
 * The CPU work of the k loop (and the memory-bus bytes of its cache misses) is deferred across accesses that do not
 * fault and charged before the next one that does, so a run costs events per fault, not per element. */
#include "models/dsm/benchmark.hpp"

namespace cs::dsm {

namespace {

class AppsMm : public Benchmark {
public:
  AppsMm(const AppsMmParams& p, Memory& m) : p_(p), m_(m), row_(static_cast<double>(p.n) * p.elem_bytes)
  {
    double size = row_ * static_cast<double>(p.n);
    for (int k = 0; k < 3; ++k) {
      long base = p.alloc == MmAlloc::alloc3 ? m.alloc(size, size / m.nodes(), 0) : m.alloc(size, size, k % m.nodes());
      (k == 0 ? a_ : k == 1 ? b_ : c_) = base;
    }
  }

  void body(Node& node) override
  {
    node.barrier(); // after the allocations
    if (node.id() == 0)
      for (long i = 0; i < p_.n; ++i) { // seqinit(): a[i][j] = b[i][j] = 1
        node.write_span(a_, row(i), row_);
        node.write_span(b_, row(i), row_);
      }
    node.barrier();
    node.start_stat();
    long per           = p_.n / node.nodes();
    long first         = per * node.id();
    double k_loop_time = node.flop_time(p_.flops_per_it * static_cast<double>(p_.n));
    Owed owed; // this process's k loops since its last fault (the program object is shared)
    auto element = [&](long i, long j) {
      access(node, owed, a_, row(i), row_, false);
      access(node, owed, b_, row(j), row_, false);
      owed.cpu += k_loop_time;
      owed.bus += p_.bus_bytes();
      access(node, owed, c_, row(i) + static_cast<double>(j) * p_.elem_bytes, p_.elem_bytes, true);
    };
    if (p_.order == MmOrder::middle) {
      for (long j = 0; j < p_.n; ++j)
        for (long i = first; i < first + per; ++i)
          element(i, j);
    } else {
      for (long i = first; i < first + per; ++i)
        for (long j = 0; j < p_.n; ++j)
          element(i, j);
    }
    owed.pay(node);
  }

private:
  /** The k loops' CPU time and memory-bus bytes not yet charged. */
  struct Owed {
    double cpu = 0, bus = 0;
    void pay(Node& node)
    {
      node.compute(cpu, bus);
      cpu = bus = 0;
    }
  };

  double row(long i) const { return static_cast<double>(i) * row_; }

  /** One access to bytes [offset, offset + length) of an allocation; the computation owed so far runs first when
   *  the access faults (the fault happens at that point of the program). */
  void access(Node& node, Owed& owed, long base, double offset, double length, bool write)
  {
    auto [first, last] = m_.span(base, offset, length);
    for (long pg = first; pg <= last; ++pg)
      if (node.faults_on(pg, write)) {
        owed.pay(node);
        break;
      }
    if (write)
      node.write_span(base, offset, length);
    else
      node.read_span(base, offset, length);
  }

  AppsMmParams p_;
  Memory& m_;
  double row_;
  long a_ = 0, b_ = 0, c_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_apps_mm(const AppsMmParams& p, Memory& memory)
{
  return std::make_unique<AppsMm>(p, memory);
}

} // namespace cs::dsm
