/* TreadMarks (models/dsm/tmk_*): word diffs against twins, and the lazy release consistency protocol merging the
 * writes of concurrent writers of one page; apps/tsp run on it. */
#include "models/dsm/benchmark.hpp"
#include "models/dsm/tmk_diff.hpp"
#include "models/dsm/tmk_node.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>

using cs::json;
namespace sg4 = simgrid::s4u;
namespace tmk = cs::dsm::tmk;

TEST_CASE("A diff holds exactly the runs of words that differ from the twin", "[unit][dsm]")
{
  tmk::Words twin(16, 7), page = twin;
  page[2] = 1, page[3] = 2, page[15] = 3;
  tmk::Diff d = tmk::make_diff(twin, page);
  REQUIRE(d.runs.size() == 2);
  REQUIRE(d.bytes() == 4 + 8 + 4 + 4);
  tmk::Words other(16, 7);
  tmk::apply_diff(other, d);
  REQUIRE(other == page);
}

TEST_CASE("TreadMarks' diffs merge concurrent writes of two processes to one page without losing either",
          "[engine][dsm]")
{
  auto hosts = cs::test::bare_hosts(3);
  auto* e    = sg4::Engine::get_instance();

  cs::dsm::Params p;
  p.nodes                 = 3;
  p.system.protocol       = cs::dsm::Protocol::lrc;
  p.system.page_size      = 4096;
  p.treadmarks.track_data = true;
  cs::net::FabricConfig fc;
  fc.bandwidth   = 125e6;
  fc.port_buffer = 1e6;
  cs::net::Fabric fabric(fc, {1e6, 1712}, 3, 2, cs::Rng(1));
  cs::dsm::Memory memory(3, 4096);
  long page = memory.alloc(4096, 4096);
  cs::dsm::Costs costs{1e9, 5e-6, 7e-6, 3e-6, 8e-6, 1e9, 5e8};
  std::vector<std::unique_ptr<cs::dsm::Transport>> transports;
  std::vector<std::unique_ptr<tmk::Node>> nodes;
  for (int i = 0; i < 3; ++i) {
    transports.push_back(
        std::make_unique<cs::dsm::Transport>(i, hosts[static_cast<size_t>(i)], fabric, costs, 32, 4, 0.05, 64));
    nodes.push_back(std::make_unique<tmk::Node>(i, memory, *transports.back(), p));
  }
  std::vector<uint32_t> seen(1024, 0);
  fabric.start(hosts[0]);
  for (auto& t : transports)
    t->start();
  for (int i = 0; i < 3; ++i)
    sg4::Actor::create("app", hosts[static_cast<size_t>(i)], [&, i]() {
      tmk::Node& n = *nodes[static_cast<size_t>(i)];
      // Processes 1 and 2 write the two halves of the same page in the same interval (no lock between them).
      if (i > 0)
        for (size_t w = 0; w < 512; ++w)
          n.store(page, (i - 1) * 512 + w, static_cast<uint32_t>(1000 * i + w));
      n.barrier();
      if (i == 0)
        for (size_t w = 0; w < 1024; ++w)
          seen[w] = n.load(page, w);
      n.barrier();
    });
  e->run();
  for (size_t w = 0; w < 1024; ++w)
    REQUIRE(seen[w] == (w < 512 ? 1000 + w : 2000 + (w - 512)));
  // Each writer made its diff once, when process 0 asked for it (lazily), and process 0 asked both.
  REQUIRE(transports[1]->counters().diffs == 1);
  REQUIRE(transports[2]->counters().diffs == 1);
  REQUIRE(transports[0]->counters().sent[cs::dsm::op_index(cs::dsm::Op::diff)] == 2);
}

TEST_CASE("TreadMarks runs the same programs: Jacobi's boundary rows come as diffs after each iteration",
          "[engine][dsm]")
{
  json m = cs::test::run_metrics("scenarios/dsm/ext_treadmarks94.json",
                                 {"params.bench=jacobi", "params.nodes=4", "params.jacobi.rows=64",
                                  "params.jacobi.cols=1024", "params.jacobi.iterations=5"});
  REQUIRE(m["lost_datagrams"].get<long>() == 0);
  // Request/response: nothing is acknowledged but the common start (jia_wait's 3 WAITs and 3 WAITGRANTs).
  REQUIRE(m["msgs_ACK"].get<long>() == 6);
  // Iterations 2-5: 2 inner processes read 2 neighbour rows, 2 edge processes 1, each a page fetched as a diff.
  // Iteration 1: processes 1-3 have no copies yet: their 16 rows and the neighbours' rows (2, 2, 1) come whole from
  // process 0, which holds every page at the start.
  REQUIRE(m["msgs_DIFF"].get<long>() == 4 * 6);
  REQUIRE(m["msgs_GETP"].get<long>() == 3 * 16 + 5);
}

namespace {

/** The shortest directed tour from city 0 of the 9-city instance (seed 3), by trying every order. */
int tsp_brute_force()
{
  cs::dsm::TspParams p;
  p.cities           = 9;
  p.seed             = 3;
  std::vector<int> w = cs::dsm::tsp_weights(p);
  std::vector<int> order{1, 2, 3, 4, 5, 6, 7, 8};
  int best = 1 << 30;
  do {
    int len = w[static_cast<size_t>(order[0])] + w[static_cast<size_t>(order.back() * 9)];
    for (size_t i = 1; i < order.size(); ++i)
      len += w[static_cast<size_t>(order[i - 1] * 9 + order[i])];
    best = std::min(best, len);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

json tsp_run(int nodes)
{
  return cs::test::run_metrics("scenarios/dsm/ext_treadmarks94.json",
                               {"params.bench=tsp", "params.nodes=" + std::to_string(nodes), "params.tsp.cities=9",
                                "params.tsp.seed=3", "params.tsp.nodes_from_end=5"});
}

} // namespace

TEST_CASE("apps/tsp's branch and bound finds the shortest tour on one process", "[engine][dsm]")
{
  json m = tsp_run(1);
  REQUIRE(m["tsp_min_tour_len"].get<int>() == tsp_brute_force());
  REQUIRE(m["tsp_tasks_solved"].get<long>() > 1); // tours of 4 cities went through the queue
}

TEST_CASE("apps/tsp's branch and bound finds the shortest tour on four TreadMarks processes", "[engine][dsm]")
{
  json m = tsp_run(4);
  REQUIRE(m["tsp_min_tour_len"].get<int>() == tsp_brute_force());
  REQUIRE(m["tsp_tasks_solved"].get<long>() > 1);
  REQUIRE(m["msgs_ACQ"].get<long>() > 0); // the queue lock moved between processes
}
