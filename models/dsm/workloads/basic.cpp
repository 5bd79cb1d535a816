/* Bench basic's DSM programs: one basic operation of the protocol, repeated and timed where a program would time
 * it (models/dsm/params.hpp BasicParams). The lock tests use lock 1, whose manager is node 1, acquired by node 3;
 * between two timed acquisitions the lock's last holder takes it back, and barriers keep the repetitions apart
 * (not timed; a quiet `kSettle` after each, so that no barrier message is still being sent or read).
 * The page fault test reads, on node 1, pages it never had: each fault fetches the whole page from node 0. */
#include "models/dsm/benchmark.hpp"

#include <simgrid/s4u.hpp>

#include <stdexcept>

namespace cs::dsm {

namespace {

namespace sg4 = simgrid::s4u;

class Basic : public Benchmark {
public:
  Basic(const BasicParams& p, Memory& m) : p_(p)
  {
    if (p.test == BasicTest::page_fault)
      pages_ = m.alloc(m.page_size() * static_cast<double>(p.repetitions), m.page_size());
  }

  void body(Node& node) override
  {
    switch (p_.test) {
    case BasicTest::lock_manager_last:
      locks(node, 1);
      break;
    case BasicTest::lock_other:
      locks(node, 2);
      break;
    case BasicTest::barrier:
      barriers(node);
      break;
    case BasicTest::page_fault:
      faults(node);
      break;
    default:
      throw std::logic_error("bench basic: the round trips are not DSM programs");
    }
  }

  void record(Recorder& rec) const override
  {
    if (timed_ == 0)
      throw std::runtime_error("dsm: bench basic timed no operation");
    rec.set("basic_us", total_ / static_cast<double>(timed_) * 1e6);
    rec.set("basic_timed", timed_);
  }

private:
  static constexpr long kLock     = 1;    ///< managed by node 1 (lock % nodes)
  static constexpr int kAcquirer  = 3;    ///< neither the manager, the other holder nor the barrier manager
  static constexpr double kSettle = 0.01; ///< s of quiet before a timed acquisition

  /** Node 3 acquires the lock last held by node `holder` (the manager itself when 1). */
  void locks(Node& node, int holder)
  {
    for (long r = 0; r < p_.repetitions; ++r) {
      if (node.id() == holder) {
        node.acquire(kLock);
        node.release(kLock);
      }
      node.barrier();
      node.compute(kSettle);
      if (node.id() == kAcquirer) {
        double t0 = sg4::Engine::get_clock();
        node.acquire(kLock);
        add(t0);
        node.release(kLock);
      }
      node.barrier();
    }
  }

  void barriers(Node& node)
  {
    node.barrier();
    double t0 = sg4::Engine::get_clock();
    for (long r = 0; r < p_.repetitions; ++r)
      node.barrier();
    if (node.id() == 0) {
      total_ += sg4::Engine::get_clock() - t0;
      timed_ += p_.repetitions;
    }
  }

  void faults(Node& node)
  {
    if (node.id() != 1)
      return;
    node.compute(kSettle);
    for (long r = 0; r < p_.repetitions; ++r) {
      double t0 = sg4::Engine::get_clock();
      node.read(pages_ + r);
      add(t0);
    }
  }

  void add(double t0)
  {
    total_ += sg4::Engine::get_clock() - t0;
    timed_++;
  }

  BasicParams p_;
  long pages_   = 0;
  double total_ = 0;
  long timed_   = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_basic(const BasicParams& p, Memory& memory)
{
  if (p.test == BasicTest::roundtrip || p.test == BasicTest::roundtrip_signal)
    return nullptr; // not a DSM program: models/dsm/basic_ping.hpp
  return std::make_unique<Basic>(p, memory);
}

} // namespace cs::dsm
