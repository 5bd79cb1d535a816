/* A trace's files as the programs the Brazos model replays (trace_load.hpp): models/common's reader parses them and
 * checks that every receive has its send; each rank's actions become TraceStep here: compute and sleep as they are,
 * the point-to-point actions with their tags and requests, each collective as the messages and reduction of SMPI
 * 3.32's default algorithm (models/common's decomposer, on a channel of its own), the global ones' first and last
 * step noted for mark_points (docs/models/checkpoint.md, "An MPI trace as the workload"). */
#include "models/checkpoint/trace_load.hpp"
#include "models/common/ti_replay.hpp"
#include "models/common/ti_trace.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace cs::checkpoint {

namespace {

using K = TraceStep::Kind;

/** A collective that no rank leaves before every rank has entered it: its end is a candidate checkpoint point. */
bool is_global(ti::Kind k)
{
  using T = ti::Kind;
  return k == T::barrier || k == T::allreduce || k == T::alltoall || k == T::alltoallv || k == T::allgather ||
         k == T::allgatherv || k == T::reducescatter;
}

/** Appends what the decomposer makes of one collective to a rank's steps. A message to the rank itself (a local
 *  rotation of Bruck's alltoall) is a local copy: no step. */
class CollectiveSink : public ti::TransferSink {
public:
  CollectiveSink(RankProgram& prog, long self) : prog_(prog), self_(self) {}
  void at(std::string where) { where_ = std::move(where); }
  void compute(double flops) override
  {
    if (flops > 0)
      add(K::compute, flops, -1);
  }
  void sleep(double seconds) override { add(K::sleep, seconds, -1); }
  void send(int dst, double bytes, int) override
  {
    if (dst == self_)
      return;
    add(K::send, bytes, dst);
    ++prog_.coll;
    prog_.coll_bytes += bytes;
  }
  void recv(int src, double bytes, int) override
  {
    if (src != self_)
      add(K::recv, bytes, src);
  }
  void add(K kind, double amount, long peer, long tag = 0, bool coll = true, long peer2 = -1)
  {
    TraceStep s{kind, amount, peer, peer2, tag, coll, 0, where_};
    if (kind == K::compute)
      prog_.flops += amount;
    prog_.steps.push_back(std::move(s));
  }

private:
  RankProgram& prog_;
  long self_;
  std::string where_;
};

/** Point-to-point action `a` of rank `self` as steps. A receive from any rank has peer -1; SMPI's sendRecv is an
 *  isend and an irecv with tag 0, both waited for. */
void point_to_point(const ti::Action& a, long self, CollectiveSink& out, RankProgram& prog)
{
  long src  = a.peer == ti::any_source ? -1 : a.peer;
  auto sent = [&](double bytes) {
    ++prog.p2p;
    prog.p2p_bytes += bytes;
  };
  switch (a.kind) {
  case ti::Kind::send:
  case ti::Kind::isend:
    out.add(a.kind == ti::Kind::send ? K::send : K::isend, a.bytes, a.peer, a.tag, false);
    sent(a.bytes);
    break;
  case ti::Kind::recv:
  case ti::Kind::irecv:
    out.add(a.kind == ti::Kind::recv ? K::recv : K::irecv, a.bytes, src, a.tag, false);
    break;
  case ti::Kind::sendrecv:
    out.add(K::isend, a.bytes, a.peer, 0, false);
    sent(a.bytes);
    out.add(K::irecv, a.bytes2, a.peer2, 0, false);
    out.add(K::wait, 0, a.peer2, 0, false, self);
    out.add(K::wait, 0, self, 0, false, a.peer);
    break;
  case ti::Kind::wait:
    out.add(K::wait, 0, src, a.tag, false, a.peer2);
    break;
  case ti::Kind::waitall:
    out.add(K::waitall, 0, -1, 0, false);
    break;
  default: // test completes nothing (models/common/ti_replay.hpp)
    break;
  }
}

/** Rank `r`'s actions as its program; its global collectives' first and last steps into `global`. */
RankProgram rank_program(const ti::Trace& t, int r, std::vector<GlobalColl>& global)
{
  const ti::RankTrace& rt = t.ranks[static_cast<size_t>(r)];
  RankProgram prog;
  CollectiveSink out(prog, r);
  for (const ti::Action& a : rt.actions) {
    out.at(rt.file + ":" + std::to_string(a.line));
    if (ti::is_collective(a.kind)) {
      size_t enter = prog.steps.size();
      ti::decompose_collective(rt, a, r, t.size(), out);
      if (is_global(a.kind) && t.size() > 1) // every rank has a message in it, so it has steps
        global.push_back({enter, prog.steps.size()});
      continue;
    }
    switch (a.kind) {
    case ti::Kind::compute:
      out.add(K::compute, a.amount, -1, 0, false);
      break;
    case ti::Kind::sleep:
      out.add(K::sleep, a.amount, -1, 0, false);
      break;
    case ti::Kind::init:
    case ti::Kind::finalize:
    case ti::Kind::no_op:
      break;
    default:
      point_to_point(a, r, out, prog);
    }
  }
  return prog;
}

/** Sends to a receiver that takes their tag from any rank go through its one channel (TraceStep::any). Such a tag
 *  must come from any rank in every receive of it: which named receive a message met would depend on timing. */
void route_any_source(TraceProgram& program)
{
  std::set<std::pair<long, long>> any, named; // (receiver, tag) taken from any rank, from a named one
  for (size_t r = 0; r < program.ranks.size(); ++r)
    for (const TraceStep& s : program.ranks[r].steps)
      if ((s.kind == K::recv || s.kind == K::irecv) && not s.coll) {
        (s.peer < 0 ? any : named).insert({static_cast<long>(r), s.tag});
      }
  for (auto const& [rank, tag] : any)
    if (named.count({rank, tag}))
      for (const TraceStep& s : program.ranks[static_cast<size_t>(rank)].steps)
        if ((s.kind == K::recv || s.kind == K::irecv) && not s.coll && s.peer < 0 && s.tag == tag)
          throw InputError(s.where, "",
                           "rank " + std::to_string(rank) + " receives tag " + std::to_string(tag) +
                               " both from any rank (-333, MPI_ANY_SOURCE) and from named ranks: which receive a "
                               "message meets would depend on timing, which the trace does not record");
  for (auto& rank : program.ranks)
    for (TraceStep& s : rank.steps)
      if ((s.kind == K::send || s.kind == K::isend) && not s.coll && any.count({s.peer, s.tag}))
        s.any = true;
}

} // namespace

std::unique_ptr<TraceProgram> load_trace(const Params& p, const std::string& scenario_file, Fields& params)
{
  std::string index = resolve_path(scenario_file, p.trace.index);
  if (not file_exists(index))
    throw InputError(params.file(), params.pointer("trace") + "/index",
                     "trace index \"" + p.trace.index + "\" not found (looked for " + index + ")");
  ti::Trace t = ti::load_trace(index);
  ti::check_matching(t);
  auto program   = std::make_unique<TraceProgram>();
  program->index = p.trace.index;
  std::vector<std::vector<GlobalColl>> global(static_cast<size_t>(t.size()));
  for (int r = 0; r < t.size(); ++r)
    program->ranks.push_back(rank_program(t, r, global[static_cast<size_t>(r)]));
  route_any_source(*program);
  mark_points(*program, global);
  return program;
}

} // namespace cs::checkpoint
