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
#include "sim/errors.hpp"
#include "sim/events.hpp"
#include "sim/json_io.hpp"

#include <cmath>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_javaparty, cs, "JavaParty RayTracer (seed 001)");

namespace sg4 = simgrid::s4u;

namespace cs::javaparty {

namespace {

constexpr double kReferenceSpeed = 2e9; // test_cost is CPU time on a 2 GHz core

/** A worker's RMI call to the head: the rows it has rendered since its last call; the head answers with the next
 *  rows to render (chunks) or just returns (cyclic). */
struct Call {
  long rows_done;
  sg4::Mailbox* reply;
  bool local; ///< a call within the head's JVM
};
struct Next {
  long first, count; ///< count 0: no rows left
};

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx), rng_(ctx.rng.stream("javaparty"))
  {
    Fields& f            = fields_;
    bool from_cluster    = p_.congestion && p_.blast_sources == "cluster";
    long need            = from_cluster ? 2 * p_.machines : p_.machines;
    hosts_               = ctx.group_hosts(f, from_cluster ? "congestion" : "machines", p_.hosts_group, need);
    const SwitchSpec* sw = &ctx.switch_param(f, "switch", p_.switch_name);
    qos_                 = net::qos_config(ctx.platform, *sw);
    bool qos_on          = p_.mls_qos == "platform" ? qos_.enabled : p_.mls_qos == "on";
    bandwidth_           = sw->port.effective_bandwidth(ctx.platform.options().slowdown);
    rows_                = load_rows(f);
    ctx.platform.os(hosts_[0]).cost("frame_rx"); // a missing cost is bad input before the run, not during it

    placement_    = place_threads(p_.machines * p_.threads_per_machine, p_.machines, p_.placement, rng_);
    speed_factor_ = p_.run_noise > 0 ? std::exp(rng_.normal(0, p_.run_noise)) : 1.0;

    if (p_.congestion) {
      std::vector<std::string> targets, sources;
      for (long m = 0; m < p_.machines; ++m) {
        targets.push_back(hosts_[static_cast<size_t>(m)]->get_name());
        // An outside generator is no host of the platform and no pair of the QoS policy: its frames are DSCP 0.
        sources.push_back(from_cluster ? hosts_[static_cast<size_t>(m + p_.machines)]->get_name()
                                       : "blaster-" + std::to_string(m + 1));
      }
      ports_ = blasted_ports(p_, qos_, qos_on, bandwidth_, targets, sources, rng_);
    }
  }

  void start() override;
  void finish() override;

private:
  std::vector<double> load_rows(Fields& f) const
  {
    json j;
    try {
      j = load_json_file(p_.rows_file);
    } catch (const InputError& e) {
      f.fail("rows_file", e.what());
    }
    if (not j.contains("tests") || not j["tests"].is_array() || j["tests"].empty())
      f.fail("rows_file", p_.rows_file + ": expected a non-empty list \"tests\"");
    return j["tests"].get<std::vector<double>>();
  }
  /** The CPUs receiving the blast take on `host`: its OS profile's cost per frame. */
  double rx_share(sg4::Host* host, const PortState& s) const
  {
    return std::min<double>(host->get_core_count(), s.blast_fps * ctx_.platform.os(host).cost("frame_rx"));
  }
  sg4::Host* machine_of(long t) const { return hosts_[static_cast<size_t>(placement_[static_cast<size_t>(t)])]; }
  PortState port_of(const std::string& host) const
  {
    auto it = ports_.find(host);
    return it == ports_.end() ? PortState{} : it->second;
  }
  void worker(long t);
  void render(long row, const sg4::SemaphorePtr& cpus);
  Next call_head(long rows_done, sg4::Mailbox* reply);
  void head();
  void rmi_leg(const std::string& from_host, const std::string& to_host, double bytes);

  Rng rng_;
  std::vector<sg4::Host*> hosts_;
  net::QosConfig qos_;
  double bandwidth_ = 0;
  std::vector<double> rows_;
  double speed_factor_ = 1;
  std::vector<long> placement_;         ///< machine index of each worker thread
  std::vector<sg4::SemaphorePtr> cpus_; ///< per machine: the CPUs its JVM's workers use
  std::map<std::string, PortState> ports_;
  net::TcpConfig tcp_;
  net::TcpOutcome wait_; ///< summed over every RMI leg of the run
  double end_     = 0;
  long rmi_calls_ = 0;
};

void Run::rmi_leg(const std::string& from_host, const std::string& to_host, double bytes)
{
  // The data crosses the egress port toward `to_host`, its ACKs the port toward `from_host`.
  JpPath data = port_of(to_host).path_from(from_host), acks = port_of(from_host).path_from(to_host);
  net::TcpOutcome o = net::tcp_message(bytes, {data.loss, data.delay, acks.loss, acks.delay}, tcp_, rng_);
  wait_.queueing += o.queueing;
  wait_.fast_retx += o.fast_retx;
  wait_.timeouts += o.timeouts;
  wait_.lost_data += o.lost_data;
  wait_.lost_acks += o.lost_acks;
  wait_.rto_count += o.rto_count;
  wait_.fast_retransmits += o.fast_retransmits;
  if (o.extra() > 0) {
    XBT_VERB("RMI leg %s -> %s: %g s of queueing and retransmission delay", from_host.c_str(), to_host.c_str(),
             o.extra());
    double t0 = sg4::Engine::get_clock();
    sg4::this_actor::sleep_for(o.extra());
    span(t0, "tcp_loss_delay", to_host);
  }
}

void Run::render(long row, const sg4::SemaphorePtr& cpus)
{
  cpus->acquire();
  double t0 = sg4::Engine::get_clock();
  sg4::this_actor::execute(rows_[static_cast<size_t>(row)] * p_.test_cost * kReferenceSpeed / speed_factor_);
  span(t0, "render_row", "", "row " + std::to_string(row));
  cpus->release();
}

Next Run::call_head(long rows_done, sg4::Mailbox* reply)
{
  sg4::Host* self    = sg4::this_actor::get_host();
  sg4::Mailbox* head = sg4::Mailbox::by_name("rt-head");
  bool local         = self == hosts_[0];
  double bytes       = p_.rmi_overhead + static_cast<double>(rows_done) * p_.result_bytes;
  if (not local) {
    rmi_calls_++;
    sg4::this_actor::execute(p_.rmi_cost * self->get_speed());
    rmi_leg(self->get_name(), hosts_[0]->get_name(), bytes);
  }
  head->put(new Call{rows_done, reply, local}, local ? 0 : bytes);
  std::unique_ptr<Next> next(reply->get<Next>());
  if (not local)
    rmi_leg(hosts_[0]->get_name(), self->get_name(), p_.reply_bytes);
  return *next;
}

void Run::worker(long t)
{
  sg4::Mailbox* reply           = sg4::Mailbox::by_name("rt-reply-" + std::to_string(t));
  const sg4::SemaphorePtr& cpus = cpus_[static_cast<size_t>(placement_[static_cast<size_t>(t)])];
  auto rows                     = static_cast<long>(rows_.size());
  if (p_.work == "cyclic") { // each row returned by its own call as soon as it is rendered
    for (long r = t; r < rows; r += static_cast<long>(placement_.size())) {
      render(r, cpus);
      call_head(1, reply);
    }
    return;
  }
  for (Next n = call_head(0, reply); n.count > 0; n = call_head(n.count, reply))
    for (long r = n.first; r < n.first + n.count; ++r)
      render(r, cpus);
}

void Run::head()
{
  sg4::Mailbox* in  = sg4::Mailbox::by_name("rt-head");
  auto rows         = static_cast<long>(rows_.size());
  const bool chunks = p_.work == "chunks";
  long handed = 0, received = 0;
  while (received < rows) {
    std::unique_ptr<Call> c(in->get<Call>());
    received += c->rows_done;
    if (not c->local)
      sg4::this_actor::execute(p_.rmi_cost * hosts_[0]->get_speed());
    auto* next = new Next{handed, 0};
    if (chunks) {
      next->count = std::min(p_.chunk_rows, rows - handed);
      handed += next->count;
    }
    event("rows_handed", c->local ? "" : "remote",
          std::to_string(next->count) + " rows from " + std::to_string(next->first));
    c->reply->put_init(next, c->local ? 0 : p_.reply_bytes)->detach([](void* p) { delete static_cast<Next*>(p); });
  }
  end_ = sg4::Engine::get_clock();
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
}

} // namespace

ModelEntry entry()
{
  return model_entry<Params, Run>("javaparty", "001",
                                  "JavaParty RayTracer over RMI/TCP on jp-1..8; UDP congestion; Catalyst 3750 QoS "
                                  "switch (fluid or packet-level)");
}

} // namespace cs::javaparty
