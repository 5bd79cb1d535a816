/* TreadMarks' basic operations timed as programs on the calibrated DECstation-5000/240 ATM platform
 * (scenarios/dsm/ext_treadmarks94_basic.json): an 8-processor barrier costs what the study measured, 2186 us,
 * within the calibration tolerance of 10%. */
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

TEST_CASE("An 8-processor TreadMarks barrier program costs what the barrier cell says on the ATM platform",
          "[engine][dsm]")
{
  auto m = cs::test::run_metrics("scenarios/dsm/ext_treadmarks94_basic.json",
                                 {"params.basic.test=barrier", "params.nodes=8"});
  REQUIRE(m["basic_timed"].get<long>() == 20);
  REQUIRE(m["basic_us"].get<double>() == Approx(2186).epsilon(0.10));
}
