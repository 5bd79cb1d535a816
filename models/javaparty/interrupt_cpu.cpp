/* Where the blast's receive interrupts land (seed 001 V.C.1: "decreased CPU availability on machines due to
 * handling of incoming UDP packets"). The kernel's part of receiving a frame (interrupt, NAPI poll, IP/UDP input:
 * the platform's `frame_rx_irq`) runs in softirq context on the CPU that takes the NIC's interrupts; the rest of
 * `frame_rx` (the receiver process's copy) is an ordinary task. Linux 2.6's load balancer counts runnable tasks and
 * does not see softirq time, so it puts a JVM's running threads on the interrupt CPU as often as on any other: then
 * they get only what the interrupts leave of it. The switch's QoS profile cannot help here, since the blast's frames
 * still arrive (docs/models/javaparty.md, "What the profile leaves"). */
#include "models/javaparty/raytracer_run.hpp"

#include <algorithm>

namespace cs::javaparty {

void Run::place_interrupt_cpus()
{
  jvm_cpu_share_.assign(static_cast<size_t>(p_.machines), 1.0);
  Rng rng = ctx_.rng.stream("interrupt-cpu");
  for (long m = 0; m < p_.machines; ++m) {
    sg4::Host* h = hosts_[static_cast<size_t>(m)];
    double irq   = port_of(h->get_name()).blast_fps * ctx_.platform.os(h).cost_or("frame_rx_irq", 0.0);
    int cores    = h->get_core_count();
    // A JVM that keeps every CPU busy shares the interrupt CPU anyway, and the host's CPU sharing charges it.
    if (irq <= 0 || p_.jvm_cpus >= cores)
      continue;
    if (rng.uniform() >= static_cast<double>(p_.jvm_cpus) / cores)
      continue;
    ++irq_shared_;
    jvm_cpu_share_[static_cast<size_t>(m)] = std::max(0.0, 1 - std::min(1.0, irq) / static_cast<double>(p_.jvm_cpus));
  }
}

} // namespace cs::javaparty
