/* Failures and their detection (seed 3.4): every node answers heartbeats; the designated node sends them every period
 * and declares dead a node that does not answer within it; the injector switches nodes off (a given time, or
 * exponential times of mean MTBF). */
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated.hpp"
#include "sim/events.hpp"
#include "sim/faults.hpp"

#include <algorithm>
#include <memory>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

void CoordinatedRun::responder(size_t node)
{
  sg4::Mailbox* hb = box("heartbeat/node" + std::to_string(node));
  while (true)
    unless_peer_dies("heartbeat", [&] { std::unique_ptr<bool>(hb->get<bool>()); });
}

void CoordinatedRun::monitor()
{
  while (not stats_.finished) {
    sg4::this_actor::sleep_for(p_.heartbeat);
    for (size_t n = 0; n < s_.nodes.size() && not stats_.finished; ++n) {
      if (not alive_[n])
        continue;
      auto* msg = new bool(true);
      try {
        // A live node's responder takes the heartbeat at once; a dead one never does.
        box("heartbeat/node" + std::to_string(n))->put(msg, static_cast<uint64_t>(p_.header_bytes), p_.heartbeat);
      } catch (const simgrid::Exception&) {
        delete msg;
        alive_[n] = false;
        event("failure_detected", s_.nodes[n]->get_name(), "no heartbeat answer");
        if (failed_at_[n] < 0) { // switched off by the scenario's fault schedule, not by this model's injector
          failed_at_[n] = fault_off_since(s_.nodes[n]->get_name());
          ++stats_.failures;
        }
        recover(n, failed_at_[n], sg4::Engine::get_clock());
      }
    }
    if (std::none_of(alive_.begin(), alive_.end(), [](bool a) { return a; }))
      return; // nothing left to run on
  }
}

void CoordinatedRun::injector()
{
  auto fail = [this](size_t n) {
    XBT_VERB("node %zu fails", n + 1);
    event_on(s_.nodes[n]->get_name(), "failure");
    failed_at_[n] = sg4::Engine::get_clock();
    ++stats_.failures;
    s_.nodes[n]->turn_off();
  };
  if (p_.fail_at >= 0) {
    sg4::this_actor::sleep_until(p_.fail_at);
    fail(static_cast<size_t>(p_.fail_node - 1));
  }
  if (p_.mtbf <= 0)
    return;
  while (true) {
    std::vector<size_t> up; // the nodes running the application
    for (size_t n = 0; n < s_.nodes.size(); ++n)
      if (alive_[n] && s_.nodes[n]->is_on())
        up.push_back(n);
    if (up.empty())
      return;
    // Each node fails after an exponential time of mean mtbf: the first of them after mtbf / (nodes up).
    sg4::this_actor::sleep_for(s_.failures.exponential(p_.mtbf / static_cast<double>(up.size())));
    fail(up[static_cast<size_t>(s_.failures.below(up.size()))]);
  }
}

} // namespace cs::checkpoint
