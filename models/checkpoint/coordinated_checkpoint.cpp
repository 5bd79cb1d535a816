/* Checkpoints at barriers (seed 3.3, coordinated_checkpoint.hpp): the barrier manager, the Checkpoint Agents, the
 * copies to the file server; the size of a file and what NT pages out while it is written. */
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_membership.hpp"
#include "models/common/payload.hpp"
#include "sim/run/events.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

double share_bytes(const Params& p, long threads)
{
  if (p.workload == Workload::trace) // MPI ranks share no pages
    return 0;
  if (p.app.writes == Writes::all) // every thread modifies every page: a node holds them once
    return p.app.shared_bytes;
  return p.app.shared_bytes * static_cast<double>(threads) / static_cast<double>(p.nodes);
}

double file_bytes(const Params& p, long threads, long barriers)
{
  if (p.workload == Workload::trace) // each rank's process image, whole
    return static_cast<double>(threads) * p.trace.rank_bytes + p.header_bytes;
  // The expected fraction of the pages modified at least once over `barriers` barriers.
  double dirty = 1 - std::pow(1 - p.app.dirty_per_barrier, static_cast<double>(std::max(1L, barriers)));
  double pages = share_bytes(p, threads) * dirty * (p.twins ? 2 : 1);
  return pages + static_cast<double>(threads) * (p.app.stack_bytes + p.context_bytes) + p.header_bytes;
}

double Checkpoints::evicted_bytes(size_t node, long threads, double bytes) const
{
  // NT keeps the file it writes in its file cache. The process holds its pages and, beside them, the twins of the
  // pages modified since the last barrier (the file shows they exist); once the cache and the process fill the
  // memory NT leaves free, each further byte of file costs a byte of the process's working set.
  const Params& p = st_.p;
  double twins    = p.twins ? share_bytes(p, threads) * p.app.dirty_per_barrier : 0;
  double resident =
      p.workload == Workload::trace ? static_cast<double>(threads) * p.trace.rank_bytes : p.app.process_bytes + twins;
  return std::max(0.0, bytes - std::max(0.0, st_.s.memory[node] - resident));
}

void Checkpoints::start_requests()
{
  if (st_.p.requests.empty())
    return;
  sg4::Actor::create("checkpoint-requests", st_.s.server, [this] {
    std::vector<double> at = st_.p.requests;
    std::sort(at.begin(), at.end());
    for (double t : at) {
      sg4::this_actor::sleep_until(t);
      ++requested_;
    }
  })->daemonize();
}

Checkpoints::Restart Checkpoints::last_complete() const
{
  for (auto it = ckpts_.rbegin(); it != ckpts_.rend(); ++it)
    if (it->copies == it->files && readable(*it))
      return {it->barrier, it->at};
  return {};
}

long Checkpoints::begin_if_due(Epoch& e, long barrier, double& last)
{
  const Params& p = st_.p;
  double now      = sg4::Engine::get_clock();
  // The interval runs from the end of the previous checkpoint (its slowest local file written): at 2-minute
  // intervals SOR's 19 checkpoints in 46.18 minutes (seed Table 4) are too few for an interval counted from the
  // barrier that took it.
  if (not ckpts_.empty())
    last = std::max(last, ckpts_.back().local_done);
  if (not((p.interval > 0 && now - last >= p.interval) || requested_ > 0))
    return -1;
  const char* why = requested_ > 0 ? "requested" : "interval elapsed"; // read before the requests are served
  last            = now;
  requested_      = 0; // requests made since the last barrier are served by this one checkpoint
  Checkpoint ck{barrier, now};
  for (size_t n = 0; n < e.agents.size(); ++n)
    if (e.agents[n] != nullptr)
      ck.writers.push_back(n);
  ck.files = static_cast<long>(ck.writers.size());
  ckpts_.push_back(ck);
  ++st_.stats.checkpoints;
  XBT_VERB("barrier %ld: checkpoint %zu begins (%s)", barrier, ckpts_.size() - 1, why);
  event("checkpoint_begin", "", (st_.s.trace ? "point " : "barrier ") + std::to_string(barrier));
  return static_cast<long>(ckpts_.size()) - 1;
}

void Checkpoints::manager(Epoch& e)
{
  const Params& p  = st_.p;
  sg4::Host* host  = st_.s.nodes[e.placement[0]];
  const NtCosts& c = st_.s.costs[e.placement[0]];
  double last      = sg4::Engine::get_clock(); // the interval runs from the start or the restart
  for (long barrier = e.first_barrier + 1;; ++barrier) {
    for (size_t arrived = 0; arrived < e.placement.size(); ++arrived) {
      std::unique_ptr<Msg> m(e.manager->get<Msg>());
      cpu_on(host, c.udp_message);
    }
    if (membership_.begin_at_barrier(e, barrier)) // the threads wait at this barrier while the nodes change
      return;
    if (long ck = begin_if_due(e, barrier, last); ck >= 0) {
      for (auto* a : e.agents)
        if (a != nullptr) {
          cpu_on(host, c.udp_message);
          send_detached(a, new Msg{Msg::Kind::checkpoint, ck}, static_cast<uint64_t>(p.header_bytes));
        }
    } else {
      for (auto* t : e.threads) {
        cpu_on(host, c.udp_message);
        send_detached(t, new Msg{Msg::Kind::go}, static_cast<uint64_t>(p.header_bytes));
      }
    }
  }
}

void Checkpoints::arrive(Epoch& e, long point)
{
  // The last rank to enter decides, as Brazos' manager does once every thread has arrived; the collective's own
  // messages carry the decision to every rank before any leaves it (docs/models/checkpoint.md).
  auto k = static_cast<size_t>(point);
  if (++e.arrived[k] == static_cast<long>(e.placement.size()))
    e.decided[k] = begin_if_due(e, point, e.last);
}

sg4::ActorPtr Checkpoints::start_agent(Epoch& e, size_t node)
{
  return sg4::Actor::create("checkpoint-agent", st_.s.nodes[node],
                            [this, &e, node] { unless_peer_dies("agent", [&] { agent(e, node); }); })
      ->daemonize();
}

void Checkpoints::agent(Epoch& e, size_t node)
{
  std::unique_ptr<Msg> m(e.agents[node]->get<Msg>());
  if (st_.s.trace) // each of the node's ranks says it has reached the cut: the file holds them all stopped there
    for (long more = std::count(e.placement.begin(), e.placement.end(), node) - 1; more > 0; --more)
      std::unique_ptr<Msg>(e.agents[node]->get<Msg>());
  write_file(e, node, static_cast<size_t>(m->instance));
  // A new agent takes the next checkpoint: SimGrid 3.32 keeps every I/O an actor started in that actor's list of
  // activities until the actor ends, and each later computation of the actor walks the list, so one agent living
  // through a run's checkpoints would cost the square of their number.
  if (e.agent_slot[node] < e.actors.size()) // not once the incarnation has ended
    e.actors[e.agent_slot[node]] = start_agent(e, node);
}

void Checkpoints::write_file(Epoch& e, size_t node, size_t idx)
{
  const Params& p         = st_.p;
  const Setup& s          = st_.s;
  sg4::Host* host         = s.nodes[node];
  const NtCosts& c        = s.costs[node];
  long threads            = std::count(e.placement.begin(), e.placement.end(), node);
  Epoch::AgentMemory& mem = e.agent_memory[node];
  Checkpoint& ck          = ckpts_[idx];
  long since              = p.incremental && mem.had_one ? ck.barrier - mem.previous : ck.barrier;
  mem.previous            = ck.barrier;
  mem.had_one             = true;
  double bytes            = file_bytes(p, threads, since);
  double evicted          = evicted_bytes(node, threads, bytes);
  double t0               = sg4::Engine::get_clock();
  cpu_on(host, c.context_switch); // the Checkpoint Agent wakes up
  // The trimmed pages are dirty: NT writes them to the pagefile, on the same disk, while the file is written.
  sg4::IoPtr file    = s.disks[node]->write_async(static_cast<sg_size_t>(bytes));
  sg4::IoPtr pageout = evicted > 0 ? s.disks[node]->write_async(static_cast<sg_size_t>(evicted)) : nullptr;
  file->wait();
  if (pageout) {
    pageout->wait();
    // Each page-out write lands between two of the file's writes: the disk turns to the pagefile's sectors.
    sg4::this_actor::sleep_for(std::ceil(evicted / s.write_cluster[node]) * s.fault_wait[node]);
  }
  st_.stats.paged_out_bytes += evicted;
  double now = sg4::Engine::get_clock();
  span(t0, "checkpoint_write", "", std::to_string(static_cast<long>(bytes)) + " B local");
  if (now > ck.local_done) {
    st_.stats.stall_s += now - std::max(ck.local_done, ck.at);
    ck.local_done = now;
  }
  st_.stats.file_bytes += bytes;
  ++st_.stats.files;
  if (not st_.store.remote())
    stored(idx); // the file on the node's disk is the checkpoint
  else if (p.copy_to_nfs)
    sg4::Actor::create("nfs-copy", host, [this, node, bytes, idx] {
      unless_peer_dies("copy", [&] { copy_to_server(node, bytes, idx); });
    })->daemonize();
  for (size_t t = 0; t < e.placement.size(); ++t) // the threads go on while the copy runs
    if (e.placement[t] == node) {
      cpu_on(host, c.udp_message);
      auto* go    = new Msg{Msg::Kind::go};
      go->page_in = evicted / static_cast<double>(threads);
      send_detached(e.threads[t], go, static_cast<uint64_t>(p.header_bytes));
    }
}

void Checkpoints::copy_to_server(size_t node, double bytes, size_t idx)
{
  FileServer& server = st_.store.server_of(node, st_.s.nodes.size());
  server.send(node, bytes, "checkpoint" + std::to_string(idx));
  event("checkpoint_copied", server.host()->get_name(), "checkpoint " + std::to_string(idx));
  stored(idx);
}

bool Checkpoints::readable(const Checkpoint& ck) const
{
  if (st_.store.remote() || st_.p.recovery == RecoveryMode::replacement)
    return true;
  return std::all_of(ck.writers.begin(), ck.writers.end(), [this](size_t n) { return st_.s.nodes[n]->is_on(); });
}

void Checkpoints::stored(size_t idx)
{
  Checkpoint& ck = ckpts_[idx];
  if (++ck.copies == ck.files) {
    XBT_VERB("checkpoint %zu complete: every file stored", idx);
    ++st_.stats.complete;
    st_.stats.copy_s += sg4::Engine::get_clock() - ck.at;
  }
}

} // namespace cs::checkpoint
