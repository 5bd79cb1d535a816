/* The JavaParty RayTracer (seed 001): a head on jp-1 hands rows of the image to worker threads on the JVMs of the
 * configured machines and collects the rendered rows by RMI calls over TCP. JavaParty places each worker's remote
 * object on a JVM of its choosing, so some machines may get none and stay idle (placement.hpp); a JVM's workers
 * share the CPUs it uses (jvm_cpus). Under the UDP blast of chapter V.C the blasted machines spend CPU on every
 * frame the switch lets through, and their ports drop and delay JavaParty's segments as the switch's configuration
 * decides; each RMI leg is a TCP message through those ports (net::tcp_message: slow start, fast retransmit,
 * retransmission timers), and a worker waiting on one gets no rows meanwhile. */
#include "models/javaparty/model.hpp"
#include "models/common/net/qos_config.hpp"
#include "models/common/net/tcp.hpp"
#include "models/common/net/traffic.hpp"
#include "models/javaparty/congestion.hpp"
#include "models/javaparty/placement.hpp"
#include "models/javaparty/raytracer_run.hpp"
#include "models/javaparty/rows_file.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/run/events.hpp"

#include <cmath>
#include <simgrid/s4u.hpp>

namespace cs::javaparty {

Run::Run(ModelContext& ctx)
    : ParamsRun(ctx), rng_(ctx.rng.stream("javaparty")), irq_rng_(ctx.rng.stream("interrupt-cpu"))
{
  Fields& f         = fields_;
  bool from_cluster = p_.congestion && p_.blast_sources == BlastSources::cluster;
  // Seed V.C: half of the cluster generates the blast, jp-(i+4) into jp-i, so the RayTracer runs on the first half.
  long half            = static_cast<long>(ctx.platform.hosts(p_.hosts_group).size()) / 2;
  long need            = from_cluster ? 2 * std::max(p_.machines, half) : p_.machines;
  hosts_               = ctx.group_hosts(f, from_cluster ? "congestion" : "machines", p_.hosts_group, need);
  const SwitchSpec* sw = &ctx.switch_param(f, "switch", p_.switch_name);
  // The blast is a fluid at the egress ports of one switch: on a fabric of several its frames would also load the
  // inner links, which nothing here models, so the two are not combined.
  if (p_.congestion && not sw->topology.is_null())
    throw InputError(f.file(), pointer_join(f.pointer("congestion"), "enabled"),
                     "the UDP blast is modelled on one switch; switch \"" + p_.switch_name + "\" is a " +
                         sw->topology.value("kind", std::string("topology")) +
                         " (drop its topology or disable the congestion)");
  qos_        = net::qos_config(ctx.platform, *sw);
  bool qos_on = p_.mls_qos == MlsQos::platform ? qos_.enabled : p_.mls_qos == MlsQos::on;
  bandwidth_  = sw->port.effective_bandwidth(ctx.platform.options().slowdown);
  rows_       = load_rows(f);
  ctx.platform.os(hosts_[0]).cost("frame_rx"); // a missing cost is bad input before the run, not during it

  placement_    = place_threads(p_.machines * p_.threads_per_machine, p_.machines, p_.placement, rng_);
  speed_factor_ = p_.run_noise > 0 ? std::exp(rng_.normal(0, p_.run_noise)) : 1.0;

  if (p_.congestion) {
    std::vector<std::string> targets, sources;
    for (long m = 0; m < p_.machines; ++m) {
      targets.push_back(hosts_[static_cast<size_t>(m)]->get_name());
      // An outside generator is no host of the platform and no pair of the QoS policy: its frames are DSCP 0.
      sources.push_back(from_cluster ? hosts_[static_cast<size_t>(m + half)]->get_name()
                                     : "blaster-" + std::to_string(m + 1));
    }
    ports_ = blasted_ports(p_, qos_, qos_on, bandwidth_, targets, sources, rng_);
  }
  interrupt_shares();
}

std::vector<double> Run::load_rows(Fields& f) const
{
  // Beside the scenario first, like its platform file, then the current folder and the data directory.
  std::string path = resolve_path(ctx_.scenario.file, p_.rows_file);
  if (not file_exists(path))
    f.fail("rows_file", "no rows file \"" + p_.rows_file + "\" beside the scenario, here or in the data directory");
  return load_row_tests(path);
}

void Run::start()
{
  // The blasted machines receive what the switch lets through, at a CPU cost per frame.
  for (auto const& [name, s] : ports_) {
    sg4::Host* h = ctx_.platform.host(name);
    double share = rx_share(h, s);
    if (share <= 0)
      continue;
    // The kernel's receive path and the blast's receiver run ahead of user threads, the share taken whole, each
    // stream of work on one core.
    int streams = static_cast<int>(std::ceil(share));
    for (int i = 0; i < streams; ++i)
      sg4::Actor::create("udp-rx-" + name + "-" + std::to_string(i), h, [h, part = share / streams]() {
        sg4::this_actor::exec_init(1e300)->set_bound(part * h->get_speed())->set_priority(1000)->wait();
      })->daemonize();
  }
  for (long m = 0; m < p_.machines; ++m)
    cpus_.push_back(sg4::Semaphore::create(static_cast<unsigned>(p_.jvm_cpus)));
  sg4::Actor::create("rt-head", hosts_[0], [this]() {
    sg4::this_actor::sleep_for(p_.startup);
    for (long t = 0; t < static_cast<long>(placement_.size()); ++t)
      sg4::Actor::create("rt-worker-" + std::to_string(t), machine_of(t), [this, t]() { worker(t); })->daemonize();
    head();
  });
}

void Run::finish()
{
  Recorder& rec = ctx_.recorder;
  rec.set("machines", p_.machines);
  rec.set("machines_used", machines_used(placement_));
  rec.set("threads", static_cast<long>(placement_.size()));
  rec.set("exec_time_s", end_);
  rec.set("speed_factor", speed_factor_);
  rec.set("rmi_calls", rmi_calls_);
  // Worker-seconds the RMI legs spent beyond a quiet network's transfer, by cause (the penalty's network parts).
  rec.set("lost_segments", wait_.lost_data);
  rec.set("lost_acks", wait_.lost_acks);
  rec.set("timeouts", wait_.rto_count);
  rec.set("fast_retransmits", wait_.fast_retransmits);
  rec.set("queue_wait_s", wait_.queueing);
  rec.set("fast_retx_wait_s", wait_.fast_retx);
  rec.set("timeout_wait_s", wait_.timeouts);
  // The head's port as jp-2's frames meet it (the results of a worker there).
  PortState head = port_of(hosts_[0]->get_name());
  JpPath in      = hosts_.size() > 1 ? head.path_from(hosts_[1]->get_name()) : JpPath{};
  rec.set("head_port_jp_loss", in.loss);
  rec.set("head_port_jp_delay_ms", in.delay * 1e3);
  rec.set("blast_fps", head.blast_fps);
  double offered = p_.congestion ? blast_offered_fps(p_, bandwidth_) : 0.0;
  rec.set("blast_offered_mbps", offered * net::udp_frame_on_wire(p_.blast_payload) * 8 / 1e6);
  rec.set("blast_rx_cpu", rx_share(hosts_[0], head));
  // Chunks of rows rendered on the CPU taking the receive interrupts (of those on blasted machines), and what the
  // interrupts leave of that CPU on the head's machine.
  rec.set("irq_chunks", irq_chunks_);
  rec.set("blasted_chunks", chunks_);
  rec.set("head_irq_cpu_left", irq_left_.empty() ? 1.0 : irq_left_[0]);
}

ModelEntry entry()
{
  return model_entry<Params, Run>("javaparty", "001",
                                  "JavaParty RayTracer over RMI/TCP on jp-1..N; UDP congestion; Catalyst 3750 QoS "
                                  "switch (fluid or packet-level); fabrics of SimGrid zones");
}

} // namespace cs::javaparty
