#include "models/javaparty/params.hpp"

namespace cs::javaparty {

Params Params::from(Fields& f)
{
  Params p;
  p.machines    = f.integer("machines", p.machines, "machines running the RayTracer, jp-1 up (seed: 2 to 8)", 1, 8);
  p.hosts_group = f.string("hosts_group", p.hosts_group, "platform host group, in order jp-1..jp-8");
  p.switch_name = f.string("switch", p.switch_name, "platform switch the machines are plugged into");
  p.rows_file   = f.string("rows_file", p.rows_file, "per-row sphere tests of the scene (bench/raytracer_rows.cpp)");
  p.test_cost   = f.required_quantity("test_cost", Unit::time, "CPU per sphere test on one core of a 2 GHz host",
                                      Range::positive());
  p.threads_per_machine =
      f.integer("threads_per_machine", p.threads_per_machine, "worker threads started per configured machine", 1, 64);
  p.placement  = f.choice("placement", p.placement, {"random", "round_robin"},
                          "how JavaParty picks each worker's JVM: random (each uniformly among the configured "
                           "machines; the ones that get none stay idle) or round_robin (every machine used)");
  p.work       = f.choice("work", p.work, {"chunks", "cyclic"},
                          "chunks: the head hands out chunk_rows rows per request; cyclic: thread t renders rows t, "
                                "t + T, ... (the JGF original)");
  p.chunk_rows = f.integer("chunk_rows", p.chunk_rows, "rows per request when work is chunks", 1, 500);
  p.jvm_cpus   = f.integer("jvm_cpus", p.jvm_cpus, "CPUs the worker threads of one JVM use at once", 1, 64);
  p.run_noise =
      f.number("run_noise", p.run_noise, "relative sd of a run's CPU speed (lognormal)", Range::between(0, 1));
  p.result_bytes = f.quantity("result_bytes", Unit::size, p.result_bytes, "a row's result", Range::non_negative());
  p.rmi_overhead =
      f.quantity("rmi_overhead", Unit::size, p.rmi_overhead, "RMI framing around a result", Range::non_negative());
  p.reply_bytes = f.quantity("reply_bytes", Unit::size, p.reply_bytes, "the RMI return", Range::non_negative());
  p.rmi_cost = f.quantity("rmi_cost", Unit::time, p.rmi_cost, "CPU at each end of an RMI call", Range::non_negative());
  p.startup  = f.quantity("startup", Unit::time, p.startup, "runtime start before the rows", Range::non_negative());
  Fields c   = f.object("congestion", "chapter V.C: jp-5..8 each blast UDP at one of jp-1..4");
  p.congestion = c.boolean("enabled", p.congestion, "blast UDP at jp-1..jp-4 from jp-5..jp-8 during the run");
  p.blast_payload =
      c.quantity("payload", Unit::size, p.blast_payload, "D-ITG payload (seed: 1400 B)", Range::between(1, 1472));
  p.blast_rate = c.number("rate", p.blast_rate, "frames per second (0: the line rate: the seed's 'maximum')",
                          Range::non_negative());
  p.blast_jitter =
      c.quantity("jitter", Unit::time, p.blast_jitter,
                 "packet switch: each blast frame moved by up to +- this around its schedule", Range::non_negative());
  p.blast_sources = c.choice("sources", p.blast_sources, {"cluster", "outside"},
                             "cluster: the second half of the hosts blasts the first, jp-(i+4) into jp-i (seed V.C; N machines "
                             "at most half the hosts); outside: one "
                             "generator per machine on a switch port of its own, outside the QoS policy (what-ifs)");
  c.string("source", "", "where the numbers come from");
  c.finish();
  Fields s       = f.object("switch_model", "how the switch is simulated");
  p.mls_qos      = s.choice("mls_qos", p.mls_qos, {"platform", "on", "off"},
                            "platform: as the platform's qos says; on: its QoS profile (appendix B); off: FIFO");
  p.switch_model = s.choice("implementation", p.switch_model, {"fluid", "packet"},
                            "fluid: per-class rates and losses from offered loads; packet: frame by frame");
  p.jp_load      = s.quantity("jp_load", Unit::bandwidth, p.jp_load,
                              "JavaParty traffic offered to a port, for the switch's loss estimate", Range::non_negative());
  p.packet_seconds =
      s.quantity("packet_seconds", Unit::time, p.packet_seconds,
                 "packet switch: simulated seconds of traffic to estimate the losses", Range::positive());
  p.full_queue_loss = s.number("full_queue_loss", p.full_queue_loss,
                               "fluid switch: probability that a frame arriving at a tail-drop queue the blast keeps "
                               "full is dropped (random arrivals: the fluid's 1 - C / load; a phase-locked line-rate "
                               "blast: about one half)",
                               Range::between(0, 0.99));
  s.string("source", "", "where the numbers come from");
  s.finish();
  f.string("source", "", "where the numbers come from");
  f.finish();
  return p;
}

} // namespace cs::javaparty
