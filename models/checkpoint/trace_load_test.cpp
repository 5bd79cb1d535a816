/* A trace's files as the Brazos model's programs (trace_load.hpp): small traces written by hand, read by
 * models/common's reader, turned into steps and checkpoint points. */
#include "models/checkpoint/trace_load.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using cs::checkpoint::find_deadlock;
using cs::checkpoint::Params;
using cs::checkpoint::TraceProgram;
using cs::checkpoint::TraceStep;
using K = TraceStep::Kind;

namespace {

/** Loads the one-file trace `text` (every rank's lines) through a scenario beside it. */
std::unique_ptr<TraceProgram> load(const std::string& text)
{
  cs::TempDir dir("ckpt-trace");
  std::ofstream(dir.path() + "/all.txt") << text;
  Params p;
  p.trace.index = "all.txt";
  cs::Fields f(cs::json{{"trace", {{"index", "all.txt"}}}}, "scen.json", "/params");
  return cs::checkpoint::load_trace(p, dir.path() + "/scen.json", f);
}

long count(const TraceProgram& t, size_t rank, K kind, bool coll)
{
  long n = 0;
  for (auto const& s : t.ranks[rank].steps)
    n += s.kind == kind && s.coll == coll ? 1 : 0;
  return n;
}

} // namespace

TEST_CASE("checkpoint trace: point-to-point actions keep their tags, collectives become their messages",
          "[unit][checkpoint]")
{
  auto t = load("0 compute 1000\n1 compute 2000\n0 isend 1 7 10 0\n1 irecv 0 7 10 0\n0 waitall\n1 wait 0 1 7\n"
                "0 allreduce 4 50 0\n1 allreduce 4 50 0\n0 sendRecv 1 1 2 1 0 0\n1 sendRecv 2 0 1 0 0 0\n"
                "0 sleep 0.5\n");
  REQUIRE(t->ranks.size() == 2);
  REQUIRE(t->ranks[0].p2p == 2);
  REQUIRE(t->ranks[0].p2p_bytes == 80 + 8);
  REQUIRE(t->ranks[0].flops == 1000 + 50); // the reduction's flops after its messages
  REQUIRE(t->ranks[0].steps[1].kind == K::isend);
  REQUIRE(t->ranks[0].steps[1].tag == 7);
  REQUIRE(t->ranks[0].steps[1].where.find("all.txt:3") != std::string::npos);
  // allreduce at two ranks: rank 1 sends to 0 (the reduce), 0 sends to 1 (the bcast).
  REQUIRE(count(*t, 1, K::send, true) == 1);
  REQUIRE(count(*t, 1, K::recv, true) == 1);
  REQUIRE(t->global_colls == 1);
  REQUIRE(t->points == 1);
  REQUIRE(count(*t, 0, K::enter, false) == 1);
  REQUIRE(count(*t, 0, K::sleep, false) == 1);
  // sendRecv: an isend and an irecv with tag 0, both waited for.
  REQUIRE(count(*t, 1, K::wait, false) == 3);
  REQUIRE(find_deadlock(*t, 65536).why.empty());
}

TEST_CASE("checkpoint trace: a collective's large messages never wait for their receives", "[unit][checkpoint]")
{
  // alltoall at 2 ranks, 1 MB each way: both ranks send first, which deadlocks if the sends waited.
  auto t = load("0 alltoall 131072 131072 0\n1 alltoall 131072 131072 0\n");
  REQUIRE(t->ranks[0].coll_bytes == 1048576);
  REQUIRE(find_deadlock(*t, 65536).why.empty());
}

TEST_CASE("checkpoint trace: receives from any rank take every sender's messages of their tag", "[unit][checkpoint]")
{
  auto t = load("0 recv -333 3 2 0\n0 recv -333 3 2 0\n1 send 0 3 2 0\n2 send 0 3 2 0\n"
                "0 barrier\n1 barrier\n2 barrier\n");
  REQUIRE(t->ranks[1].steps[0].any);
  REQUIRE(t->ranks[0].steps[0].peer == -1);
  REQUIRE(t->points == 1);
  REQUIRE(find_deadlock(*t, 65536).why.empty());
  // A third receive has no message left for it.
  REQUIRE_THROWS_WITH(load("0 recv -333 3 2 0\n0 recv -333 3 2 0\n1 send 0 3 2 0\n"),
                      Catch::Contains("all.txt:2: recv from any rank"));
  // Any and named receives of one tag: which one a message meets is timing.
  REQUIRE_THROWS_WITH(load("0 recv -333 3 2 0\n0 recv 1 3 2 0\n1 send 0 3 2 0\n1 send 0 3 2 0\n"),
                      Catch::Contains("all.txt:1") && Catch::Contains("both from any rank"));
}

TEST_CASE("checkpoint trace: a bad line is refused at its file and line", "[unit][checkpoint]")
{
  REQUIRE_THROWS_WITH(load("0 compute 10\n0 isend one 0 10 0\n1 compute 1\n"), Catch::Contains("all.txt:2"));
}
