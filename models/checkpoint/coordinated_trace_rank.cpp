/* A rank of a trace workload (coordinated_application.hpp, docs/models/checkpoint.md "An MPI trace as the workload"):
 * its program replayed from the incarnation's checkpoint point. Compute is the trace's flops at the node's speed;
 * each message crosses the platform between the two ranks' nodes, matched in order per (sender, receiver, tag) as
 * MPI matches them (a receiver that takes a tag from any rank takes it from one channel every sender of that tag
 * feeds, in arrival order); a send below the eager limit, and every send inside a collective, completes without
 * waiting for its receive, as SMPI's does below its detached threshold. At a
 * checkpoint point the last rank to enter decides, and at its cut every rank hands itself to its node's Checkpoint
 * Agent and goes on when the node's file is written. */
#include "models/checkpoint/brazos_actor.hpp"
#include "models/checkpoint/coordinated_application.hpp"
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/common/payload.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cs::checkpoint {

namespace {

/** What every message carries: the replay needs its size alone, so each points at this one byte. */
char token = 0;
/** Where a non-blocking receive puts the pointer it gets (never read). */
char* sink = nullptr;

using Channel = std::tuple<long, long, long, bool>; // sender (-1: any), receiver, tag, inside a collective

/** The messages and requests of one rank in one incarnation. */
class Replay {
public:
  Replay(const Params& p, const Epoch& e, size_t rank, RankStats& stats)
      : p_(p), epoch_(e.id), rank_(static_cast<long>(rank)), stats_(stats)
  {
  }
  /** Runs a compute, message, wait or waitall step; `again`: it ran before a rollback. */
  void step(const TraceStep& s, bool again);
  /** Waits for what the rank still owes: eager sends and requests it never waited for (MPI_Finalize's rule). */
  void drain();

private:
  sg4::Mailbox* channel(const Channel& c);
  void send(const TraceStep& s, bool again);
  void receive(const TraceStep& s);
  void wait(const TraceStep& s);

  const Params& p_;
  long epoch_;
  long rank_;
  RankStats& stats_;
  std::map<Channel, sg4::Mailbox*> boxes_;
  /** By the key a wait names (source, destination, tag, collective); a null request is an eager send. */
  std::map<Channel, std::deque<sg4::CommPtr>> requests_;
  std::vector<sg4::CommPtr> owed_; ///< eager sends not yet known to be received
};

sg4::Mailbox* Replay::channel(const Channel& c)
{
  auto it = boxes_.find(c);
  if (it != boxes_.end())
    return it->second;
  auto [src, dst, tag, coll] = c;
  std::string name           = "e" + std::to_string(epoch_) + "/" + (coll ? "coll/" : "p2p/") +
                     (src < 0 ? std::string("any") : std::to_string(src)) + ">" + std::to_string(dst) + "/" +
                     std::to_string(tag);
  return boxes_[c] = box(name);
}

void Replay::step(const TraceStep& s, bool again)
{
  using K = TraceStep::Kind;
  switch (s.kind) {
  case K::compute:
    sg4::this_actor::execute(s.amount);
    stats_.flops += s.amount;
    if (again)
      stats_.again_flops += s.amount;
    break;
  case K::sleep:
    sg4::this_actor::sleep_for(s.amount);
    break;
  case K::send:
  case K::isend:
    send(s, again);
    break;
  case K::recv:
  case K::irecv:
    receive(s);
    break;
  case K::wait:
  case K::waitall:
    wait(s);
    break;
  default:
    break;
  }
}

void Replay::send(const TraceStep& s, bool again)
{
  (s.coll ? stats_.coll : stats_.p2p) += 1;
  (s.coll ? stats_.coll_bytes : stats_.p2p_bytes) += s.amount;
  if (again) {
    ++stats_.again_messages;
    stats_.again_bytes += s.amount;
  }
  Channel key      = {rank_, s.peer, s.tag, s.coll};
  sg4::Mailbox* to = channel({s.any ? -1 : rank_, s.peer, s.tag, s.coll});
  auto bytes       = static_cast<uint64_t>(s.amount);
  bool isend       = s.kind == TraceStep::Kind::isend;
  if (s.coll || s.amount < p_.trace.eager_bytes) { // a collective's sends never wait (models/common/ti_replay.hpp)
    owed_.push_back(to->put_async(&token, bytes));
    if (isend)
      requests_[key].push_back(nullptr);
    if (owed_.size() > 64) // forget the ones already received
      owed_.erase(std::remove_if(owed_.begin(), owed_.end(), [](const sg4::CommPtr& m) { return m->test(); }),
                  owed_.end());
  } else if (isend) {
    requests_[key].push_back(to->put_async(&token, bytes));
  } else {
    to->put(&token, bytes);
  }
}

void Replay::receive(const TraceStep& s)
{
  ++stats_.received;
  stats_.received_bytes += s.amount;
  Channel c          = {s.peer, rank_, s.tag, s.coll};
  sg4::Mailbox* from = channel(c);
  if (s.kind == TraceStep::Kind::irecv)
    requests_[c].push_back(from->get_async<char>(&sink));
  else
    from->get<char>();
}

void Replay::wait(const TraceStep& s)
{
  if (s.kind == TraceStep::Kind::waitall) {
    for (auto& [c, queue] : requests_)
      for (auto& r : queue)
        if (r)
          r->wait();
    requests_.clear();
    return;
  }
  auto it = requests_.find({s.peer, s.peer2, s.tag, s.coll});
  if (it == requests_.end() || it->second.empty())
    return; // no such request: nothing to wait for, as in SMPI's replay
  sg4::CommPtr r = it->second.front();
  it->second.pop_front();
  if (r)
    r->wait();
}

void Replay::drain()
{
  TraceStep all;
  all.kind = TraceStep::Kind::waitall;
  wait(all);
  for (auto& m : owed_)
    m->wait();
  owed_.clear();
}

} // namespace

void Application::trace_rank(Epoch& e, size_t rank)
{
  const TraceProgram& prog = *st_.s.trace;
  const auto& steps        = prog.ranks[rank].steps;
  RankStats& stats         = st_.ranks[rank];
  Replay replay(st_.p, e, rank, stats);
  for (size_t i = prog.resume_step(rank, e.first_barrier); i < steps.size(); ++i) {
    const TraceStep& s = steps[i];
    bool again         = i < stats.furthest;
    bool marker        = s.kind == TraceStep::Kind::enter || s.kind == TraceStep::Kind::cut;
    stats.again_steps += again && not marker ? 1 : 0; // the trace's own steps: checkpoint points are not among them
    if (s.kind == TraceStep::Kind::enter) {
      checkpoints_.arrive(e, s.point);
    } else if (s.kind == TraceStep::Kind::cut) {
      if (long ck = e.decided[static_cast<size_t>(s.point)]; ck >= 0) {
        // Stopped at the cut: the node's agent writes the file once all of the node's ranks are here.
        send_owned(e.agents[e.placement[rank]], std::make_unique<Msg>(Msg{Msg::Kind::checkpoint, ck}),
                   static_cast<uint64_t>(st_.p.header_bytes));
        std::unique_ptr<Msg> go(e.threads[rank]->get<Msg>());
        page_in(e, rank, *go);
      }
    } else {
      replay.step(s, again);
    }
    stats.furthest = std::max(stats.furthest, i + 1);
  }
  replay.drain();
  finished(e);
}

} // namespace cs::checkpoint
