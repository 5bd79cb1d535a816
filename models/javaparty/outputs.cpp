#include "models/javaparty/outputs.hpp"

namespace cs::javaparty {

const ModelDecl& decl()
{
  static const ModelDecl d{
      {
          {"machines", "1", "JavaParty machines (params.machines)"},
          {"machines_used", "1", "machines the random placement put at least one worker thread on"},
          {"threads", "1", "RayTracer worker threads placed"},
          {"exec_time_s", "s", "the head's time from the first request to the last row received"},
          {"speed_factor", "1", "this run's CPU speed factor: exp(normal(0, run_noise)), 1 without noise"},
          {"rmi_calls", "1", "RMI calls the workers made"},
          {"lost_segments", "1", "TCP data segments of the RMI legs lost at the switch"},
          {"lost_acks", "1", "TCP acknowledgements of the RMI legs lost at the switch"},
          {"timeouts", "1", "retransmission timer expiries of the RMI legs"},
          {"fast_retransmits", "1", "losses recovered by duplicate ACKs"},
          {"queue_wait_s", "s", "worker-seconds the RMI legs spent in the ports' queues beyond a quiet transfer"},
          {"fast_retx_wait_s", "s", "worker-seconds spent recovering losses reported by duplicate ACKs"},
          {"timeout_wait_s", "s", "worker-seconds spent waiting for the retransmission timer"},
          {"head_port_jp_loss", "1", "probability a JavaParty frame from jp-2 is dropped at the head's port"},
          {"head_port_jp_delay_ms", "ms", "queueing delay of those frames at the head's port, x 10^3"},
          {"blast_fps", "1/s", "UDP blast frames per second delivered to the head's host"},
          {"blast_offered_mbps", "Mb/s",
           "blast frames offered per second x their size on the wire (with Ethernet framing) x 8 / 10^6"},
          {"blast_rx_cpu", "1",
           "CPUs of the head's machine the blast's receive path takes: blast_fps x frame_rx cost, at most its cores"},
          {"irq_chunks", "1", "chunks of rows rendered on the CPU taking the receive interrupts"},
          {"blasted_chunks", "1", "chunks of rows rendered on machines receiving the blast"},
          {"head_irq_cpu_left", "1", "share of the interrupt CPU left to threads on the head's machine (1: no blast)"},
      },
      {},
      {// Workers render at their host's speed, RMI and the blast cross the switch (its ports, backplane and QoS
       // queues) and the links, at the JVM's OS costs.
       // reference: hosts' hardware rates, which its costs scale with once hosts carry them.
       "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/reference", "/switches/*/port", "/switches/*/backplane",
       "/switches/*/qos", "/links", "/os_profiles/*/costs"},
      {// params.switch_model.mls_qos other than "platform" replaces the switch's own QoS setting (model.cpp).
       {"/switches/*/qos/mls_qos", "/switch_model/mls_qos", "platform"}}};
  return d;
}

} // namespace cs::javaparty
