#include "models/javaparty/params.hpp"

namespace cs::javaparty {

namespace {

/** The RMI connections' TCP: Linux 2.6.18 (Fedora Core 6, seed IV.A) as its defaults have it. */
net::TcpConfig tcp_params(Fields& f)
{
  net::TcpConfig c;
  Fields t         = f.object("tcp", "the RMI connections' TCP (Linux 2.6 of the seed's Fedora Core 6)");
  c.mss            = t.quantity("mss", Unit::size, c.mss,
                                "payload bytes per segment: a 1500-B Ethernet MTU less 20 B IP, 20 B TCP and 12 B of the "
                                           "timestamps option Linux sends by default (RFC 7323)",
                                Range::positive());
  c.initial_window = t.integer("initial_window", c.initial_window,
                               "segments of a (re)started slow start (RFC 3390: 3 for a 1448-B MSS)", 1, 1000);
  c.rto_min =
      t.quantity("rto_min", Unit::time, c.rto_min,
                 "floor of the RTO's variance term (Linux TCP_RTO_MIN, include/net/tcp.h: HZ/5)", Range::positive());
  c.rto_max = t.quantity("rto_max", Unit::time, c.rto_max, "cap of the backed-off RTO (Linux TCP_RTO_MAX: 120 s)",
                         Range::positive());
  c.dupack_threshold =
      t.integer("dupack_threshold", c.dupack_threshold,
                "duplicate ACKs that trigger a fast retransmit (RFC 5681; Linux tcp_reordering 3)", 1, 1000);
  c.max_window = t.integer(
      "max_window", c.max_window,
      "segments in flight at most (assumed; an RMI message here is a few segments, so it never binds)", 1, 100000);
  c.max_retries = static_cast<int>(
      t.integer("max_retries", c.max_retries,
                "timeouts in a row before the connection is dropped (Linux net.ipv4.tcp_retries2 default 15)", 1, 100));
  t.string("source", "", "where the numbers come from");
  t.finish();
  return c;
}

} // namespace

Params Params::from(Fields& f)
{
  Params p;
  p.machines    = f.integer("machines", p.machines,
                            "machines running the RayTracer, the group's first hosts (seed: 2 to 8; beyond its 8 "
                               "machines on a generated group, e.g. scenarios/javaparty/scale.json)",
                            1, max_machines);
  p.hosts_group = f.string("hosts_group", p.hosts_group,
                           "platform host group, in order jp-1, jp-2, ...: the head on the first, the blast's sources "
                           "(congestion.sources cluster) in the second half");
  p.switch_name = f.string("switch", p.switch_name, "platform switch the machines are plugged into");
  p.rows_file   = f.string(
        "rows_file", p.rows_file,
        "per-row sphere tests of the scene (bench/raytracer_rows.cpp): a JSON file {\"tests\": [count per row]}, "
          "looked for beside the scenario, then in the current folder and the data directory");
  p.test_cost = f.required_quantity("test_cost", Unit::time,
                                    "CPU per sphere test on one core of a reference_speed host", Range::positive());
  p.reference_speed =
      f.quantity("reference_speed", Unit::speed, p.reference_speed,
                 "clock of the core test_cost is CPU time on (001 Table 1: jp-1..4's 2 GHz Opterons, the machines "
                 "test_cost is fitted on)",
                 Range::positive());
  p.seq_time        = f.quantity("seq_time", Unit::time, 0,
                                 "measured time of the RayTracer on one machine with one worker thread: the run's compute "
                                        "scale (on test_cost) is fitted so that that run takes this long (docs/calibration.md); 0: "
                                        "test_cost as given",
                                 Range::non_negative());
  p.seq_time_source = f.source_of("seq_time");
  p.threads_per_machine =
      f.integer("threads_per_machine", p.threads_per_machine, "worker threads started per configured machine", 1, 64);
  p.placement  = f.choice<Placement>("placement", p.placement,
                                    {{"random", Placement::random}, {"round_robin", Placement::round_robin}},
                                    "how JavaParty picks each worker's JVM: random (each uniformly among the "
                                     "configured machines; the ones that get none stay idle) or round_robin (every "
                                     "machine used)");
  p.work       = f.choice<Work>("work", p.work, {{"chunks", Work::chunks}, {"cyclic", Work::cyclic}},
                          "chunks: the head hands out chunk_rows rows per request; cyclic: thread t renders rows "
                                "t, t + T, ... (the JGF original)");
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
  p.blast_rate =
      c.quantity("rate", Unit::rate, p.blast_rate,
                 "frames per second, e.g. \"50000/s\" or \"50kHz\" (0/s: the line rate: the seed's 'maximum')",
                 Range::non_negative());
  p.blast_offered = c.quantity("offered", Unit::bandwidth, p.blast_offered,
                               "the rate as a bandwidth, e.g. \"600Mbps\": frames on the wire (payload and UDP, IP "
                               "and Ethernet framing) per second, as blast_offered_mbps reports it (0: use rate)",
                               Range::non_negative());
  if (p.blast_rate > 0 && p.blast_offered > 0)
    c.fail("offered", "give the blast's rate once: in frames per second (rate) or as a bandwidth (offered)");
  p.blast_jitter =
      c.quantity("jitter", Unit::time, p.blast_jitter,
                 "packet switch: each blast frame moved by up to +- this around its schedule", Range::non_negative());
  p.blast_sources = c.choice<BlastSources>(
      "sources", p.blast_sources, {{"cluster", BlastSources::cluster}, {"outside", BlastSources::outside}},
      "cluster: the second half of the hosts blasts the first, jp-(i+4) into jp-i (seed V.C; N machines at most half "
      "the hosts); outside: one generator per machine on a switch port of its own, outside the QoS policy (what-ifs)");
  c.string("source", "", "where the numbers come from");
  c.finish();
  Fields s = f.object("switch_model", "how the switch is simulated");
  p.mls_qos =
      s.choice<MlsQos>("mls_qos", p.mls_qos, {{"platform", MlsQos::platform}, {"on", MlsQos::on}, {"off", MlsQos::off}},
                       "platform: as the platform's qos says; on: its QoS profile (appendix B); off: FIFO");
  p.switch_model = s.choice<SwitchModel>(
      "implementation", p.switch_model, {{"fluid", SwitchModel::fluid}, {"packet", SwitchModel::packet}},
      "fluid: per-class rates and losses from offered loads; packet: frame by frame");
  p.jp_load = s.quantity("jp_load", Unit::bandwidth, p.jp_load,
                         "JavaParty traffic offered to a port, for the switch's loss estimate", Range::non_negative());
  p.packet_seconds =
      s.quantity("packet_seconds", Unit::time, p.packet_seconds,
                 "packet switch: simulated seconds of traffic to estimate the losses", Range::positive());
  p.full_queue_loss = s.number("full_queue_loss", p.full_queue_loss,
                               "fluid switch: probability that a frame arriving at a tail-drop queue the blast keeps "
                               "full is dropped (random arrivals: the fluid's 1 - C / load; a phase-locked line-rate "
                               "blast: about one half)",
                               Range::between(0, 0.99));
  p.max_frame =
      s.quantity("max_frame", Unit::size, p.max_frame,
                 "wire bytes of a full-size frame: the packet switch's round-robin quantum and shaper burst unit, and "
                 "JavaParty's frames in it (IEEE 802.3: 1518 B frame with header and FCS, plus 8 B preamble and 12 B "
                 "inter-frame gap)",
                 Range::positive());
  p.warmup_cap   = s.quantity("warmup_cap", Unit::time, p.warmup_cap,
                              "packet switch: longest simulated warm-up before the losses are measured (assumed: a "
                                "bound on the cost; seed V.C starts the blast before the RayTracer)",
                              Range::non_negative());
  p.warmup_fills = s.number("warmup_fills", p.warmup_fills,
                            "packet switch: warm-up as a multiple of the time the traffic in excess of the line takes "
                            "to fill the port's buffer (assumed: the queues reach their steady state within it)",
                            Range::non_negative());
  s.string("source", "", "where the numbers come from");
  s.finish();
  p.tcp = tcp_params(f);
  f.string("source", "", "where the numbers come from");
  f.finish();
  return p;
}

SequentialRun Params::sequential() const
{
  if (seq_time <= 0)
    return {};
  // The head's requests, the RMI calls and the start-up stay beside the rows' work: the time is affine in the scale.
  return {seq_time,
          "/params/seq_time",
          seq_time_source,
          {"params.machines=1", "params.threads_per_machine=1", "params.jvm_cpus=1", "params.congestion.enabled=false"},
          "exec_time_s",
          false};
}

} // namespace cs::javaparty
