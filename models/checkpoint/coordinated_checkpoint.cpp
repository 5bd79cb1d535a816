/* Checkpoints at barriers (seed 3.3): the barrier manager decides one when the interval has run out (or one was
 * requested), each node's Checkpoint Agent writes the node's file to the local disk and copies it to the file
 * server in the background; the size of a file and what NT pages out while it is written. */
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated.hpp"
#include "sim/events.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

double CoordinatedRun::share_bytes(long threads) const
{
  if (p_.app.writes == "all") // every thread modifies every page: a node holds them once
    return p_.app.shared_bytes;
  return p_.app.shared_bytes * static_cast<double>(threads) / static_cast<double>(p_.nodes);
}

double CoordinatedRun::file_bytes(long threads, long barriers) const
{
  // The expected fraction of the pages modified at least once over `barriers` barriers.
  double dirty = 1 - std::pow(1 - p_.app.dirty_per_barrier, static_cast<double>(std::max(1L, barriers)));
  double pages = share_bytes(threads) * dirty * (p_.twins ? 2 : 1);
  return pages + static_cast<double>(threads) * (p_.app.stack_bytes + p_.context_bytes) + p_.header_bytes;
}

double CoordinatedRun::evicted_bytes(size_t node, long threads, double bytes) const
{
  // NT keeps the file it writes in its file cache. The process holds its pages and, beside them, the twins of the
  // pages modified since the last barrier (the file shows they exist); once the cache and the process fill the
  // memory NT leaves free, each further byte of file costs a byte of the process's working set.
  double twins    = p_.twins ? share_bytes(threads) * p_.app.dirty_per_barrier : 0;
  double resident = p_.app.process_bytes + twins;
  return std::max(0.0, bytes - std::max(0.0, s_.memory[node] - resident));
}

void CoordinatedRun::manager(Epoch& e)
{
  sg4::Host* host  = s_.nodes[e.placement[0]];
  const NtCosts& c = s_.costs[e.placement[0]];
  double last      = sg4::Engine::get_clock(); // the interval runs from the start or the restart
  for (long barrier = e.first_barrier + 1;; ++barrier) {
    for (size_t arrived = 0; arrived < e.placement.size(); ++arrived) {
      std::unique_ptr<Msg> m(e.manager->get<Msg>());
      cpu_on(host, c.udp_message);
    }
    double now = sg4::Engine::get_clock();
    if (not due_.empty()) { // the threads wait at this barrier while the nodes change
      Change c = due_.front();
      due_.erase(due_.begin());
      sg4::Actor::create("membership", s_.server,
                         [this, &e, barrier, c] { change_membership(e, barrier, c.add, c.node); });
      return;
    }
    // The interval runs from the end of the previous checkpoint (its slowest local file written): at 2-minute
    // intervals SOR's 19 checkpoints in 46.18 minutes (seed Table 4) are too few for an interval counted from the
    // barrier that took it.
    if (not ckpts_.empty())
      last = std::max(last, ckpts_.back().local_done);
    if ((p_.interval > 0 && now - last >= p_.interval) || requested_ > 0) {
      last       = now;
      requested_ = 0; // requests made since the last barrier are served by this one checkpoint
      Checkpoint ck{barrier, now};
      ck.files = std::count_if(e.agents.begin(), e.agents.end(), [](auto* a) { return a != nullptr; });
      ckpts_.push_back(ck);
      ++stats_.checkpoints;
      XBT_VERB("barrier %ld: checkpoint %zu begins (%s)", barrier, ckpts_.size() - 1,
               requested_ > 0 ? "requested" : "interval elapsed");
      event("checkpoint_begin", "", "barrier " + std::to_string(barrier));
      for (auto* a : e.agents)
        if (a != nullptr) {
          cpu_on(host, c.udp_message);
          a->put_init(new Msg{Msg::Kind::checkpoint, static_cast<long>(ckpts_.size()) - 1},
                      static_cast<uint64_t>(p_.header_bytes))
              ->detach();
        }
    } else {
      for (auto* t : e.threads) {
        cpu_on(host, c.udp_message);
        t->put_init(new Msg{Msg::Kind::go}, static_cast<uint64_t>(p_.header_bytes))->detach();
      }
    }
  }
}

void CoordinatedRun::agent(Epoch& e, size_t node)
{
  sg4::Host* host  = s_.nodes[node];
  const NtCosts& c = s_.costs[node];
  long threads     = std::count(e.placement.begin(), e.placement.end(), node);
  long previous    = e.first_barrier; // barrier of this node's previous checkpoint in this incarnation
  bool had_one     = false;
  while (true) {
    std::unique_ptr<Msg> m(e.agents[node]->get<Msg>());
    auto idx       = static_cast<size_t>(m->instance);
    Checkpoint& ck = ckpts_[idx];
    long since     = p_.incremental && had_one ? ck.barrier - previous : ck.barrier;
    previous       = ck.barrier;
    had_one        = true;
    double bytes   = file_bytes(threads, since);
    double evicted = evicted_bytes(node, threads, bytes);
    double t0      = sg4::Engine::get_clock();
    cpu_on(host, c.context_switch); // the Checkpoint Agent wakes up
    // The trimmed pages are dirty: NT writes them to the pagefile, on the same disk, while the file is written.
    sg4::IoPtr file    = s_.disks[node]->write_async(static_cast<sg_size_t>(bytes));
    sg4::IoPtr pageout = evicted > 0 ? s_.disks[node]->write_async(static_cast<sg_size_t>(evicted)) : nullptr;
    file->wait();
    if (pageout) {
      pageout->wait();
      // Each page-out write lands between two of the file's writes: the disk turns to the pagefile's sectors.
      sg4::this_actor::sleep_for(std::ceil(evicted / s_.write_cluster[node]) * s_.fault_wait[node]);
    }
    stats_.paged_out_bytes += evicted;
    double now = sg4::Engine::get_clock();
    span(t0, "checkpoint_write", "", std::to_string(static_cast<long>(bytes)) + " B local");
    if (now > ck.local_done) {
      stats_.stall_s += now - std::max(ck.local_done, ck.at);
      ck.local_done = now;
    }
    stats_.file_bytes += bytes;
    ++stats_.files;
    if (p_.copy_to_nfs)
      sg4::Actor::create("nfs-copy", host, [this, node, bytes, idx] {
        unless_peer_dies("copy", [&] { copy_to_server(node, bytes, idx); });
      })->daemonize();
    for (size_t t = 0; t < e.placement.size(); ++t) // the threads go on while the copy runs
      if (e.placement[t] == node) {
        cpu_on(host, c.udp_message);
        auto* go    = new Msg{Msg::Kind::go};
        go->page_in = evicted / static_cast<double>(threads);
        e.threads[t]->put_init(go, static_cast<uint64_t>(p_.header_bytes))->detach();
      }
  }
}

void CoordinatedRun::copy_to_server(size_t node, double bytes, size_t idx)
{
  server_.send(node, bytes);
  Checkpoint& ck = ckpts_[idx];
  event("checkpoint_copied", s_.server->get_name(), "checkpoint " + std::to_string(idx));
  if (++ck.copies == ck.files) {
    XBT_VERB("checkpoint %zu complete on the file server", idx);
    ++stats_.complete;
    stats_.copy_s += sg4::Engine::get_clock() - ck.at;
  }
}

} // namespace cs::checkpoint
