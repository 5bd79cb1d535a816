#include "models/checkpoint/coordinated.hpp"
#include "sim/events.hpp"
#include "sim/faults.hpp"

#include <simgrid/Exception.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_checkpoint, cs, "Brazos coordinated checkpoint and recovery");

namespace cs::checkpoint {

struct Chunk {
  double bytes;
  sg4::Mailbox* reply;
};

struct CoordinatedRun::Msg {
  enum class Kind { barr, go, checkpoint } kind;
  long instance  = -1; ///< checkpoint: which one
  double page_in = 0;  ///< go after a checkpoint: bytes of the thread's working set to fault back in
};

namespace {
void cpu_on(sg4::Host* h, double seconds)
{
  sg4::this_actor::execute(seconds * h->get_speed());
}
sg4::Mailbox* box(const std::string& name)
{
  return sg4::Mailbox::by_name("brazos/" + name);
}
/** Runs an actor's body; a communication with a node that died ends it quietly (the recovery takes over). */
template <class F> void unless_peer_dies(const char* what, F&& body)
{
  try {
    body();
  } catch (const simgrid::Exception& e) {
    XBT_VERB("%s ends: a peer failed (%s)", what, e.what());
  }
}
} // namespace

CoordinatedRun::CoordinatedRun(const Params& p, Setup s)
    : p_(p), s_(std::move(s)), server_box_(box("file-server")), alive_(s_.nodes.size(), false),
      failed_at_(s_.nodes.size(), -1)
{
  for (long n = 0; n < p_.nodes; ++n)
    alive_[static_cast<size_t>(n)] = true; // members of the application, as the monitor sees them
  for (size_t n = 0; n < s_.nodes.size(); ++n)
    migration_.push_back(std::make_unique<MigrationAgent>(s_.nodes[n], s_.costs[n], p_));
}

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

void CoordinatedRun::start()
{
  std::vector<size_t> placement;
  for (long t = 0; t < p_.nodes; ++t)
    placement.push_back(static_cast<size_t>(t));
  launch(0, placement);
  if (p_.copy_to_nfs)
    sg4::Actor::create("file-server", s_.server, [this] { file_server(); })->daemonize();
  for (size_t n = 0; n < s_.nodes.size(); ++n)
    sg4::Actor::create("heartbeat-responder", s_.nodes[n], [this, n] { responder(n); })->daemonize();
  for (auto& m : migration_)
    sg4::Actor::create("migration-agent", m->host(), [agent = m.get()] { agent->serve(); })->daemonize();
  if (not p_.requests.empty())
    sg4::Actor::create("checkpoint-requests", s_.server, [this] {
      std::vector<double> at = p_.requests;
      std::sort(at.begin(), at.end());
      for (double t : at) {
        sg4::this_actor::sleep_until(t);
        ++requested_;
      }
    })->daemonize();
  if (p_.remove_at >= 0)
    sg4::Actor::create("remove-node", s_.server, [this] {
      sg4::this_actor::sleep_until(p_.remove_at);
      due_.push_back({false, static_cast<size_t>(p_.remove_node - 1)});
    })->daemonize();
  if (p_.add_at >= 0) {
    auto added = static_cast<size_t>(p_.add_node - 1);
    sg4::Actor::create("add-node", s_.nodes[added], [this, added] {
      sg4::this_actor::sleep_until(p_.add_at);
      sg4::this_actor::sleep_for(p_.restart_init); // the new node's runtime starts and connects to the others
      due_.push_back({true, added});
    })->daemonize();
  }
  if (p_.fail_at >= 0 || p_.mtbf > 0 || active_faults().has_host_faults()) {
    sg4::Actor::create("failure-injector", s_.server, [this] { injector(); })->daemonize();
    sg4::Actor::create("heartbeat-monitor", s_.monitor, [this] { monitor(); }); // lives until the run is over
  }
}

void CoordinatedRun::launch(long first_barrier, std::vector<size_t> placement)
{
  auto e           = std::make_unique<Epoch>();
  e->id            = static_cast<long>(epochs_.size());
  e->first_barrier = first_barrier;
  e->placement     = std::move(placement);
  std::string tag  = "e" + std::to_string(e->id) + "/";
  e->manager       = box(tag + "manager");
  for (size_t t = 0; t < e->placement.size(); ++t)
    e->threads.push_back(box(tag + "thread" + std::to_string(t)));
  e->agents.assign(s_.nodes.size(), nullptr);
  for (size_t n : e->placement)
    e->agents[n] = box(tag + "agent" + std::to_string(n));
  Epoch& ep = *e;
  epochs_.push_back(std::move(e));
  stats_.nodes_in_use = std::count_if(ep.agents.begin(), ep.agents.end(), [](auto* a) { return a != nullptr; });
  for (size_t t = 0; t < ep.placement.size(); ++t)
    ep.actors.push_back(sg4::Actor::create("user-thread", s_.nodes[ep.placement[t]], [this, &ep, t] {
      unless_peer_dies("user thread", [&] { user_thread(ep, t); });
    }));
  for (size_t n = 0; n < s_.nodes.size(); ++n)
    if (ep.agents[n] != nullptr)
      ep.actors.push_back(sg4::Actor::create("checkpoint-agent", s_.nodes[n], [this, &ep, n] {
                            unless_peer_dies("agent", [&] { agent(ep, n); });
                          })->daemonize());
  // The barrier manager runs where the first thread runs.
  ep.actors.push_back(sg4::Actor::create("barrier-manager", s_.nodes[ep.placement[0]], [this, &ep] {
                        unless_peer_dies("manager", [&] { manager(ep); });
                      })->daemonize());
}

void CoordinatedRun::user_thread(Epoch& e, size_t thread)
{
  sg4::Host* host  = s_.nodes[e.placement[thread]];
  const NtCosts& c = s_.costs[e.placement[thread]];
  double step      = p_.app.compute / static_cast<double>(p_.app.barriers);
  for (long b = e.first_barrier; b < p_.app.barriers; ++b) {
    cpu_on(host, step);
    cpu_on(host, c.udp_message); // BARR
    e.manager->put_init(new Msg{Msg::Kind::barr}, static_cast<uint64_t>(p_.header_bytes))->detach();
    std::unique_ptr<Msg> go(e.threads[thread]->get<Msg>());
    cpu_on(host, c.udp_message); // BARRGRANT, or the agent's resume after a checkpoint
    if (go->page_in > 0) {       // the next sweep touches every page NT trimmed during the checkpoint
      // One hard fault at a time, each a cluster read from wherever the trimmer put it in the pagefile: the disk
      // turns under the head before each one's data arrives.
      size_t node   = e.placement[thread];
      double t0     = sg4::Engine::get_clock();
      double faults = std::ceil(go->page_in / s_.fault_cluster[node]);
      sg4::this_actor::sleep_for(faults * s_.fault_wait[node]);
      s_.disks[node]->read(static_cast<sg_size_t>(go->page_in));
      stats_.page_in_s += sg4::Engine::get_clock() - t0;
    }
  }
  if (++e.finished == static_cast<long>(e.placement.size())) {
    stats_.exec_time_s = sg4::Engine::get_clock();
    stats_.finished    = true;
  }
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

void CoordinatedRun::send_to_server(size_t node, double bytes)
{
  // One request at a time, each acknowledged once the server has written it (a synchronous file copy).
  sg4::Mailbox* reply = box("node" + std::to_string(node) + "/copy-ack/" + sg4::this_actor::get_name() +
                            std::to_string(sg4::this_actor::get_pid()));
  for (double left = bytes; left > 0; left -= p_.copy_chunk) {
    double n = std::min(left, p_.copy_chunk);
    server_box_->put(new Chunk{n, reply}, static_cast<uint64_t>(n));
    std::unique_ptr<bool>(reply->get<bool>());
  }
}

void CoordinatedRun::copy_to_server(size_t node, double bytes, size_t idx)
{
  send_to_server(node, bytes);
  Checkpoint& ck = ckpts_[idx];
  event("checkpoint_copied", s_.server->get_name(), "checkpoint " + std::to_string(idx));
  if (++ck.copies == ck.files) {
    XBT_VERB("checkpoint %zu complete on the file server", idx);
    ++stats_.complete;
    stats_.copy_s += sg4::Engine::get_clock() - ck.at;
  }
}

void CoordinatedRun::file_server()
{
  while (true) {
    Chunk* c = nullptr;
    unless_peer_dies("file server receive", [&] { c = server_box_->get<Chunk>(); });
    if (c == nullptr)
      continue; // the sender died mid-transfer
    if (idle_writers_.empty()) {
      size_t w = writers_.size();
      writers_.push_back({sg4::Semaphore::create(0), c});
      sg4::Actor::create("nfs-write", s_.server, [this, w] { server_writer(w); })->daemonize();
      continue;
    }
    size_t w = idle_writers_.back();
    idle_writers_.pop_back();
    writers_[w].chunk = c;
    writers_[w].ready->release();
  }
}

void CoordinatedRun::server_writer(size_t w)
{
  while (true) {
    std::unique_ptr<Chunk> chunk(std::exchange(writers_[w].chunk, nullptr));
    s_.server_disk->write(static_cast<sg_size_t>(chunk->bytes));
    chunk->reply->put_init(new bool(true), static_cast<uint64_t>(p_.ack_bytes))->detach();
    idle_writers_.push_back(w);
    writers_[w].ready->acquire();
  }
}

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
  read_from_server(reads);
}

void CoordinatedRun::read_from_server(const std::vector<std::pair<size_t, double>>& reads)
{
  std::vector<sg4::ActorPtr> readers;
  for (auto const& [n, bytes] : reads) {
    if (not s_.nodes[n]->is_on())
      continue;
    sg4::Mailbox* to = box("node" + std::to_string(n) + "/read/" + std::to_string(readers.size()));
    readers.push_back(sg4::Actor::create("nfs-read", s_.server, [this, bytes = bytes, to] {
      unless_peer_dies("server read", [&] {
        for (double left = bytes; left > 0; left -= p_.copy_chunk) {
          double c = std::min(left, p_.copy_chunk);
          s_.server_disk->read(static_cast<sg_size_t>(c));
          to->put(new double(c), static_cast<uint64_t>(c));
        }
      });
    }));
    readers.push_back(sg4::Actor::create("node-read", s_.nodes[n], [this, bytes = bytes, to] {
      unless_peer_dies("node read", [&] {
        for (double left = bytes; left > 0; left -= p_.copy_chunk)
          std::unique_ptr<double>(to->get<double>());
      });
    }));
  }
  for (auto& r : readers)
    r->join();
}

void CoordinatedRun::migrate(size_t from, size_t to)
{
  // The suspended user thread, moved by the real protocol of the Migration Agents (seed section 2).
  auto t         = std::make_shared<BrazosThread>();
  t->stack_bytes = p_.app.stack_bytes;
  t->actor       = sg4::Actor::create("migrating-thread", s_.nodes[from],
                                      [this, t, from, to] { migration_[from]->migrate_me(*t, *migration_[to]); });
  t->actor->join();
}

void CoordinatedRun::change_membership(Epoch& e, long barrier, bool add, size_t node)
{
  double t0 = sg4::Engine::get_clock();
  for (auto& a : e.actors) // the threads wait at the barrier; the incarnation ends here
    if (a->get_host()->is_on())
      a->kill();
  std::vector<size_t> placement = e.placement;
  if (add) {
    // The new node takes a thread from the busiest node, and its shared pages (fetched by the usual page faults,
    // here as one transfer from the thread's old node).
    alive_[node]   = true;
    size_t busiest = placement.front();
    for (size_t n : placement)
      if (std::count(placement.begin(), placement.end(), n) > std::count(placement.begin(), placement.end(), busiest))
        busiest = n;
    if (std::count(placement.begin(), placement.end(), busiest) > 1) {
      auto t = static_cast<size_t>(std::find(placement.begin(), placement.end(), busiest) - placement.begin());
      sg4::Mailbox* pages = box("node" + std::to_string(node) + "/pages");
      sg4::Actor::create("page-transfer", s_.nodes[busiest],
                         [this, pages] { pages->put(new bool(true), static_cast<uint64_t>(share_bytes(1))); });
      std::unique_ptr<bool>(pages->get<bool>());
      migrate(busiest, node);
      placement[t] = node;
    }
  } else {
    // The removed node checkpoints its shared state, the others apply it from the file server, and its threads
    // migrate to them round-robin.
    std::vector<size_t> others;
    for (size_t n = 0; n < s_.nodes.size(); ++n)
      if (alive_[n] && n != node)
        others.push_back(n);
    long threads = std::count(placement.begin(), placement.end(), node);
    double bytes = file_bytes(threads, barrier);
    sg4::Actor::create("state-checkpoint", s_.nodes[node], [this, node, bytes] {
      s_.disks[node]->write(static_cast<sg_size_t>(bytes));
      send_to_server(node, bytes);
    })->join();
    std::vector<std::pair<size_t, double>> reads;
    for (size_t n : others)
      reads.emplace_back(n, bytes);
    read_from_server(reads);
    size_t next = 0;
    for (auto& n : placement)
      if (n == node) {
        size_t to = others[next++ % others.size()];
        migrate(node, to);
        n = to;
      }
    alive_[node] = false; // no longer part of the application: the monitor stops watching it
  }
  ++stats_.membership_changes;
  stats_.membership_s += sg4::Engine::get_clock() - t0;
  launch(barrier, placement);
}

} // namespace cs::checkpoint
