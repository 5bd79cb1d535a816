/* Nodes removed or added at a barrier (seed section 4), their threads moved by the Migration Agents (migration.cpp). */
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated.hpp"

#include <algorithm>
#include <memory>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

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
      server_.send(node, bytes);
    })->join();
    std::vector<std::pair<size_t, double>> reads;
    for (size_t n : others)
      reads.emplace_back(n, bytes);
    server_.read_into(s_.nodes, reads);
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
