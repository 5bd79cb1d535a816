/* The wiring of Brazos coordinated checkpointing (coordinated.hpp): the run's actors started, an incarnation of the
 * application launched, and the user threads. The roles live beside it: coordinated_checkpoint.cpp (barrier manager
 * and Checkpoint Agents), file_server.cpp, coordinated_failures.cpp (heartbeats and failure injection),
 * coordinated_recovery.cpp and coordinated_membership.cpp (nodes removed or added, with migration.cpp). */
#include "models/checkpoint/coordinated.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "sim/faults.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_checkpoint, cs, "Brazos coordinated checkpoint and recovery");

namespace cs::checkpoint {

CoordinatedRun::CoordinatedRun(const Params& p, Setup s)
    : p_(p), s_(std::move(s)), server_(p_, s_.server, s_.server_disk), alive_(s_.nodes.size(), false),
      failed_at_(s_.nodes.size(), -1)
{
  for (long n = 0; n < p_.nodes; ++n)
    alive_[static_cast<size_t>(n)] = true; // members of the application, as the monitor sees them
  for (size_t n = 0; n < s_.nodes.size(); ++n)
    migration_.push_back(std::make_unique<MigrationAgent>(s_.nodes[n], s_.costs[n], p_));
}

void CoordinatedRun::start()
{
  std::vector<size_t> placement;
  for (long t = 0; t < p_.nodes; ++t)
    placement.push_back(static_cast<size_t>(t));
  launch(0, placement);
  if (p_.copy_to_nfs)
    sg4::Actor::create("file-server", s_.server, [this] { server_.serve(); })->daemonize();
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

} // namespace cs::checkpoint
