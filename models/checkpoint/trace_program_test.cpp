/* A trace's checkpoint points and its deadlock check (trace_program.hpp), on programs built by hand. */
#include "models/checkpoint/trace_program.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using cs::checkpoint::find_deadlock;
using cs::checkpoint::GlobalColl;
using cs::checkpoint::mark_points;
using cs::checkpoint::RankProgram;
using cs::checkpoint::TraceProgram;
using cs::checkpoint::TraceStep;
using K = TraceStep::Kind;

namespace {

TraceStep msg(K kind, long peer, double bytes, long tag = 0, bool coll = false)
{
  TraceStep s{kind};
  s.peer   = peer;
  s.amount = bytes;
  s.tag    = tag;
  s.coll   = coll;
  s.where  = "t:" + std::to_string(static_cast<int>(kind));
  return s;
}

TraceStep wait_for(long src, long dst, long tag)
{
  TraceStep s{K::wait};
  s.peer  = src;
  s.peer2 = dst;
  s.tag   = tag;
  return s;
}

/** A two-rank barrier as its messages: rank 1 tells rank 0, rank 0 answers. Appends it to both ranks and returns
 *  where it lies in each. */
std::vector<GlobalColl> barrier(TraceProgram& p)
{
  std::vector<GlobalColl> at;
  for (long r = 0; r < 2; ++r) {
    auto& steps = p.ranks[static_cast<size_t>(r)].steps;
    size_t from = steps.size();
    if (r == 0) {
      steps.push_back(msg(K::recv, 1, 0, 0, true));
      steps.push_back(msg(K::send, 1, 0, 0, true));
    } else {
      steps.push_back(msg(K::send, 0, 0, 0, true));
      steps.push_back(msg(K::recv, 0, 0, 0, true));
    }
    at.push_back({from, steps.size()});
  }
  return at;
}

/** Two ranks: an exchange, a barrier, `between` steps on each, a second barrier. */
TraceProgram two_barriers(const std::vector<TraceStep>& r0_between, const std::vector<TraceStep>& r1_between,
                          std::vector<std::vector<GlobalColl>>& global)
{
  TraceProgram p;
  p.ranks.resize(2);
  global.assign(2, {});
  p.ranks[0].steps = {TraceStep{K::compute, 1e6}, msg(K::isend, 1, 800), msg(K::irecv, 1, 800), TraceStep{K::waitall}};
  p.ranks[1].steps = {TraceStep{K::compute, 1e6}, msg(K::isend, 0, 800), msg(K::irecv, 0, 800), TraceStep{K::waitall}};
  auto b1          = barrier(p);
  for (auto const& s : r0_between)
    p.ranks[0].steps.push_back(s);
  for (auto const& s : r1_between)
    p.ranks[1].steps.push_back(s);
  auto b2 = barrier(p);
  for (size_t r = 0; r < 2; ++r)
    global[r] = {b1[r], b2[r]};
  return p;
}

} // namespace

TEST_CASE("A global collective after which no message is in flight is a checkpoint point", "[unit][checkpoint]")
{
  std::vector<std::vector<GlobalColl>> global;
  TraceProgram p = two_barriers({TraceStep{K::compute, 5}}, {TraceStep{K::compute, 5}}, global);
  mark_points(p, global);
  REQUIRE(p.global_colls == 2);
  REQUIRE(p.points == 2);
  // Each point's enter comes before the collective's first message, its cut right after the last.
  const auto& steps = p.ranks[0].steps;
  REQUIRE(steps[4].kind == K::enter);
  REQUIRE(steps[4].point == 1);
  REQUIRE(steps[7].kind == K::cut);
  REQUIRE(p.ranks[0].cut_step == std::vector<size_t>{7, 12});
  REQUIRE(p.resume_step(0, 0) == 0);
  REQUIRE(p.resume_step(0, 1) == 8);
  REQUIRE(p.resume_step(1, 2) == p.ranks[1].steps.size());
  REQUIRE(find_deadlock(p, 65536).why.empty());
}

TEST_CASE("A message sent before a global collective and received after it keeps it from being a checkpoint point",
          "[unit][checkpoint]")
{
  std::vector<std::vector<GlobalColl>> global;
  TraceProgram p;
  p.ranks.resize(2);
  global.assign(2, {});
  p.ranks[0].steps = {msg(K::send, 1, 100)}; // eager: rank 0 goes on into the barrier
  p.ranks[1].steps = {TraceStep{K::compute, 1}};
  auto b1          = barrier(p);
  p.ranks[1].steps.push_back(msg(K::recv, 0, 100)); // received only after the barrier
  auto b2 = barrier(p);
  for (size_t r = 0; r < 2; ++r)
    global[r] = {b1[r], b2[r]};
  mark_points(p, global);
  REQUIRE(p.global_colls == 2);
  REQUIRE(p.points == 1); // the second barrier only
  REQUIRE(p.ranks[1].steps[p.ranks[1].cut_step[0] - 3].kind == K::enter);
  REQUIRE(find_deadlock(p, 65536).why.empty());
}

TEST_CASE("A request pending across a global collective keeps it from being a checkpoint point", "[unit][checkpoint]")
{
  std::vector<std::vector<GlobalColl>> global;
  TraceProgram p;
  p.ranks.resize(2);
  global.assign(2, {});
  p.ranks[0].steps = {msg(K::isend, 1, 1e6, 7)};
  p.ranks[1].steps = {msg(K::irecv, 0, 1e6, 7)};
  auto b1          = barrier(p);
  p.ranks[0].steps.push_back(wait_for(0, 1, 7));
  p.ranks[1].steps.push_back(wait_for(0, 1, 7));
  for (size_t r = 0; r < 2; ++r)
    global[r] = {b1[r]};
  mark_points(p, global);
  REQUIRE(p.global_colls == 1);
  REQUIRE(p.points == 0);
  REQUIRE(find_deadlock(p, 65536).why.empty());
}

TEST_CASE("Two ranks that both receive first deadlock, and the check says where", "[unit][checkpoint]")
{
  TraceProgram p;
  p.ranks.resize(2);
  p.ranks[0].steps = {msg(K::recv, 1, 8), msg(K::send, 1, 8)};
  p.ranks[1].steps = {msg(K::recv, 0, 8), msg(K::send, 0, 8)};
  std::string why  = find_deadlock(p, 65536).why;
  REQUIRE(why.find("rank 0 waits at") != std::string::npos);
  REQUIRE(why.find("a message from rank 1") != std::string::npos);
}

TEST_CASE("Two ranks that both send first deadlock only when the sends wait for their receives", "[unit][checkpoint]")
{
  TraceProgram p;
  p.ranks.resize(2);
  p.ranks[0].steps = {msg(K::send, 1, 1e6), msg(K::recv, 1, 1e6)};
  p.ranks[1].steps = {msg(K::send, 0, 1e6), msg(K::recv, 0, 1e6)};
  REQUIRE(find_deadlock(p, 65536).why.find("rank 0 waits") != std::string::npos);
  REQUIRE(find_deadlock(p, 2e6).why.empty()); // below the eager limit: both sends complete at once
}

TEST_CASE("A message nobody receives is a deadlock at the sender's end", "[unit][checkpoint]")
{
  TraceProgram p;
  p.ranks.resize(2);
  p.ranks[0].steps = {msg(K::send, 1, 8, 3)};
  p.ranks[1].steps = {TraceStep{K::compute, 1}};
  REQUIRE(find_deadlock(p, 65536).why.find("rank 0 ends with a message no rank receives") != std::string::npos);
}

TEST_CASE("Messages of one channel match in order, whatever their tags on other channels", "[unit][checkpoint]")
{
  TraceProgram p;
  p.ranks.resize(2);
  p.ranks[0].steps = {msg(K::isend, 1, 1e6, 1), msg(K::isend, 1, 1e6, 2), TraceStep{K::waitall}};
  p.ranks[1].steps = {msg(K::irecv, 0, 1e6, 2), wait_for(0, 1, 2), msg(K::recv, 0, 1e6, 1)};
  REQUIRE(find_deadlock(p, 0).why.empty());
}
