/* Recovery (seed 3.4): the old incarnation stopped, the last complete checkpoint found, the dead node replaced or its
 * threads spread over the survivors, initialisation, the files read back from the server, a new incarnation. */
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated.hpp"
#include "sim/events.hpp"

#include <algorithm>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

void CoordinatedRun::recover(size_t dead, double failed_at, double detected_at)
{
  XBT_VERB("node %zu failed at %g s, detected at %g s: restarting", dead + 1, failed_at, detected_at);
  ++stats_.recoveries;
  stats_.detect_s += detected_at - failed_at;
  Epoch& old = *epochs_.back();
  for (auto& a : old.actors) // every process of the application stops (those on the dead node already did)
    if (a->get_host()->is_on())
      a->kill();

  // The last complete checkpoint: every copy on the file server.
  long from    = 0;
  double ck_at = 0;
  for (auto it = ckpts_.rbegin(); it != ckpts_.rend(); ++it)
    if (it->copies == it->files) {
      from  = it->barrier;
      ck_at = it->at;
      break;
    }
  stats_.lost_work_s += failed_at - ck_at;

  std::vector<size_t> placement = old.placement;
  while (true) { // again if another node dies while this restart is under way
    if (p_.recovery == "replacement") {
      sg4::this_actor::sleep_for(p_.replace_delay);
      for (size_t n : placement)
        if (not s_.nodes[n]->is_on()) {
          s_.nodes[n]->turn_on();
          alive_[n] = true;
          sg4::Actor::create("heartbeat-responder", s_.nodes[n], [this, n] { responder(n); })->daemonize();
        }
    } else {
      std::vector<size_t> up;
      for (size_t n = 0; n < alive_.size(); ++n)
        if (alive_[n])
          up.push_back(n);
      if (up.empty())
        return; // no node left to run on
      size_t next = 0;
      for (auto& node : placement)
        if (not alive_[node])
          node = up[next++ % up.size()];
    }
    sg4::this_actor::sleep_for(p_.restart_init); // runtime system and user initialisation
    double t0 = sg4::Engine::get_clock();
    if (from > 0)
      read_back(placement, from);
    double now = sg4::Engine::get_clock();
    stats_.data_recovery_s += now - t0;
    bool all_up = true;
    for (size_t n : placement)
      if (not s_.nodes[n]->is_on()) { // it died during the restart: the restart finds out and begins again
        all_up    = false;
        alive_[n] = false;
      }
    if (all_up) {
      XBT_VERB("restart from barrier %ld (checkpoint of %g s): %g s of work lost, recovered in %g s", from, ck_at,
               failed_at - ck_at, now - detected_at);
      span(detected_at, "recovery", s_.nodes[dead]->get_name(), "restart from barrier " + std::to_string(from));
      stats_.recovery_s += now - detected_at;
      launch(from, placement);
      return;
    }
  }
}

void CoordinatedRun::read_back(const std::vector<size_t>& placement, long from)
{
  // Data recovery: every node reads its threads' state back from the file server.
  std::vector<std::pair<size_t, double>> reads;
  for (size_t n = 0; n < s_.nodes.size(); ++n) {
    long threads = std::count(placement.begin(), placement.end(), n);
    if (threads > 0) // a full image, whatever the increments it was saved in
      reads.emplace_back(n, file_bytes(threads, from));
  }
  server_.read_into(s_.nodes, reads);
}

} // namespace cs::checkpoint
