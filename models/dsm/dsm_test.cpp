/* Seed 003: the UDP fabric loses what its buffers cannot hold, the DSM's systems acknowledge what they should,
 * and lost messages are recovered the way each system does it. */
#include "models/common/net/lossy_udp.hpp"
#include "models/dsm/benchmark.hpp"
#include "models/dsm/memory.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

using cs::json;
namespace sg4 = simgrid::s4u;

TEST_CASE("An allocation deals its pages to homes in blocks round-robin from its start node", "[unit][dsm]")
{
  cs::dsm::Memory m(4, 8192);
  long base = m.alloc(10 * 8192.0, 3 * 8192.0, 1);
  std::vector<int> homes;
  for (long p = base; p < base + 10; ++p)
    homes.push_back(m.home(p));
  REQUIRE(homes == std::vector<int>{1, 1, 1, 2, 2, 2, 3, 3, 3, 0});
  long next = m.alloc(100, 8192);
  REQUIRE(next == 10);
  REQUIRE(m.home(next) == 0);
  REQUIRE(m.span(base, 8000, 400) == std::pair<long, long>{0, 1});
  REQUIRE(m.span(base, 8192, 8192) == std::pair<long, long>{1, 1});
}

TEST_CASE("N-queens tasks enumerate the real board: all placements of 8 rows are the 92 solutions", "[unit][dsm]")
{
  REQUIRE(cs::dsm::nqueens_tasks(8, 8, 0).size() == 92);
  REQUIRE(cs::dsm::nqueens_tasks(17, 2, 0).size() == 240);
  // Weights are the task's subtree: a corner opening leaves more room below than the centre one, and the
  // board's mirror symmetry holds.
  auto w = cs::dsm::nqueens_tasks(17, 1, 3);
  REQUIRE(w.size() == 17);
  REQUIRE(w[0] > w[8]);
  REQUIRE(w[0] == w[16]);
  REQUIRE(w[3] == w[13]);
}

namespace {

/** A star of `n` hosts for a bare fabric test (one engine per TEST_CASE). */
std::vector<sg4::Host*> star(sg4::Engine& e, int n)
{
  auto* zone = sg4::create_full_zone("lan");
  std::vector<sg4::Host*> hosts;
  for (int i = 0; i < n; ++i)
    hosts.push_back(zone->create_host("h" + std::to_string(i), 1e9));
  zone->seal();
  (void)e;
  return hosts;
}

sg4::Engine* engine()
{
  static int argc     = 2;
  static char a0[]    = "test";
  static char a1[]    = "--log=root.thres:critical";
  static char* argv[] = {a0, a1, nullptr};
  return new sg4::Engine(&argc, argv);
}

cs::net::FabricConfig gige(double port_buffer)
{
  cs::net::FabricConfig c;
  c.bandwidth   = 125e6;
  c.latency     = 0;
  c.port_buffer = port_buffer;
  return c;
}

} // namespace

TEST_CASE("A switch port sends what it holds at line rate in arrival order", "[engine][dsm]")
{
  sg4::Engine* e = engine();
  auto hosts     = star(*e, 4);
  cs::net::Fabric f(gige(1e9), {1e9, 1712}, 4, 1, cs::Rng(1));
  f.start(hosts[0]);
  std::vector<double> arrivals;
  for (int s = 0; s < 3; ++s)
    sg4::Actor::create("sender", hosts[static_cast<size_t>(s)], [&f, s]() {
      for (int i = 0; i < 4; ++i)
        f.send({s, 3, 0, 8000, nullptr});
    });
  sg4::Actor::create("reader", hosts[3], [&f, &arrivals]() {
    for (int i = 0; i < 12; ++i) {
      f.socket(3, 0).recv();
      arrivals.push_back(sg4::Engine::get_clock());
    }
  });
  e->run();
  double slot = f.wire_bytes(8000) / 125e6;
  REQUIRE(arrivals.size() == 12);
  for (size_t i = 1; i < arrivals.size(); ++i)
    REQUIRE(arrivals[i] - arrivals[i - 1] == Approx(slot).epsilon(1e-6));
  REQUIRE(f.stats().port_drops == 0);
}

TEST_CASE("A switch port drops the datagrams its buffer cannot hold", "[engine][dsm]")
{
  sg4::Engine* e = engine();
  auto hosts     = star(*e, 4);
  double buffer  = 20000;
  cs::net::Fabric f(gige(buffer), {1e9, 1712}, 4, 1, cs::Rng(1));
  f.start(hosts[0]);
  for (int s = 0; s < 3; ++s)
    sg4::Actor::create("sender", hosts[static_cast<size_t>(s)], [&f, s]() {
      for (int i = 0; i < 4; ++i)
        f.send({s, 3, 0, 8000, nullptr});
    });
  sg4::Actor::create("reader", hosts[3], [&f]() {
    while (f.socket(3, 0).recv_until(sg4::Engine::get_clock() + 0.01))
      ;
  });
  e->run();
  const auto& st = f.stats();
  REQUIRE(st.port_drops > 0);
  REQUIRE(st.port_drops + f.socket(3, 0).stats().delivered == 12);
  // Three senders at line rate into one port: it drains one datagram while three come in, so two datagrams queue
  // after the first round and every later round has room for one more only.
  REQUIRE(st.port_drops == 6);
}

TEST_CASE("A datagram larger than a switch port's buffer passes the idle port frame by frame", "[engine][dsm]")
{
  sg4::Engine* e = engine();
  auto hosts     = star(*e, 2);
  // 35,496 B: a 40 KiB-class DSM message, 25 fragments, over a 34 KiB port buffer; it streams in as fast as the port
  // sends it, so the queue never holds more than a frame of it.
  cs::net::Fabric f(gige(34 * 1024), {1e9, 1712}, 2, 1, cs::Rng(1));
  f.start(hosts[0]);
  sg4::Actor::create("sender", hosts[0], [&f]() {
    for (int i = 0; i < 3; ++i) {
      f.send({0, 1, 0, 35496, nullptr});
      sg4::this_actor::sleep_for(0.01);
    }
  });
  long got = 0;
  sg4::Actor::create("reader", hosts[1], [&f, &got]() {
    while (f.socket(1, 0).recv_until(sg4::Engine::get_clock() + 0.05))
      ++got;
  });
  e->run();
  REQUIRE(f.stats().port_drops == 0);
  REQUIRE(got == 3);
}

namespace {

/** Port drops when two 20,000 B datagrams from two senders reach one port together. */
long converging_drops(double buffer)
{
  sg4::Engine* e = engine();
  auto hosts     = star(*e, 3);
  cs::net::Fabric f(gige(buffer), {1e9, 1712}, 3, 1, cs::Rng(1));
  f.start(hosts[0]);
  for (int s = 0; s < 2; ++s)
    sg4::Actor::create("sender", hosts[static_cast<size_t>(s)], [&f, s]() { f.send({s, 2, 0, 20000, nullptr}); });
  sg4::Actor::create("reader", hosts[2], [&f]() {
    while (f.socket(2, 0).recv_until(sg4::Engine::get_clock() + 0.01))
      ;
  });
  e->run();
  return f.stats().port_drops;
}

} // namespace

// While both stream in, the port sends one: one datagram's worth queues. A buffer below that loses the second.
TEST_CASE("Two datagrams converging on a small port buffer lose one", "[engine][dsm]")
{
  REQUIRE(converging_drops(15000) == 1);
}

TEST_CASE("Two datagrams converging on a port buffer above one datagram lose none", "[engine][dsm]")
{
  REQUIRE(converging_drops(25000) == 0);
}

TEST_CASE("A full socket buffer drops datagrams until its reader takes some", "[engine][dsm]")
{
  sg4::Engine* e = engine();
  auto hosts     = star(*e, 2);
  cs::net::Fabric f(gige(1e9), {65535, 1712}, 2, 1, cs::Rng(1));
  f.start(hosts[0]);
  long taken = 0;
  sg4::Actor::create("sender", hosts[0], [&f]() {
    for (int i = 0; i < 10; ++i)
      f.send({0, 1, 0, 8000, nullptr}); // 6 fragments: 10272 B charged each, 6 fit in 65535
    sg4::this_actor::sleep_for(2);
    f.send({0, 1, 0, 8000, nullptr});
  });
  sg4::Actor::create("late-reader", hosts[1], [&f, &taken]() {
    sg4::this_actor::sleep_for(1);
    for (int i = 0; i < 7; ++i) {
      f.socket(1, 0).recv();
      taken++;
    }
  });
  e->run();
  REQUIRE(f.fragments(8000) == 6);
  REQUIRE(f.socket(1, 0).stats().overflowed == 4);
  REQUIRE(f.stats().socket_drops == 4);
  REQUIRE(taken == 7); // the six that fitted, and the one sent once the reader had made room
}

namespace {
const char* speedup = "scenarios/dsm/speedup.json";
// A small MM: B is 64 pages of 8 KB (128 of 4 KB), a quarter of them homed at each of 4 nodes.
std::vector<std::string> small_mm(const char* system)
{
  return {"params.bench=mm", std::string("params.system=") + system, "params.nodes=4", "params.mm.n=256"};
}
long sum_of_messages_but_acks(const json& m)
{
  return m["messages"].get<long>() - m["msgs_ACK"].get<long>();
}
} // namespace

TEST_CASE("JIAJIA acknowledges every message that crosses the network", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, small_mm("jiajia"));
  REQUIRE(m["lost_datagrams"].get<long>() == 0);
  REQUIRE(m["pages_fetched"].get<long>() == 4 * 96); // 3/4 of B's 128 pages of 4 KB on each node
  REQUIRE(m["msgs_ACK"].get<long>() == sum_of_messages_but_acks(m) - m["local_messages"].get<long>());
}

TEST_CASE("Mocha acknowledges every message but GETP and GETPGRANT", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, small_mm("mocha"));
  REQUIRE(m["lost_datagrams"].get<long>() == 0);
  REQUIRE(m["pages_fetched"].get<long>() == 4 * 48);
  REQUIRE(m["msgs_GETP"].get<long>() == 4 * 48);
  REQUIRE(m["msgs_GETPGRANT"].get<long>() == 4 * 48);
  long unacked = m["msgs_GETP"].get<long>() + m["msgs_GETPGRANT"].get<long>() + m["local_messages"].get<long>();
  REQUIRE(m["msgs_ACK"].get<long>() == sum_of_messages_but_acks(m) - unacked);
}

TEST_CASE("Mocha sends GETP again 50 ms after a lost page request or grant", "[engine][dsm]")
{
  auto sets = small_mm("mocha");
  sets.push_back("params.injected_loss=0.05");
  json m       = cs::test::run_metrics(speedup, sets);
  long resends = m["getpage_resends"].get<long>();
  REQUIRE(m["lost_injected"].get<long>() > 0);
  REQUIRE(resends > 0);
  REQUIRE(m["gave_up"].get<long>() == 0);
  REQUIRE(m["pages_fetched"].get<long>() == 4 * 48); // every page arrived in the end
  // Each re-send follows 50 ms of waiting on one node: the busiest node waited at least its share.
  REQUIRE(m["exec_time_s"].get<double>() >= 0.05 * static_cast<double>(resends) / 4);
}

TEST_CASE("JIAJIA re-sends a message one second after its ACK did not come", "[engine][dsm]")
{
  auto sets = small_mm("jiajia");
  sets.push_back("params.injected_loss=0.01");
  json m       = cs::test::run_metrics(speedup, sets);
  long resends = m["resends"].get<long>();
  REQUIRE(resends > 0);
  REQUIRE(m["gave_up"].get<long>() == 0);
  REQUIRE(m["pages_fetched"].get<long>() == 4 * 96);
  REQUIRE(m["exec_time_s"].get<double>() >= 1.0 * static_cast<double>(resends) / 4);
}

TEST_CASE("On one node a program runs its sequential time and sends nothing", "[engine][dsm]")
{
  json m = cs::test::run_metrics(
      speedup, {"params.bench=sor", "params.nodes=1", "params.sor.iterations=10", "params.sor.seq_time=2s"});
  REQUIRE(m["datagrams"].get<long>() == 0);
  REQUIRE(m["exec_time_s"].get<double>() == Approx(2.0).epsilon(1e-6));
}

TEST_CASE("SOR fetches its neighbours' boundary rows after every barrier", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, {"params.bench=sor", "params.nodes=4", "params.sor.iterations=10",
                                           "params.sor.seq_time=2s", "params.system=mocha", "params.sor.layout=rows"});
  // 20 half-steps; 2 inner nodes read 2 rows and 2 edge nodes 1 row, each row 2 pages of 8 KB.
  REQUIRE(m["pages_fetched"].get<long>() == 20 * (2 * 2 + 2 * 1) * 2);
  REQUIRE(m["msgs_BARR"].get<long>() == 4 * 21); // 20 half-steps and the closing barrier
  REQUIRE(m["msgs_DIFF"].get<long>() == 0);
}

namespace {
json apps_sor(int nodes)
{
  return cs::test::run_metrics(speedup,
                               {"params.bench=sor", "params.nodes=" + std::to_string(nodes), "params.sor.iterations=10",
                                "params.sor.seq_time=2s", "params.system=mocha", "params.sor.layout=apps"});
}
} // namespace

TEST_CASE("apps/sor on 2 nodes: the bands are the homes (2 divides M+2 = 4098), no diffs", "[engine][dsm]")
{
  json m = apps_sor(2);
  REQUIRE(m["msgs_DIFF"].get<long>() == 0);
  // Each node reads the other's boundary row (16388 B) of the colour it does not write: 3 pages of 8 KB after a
  // k = 1..N sweep, 2 after k = 0..N-1, one of each per half-step.
  REQUIRE(m["pages_fetched"].get<long>() == 20 * (3 + 2));
}

TEST_CASE("apps/sor on 4 nodes: bands of 1024.5 rows over homes of 1024 send three diffs per half-step",
          "[engine][dsm]")
{
  // Nodes 1 and 2 write the first row homed at the next node, node 3 row M, dealt to node 0.
  json m = apps_sor(4);
  REQUIRE(m["msgs_DIFF"].get<long>() == 20 * 3);
  REQUIRE(m["msgs_DIFFGRANT"].get<long>() == m["msgs_DIFF"].get<long>());
  REQUIRE(m["errors"].get<long>() == 0);
}

TEST_CASE("A run whose programs stay blocked after a message is given up fails instead of reporting a time",
          "[engine][dsm]")
{
  // A 12 KiB socket can never hold apps/sor's 16 KB diffs at 4 nodes: their sender gives up and the programs wait
  // forever. Before this check the run reported a negative execution time.
  REQUIRE_THROWS_WITH(cs::test::run_metrics(speedup, {"params.bench=sor", "params.nodes=4", "params.sor.iterations=10",
                                                      "params.sor.seq_time=2s", "params.system=mocha_base",
                                                      "params.sor.layout=apps", "params.socket_rcvbuf=12KiB"}),
                      Catch::StartsWith("dsm: ") &&
                          Catch::Contains("message(s) given up after max_retries: the program did not finish"));
}

TEST_CASE("Water's skeleton adds forces under per-molecule locks and ships them home as diffs", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, {"params.bench=water", "params.nodes=4", "params.water.molecules=64",
                                           "params.water.steps=1", "params.system=mocha", "params.water.layout=rows"});
  // Each node updates its 16 molecules and the next 32: 48 lock pairs, plus the energy lock.
  REQUIRE(m["msgs_ACQ"].get<long>() == 4 * (48 + 1));
  REQUIRE(m["msgs_REL"].get<long>() == 4 * (48 + 1));
  REQUIRE(m["diffs"].get<long>() > 0);
  REQUIRE(m["msgs_DIFF"].get<long>() == m["msgs_DIFFGRANT"].get<long>());
}

namespace {
json apps_lu(int nodes)
{
  return cs::test::run_metrics(speedup, {"params.bench=lu", "params.nodes=" + std::to_string(nodes), "params.lu.n=32",
                                         "params.lu.block=8", "params.lu.seq_time=1s", "params.lu.layout=apps",
                                         "params.system=mocha"});
}
} // namespace

TEST_CASE("apps/lu on a 2 x 2 grid fetches the pages of the blocks of the step's row and column", "[engine][dsm]")
{
  // 4 x 4 blocks of 8 x 8 doubles; block (I, J) at process J % 2 + 2 (I % 2), each process's 4 blocks within the
  // first 8 KB page of its region. Remote reads, by hand: step 0, the diagonal page by processes 1 and 2, then for
  // the interior process 1 the page of (2,0), process 2 that of (0,2), process 3 those of (0,1) and (1,0): 6;
  // step 1, the diagonal (at 3) by 1 and 2, then 0 the pages of (1,2) and (2,1), 1 of (1,3), 2 of (3,1): 6; step 2,
  // the diagonal by 1 and 2, 3 the pages of (2,3) and (3,2): 4. Every page read was written since its last read.
  json m = apps_lu(4);
  REQUIRE(m["pages_fetched"].get<long>() == 16);
  REQUIRE(m["msgs_BARR"].get<long>() == 4 * (2 + 2 * 4 + 1)); // OneSolve's two, two per step, the closing one
  REQUIRE(m["msgs_DIFF"].get<long>() == 0);                   // every block is written by its home only
}

TEST_CASE("apps/lu's byte-stepped block pointers pack a process's blocks into fewer pages", "[engine][dsm]")
{
  // 8 x 8 blocks over 2 x 2 processes: 16 blocks of 512 B each, 64 B apart as the port computes their addresses (all
  // within one 4 KB page of JIAJIA) or 512 B apart as SPLASH-2 does (two pages): the reader of a row or column
  // of blocks fetches at most one page of its owner instead of up to two.
  auto fetched = [](bool bytes) {
    return cs::test::run_metrics(speedup,
                                 {"params.bench=lu", "params.nodes=4", "params.lu.n=64", "params.lu.block=8",
                                  "params.lu.seq_time=1s", "params.lu.layout=apps", "params.system=jiajia",
                                  std::string("params.lu.byte_stride=") + (bytes ? "true" : "false")})["pages_fetched"]
        .get<long>();
  };
  long packed = fetched(true), spread = fetched(false);
  REQUIRE(packed > 0);
  REQUIRE(spread > packed);
}

TEST_CASE("apps/lu and apps/water on one node run their sequential time", "[engine][dsm]")
{
  REQUIRE(apps_lu(1)["exec_time_s"].get<double>() == Approx(1.0).epsilon(1e-6));
  json w =
      cs::test::run_metrics(speedup, {"params.bench=water", "params.nodes=1", "params.water.molecules=16",
                                      "params.water.steps=2", "params.water.seq_time=1s", "params.water.layout=apps"});
  REQUIRE(w["exec_time_s"].get<double>() == Approx(1.0).epsilon(1e-6));
  REQUIRE(w["datagrams"].get<long>() == 0);
}

TEST_CASE("apps/water keeps its shared data at node 0 and adds forces under one lock per process", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, {"params.bench=water", "params.nodes=4", "params.water.molecules=64",
                                           "params.water.steps=2", "params.water.layout=apps", "params.system=mocha"});
  // Per step and process: the virial twice (locks 1, 2), the forces of each of the 3 others (locks 8 + q), the
  // kinetic sums three times (lock 6), the energy once (lock 7); 7 barriers a step and the closing one.
  REQUIRE(m["msgs_ACQ"].get<long>() == 2 * 4 * (2 + 3 + 3 + 1));
  REQUIRE(m["msgs_REL"].get<long>() == m["msgs_ACQ"].get<long>());
  REQUIRE(m["msgs_BARR"].get<long>() == 4 * (2 * 7 + 1));
  // Node 0 is every page's home: only the 3 others fetch, at least their positions (twice: INTERF, POTENG), forces
  // and the sums' page each step; their writes go home as diffs.
  REQUIRE(m["pages_fetched"].get<long>() >= 2 * 3 * 4);
  REQUIRE(m["msgs_GETP"].get<long>() == m["pages_fetched"].get<long>());
  REQUIRE(m["diffs"].get<long>() > 0);
}

TEST_CASE("Write notices too many for one message go ahead in WTNT and INV messages", "[engine][dsm]")
{
  // One notice per message: every BARR or grant carrying more than one sends the rest first.
  json m = cs::test::run_metrics(speedup, {"params.bench=sor", "params.nodes=4", "params.sor.iterations=2",
                                           "params.sor.seq_time=1s", "params.system=mocha", "params.sor.layout=rows",
                                           "params.messages.notice_bytes=1000B", "params.messages.max_message=1KiB"});
  REQUIRE(m["msgs_WTNT"].get<long>() > 0);
  REQUIRE(m["msgs_INV"].get<long>() > 0);
  REQUIRE(m["pages_fetched"].get<long>() == 4 * (2 * 2 + 2 * 1) * 2); // the same invalidations, the same refetches
}

namespace {
long detected(const json& m)
{
  return m["errors_ack_timeout"].get<long>() + m["errors_wrong_ack"].get<long>() +
         m["errors_getpage_timeout"].get<long>();
}
} // namespace

TEST_CASE("A late ACK ends the next wait for that node: the message goes again at once (JIAJIA's outsend)",
          "[engine][dsm]")
{
  // An ACK timeout a little above a round trip: the few ACKs that come later start JIAJIA's cascade, each late ACK
  // ending the next wait for its node with the wrong number, so that message goes again and leaves a late ACK too.
  json m        = cs::test::run_metrics(speedup, {"params.bench=sor", "params.nodes=16", "params.sor.iterations=10",
                                                  "params.sor.seq_time=2s", "params.system=mocha_base",
                                                  "params.systems.mocha_base.ack_timeout=200us", "params.sor.layout=rows"});
  long timeouts = m["errors_ack_timeout"].get<long>();
  long wrong    = m["errors_wrong_ack"].get<long>();
  REQUIRE(timeouts > 0);
  REQUIRE(wrong > 10 * timeouts); // cheap errors: far more resends than timeouts
  // Nothing is lost: every message sent again reaches its receiver a second time and is dropped there.
  REQUIRE(m["lost_datagrams"].get<long>() == 0);
  REQUIRE(m["errors_duplicate"].get<long>() == timeouts + wrong);
  REQUIRE(m["gave_up"].get<long>() == 0);
  REQUIRE(m["pages_fetched"].get<long>() == 20 * (14 * 2 + 2 * 1) * 2); // the protocol is unharmed
  REQUIRE(m["errors"].get<long>() == detected(m));
}

TEST_CASE("Queued replies never cross a send of their node: SOR runs without errors", "[engine][dsm]")
{
  json m = cs::test::run_metrics(speedup, {"params.bench=sor", "params.nodes=4", "params.sor.iterations=10",
                                           "params.sor.seq_time=2s", "params.system=mocha_base"});
  REQUIRE(m["errors"].get<long>() == 0);
}

TEST_CASE("Direct replies cross the program's own send to the same node in SOR's exchange (a rejected what-if)",
          "[engine][dsm]")
{
  // (The same run with queued replies has no error: the test above.)
  json direct = cs::test::run_metrics(
      speedup, {"params.bench=sor", "params.nodes=4", "params.sor.iterations=10", "params.sor.seq_time=2s",
                "params.system=mocha_base", "params.systems.mocha_base.direct_replies=true", "params.sor.layout=rows"});
  // The handler's grant reads the ACK of the program's GETP to the same node (and the program the grant's second
  // one): each is sent again at once, and its receiver drops it as a duplicate.
  REQUIRE(direct["errors_wrong_ack"].get<long>() > 0);
  REQUIRE(direct["errors_ack_timeout"].get<long>() == 0);
  REQUIRE(direct["errors_duplicate"].get<long>() == direct["errors_wrong_ack"].get<long>());
  REQUIRE(direct["pages_fetched"].get<long>() == 20 * (2 * 2 + 2 * 1) * 2); // as with queued replies
}
