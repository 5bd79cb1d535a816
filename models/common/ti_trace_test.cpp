/* The TI trace reader (every action SMPI 3.32 writes, its errors at file:line) and the replay's decomposition of
 * collectives into SMPI 3.32's default algorithms: counts and bytes per rank, and every rank's messages run to the
 * end together (a receive always finds its message) at 4, 16 and rank counts that are no power of two. */
#include "models/common/ti_replay.hpp"
#include "models/common/ti_trace.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using namespace cs::ti;

namespace {

void write(const std::string& path, const std::string& text)
{
  std::ofstream(path) << text;
}

/** What a rank did, op by op: 's' send, 'r' receive, 'c' compute, 'z' sleep. */
struct Op {
  char what;
  int peer;
  double bytes;
  int channel;
};

class Recorder : public TransferSink {
public:
  void compute(double flops) override { ops.push_back({'c', -1, flops, 0}); }
  void sleep(double s) override { ops.push_back({'z', -1, s, 0}); }
  void send(int dst, double bytes, int channel) override { ops.push_back({'s', dst, bytes, channel}); }
  void recv(int src, double bytes, int channel) override { ops.push_back({'r', src, bytes, channel}); }
  /** 'S' and 'R': to and from any source, with the tag for the peer (the destination of 'S' in `channel`). */
  void send_any(int dst, int tag, double bytes) override { ops.push_back({'S', tag, bytes, dst}); }
  void recv_any(int tag, double bytes) override { ops.push_back({'R', tag, bytes, 0}); }
  long count(char what) const
  {
    long n = 0;
    for (auto const& o : ops)
      n += o.what == what;
    return n;
  }
  double bytes(char what) const
  {
    double b = 0;
    for (auto const& o : ops)
      b += o.what == what ? o.bytes : 0;
    return b;
  }
  std::vector<Op> ops;
};

/** A one-action trace of `n` ranks whose line for rank r is `line(r)`. */
template <class F> Trace one_action(int n, F line)
{
  std::string text;
  for (int r = 0; r < n; ++r)
    text += std::to_string(r) + " " + line(r) + "\n";
  Trace t;
  t.file  = "<test>";
  t.ranks = parse_rank_text(text, "<test>", -1, n);
  return t;
}

/** Every rank's ops, run together with eager sends: true when every receive finds its message (same bytes) and
 *  every message is received. */
bool runs_to_the_end(const std::vector<Recorder>& ranks)
{
  size_t n = ranks.size();
  std::vector<size_t> pc(n, 0);
  std::map<std::tuple<size_t, size_t, int>, std::deque<double>> queues;
  for (bool moved = true; moved;) {
    moved = false;
    for (size_t r = 0; r < n; ++r)
      for (; pc[r] < ranks[r].ops.size(); ++pc[r], moved = true) {
        const Op& o = ranks[r].ops[pc[r]];
        if (o.what == 's')
          queues[{r, static_cast<size_t>(o.peer), o.channel}].push_back(o.bytes);
        else if (o.what == 'r') {
          auto& q = queues[{static_cast<size_t>(o.peer), r, o.channel}];
          if (q.empty())
            break;
          q.pop_front();
        }
      }
  }
  for (size_t r = 0; r < n; ++r)
    if (pc[r] != ranks[r].ops.size())
      return false;
  for (auto const& [k, q] : queues)
    if (not q.empty())
      return false;
  return true;
}

std::vector<Recorder> replay_all(const Trace& t)
{
  std::vector<Recorder> out(static_cast<size_t>(t.size()));
  for (int r = 0; r < t.size(); ++r)
    replay_rank(t, r, out[static_cast<size_t>(r)]);
  return out;
}

std::string error_of(const std::string& text, int rank = 0, int ranks = 2)
{
  try {
    parse_rank_text(text, "tr/rank0.txt", rank, ranks);
  } catch (const cs::InputError& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("ti: an index and its rank files, as smpirun -trace-ti writes them", "[unit]")
{
  cs::TempDir dir("ti-test");
  std::string d = dir.path();
  std::filesystem::create_directories(d + "/tr.txt_files");
  write(d + "/tr.txt", "tr.txt_files/1_rank-1.txt\ntr.txt_files/1_rank-2.txt\n");
  write(d + "/tr.txt_files/1_rank-1.txt", "0 init\n0 compute 783113\n0 irecv 1 7 1000 0\n0 isend 1 7 1000 0\n"
                                          "0 waitall 2\n0 allreduce 10 0 0 \n0 compute 1.5e+06\n# a comment\n\n"
                                          "0 gatherv 1 1 2 1 0 0\n0 sendRecv 3 1 3 1 0 0\n0 finalize\n");
  write(d + "/tr.txt_files/1_rank-2.txt", "1 init\n1 irecv 0 7 1000 0\n1 isend 0 7 1000 0\n1 wait 0 1 7\n"
                                          "1 allreduce 10 0 0\n1 gatherv 2 0 0 1 0 0\n1 sendRecv 3 0 3 0 0 0\n"
                                          "1 finalize\n");
  Trace t = load_trace(d + "/tr.txt");
  REQUIRE(t.size() == 2);
  const auto& a = t.ranks[0].actions;
  REQUIRE(a.size() == 10);
  CHECK(a[1].kind == Kind::compute);
  CHECK(a[1].amount == 783113);
  CHECK(a[2].kind == Kind::irecv);
  CHECK(a[2].peer == 1);
  CHECK(a[2].tag == 7);
  CHECK(a[2].bytes == 8000); // 1000 MPI_DOUBLE
  CHECK(a[5].kind == Kind::allreduce);
  CHECK(a[5].bytes == 80);
  CHECK(a[6].amount == 1.5e6);
  CHECK(a[6].line == 7);
  CHECK(a[7].kind == Kind::gatherv);
  CHECK(a[7].line == 10);
  CHECK(t.ranks[0].size_at(a[7].sizes, 1) == 16);
  CHECK(a[8].kind == Kind::sendrecv);
  CHECK(a[8].bytes == 24);
  CHECK(t.ranks[1].actions[3].kind == Kind::wait);
  check_matching(t);
  auto ranks = replay_all(t);
  CHECK(runs_to_the_end(ranks));
  CHECK(ranks[0].count('s') == 4);              // isend, allreduce's bcast, gatherv to its root 1, sendRecv
  CHECK(ranks[1].bytes('s') == 8000 + 80 + 24); // isend, allreduce's reduce to 0, sendRecv
}

TEST_CASE("ti: datatypes are sized as SMPI 3.32's, and lines without one use MPI_BYTE", "[unit]")
{
  CHECK(datatype_size(0) == 8);   // MPI_DOUBLE
  CHECK(datatype_size(1) == 4);   // MPI_INT
  CHECK(datatype_size(2) == 1);   // MPI_CHAR
  CHECK(datatype_size(14) == 16); // MPI_LONG_DOUBLE
  CHECK(datatype_size(36) == 16); // MPI_2DOUBLE
  CHECK(datatype_size(55) == -1); // MPI_UB
  CHECK(datatype_size(60) == -1);
  auto r = parse_rank_text("0 send 1 0 100\n0 init 1\n0 send 1 0 100\n", "f", 0, 2);
  CHECK(r[0].actions[0].bytes == 100); // before an init with an argument: MPI_BYTE
  CHECK(r[0].actions[2].bytes == 800); // after it: MPI_DOUBLE (SMPI's MPE default)
}

TEST_CASE("ti: one file holding every rank's lines", "[unit]")
{
  cs::TempDir dir("ti-test");
  write(dir.path() + "/all.txt", "0 send 2 0 10\n1 compute 5\n2 recv 0 0 10\n");
  Trace t = load_trace(dir.path() + "/all.txt");
  REQUIRE(t.size() == 3);
  CHECK(t.ranks[2].actions[0].kind == Kind::recv);
  CHECK(t.ranks[1].actions[0].line == 2);
}

TEST_CASE("ti: every error names the file and the line", "[unit]")
{
  CHECK_THAT(error_of("0 init\n0 frobnicate 3\n"), Catch::Contains("tr/rank0.txt:2: unknown action \"frobnicate\""));
  CHECK_THAT(error_of("0 compute abc\n"), Catch::Contains("tr/rank0.txt:1: compute: flops \"abc\" is not a number"));
  CHECK_THAT(error_of("0 compute -5\n"), Catch::Contains("tr/rank0.txt:1: compute: flops -5 is negative"));
  CHECK_THAT(error_of("0 compute nan\n"), Catch::Contains("tr/rank0.txt:1:"));
  CHECK_THAT(error_of("0 send 1 0 -8 0\n"), Catch::Contains("tr/rank0.txt:1: send: count -8 is negative"));
  CHECK_THAT(error_of("\n0 send 1 0\n"), Catch::Contains("tr/rank0.txt:2: send takes 3 to 4 arguments, not 2"));
  CHECK_THAT(error_of("0 barrier 3\n"), Catch::Contains("tr/rank0.txt:1: barrier takes 0 arguments, not 1"));
  CHECK_THAT(error_of("0 send 5 0 8\n"), Catch::Contains("tr/rank0.txt:1: send: partner 5 is not a rank"));
  CHECK_THAT(error_of("0 recv -1 0 8\n"), Catch::Contains("tr/rank0.txt:1: recv: partner -1 is not a rank"));
  CHECK_THAT(error_of("0 send 1 0 8 99\n"), Catch::Contains("tr/rank0.txt:1: send: datatype 99 is not one"));
  CHECK_THAT(error_of("0 init\n1 compute 5\n"), Catch::Contains("tr/rank0.txt:2: this line is rank 1's"));
  CHECK_THAT(error_of("x compute 5\n"), Catch::Contains("tr/rank0.txt:1: \"x\" is not a rank"));
  CHECK_THAT(error_of("0 gatherv 1 1\n"), Catch::Contains("tr/rank0.txt:1: gatherv takes 3 to 6 arguments, not 2"));
  cs::TempDir dir("ti-test");
  write(dir.path() + "/idx.txt", "r0.txt\nmissing.txt\n");
  write(dir.path() + "/r0.txt", "0 init\n");
  CHECK_THROWS_WITH(load_trace(dir.path() + "/idx.txt"),
                    Catch::Contains("idx.txt:2: rank 1's file missing.txt does not exist"));
  CHECK_THROWS_WITH(load_trace(dir.path() + "/none.txt"), Catch::Contains("none.txt"));
}

TEST_CASE("ti: a receive with no send on its pair and tag is refused at its line", "[unit]")
{
  Trace t;
  t.ranks = parse_rank_text("0 send 1 5 10\n1 recv 0 5 10\n1 recv 0 5 10\n", "all.txt", -1, 2);
  CHECK_THROWS_WITH(check_matching(t), Catch::Contains("all.txt:3: recv from rank 0 with tag 5 has no matching send") &&
                                           Catch::Contains("sends 1 message(s)"));
  t.ranks = parse_rank_text("0 send 1 5 10\n1 irecv 0 6 10\n", "all.txt", -1, 2);
  CHECK_THROWS_WITH(check_matching(t), Catch::Contains("all.txt:2: irecv from rank 0 with tag 6"));
}

TEST_CASE("ti: receives from any source (-333) are matched per destination and tag, and refused when mixed", "[unit]")
{
  // Rank 0 receives tag 3 from any rank (a blocking recv, then an irecv completed by the wait of its -333 key) and
  // tag 1 from rank 1 by name; ranks 1 and 2 send.
  Trace t;
  t.ranks = parse_rank_text("0 recv -333 3 8\n0 irecv -333 3 16\n0 recv 1 1 4\n0 wait -333 0 3\n"
                            "1 send 0 3 8\n1 send 0 1 4\n2 send 0 3 16\n",
                            "all.txt", -1, 3);
  check_matching(t);
  AnySourceTags any = any_source_tags(t);
  CHECK(any.size() == 1);
  CHECK(any.has(0, 3));
  CHECK_FALSE(any.has(0, 1));
  Recorder r0, r1, r2;
  replay_rank(t, 0, r0, &any);
  replay_rank(t, 1, r1, &any);
  replay_rank(t, 2, r2, &any);
  REQUIRE(r0.ops.size() == 3);
  CHECK((r0.ops[0].what == 'R' && r0.ops[0].peer == 3));   // the blocking any-source receive
  CHECK((r0.ops[1].what == 'r' && r0.ops[1].peer == 1));   // the named one
  CHECK((r0.ops[2].what == 'R' && r0.ops[2].bytes == 16)); // the irecv, at its wait
  REQUIRE(r1.ops.size() == 2);
  CHECK((r1.ops[0].what == 'S' && r1.ops[0].peer == 3 && r1.ops[0].channel == 0)); // to rank 0's tag-3 mailbox
  CHECK((r1.ops[1].what == 's' && r1.ops[1].peer == 0));                           // tag 1 goes by its pair
  CHECK(r2.count('S') == 1);
  // The wait of an any-source irecv traced with the source it matched completes it.
  t.ranks[0].actions[3].peer = 2;
  Recorder matched;
  replay_rank(t, 0, matched, &any);
  REQUIRE(matched.ops.size() == 3);
  CHECK((matched.ops[2].what == 'R' && matched.ops[2].bytes == 16));
  struct Plain : TransferSink { // without the tags, a sink that does not take any-source receives refuses them
    void compute(double) override {}
    void sleep(double) override {}
    void send(int, double, int) override {}
    void recv(int, double, int) override {}
  } refusing;
  CHECK_THROWS_AS(replay_rank(t, 0, refusing), std::logic_error);

  // More any-source receives of a tag than the sends no named receive takes.
  t.ranks = parse_rank_text("0 recv 1 3 8\n0 recv -333 3 8\n1 send 0 3 8\n", "all.txt", -1, 2);
  CHECK_THROWS_WITH(check_matching(t), Catch::Contains("all.txt:2: recv from any rank (-333, MPI_ANY_SOURCE)"));
  // One tag received both from any rank and from a named one: refused at the later line.
  t.ranks = parse_rank_text("0 recv -333 3 8\n0 recv 1 3 8\n1 send 0 3 8\n1 send 0 3 8\n", "all.txt", -1, 2);
  check_matching(t);
  CHECK_THROWS_WITH(any_source_tags(t), Catch::Contains("all.txt:2: recv with tag 3: rank 0 receives this tag both "
                                                        "from any rank (-333, MPI_ANY_SOURCE; line 1)"));
  // sendRecv receives with tag 0 from a named rank.
  t.ranks =
      parse_rank_text("0 irecv -333 0 8\n0 sendRecv 8 1 8 1\n1 send 0 0 8\n1 sendRecv 8 0 8 0\n", "all.txt", -1, 2);
  CHECK_THROWS_WITH(any_source_tags(t), Catch::Contains("all.txt:2: sendRecv with tag 0"));
}

TEST_CASE("ti: nonblocking requests complete at wait, waitall or the end, per pair in order", "[unit]")
{
  Trace t = one_action(2, [](int r) { return r == 0 ? "irecv 1 1 10" : "isend 0 1 10"; });
  t.ranks[0].actions.push_back(t.ranks[0].actions[0]);
  t.ranks[0].actions[1].tag   = 2;
  t.ranks[0].actions[1].bytes = 20;
  Action w;
  w.kind  = Kind::wait;
  w.peer  = 1;
  w.peer2 = 0;
  w.tag   = 2;
  t.ranks[0].actions.push_back(w);
  Recorder r0;
  replay_rank(t, 0, r0);
  REQUIRE(r0.ops.size() == 2); // waiting for the second irecv of the pair completes the first one before it
  CHECK(r0.ops[0].bytes == 10);
  CHECK(r0.ops[1].bytes == 20);
  CHECK(r0.ops[0].channel == p2p_channel);
}

TEST_CASE("ti: collectives decompose as SMPI 3.32's default algorithms (4 and 16 ranks)", "[unit]")
{
  for (int n : {4, 16}) {
    INFO(n << " ranks");
    auto ranks = replay_all(one_action(n, [](int) { return "barrier"; }));
    CHECK(ranks[0].count('r') == n - 1);
    CHECK(ranks[0].count('s') == n - 1);
    CHECK(ranks[3].count('s') == 1);
    ranks      = replay_all(one_action(n, [](int) { return "bcast 100 1 2"; })); // 100 MPI_CHAR from rank 1
    long sends = 0;
    for (auto const& r : ranks)
      sends += r.count('s');
    CHECK(sends == n - 1);
    CHECK(ranks[1].count('s') == (n == 4 ? 2 : 4)); // the binomial tree's root sends log2(n) times
    CHECK(ranks[1].count('r') == 0);
    ranks = replay_all(one_action(n, [](int) { return "allreduce 10 5000 0"; })); // flat reduce, binomial bcast
    CHECK(ranks[0].count('r') == n - 1);
    CHECK(ranks[0].bytes('s') == 80.0 * (n == 4 ? 2 : 4));
    CHECK(ranks[2].bytes('c') == 5000);
    ranks = replay_all(one_action(n, [](int) { return "alltoall 8 8 0 0"; }));
    if (n == 4) { // 64 bytes per rank on 4 ranks: basic_linear
      CHECK(ranks[2].count('s') == 3);
      CHECK(ranks[2].bytes('s') == 3 * 64);
    } else { // 64 bytes per rank on 16 ranks: bruck (16 to 31 ranks, below 512 bytes)
      CHECK(ranks[2].count('s') == 4 + 4 + 16); // 4 local rotations, log2(16) exchanges, 16 local copies
      CHECK(ranks[2].bytes('s') == 64.0 * (16 + 8 * 4 + 16 + 16));
    }
    ranks = replay_all(one_action(n, [](int) { return "gather 5 5 0 5 5"; })); // 5 MPI_FLOAT to rank 0
    CHECK(ranks[0].bytes('r') == 20.0 * (n - 1));
    CHECK(ranks[5 % n].bytes('s') == 20);
  }
}

TEST_CASE("ti: every collective's messages are all received, whatever the rank count", "[unit]")
{
  auto counts = [](int n, int from) {
    std::string s;
    for (int k = 0; k < n; ++k)
      s += std::to_string(from + k % 3) + " ";
    return s;
  };
  for (int n : {1, 2, 3, 4, 6, 7, 12, 16, 33}) {
    std::vector<std::function<std::string(int)>> lines{
        [](int) { return std::string("barrier"); },
        [n](int) { return "bcast 7 " + std::to_string(n - 1) + " 0"; },
        [n](int) { return "reduce 7 100 " + std::to_string(n / 2) + " 0"; },
        [](int) { return std::string("allreduce 3 0 1"); },
        [](int) { return std::string("scan 3 0 1"); },
        [](int) { return std::string("exscan 3 0 1"); },
        [](int) { return std::string("alltoall 4 4 2 2"); },
        [](int) { return std::string("alltoall 100 100 0 0"); },
        [](int) { return std::string("allgather 5 5 2 2"); },
        [n](int) { return "scatter 6 6 " + std::to_string(n - 1) + " 1 1"; },
        [n, counts](int r) { return "gatherv " + std::to_string(r % 3 + 1) + " " + counts(n, 1) + "0 0 0"; },
        [n, counts](int r) { return "allgatherv " + std::to_string(r % 3 + 1) + " " + counts(n, 1) + "0 0"; },
        [n, counts](int r) { return "scatterv " + counts(n, 1) + std::to_string(r % 3 + 1) + " 0 0 0"; },
        [n, counts](int r) {
          std::string same;
          for (int k = 0; k < n; ++k)
            same += std::to_string(r % 3 + 1) + " ";
          return "alltoallv 0 " + same + "0 " + counts(n, 1) + "0 0";
        },
        [n, counts](int) { return "reducescatter " + counts(n, 2) + "0 0"; }, // unequal: mpich's rdb
        [n](int) {                                                            // equal counts: reduce, then scatterv
          std::string s;
          for (int k = 0; k < n; ++k)
            s += "4 ";
          return "reducescatter " + s + "0 0";
        },
    };
    for (size_t i = 0; i < lines.size(); ++i) {
      Trace t = one_action(n, lines[i]);
      INFO(n << " ranks: " << t.ranks[0].actions.size() << " action(s), first line \"" << lines[i](0) << "\"");
      CHECK(runs_to_the_end(replay_all(t)));
    }
  }
}

TEST_CASE("ti: alltoall's pair algorithm refuses rank counts that are no power of two, as SMPI's", "[unit]")
{
  // 1 MiB per rank on 128 to 255 ranks: alltoall__ompi picks pair.
  Trace t = one_action(130, [](int) { return "alltoall 1048576 1048576 2 2"; });
  Recorder r;
  CHECK_THROWS_WITH(replay_rank(t, 0, r), Catch::Contains("<test>:1: alltoall") && Catch::Contains("power of two"));
}
