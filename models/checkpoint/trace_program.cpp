/* Checkpoint points and the deadlock check of a trace's programs (trace_program.hpp): both follow each message from
 * its send to its receive through its channel (sender, receiver, tag, collective or not), where messages match in
 * order, as MPI's non-overtaking rule and SMPI's replay match them. A receiver that takes a tag from any rank has one
 * channel for it (sender -1) that every sender's messages of that tag join. */
#include "models/checkpoint/trace_program.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cs::checkpoint {

namespace {

using Channel = std::tuple<long, long, long, bool>; // sender, receiver, tag, inside a collective

Channel channel_of(long self, const TraceStep& s)
{
  bool sends = s.kind == TraceStep::Kind::send || s.kind == TraceStep::Kind::isend;
  return sends ? Channel{s.any ? -1 : self, s.peer, s.tag, s.coll} : Channel{s.peer, self, s.tag, s.coll};
}

bool is_message(TraceStep::Kind k)
{
  using K = TraceStep::Kind;
  return k == K::send || k == K::isend || k == K::recv || k == K::irecv;
}

bool is_send(TraceStep::Kind k)
{
  return k == TraceStep::Kind::send || k == TraceStep::Kind::isend;
}

/** A request a rank posted and has not completed. */
struct Pending {
  Channel channel;
  size_t index; ///< the message's place in its channel
  bool send;
  long src, dst, tag; ///< the key its wait names (the sender's own rank even on a channel from any rank)
};

/** The request of message step `s` of rank `self`, at place `index` of channel `c`. */
Pending request_of(long self, const TraceStep& s, const Channel& c, size_t index)
{
  bool out = is_send(s.kind);
  return {c, index, out, out ? self : s.peer, out ? s.peer : self, s.tag};
}

/** Takes the oldest pending request of key (src, dst, tag), if any. */
bool take_request(std::deque<Pending>& pending, const TraceStep& w, Pending& out)
{
  auto it = std::find_if(pending.begin(), pending.end(),
                         [&](const Pending& p) { return p.src == w.peer && p.dst == w.peer2 && p.tag == w.tag; });
  if (it == pending.end())
    return false;
  out = *it;
  pending.erase(it);
  return true;
}

/** Per channel, the segment (global collectives left before it) of each message's send and of its receive. Sends
 *  are listed in no particular order (a channel from any rank has several senders); receives in order (one
 *  receiver). */
struct Segments {
  std::map<Channel, std::vector<long>> sent, received;
};

/** Walks rank `r`'s steps: the segments of its messages' ends, and the global collectives it enters with a request
 *  pending (`blocked`, by collective number, 1-based). */
void walk_rank(const TraceProgram& program, size_t r, const std::vector<GlobalColl>& global, Segments& seg,
               std::vector<bool>& blocked)
{
  const auto& steps = program.ranks[r].steps;
  auto self         = static_cast<long>(r);
  std::deque<Pending> pending;
  long left     = 0; // global collectives this rank has left
  size_t next   = 0; // the next global collective
  auto complete = [&](const Pending& p) {
    if (not p.send)
      seg.received[p.channel][p.index] = left;
  };
  for (size_t i = 0; i < steps.size(); ++i) {
    while (next < global.size() && global[next].leave == i) {
      ++left;
      ++next;
    }
    if (next < global.size() && global[next].enter == i && not pending.empty())
      blocked[next + 1] = true;
    const TraceStep& s = steps[i];
    if (is_message(s.kind)) {
      Channel c = channel_of(self, s);
      auto& v   = is_send(s.kind) ? seg.sent[c] : seg.received[c];
      v.push_back(left);
      if (s.kind == TraceStep::Kind::isend || s.kind == TraceStep::Kind::irecv)
        pending.push_back(request_of(self, s, c, v.size() - 1));
    } else if (s.kind == TraceStep::Kind::wait) {
      Pending p;
      if (take_request(pending, s, p))
        complete(p);
    } else if (s.kind == TraceStep::Kind::waitall) {
      for (auto& p : pending)
        complete(p);
      pending.clear();
    }
  }
}

} // namespace

void mark_points(TraceProgram& program, const std::vector<std::vector<GlobalColl>>& global)
{
  size_t colls         = global.empty() ? 0 : global[0].size();
  program.global_colls = static_cast<long>(colls);
  std::vector<bool> blocked(colls + 2, false); // by collective number, 1-based
  Segments seg;
  for (size_t r = 0; r < program.ranks.size(); ++r)
    walk_rank(program, r, global[r], seg, blocked);
  // A message crosses collective k's cut when its channel has sent more (or fewer) messages before the cut than it
  // has received there: in an ordered channel exactly when some message is sent on one side and received on the
  // other, and in a channel from any rank whichever message the receiver takes.
  for (auto const& [c, sent] : seg.sent) {
    std::vector<long> before(colls + 2, 0); // sends minus receives, by segment
    for (long x : sent)
      ++before[static_cast<size_t>(x)];
    for (long x : seg.received[c])
      --before[static_cast<size_t>(x)];
    long balance = 0;
    for (size_t k = 1; k <= colls; ++k)
      if ((balance += before[k - 1]) != 0)
        blocked[k] = true;
  }
  long points = 0;
  std::vector<long> point_of(colls + 1, 0);
  for (size_t k = 1; k <= colls; ++k)
    if (not blocked[k])
      point_of[k] = ++points;
  program.points = points;
  for (size_t r = 0; r < program.ranks.size(); ++r) {
    RankProgram& rank = program.ranks[r];
    std::vector<TraceStep> steps;
    rank.cut_step.clear();
    size_t next = 0;
    for (size_t i = 0; i <= rank.steps.size(); ++i) {
      while (next < colls && global[r][next].leave == i) {
        if (long k = point_of[next + 1]; k > 0) {
          rank.cut_step.push_back(steps.size());
          steps.push_back({TraceStep::Kind::cut, 0, -1, -1, 0, false, k, ""});
        }
        ++next;
      }
      if (i == rank.steps.size())
        break;
      if (next < colls && global[r][next].enter == i && point_of[next + 1] > 0)
        steps.push_back({TraceStep::Kind::enter, 0, -1, -1, 0, false, point_of[next + 1], rank.steps[i].where});
      steps.push_back(std::move(rank.steps[i]));
    }
    rank.steps = std::move(steps);
  }
}

namespace {

/** The logical play of find_deadlock: each rank's position, the requests it holds, the eager sends it left. */
class LogicalPlay {
public:
  LogicalPlay(const TraceProgram& p, double eager) : p_(p), eager_(eager), ranks_(p.ranks.size()) {}

  Deadlock run()
  {
    for (bool progress = true; progress;) {
      progress = false;
      for (size_t r = 0; r < ranks_.size(); ++r)
        while (advance(r))
          progress = true;
    }
    for (size_t r = 0; r < ranks_.size(); ++r)
      if (not done(r))
        return {why(r)};
    return {};
  }

private:
  struct Posted {
    Channel channel;
    size_t index;
    bool send;
    bool eager;
  };
  struct Rank {
    size_t pc   = 0;
    bool posted = false; ///< the current step's message is posted
    Posted current{};
    std::vector<std::pair<Pending, bool>> requests; ///< with whether it is an eager send (complete at once)
    std::vector<Posted> owed; ///< eager sends and requests still unmatched (the rank waits for them at its end)
  };

  bool matched(const Posted& m) const
  {
    auto const& other = m.send ? recvs_ : sends_;
    auto it           = other.find(m.channel);
    return it != other.end() && it->second > m.index;
  }
  Posted post(size_t r, const TraceStep& s)
  {
    Channel c = channel_of(static_cast<long>(r), s);
    bool out  = is_send(s.kind);
    size_t i  = out ? sends_[c]++ : recvs_[c]++;
    return {c, i, out, out && (s.coll || s.amount < eager_)}; // a collective's sends never wait (ti_replay.hpp)
  }
  bool done(size_t r) const
  {
    const Rank& k = ranks_[r];
    return k.pc == p_.ranks[r].steps.size() &&
           std::all_of(k.owed.begin(), k.owed.end(), [this](const Posted& m) { return matched(m); });
  }
  bool advance(size_t r);
  std::string why(size_t r) const;

  const TraceProgram& p_;
  double eager_;
  std::vector<Rank> ranks_;
  std::map<Channel, size_t> sends_, recvs_;
};

bool LogicalPlay::advance(size_t r)
{
  Rank& k          = ranks_[r];
  const auto& prog = p_.ranks[r].steps;
  if (k.pc >= prog.size())
    return false;
  const TraceStep& s = prog[k.pc];
  using K            = TraceStep::Kind;
  if (is_message(s.kind)) {
    if (not k.posted) {
      k.current = post(r, s);
      k.posted  = true;
      Channel c = k.current.channel;
      if (s.kind == K::isend || s.kind == K::irecv)
        k.requests.push_back({request_of(static_cast<long>(r), s, c, k.current.index), k.current.eager});
      if (s.kind != K::recv && (s.kind != K::send || k.current.eager))
        k.owed.push_back(k.current); // waited for at the rank's end, whatever its own waits did
    }
    if ((s.kind == K::send && not k.current.eager) || s.kind == K::recv)
      if (not matched(k.current))
        return false;
  } else if (s.kind == K::wait || s.kind == K::waitall) {
    for (auto it = k.requests.begin(); it != k.requests.end(); ++it) {
      const Pending& q = it->first;
      bool hit         = s.kind == K::waitall || (q.src == s.peer && q.dst == s.peer2 && q.tag == s.tag);
      if (not hit)
        continue;
      if (not it->second && not matched({q.channel, q.index, q.send, false}))
        return false;
      if (s.kind == K::wait) {
        k.requests.erase(it);
        break;
      }
    }
    if (s.kind == K::waitall)
      k.requests.clear();
  }
  k.posted = false;
  ++k.pc;
  return true;
}

std::string LogicalPlay::why(size_t r) const
{
  const Rank& k    = ranks_[r];
  const auto& prog = p_.ranks[r].steps;
  std::string who  = "rank " + std::to_string(r);
  if (k.pc < prog.size()) {
    const TraceStep& s = prog[k.pc];
    std::string from   = s.peer < 0 ? "any rank" : "rank " + std::to_string(s.peer);
    std::string what   = s.kind == TraceStep::Kind::recv   ? "a message from " + from
                         : s.kind == TraceStep::Kind::send ? "rank " + std::to_string(s.peer) + " to receive its message"
                                                           : "its pending requests";
    if (s.coll)
      what += " inside a collective";
    return who + " waits at " + s.where + " for " + what + " (tag " + std::to_string(s.tag) +
           "), which never comes: the trace deadlocks";
  }
  return who + " ends with a message no rank receives: the trace deadlocks";
}

} // namespace

Deadlock find_deadlock(const TraceProgram& program, double eager_bytes)
{
  return LogicalPlay(program, eager_bytes).run();
}

} // namespace cs::checkpoint
