/* Failures and their detection (seed 3.4, coordinated_failures.hpp). */
#include "models/checkpoint/coordinated_failures.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_recovery.hpp"
#include "models/common/payload.hpp"
#include "sim/run/events.hpp"
#include "sim/run/faults.hpp"

#include <algorithm>
#include <memory>
#include <string>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

void start_heartbeat_responder(const Setup& s, size_t node)
{
  sg4::Actor::create("heartbeat-responder", s.nodes[node], [node] {
    sg4::Mailbox* hb = box("heartbeat/node" + std::to_string(node));
    while (true)
      unless_peer_dies("heartbeat", [&] { std::unique_ptr<bool>(hb->get<bool>()); });
  })->daemonize();
}

bool Failures::possible() const
{
  return st_.p.fail_at >= 0 || st_.p.mtbf > 0 || active_faults().has_host_faults();
}

void Failures::start_responders()
{
  if (not possible()) // nothing would ever be detected: a node's idle responder would only hold a stack
    return;
  for (size_t n = 0; n < st_.s.nodes.size(); ++n)
    start_heartbeat_responder(st_.s, n);
}

void Failures::start_detection()
{
  if (possible()) {
    sg4::Actor::create("failure-injector", st_.s.server, [this] { injector(); })->daemonize();
    sg4::Actor::create("heartbeat-monitor", st_.s.monitor, [this] { monitor(); }); // lives until the run is over
  }
}

void Failures::monitor()
{
  CheckpointStats& stats = st_.stats;
  while (not stats.finished) {
    sg4::this_actor::sleep_for(st_.p.heartbeat);
    for (size_t n = 0; n < st_.s.nodes.size() && not stats.finished; ++n) {
      if (not st_.alive[n])
        continue;
      try {
        // A live node's responder takes the heartbeat at once; a dead one never does.
        send_owned(box("heartbeat/node" + std::to_string(n)), std::make_unique<bool>(true),
                   static_cast<uint64_t>(st_.p.header_bytes), st_.p.heartbeat);
      } catch (const simgrid::Exception&) {
        st_.alive[n] = false;
        event("failure_detected", st_.s.nodes[n]->get_name(), "no heartbeat answer");
        if (failed_at_[n] < 0) { // switched off by the scenario's fault schedule, not by this model's injector
          failed_at_[n] = fault_off_since(st_.s.nodes[n]->get_name());
          ++stats.failures;
        }
        double failed_at = failed_at_[n];
        failed_at_[n]    = -1; // a replaced node's next failure is its own
        recovery_.recover(n, failed_at, sg4::Engine::get_clock());
        if (not stats.gave_up.empty())
          return;
      }
    }
    if (std::none_of(st_.alive.begin(), st_.alive.end(), [](bool a) { return a; }))
      return; // nothing left to run on
  }
}

void Failures::fail(size_t n)
{
  XBT_VERB("node %zu fails", n + 1);
  event_on(st_.s.nodes[n]->get_name(), "failure");
  failed_at_[n] = sg4::Engine::get_clock();
  ++st_.stats.failures;
  st_.s.nodes[n]->turn_off();
}

void Failures::injector()
{
  const Params& p = st_.p;
  if (p.fail_at >= 0) {
    sg4::this_actor::sleep_until(p.fail_at);
    fail(static_cast<size_t>(p.fail_node - 1));
  }
  if (p.mtbf <= 0)
    return;
  // Every node fails on its own, for the whole run: exponential times of mean mtbf between its failures, drawn from
  // the model's stream, one node after the other. A replaced node, or one that comes back, can fail again. A failure
  // that falls while its node is already down (failed and not yet detected or replaced, or removed from the
  // application) does not happen: nothing runs there to fail. The node's next failure is still drawn from that
  // time on, which gives the node that comes back the same exponential wait as a fresh draw would (the exponential
  // has no memory), so the failures of a node that is always up are a Poisson process of rate 1 / mtbf.
  std::vector<double> next(st_.s.nodes.size());
  double now = sg4::Engine::get_clock();
  for (double& t : next)
    t = now + st_.s.failures.exponential(p.mtbf);
  while (true) {
    auto n = static_cast<size_t>(std::min_element(next.begin(), next.end()) - next.begin());
    sg4::this_actor::sleep_until(next[n]);
    if (st_.alive[n] && st_.s.nodes[n]->is_on())
      fail(n);
    next[n] += st_.s.failures.exponential(p.mtbf);
  }
}

} // namespace cs::checkpoint
