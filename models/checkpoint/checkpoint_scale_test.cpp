/* Checkpointing at many nodes (scenarios/checkpoint/scale.json): failures drawn from the per-node MTBF, and a run
 * that restarts often holds no more actors than one incarnation needs. */
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using cs::json;

namespace {
const char* scale = "scenarios/checkpoint/scale.json";
} // namespace

TEST_CASE("A run that restarts often holds the actors of one incarnation, not of every past one",
          "[engine][checkpoint]")
{
  // Actor objects alive at once (created and not yet destroyed): an incarnation's killed threads and agents must be
  // let go of, or each restart keeps 2 x nodes actors and their stacks (at 4,096 nodes this ran out of memory).
  long live = 0;
  long peak = 0;
  simgrid::s4u::Actor::on_creation_cb([&](simgrid::s4u::Actor&) { peak = std::max(peak, ++live); });
  simgrid::s4u::Actor::on_destruction_cb([&](simgrid::s4u::Actor const&) { --live; });
  const long nodes = 32;
  // A node MTBF of 3 h on 32 nodes: a failure every 5.6 minutes of the 42-minute Water, each one a restart.
  json m = cs::test::run_metrics(scale, {"params.nodes=" + std::to_string(nodes), "params.failures.mtbf=3h"});
  REQUIRE(m["finished"].get<bool>());
  long restarts = m["recoveries"].get<long>();
  REQUIRE(restarts >= 8);
  // Per node at most: its user thread, Checkpoint Agent, heartbeat responder, file copy, the server's writer for
  // it, and the two ends of its read-back at a restart. Keeping past incarnations would add 2 x nodes per restart.
  CAPTURE(peak, restarts);
  REQUIRE(peak <= 7 * nodes + 8);
}

TEST_CASE("At 1,024 nodes failures arrive at the rate the per-node MTBF gives", "[engine][checkpoint]")
{
  // 1,024 nodes failing each after an exponential time of mean 1,024 minutes: the system fails about once a
  // simulated minute while nodes remain (survivors mode: a failed node leaves, the rate falls by 1/1,024 each).
  const double nodes = 1024;
  const double mtbf  = nodes * 60;
  json m = cs::test::run_metrics(scale, {"params.nodes=1024", "params.failures.mtbf=1024min", "params.app.barriers=10",
                                         "params.app.compute=600s"});
  REQUIRE(m["finished"].get<bool>());
  double t        = m["exec_time_s"].get<double>();
  long failures   = m["failures"].get<long>();
  double expected = t * nodes / mtbf; // Poisson mean, the few nodes lost change it by under 2%
  REQUIRE(failures >= 5);
  REQUIRE(std::abs(static_cast<double>(failures) - expected) <= 4 * std::sqrt(expected) + 1);
  REQUIRE(m["recoveries"].get<long>() >= failures - 2); // each is detected (the last ones may fall after the end)
}
