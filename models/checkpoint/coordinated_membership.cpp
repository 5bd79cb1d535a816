/* Nodes removed or added at a barrier (seed section 4, coordinated_membership.hpp), their threads moved by the
 * Migration Agents (migration.cpp). */
#include "models/checkpoint/coordinated_membership.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_application.hpp"
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/common/payload.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

Membership::Membership(RunState& st, Application& app) : st_(st), app_(app)
{
  for (size_t n = 0; n < st_.s.nodes.size(); ++n)
    migration_.push_back(std::make_unique<MigrationAgent>(st_.s.nodes[n], st_.s.costs[n], st_.p));
}

void Membership::start_agents()
{
  if (st_.p.remove_at < 0 && st_.p.add_at < 0) // no thread will migrate: idle agents would only hold a stack each
    return;
  for (auto& m : migration_)
    sg4::Actor::create("migration-agent", m->host(), [agent = m.get()] { agent->serve(); })->daemonize();
}

void Membership::start_schedule()
{
  const Params& p = st_.p;
  if (p.remove_at >= 0)
    sg4::Actor::create("remove-node", st_.s.server, [this] {
      sg4::this_actor::sleep_until(st_.p.remove_at);
      due_.push_back({false, static_cast<size_t>(st_.p.remove_node - 1)});
    })->daemonize();
  if (p.add_at >= 0) {
    auto added = static_cast<size_t>(p.add_node - 1);
    sg4::Actor::create("add-node", st_.s.nodes[added], [this, added] {
      sg4::this_actor::sleep_until(st_.p.add_at);
      sg4::this_actor::sleep_for(st_.p.restart_init); // the new node's runtime starts and connects to the others
      due_.push_back({true, added});
    })->daemonize();
  }
}

bool Membership::begin_at_barrier(Epoch& e, long barrier)
{
  if (due_.empty())
    return false;
  Change c = due_.front();
  due_.erase(due_.begin());
  sg4::Actor::create("membership", st_.s.server, [this, &e, barrier, c] { change(e, barrier, c); });
  return true;
}

void Membership::migrate(size_t from, size_t to)
{
  // The suspended user thread, moved by the real protocol of the Migration Agents (seed section 2).
  auto t         = std::make_shared<BrazosThread>();
  t->stack_bytes = st_.p.app.stack_bytes;
  // The actor holds the thread weakly: the thread holds the actor, and a strong hold both ways would keep both alive
  // forever when the run ends mid-migration.
  t->actor = sg4::Actor::create("migrating-thread", st_.s.nodes[from], [this, w = std::weak_ptr(t), from, to] {
    if (auto thread = w.lock())
      migration_[from]->migrate_me(*thread, *migration_[to]);
  });
  t->actor->join();
}

void Membership::change(Epoch& e, long barrier, Change c)
{
  double t0 = sg4::Engine::get_clock();
  Application::end(e); // the threads wait at the barrier; the incarnation ends here
  std::vector<size_t> placement = e.placement;
  if (c.add)
    add(placement, c.node);
  else
    remove(placement, barrier, c.node);
  ++st_.stats.membership_changes;
  st_.stats.membership_s += sg4::Engine::get_clock() - t0;
  app_.launch(barrier, placement);
}

void Membership::add(std::vector<size_t>& placement, size_t node)
{
  // The new node takes a thread from the busiest node, and its shared pages (fetched by the usual page faults, here
  // as one transfer from the thread's old node).
  st_.alive[node] = true;
  size_t busiest  = placement.front();
  for (size_t n : placement)
    if (std::count(placement.begin(), placement.end(), n) > std::count(placement.begin(), placement.end(), busiest))
      busiest = n;
  if (std::count(placement.begin(), placement.end(), busiest) <= 1)
    return;
  auto t              = static_cast<size_t>(std::find(placement.begin(), placement.end(), busiest) - placement.begin());
  sg4::Mailbox* pages = box("node" + std::to_string(node) + "/pages");
  sg4::Actor::create("page-transfer", st_.s.nodes[busiest], [this, pages] {
    send_owned(pages, std::make_unique<bool>(true), static_cast<uint64_t>(share_bytes(st_.p, 1)));
  });
  std::unique_ptr<bool>(pages->get<bool>());
  migrate(busiest, node);
  placement[t] = node;
}

void Membership::remove(std::vector<size_t>& placement, long barrier, size_t node)
{
  // The removed node checkpoints its shared state, the others apply it from the file server, and its threads migrate
  // to them round-robin.
  std::vector<size_t> others;
  for (size_t n = 0; n < st_.s.nodes.size(); ++n)
    if (st_.alive[n] && n != node)
      others.push_back(n);
  long threads       = std::count(placement.begin(), placement.end(), node);
  double bytes       = file_bytes(st_.p, threads, barrier);
  FileServer& server = st_.store.server_of(node, st_.s.nodes.size());
  sg4::Actor::create("state-checkpoint", st_.s.nodes[node], [this, node, bytes, barrier, &server] {
    st_.s.disks[node]->write(static_cast<sg_size_t>(bytes));
    server.send(node, bytes, "removal-at-barrier" + std::to_string(barrier));
  })->join();
  std::vector<std::pair<size_t, double>> reads;
  for (size_t n : others)
    reads.emplace_back(n, bytes);
  server.read_into(st_.s.nodes, reads);
  size_t next = 0;
  for (auto& n : placement)
    if (n == node) {
      size_t to = others[next++ % others.size()];
      migrate(node, to);
      n = to;
    }
  st_.alive[node] = false; // no longer part of the application: the monitor stops watching it
}

} // namespace cs::checkpoint
