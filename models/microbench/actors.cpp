#include "models/microbench/actors.hpp"

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_microbench, cs, "Simulated microbenchmarks (calibration round trip)");

namespace cs::microbench {

void compute(double seconds)
{
  if (seconds > 0)
    sg4::this_actor::execute(seconds * sg4::this_actor::get_host()->get_speed());
}

void OpLoop::operator()()
{
  span_.start = sg4::Engine::get_clock();
  for (long i = 0; i < p_.operations; ++i)
    operation();
  span_.end = sg4::Engine::get_clock();
  span_.ops = p_.operations;
}

void OpLoop::operation()
{
  switch (p_.bench) {
  case Bench::fork: {
    // The parent pays the kernel's work: page tables copied at fork, torn down at the child's exit, the wait.
    compute(os_.fork_cost(p_.resident_size));
    sg4::Actor::create("child", sg4::this_actor::get_host(), [] {})->join();
    break;
  }
  case Bench::thread_checkpoint:
    compute(copy_.time(p_.state_size)); // the state saved aside first (seed 000 §3.2)
    [[fallthrough]];
  case Bench::thread_create:
    compute(os_.cost("thread_create"));
    sg4::Actor::create("thread", sg4::this_actor::get_host(), [] {})->join();
    break;
  case Bench::syscall:
    compute(os_.cost("syscall"));
    break;
  case Bench::signal:
    compute(os_.cost("signal"));
    break;
  case Bench::memcpy:
    compute(copy_.time(p_.copy_size));
    break;
  case Bench::fault_trap:
    compute(os_.cost("page_fault"));
    if (p_.twin)
      compute(copy_.time(p_.fault_unit));
    break;
  case Bench::page_diff:
    compute(os_.cost("page_diff"));
    break;
  case Bench::flops:
    sg4::this_actor::execute(p_.flops);
    break;
  default:
    xbt_die("bench %s is not a single-actor loop", bench_name(p_.bench));
  }
}

HandoffRing::HandoffRing(const Params& p, const OsProfile& os, Span& span)
    : p_(p), hop_cost_(os.cost(p.cross_cpu ? "wakeup" : "context_switch")), span_(span)
{
  for (long i = 0; i < p.threads; ++i)
    token_.push_back(sg4::Semaphore::create(0));
}

void HandoffRing::start(sg4::Host* host)
{
  for (long i = 0; i < p_.threads; ++i)
    sg4::Actor::create("ring-" + std::to_string(i), host, [this, i] { member(i); });
}

void HandoffRing::member(long i)
{
  const long n = p_.threads;
  if (i == 0)
    span_.start = sg4::Engine::get_clock();
  for (long round = 0; round < p_.operations; ++round) {
    if (i == 0) {
      token_[1]->release(); // thread 0 starts each round and receives the token at its end
      token_[0]->acquire();
      compute(hop_cost_);
    } else {
      token_[static_cast<size_t>(i)]->acquire();
      compute(hop_cost_);
      token_[static_cast<size_t>((i + 1) % n)]->release();
    }
  }
  if (i == 0) {
    span_.end = sg4::Engine::get_clock();
    span_.ops = p_.operations * n; // hand-offs
  }
}

} // namespace cs::microbench
