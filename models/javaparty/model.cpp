/* The JavaParty RayTracer (seed 001): a head JVM on jp-1 and worker threads on the JVMs of the machines that take
 * part. One thread per configured CPU renders the rows r = t, t + T, ... (JGF's cyclic distribution) and returns
 * each row to the head by an RMI call over TCP. A configured machine sometimes does not take part (seed IV.B): its
 * threads are then placed on the CPUs of the others, which share them. Under the UDP blast of chapter V.C the
 * blasted machines receive the frames the switch lets through (CPU per frame) and their ports drop and delay
 * JavaParty's segments as the switch's configuration decides (TCP waits a timeout per lost segment). */
#include "models/javaparty/model.hpp"
#include "models/javaparty/congestion.hpp"
#include "models/net/qos_config.hpp"
#include "models/net/tcp.hpp"
#include "sim/errors.hpp"
#include "sim/json_io.hpp"

#include <cmath>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(cs_javaparty, "JavaParty RayTracer (seed 001)");

namespace sg4 = simgrid::s4u;

namespace cs::javaparty {

namespace {

constexpr double kReferenceSpeed = 2e9; // test_cost is CPU time on a 2 GHz core

struct Result {
  long row;
  sg4::Mailbox* reply;
  std::string worker_host;
};

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx), rng_(ctx.rng.stream("javaparty"))
  {
    Fields& f = fields_;
    hosts_    = ctx.platform.hosts(p_.hosts_group);
    long need = p_.congestion ? 2 * p_.machines : p_.machines;
    if (static_cast<long>(hosts_.size()) < need)
      f.fail(p_.congestion ? "congestion" : "machines", "platform " + ctx.platform.spec().file + " has " +
                                                            std::to_string(hosts_.size()) + " hosts in group \"" +
                                                            p_.hosts_group + "\", " + std::to_string(need) + " needed");
    const SwitchSpec* sw = ctx.platform.find_switch(p_.switch_name);
    if (sw == nullptr)
      f.fail("switch", "platform " + ctx.platform.spec().file + " has no switch \"" + p_.switch_name + "\"");
    qos_        = net::qos_config(ctx.platform, *sw);
    bool qos_on = p_.mls_qos == "platform" ? qos_.enabled : p_.mls_qos == "on";
    bandwidth_  = sw->port.effective_bandwidth(ctx.platform.options().slowdown);
    rows_       = load_rows(f);
    ctx.platform.os(hosts_[0]).cost("frame_rx"); // a missing cost is bad input before the run, not during it

    // Who takes part: jp-1 (the head's machine) always, the others each with the participation probability.
    std::vector<sg4::Host*> slots;
    for (long m = 0; m < p_.machines; ++m) {
      sg4::Host* h = hosts_[static_cast<size_t>(m)];
      threads_ += h->get_core_count();
      if (m == 0 || rng_.bernoulli(p_.participation)) {
        participating_++;
        for (int c = 0; c < h->get_core_count(); ++c)
          slots.push_back(h);
      }
    }
    for (long t = 0; t < threads_; ++t)
      placement_.push_back(slots[static_cast<size_t>(t) % slots.size()]);
    speed_factor_ = p_.run_noise > 0 ? std::exp(rng_.normal(0, p_.run_noise)) : 1.0;

    if (p_.congestion) {
      std::vector<std::string> targets, sources;
      for (long m = 0; m < p_.machines; ++m) {
        targets.push_back(hosts_[static_cast<size_t>(m)]->get_name());
        sources.push_back(hosts_[static_cast<size_t>(m + p_.machines)]->get_name());
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
  /** The CPU share receiving the blast takes on `host`: its OS profile's cost per frame. */
  double rx_share(sg4::Host* host, const PortState& s) const
  {
    return std::min(1.0, s.blast_fps * ctx_.platform.os(host).cost("frame_rx"));
  }
  PortState port_of(const std::string& host) const
  {
    auto it = ports_.find(host);
    return it == ports_.end() ? PortState{} : it->second;
  }
  void worker(long t);
  void head();
  void rmi_leg(const std::string& to_host, double bytes);

  Rng rng_;
  std::vector<sg4::Host*> hosts_;
  net::QosConfig qos_;
  double bandwidth_ = 0;
  std::vector<double> rows_;
  double speed_factor_ = 1;
  long threads_ = 0, participating_ = 0;
  std::vector<sg4::Host*> placement_;
  std::map<std::string, PortState> ports_;
  double end_     = 0;
  long rmi_calls_ = 0, lost_segments_ = 0;
  double loss_wait_ = 0;
};

void Run::rmi_leg(const std::string& to_host, double bytes)
{
  // The segments of this leg go through the egress port toward `to_host`.
  PortState s  = port_of(to_host);
  double delay = net::loss_delay(bytes, s.jp_loss, net::TcpConfig{}, rng_, &lost_segments_) + s.jp_delay;
  loss_wait_ += delay;
  if (delay > 0)
    sg4::this_actor::sleep_for(delay);
}

void Run::worker(long t)
{
  sg4::Host* self       = sg4::this_actor::get_host();
  sg4::Mailbox* head    = sg4::Mailbox::by_name("rt-head");
  sg4::Mailbox* reply   = sg4::Mailbox::by_name("rt-reply-" + std::to_string(t));
  bool local            = self == hosts_[0];
  double flops_per_test = p_.test_cost * kReferenceSpeed / speed_factor_;
  for (long r = t; r < static_cast<long>(rows_.size()); r += threads_) {
    sg4::this_actor::execute(rows_[static_cast<size_t>(r)] * flops_per_test);
    auto* res = new Result{r, reply, self->get_name()};
    if (local) { // a call within the head's JVM
      head->put(res, 0);
      continue;
    }
    rmi_calls_++;
    sg4::this_actor::execute(p_.rmi_cost * self->get_speed());
    rmi_leg(hosts_[0]->get_name(), p_.result_bytes + p_.rmi_overhead);
    head->put(res, p_.result_bytes + p_.rmi_overhead);
    std::unique_ptr<Result>(reply->get<Result>()); // the RMI return: nothing in it is used
    rmi_leg(self->get_name(), p_.reply_bytes);
  }
}

void Run::head()
{
  sg4::Mailbox* in = sg4::Mailbox::by_name("rt-head");
  for (size_t n = 0; n < rows_.size(); ++n) {
    std::unique_ptr<Result> r(in->get<Result>());
    if (r->worker_host == hosts_[0]->get_name())
      continue;
    sg4::this_actor::execute(p_.rmi_cost * hosts_[0]->get_speed());
    r->reply->put_init(new Result{r->row, nullptr, ""}, p_.reply_bytes)->detach([](void* p) {
      delete static_cast<Result*>(p);
    });
  }
  end_ = sg4::Engine::get_clock();
}

void Run::start()
{
  // The blasted machines receive what the switch lets through: a CPU share per frame, on one core.
  for (auto const& [name, s] : ports_) {
    sg4::Host* h = ctx_.platform.host(name);
    double share = rx_share(h, s);
    if (share <= 0)
      continue;
    sg4::Actor::create("udp-rx-" + name, h, [h, share]() {
      // Interrupts and the network stack run ahead of user threads: the share is taken whole.
      sg4::this_actor::exec_init(1e300)->set_bound(share * h->get_speed())->set_priority(1000)->wait();
    })->daemonize();
  }
  sg4::Actor::create("rt-head", hosts_[0], [this]() {
    sg4::this_actor::sleep_for(p_.startup);
    for (long t = 0; t < threads_; ++t)
      sg4::Actor::create("rt-worker-" + std::to_string(t), placement_[static_cast<size_t>(t)], [this, t]() {
        worker(t);
      })->daemonize();
    head();
  });
}

void Run::finish()
{
  Recorder& rec = ctx_.recorder;
  rec.set("machines", p_.machines);
  rec.set("participating_machines", participating_);
  rec.set("threads", threads_);
  rec.set("exec_time_s", end_);
  rec.set("speed_factor", speed_factor_);
  rec.set("rmi_calls", rmi_calls_);
  rec.set("lost_segments", lost_segments_);
  rec.set("loss_and_queue_wait_s", loss_wait_);
  PortState head = port_of(hosts_[0]->get_name());
  rec.set("head_port_jp_loss", head.jp_loss);
  rec.set("head_port_jp_delay_ms", head.jp_delay * 1e3);
  rec.set("blast_fps", head.blast_fps);
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
