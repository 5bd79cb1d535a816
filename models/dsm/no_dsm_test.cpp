/* The program without a DSM (models/dsm/no_dsm.hpp): the same workload code on one process with no protocol cost,
 * the baseline of the TreadMarks study's speedups. */
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

using cs::json;

namespace {

const char* const kScenario = "scenarios/dsm/ext_treadmarks94.json";

} // namespace

TEST_CASE("Water without a DSM takes exactly its sequential time: no fault, twin, diff or message", "[engine][dsm]")
{
  // The scenario gives Water a 60 s sequential time (seq_time): its CPU costs are derived from it; nothing else may
  // add to it.
  json m = cs::test::run_metrics(kScenario,
                                 {"params.bench=water", "params.nodes=1", "params.systems.treadmarks.protocol=none"});
  REQUIRE(m["exec_time_s"].get<double>() == Approx(60.0).epsilon(1e-9));
  REQUIRE(m["faults"].get<long>() == 0);
  REQUIRE(m["diffs"].get<long>() == 0);
  REQUIRE(m["datagrams"].get<long>() == 0);
}

TEST_CASE("TreadMarks on one process pays its write faults and twins beyond the program's own work", "[engine][dsm]")
{
  json m = cs::test::run_metrics(kScenario, {"params.bench=water", "params.nodes=1"});
  REQUIRE(m["faults"].get<long>() > 0);
  REQUIRE(m["exec_time_s"].get<double>() > 60.0 * 1.0001);
}

TEST_CASE("The program without a DSM runs on one process only", "[engine][dsm]")
{
  REQUIRE_THROWS_WITH(cs::test::run_metrics(kScenario, {"params.nodes=2", "params.systems.treadmarks.protocol=none"}),
                      Catch::Contains("/params/nodes") && Catch::Contains("protocol none"));
}
