/* The application's incarnations (coordinated_application.hpp) and its user threads: compute, barrier, and the pages
 * NT trimmed during a checkpoint faulted back in. */
#include "models/checkpoint/coordinated_application.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/common/payload.hpp"
#include "sim/platform/platform.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>

namespace cs::checkpoint {

void Application::launch(long first_barrier, std::vector<size_t> placement)
{
  const Setup& s   = st_.s;
  auto e           = std::make_unique<Epoch>();
  e->id            = static_cast<long>(epochs_.size());
  e->first_barrier = first_barrier;
  e->placement     = std::move(placement);
  e->last          = sg4::Engine::get_clock(); // the interval runs from the start or the restart
  if (s.trace) {
    e->arrived.assign(static_cast<size_t>(s.trace->points) + 1, 0);
    e->decided.assign(static_cast<size_t>(s.trace->points) + 1, -1);
  }
  std::string tag = "e" + std::to_string(e->id) + "/";
  e->manager      = box(tag + "manager");
  for (size_t t = 0; t < e->placement.size(); ++t)
    e->threads.push_back(box(tag + "thread" + std::to_string(t)));
  e->agents.assign(s.nodes.size(), nullptr);
  for (size_t n : e->placement)
    e->agents[n] = box(tag + "agent" + std::to_string(n));
  Epoch& ep = *e;
  epochs_.push_back(std::move(e));
  st_.stats.nodes_in_use = std::count_if(ep.agents.begin(), ep.agents.end(), [](auto* a) { return a != nullptr; });
  for (size_t t = 0; t < ep.placement.size(); ++t)
    ep.actors.push_back(sg4::Actor::create(s.trace ? "rank" : "user-thread", s.nodes[ep.placement[t]], [this, &ep, t] {
      unless_peer_dies("user thread", [&] {
        if (st_.s.trace)
          trace_rank(ep, t);
        else
          user_thread(ep, t);
      });
    }));
  ep.agent_memory.assign(s.nodes.size(), Epoch::AgentMemory{first_barrier});
  ep.agent_slot.assign(s.nodes.size(), 0);
  for (size_t n = 0; n < s.nodes.size(); ++n)
    if (ep.agents[n] != nullptr) {
      ep.agent_slot[n] = ep.actors.size();
      ep.actors.push_back(checkpoints_.start_agent(ep, n));
    }
  if (s.trace) // the ranks' collectives coordinate the checkpoints: no barrier manager
    return;
  // The barrier manager runs where the first thread runs.
  ep.actors.push_back(sg4::Actor::create("barrier-manager", s.nodes[ep.placement[0]], [this, &ep] {
                        unless_peer_dies("manager", [&] { checkpoints_.manager(ep); });
                      })->daemonize());
}

void Application::end(Epoch& e)
{
  for (auto& a : e.actors)
    if (a->get_host()->is_on())
      a->kill();
  e.actors.clear();
  e.actors.shrink_to_fit();
}

void Application::page_in(Epoch& e, size_t thread, const Msg& go)
{
  if (go.page_in <= 0)
    return;
  // The next sweep touches every page NT trimmed during the checkpoint: one hard fault at a time, each a cluster read
  // from wherever the trimmer put it in the pagefile, the disk turning under the head before each one's data arrives.
  const Setup& s = st_.s;
  size_t node    = e.placement[thread];
  double t0      = sg4::Engine::get_clock();
  double faults  = std::ceil(go.page_in / s.fault_cluster[node]);
  sg4::this_actor::sleep_for(faults * s.fault_wait[node]);
  note_disk_read(s.disks[node]);
  s.disks[node]->read(static_cast<sg_size_t>(go.page_in));
  st_.stats.page_in_s += sg4::Engine::get_clock() - t0;
}

void Application::finished(Epoch& e)
{
  if (++e.finished == static_cast<long>(e.placement.size())) {
    st_.stats.exec_time_s = sg4::Engine::get_clock();
    st_.stats.finished    = true;
  }
}

void Application::user_thread(Epoch& e, size_t thread)
{
  const Params& p  = st_.p;
  const Setup& s   = st_.s;
  sg4::Host* host  = s.nodes[e.placement[thread]];
  const NtCosts& c = s.costs[e.placement[thread]];
  double step      = p.app.compute / static_cast<double>(p.app.barriers);
  for (long b = e.first_barrier; b < p.app.barriers; ++b) {
    work_on(step, c.reference_speed); // the application's time, measured on the reference machine
    cpu_on(host, c.udp_message);      // BARR
    // Sent and waited for, not detached: a BARR still queued when its node dies must go with the node (SimGrid
    // cannot start a transfer from a host that is off), and the grant cannot come before the manager took it.
    send_owned(e.manager, std::make_unique<Msg>(Msg{Msg::Kind::barr}), static_cast<uint64_t>(p.header_bytes));
    std::unique_ptr<Msg> go(e.threads[thread]->get<Msg>());
    cpu_on(host, c.udp_message); // BARRGRANT, or the agent's resume after a checkpoint
    page_in(e, thread, *go);
  }
  finished(e);
}

} // namespace cs::checkpoint
