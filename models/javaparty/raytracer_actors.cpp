/* The RayTracer's actors (seed 001): the head on jp-1 hands out rows and collects results, the workers render rows
 * and call the head by RMI; each remote RMI leg is a TCP message through the blasted switch ports. */
#include "models/common/net/tcp.hpp"
#include "models/common/payload.hpp"
#include "models/javaparty/raytracer_run.hpp"
#include "sim/run/events.hpp"

#include <simgrid/s4u.hpp>
#include <xbt/log.h>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_javaparty, cs, "JavaParty RayTracer (seed 001)");

namespace cs::javaparty {

void Run::rmi_leg(const std::string& from_host, const std::string& to_host, double bytes)
{
  // The data crosses the egress port toward `to_host`, its ACKs the port toward `from_host`.
  JpPath data = port_of(to_host).path_from(from_host), acks = port_of(from_host).path_from(to_host);
  net::TcpOutcome o = net::tcp_message(bytes, {data.loss, data.delay, acks.loss, acks.delay}, p_.tcp, rng_);
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

void Run::render(long row, long machine, double share)
{
  const sg4::SemaphorePtr& cpus = cpus_[static_cast<size_t>(machine)];
  cpus->acquire();
  double t0 = sg4::Engine::get_clock();
  double flops =
      rows_[static_cast<size_t>(row)] * p_.test_cost * ctx_.scenario.compute_scale * p_.reference_speed / speed_factor_;
  if (share < 1) // the thread's CPU also runs the receive interrupts, which take their part first
    sg4::this_actor::exec_init(flops)->set_bound(share * sg4::this_actor::get_host()->get_speed())->wait();
  else
    sg4::this_actor::execute(flops);
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
    // rmi_cost is a time of the platform's reference machine (Platform::reference_speed): it follows the speed.
    sg4::this_actor::execute(p_.rmi_cost * ctx_.platform.reference_speed(self));
    rmi_leg(self->get_name(), hosts_[0]->get_name(), bytes);
  }
  send_owned(head, std::make_unique<Call>(Call{rows_done, reply, local}), local ? 0 : bytes);
  std::unique_ptr<Next> next(reply->get<Next>());
  if (not local)
    rmi_leg(hosts_[0]->get_name(), self->get_name(), p_.reply_bytes);
  return *next;
}

void Run::worker(long t)
{
  sg4::Mailbox* reply = sg4::Mailbox::by_name("rt-reply-" + std::to_string(t));
  long machine        = placement_[static_cast<size_t>(t)];
  auto rows           = static_cast<long>(rows_.size());
  if (p_.work == Work::cyclic) { // each row returned by its own call as soon as it is rendered
    for (long r = t; r < rows; r += static_cast<long>(placement_.size())) {
      render(r, machine, chunk_cpu_share(machine));
      call_head(1, reply);
    }
    return;
  }
  for (Next n = call_head(0, reply); n.count > 0; n = call_head(n.count, reply)) {
    double share = chunk_cpu_share(machine);
    for (long r = n.first; r < n.first + n.count; ++r)
      render(r, machine, share);
  }
}

void Run::head()
{
  sg4::Mailbox* in  = sg4::Mailbox::by_name("rt-head");
  auto rows         = static_cast<long>(rows_.size());
  const bool chunks = p_.work == Work::chunks;
  long handed = 0, received = 0;
  while (received < rows) {
    std::unique_ptr<Call> c(in->get<Call>());
    received += c->rows_done;
    if (not c->local)
      sg4::this_actor::execute(p_.rmi_cost * ctx_.platform.reference_speed(hosts_[0]));
    auto* next = new Next{handed, 0};
    if (chunks) {
      next->count = std::min(p_.chunk_rows, rows - handed);
      handed += next->count;
    }
    event("rows_handed", c->local ? "" : "remote",
          std::to_string(next->count) + " rows from " + std::to_string(next->first));
    send_detached(c->reply, next, c->local ? 0 : p_.reply_bytes);
  }
  end_ = sg4::Engine::get_clock();
}

} // namespace cs::javaparty
