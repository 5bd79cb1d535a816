/* Recovery from a failure (seed 3.4, coordinated_recovery.hpp): initialisation, then data recovery (seed 3.5). */
#include "models/checkpoint/coordinated_recovery.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_application.hpp"
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/checkpoint/coordinated_failures.hpp"
#include "sim/run/events.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

void Recovery::recover(size_t dead, double failed_at, double detected_at)
{
  XBT_VERB("node %zu failed at %g s, detected at %g s: restarting", dead + 1, failed_at, detected_at);
  CheckpointStats& stats = st_.stats;
  ++stats.recoveries;
  stats.detect_s += detected_at - failed_at;
  Epoch& old = app_.current();
  Application::end(old); // every process of the application stops

  Checkpoints::Restart from = checkpoints_.last_complete(); // every copy on the file server
  // The work lost is what ran since the later of that checkpoint and the last restart: what ran before a restart was
  // lost (and counted) at the failure that caused it. A failure before the last restart launched loses nothing.
  double lost = std::max(0.0, failed_at - std::max(from.at, launched_at_));
  stats.lost_work_s += lost;
  if (from.barrier != last_from_ || from.at != last_from_at_) {
    last_from_    = from.barrier;
    last_from_at_ = from.at;
    attempts_     = 0;
  }

  std::vector<size_t> placement = old.placement;
  while (true) { // again if another node dies while this restart is under way
    if (++attempts_ > max_attempts) {
      // Failures come faster than the application can get from this checkpoint to the next one (or restart at all):
      // it would restart for ever. The run cannot end, which is a failed run, not a result.
      stats.gave_up = "the application restarted " + std::to_string(max_attempts) +
                      " times in a row from the same checkpoint (barrier " + std::to_string(from.barrier) +
                      ") without getting past the next one: failures come faster than it can progress";
      return;
    }
    if (not replace(placement))
      return;                                         // no node left to run on
    sg4::this_actor::sleep_for(init_time(placement)); // runtime system and user initialisation
    double t0 = sg4::Engine::get_clock();
    if (from.barrier > 0)
      read_back(placement, from.barrier);
    double now = sg4::Engine::get_clock();
    stats.data_recovery_s += now - t0;
    bool all_up = true;
    for (size_t n : placement)
      if (not st_.s.nodes[n]->is_on()) { // it died during the restart: the restart finds out and begins again
        all_up       = false;
        st_.alive[n] = false;
      }
    if (all_up) {
      XBT_VERB("restart from barrier %ld (checkpoint of %g s): %g s of work lost, recovered in %g s", from.barrier,
               from.at, lost, now - detected_at);
      span(detected_at, "recovery", st_.s.nodes[dead]->get_name(),
           "restart from barrier " + std::to_string(from.barrier));
      stats.recovery_s += now - detected_at;
      launched_at_ = now;
      app_.launch(from.barrier, placement);
      return;
    }
  }
}

bool Recovery::replace(std::vector<size_t>& placement)
{
  if (st_.p.recovery == RecoveryMode::replacement) {
    sg4::this_actor::sleep_for(st_.p.replace_delay);
    for (size_t n : placement)
      if (not st_.s.nodes[n]->is_on()) {
        st_.s.nodes[n]->turn_on();
        st_.alive[n] = true;
        start_heartbeat_responder(st_.s, n);
      }
    return true;
  }
  std::vector<size_t> up;
  for (size_t n = 0; n < st_.alive.size(); ++n)
    if (st_.alive[n])
      up.push_back(n);
  if (up.empty())
    return false;
  size_t next = 0;
  for (auto& node : placement)
    if (not st_.alive[node])
      node = up[next++ % up.size()];
  return true;
}

double Recovery::init_time(const std::vector<size_t>& placement) const
{
  // Every node's restarted process allocates the whole shared region again (seed 3.4: the only user initialisation
  // a recovery needs): each page committed with its protection set (one Win32 virtual-memory call, priced as Table
  // 2's VirtualQuery) and zero-filled by NT on its first touch. The nodes do it in parallel; the slowest one counts.
  // A trace's ranks share nothing: each restarted rank allocates its own image (Params::trace.rank_bytes) again.
  const Params& p = st_.p;
  double slowest  = 0;
  for (size_t n : placement) {
    double bytes     = p.workload == Workload::trace
                           ? p.trace.rank_bytes * static_cast<double>(std::count(placement.begin(), placement.end(), n))
                           : p.app.shared_bytes;
    double pages     = std::ceil(bytes / p.page_bytes);
    const NtCosts& c = st_.s.costs[n];
    slowest          = std::max(slowest, pages * (c.virtual_query + p.page_bytes / c.memcpy_bw));
  }
  return p.restart_init + slowest;
}

void Recovery::read_back(const std::vector<size_t>& placement, long from)
{
  // Data recovery: every node streams its threads' state back from the file server and copies it into its pages;
  // opening the files and rebuilding the runtime's state cost a fixed time on top.
  std::vector<std::pair<size_t, double>> reads;
  std::vector<double> copy_bw(st_.s.nodes.size(), 0.0);
  for (size_t n = 0; n < st_.s.nodes.size(); ++n) {
    long threads = std::count(placement.begin(), placement.end(), n);
    if (threads > 0) // a full image, whatever the increments it was saved in
      reads.emplace_back(n, file_bytes(st_.p, threads, from));
    copy_bw[n] = st_.s.costs[n].memcpy_bw;
  }
  sg4::this_actor::sleep_for(st_.p.data_recovery_fixed);
  st_.store.restore(st_.s.nodes, st_.s.disks, reads, copy_bw);
}

} // namespace cs::checkpoint
