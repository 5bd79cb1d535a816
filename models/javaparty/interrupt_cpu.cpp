/* Where the blast's receive interrupts land (seed 001 V.C.1: "decreased CPU availability on machines due to
 * handling of incoming UDP packets"). The kernel's part of receiving a frame (interrupt, NAPI poll, IP/UDP input:
 * the platform's `frame_rx_irq`) runs in softirq context on the CPU that takes the NIC's interrupts; the rest of
 * `frame_rx` (the receiver process's copy) is an ordinary task. Linux 2.6's load balancer counts runnable tasks and
 * does not see softirq time, so a JVM's worker thread, woken when its RMI reply arrives, is placed on the interrupt
 * CPU as often as on any other: the chunk of rows it then renders gets only what the interrupts leave of that CPU. The
 * switch's QoS profile cannot help here, since the blast's frames still arrive (docs/models/javaparty.md,
 * "What the profile costs and what it leaves"). */
#include "models/javaparty/raytracer_run.hpp"

#include <algorithm>

namespace cs::javaparty {

void Run::interrupt_shares()
{
  irq_left_.assign(static_cast<size_t>(p_.machines), 1.0);
  for (long m = 0; m < p_.machines; ++m) {
    sg4::Host* h = hosts_[static_cast<size_t>(m)];
    double irq   = port_of(h->get_name()).blast_fps * ctx_.platform.os(h).cost_or("frame_rx_irq", 0.0);
    // A JVM that keeps every CPU busy shares the interrupt CPU anyway, and the host's CPU sharing charges it.
    if (irq > 0 && p_.jvm_cpus < h->get_core_count())
      irq_left_[static_cast<size_t>(m)] = std::max(0.0, 1 - std::min(1.0, irq) / static_cast<double>(p_.jvm_cpus));
  }
}

double Run::chunk_cpu_share(long machine)
{
  double left = irq_left_[static_cast<size_t>(machine)];
  if (left >= 1)
    return 1.0;
  ++chunks_;
  double cores = hosts_[static_cast<size_t>(machine)]->get_core_count();
  if (irq_rng_.uniform() >= static_cast<double>(p_.jvm_cpus) / cores)
    return 1.0;
  ++irq_chunks_;
  return left;
}

} // namespace cs::javaparty
