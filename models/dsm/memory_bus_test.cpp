/* The memory bus shared by the CPUs of one machine (models/dsm/memory_bus.hpp), and apps/mm's k loops stalling on
 * it in the two readings of the four-processor SPARCstation 20. */
#include "models/dsm/memory_bus.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>
#include <limits>

using cs::json;

namespace {

/** When each of `starts` (one actor each) finishes moving `bytes` over one bus of 100 MB/s, at most `caps` (bytes/s;
 *  none: uncapped). */
std::vector<double> bus_finishes(const std::vector<double>& starts, double bytes, std::vector<double> caps = {})
{
  caps.resize(starts.size(), std::numeric_limits<double>::infinity());
  auto hosts = cs::test::bare_hosts(static_cast<int>(starts.size()));
  cs::dsm::MemoryBus bus(100e6);
  std::vector<double> done(starts.size(), -1);
  for (size_t i = 0; i < starts.size(); ++i)
    simgrid::s4u::Actor::create("cpu", hosts[i], [&, i]() {
      simgrid::s4u::this_actor::sleep_until(starts[i]);
      bus.transfer(bytes, caps[i]);
      done[i] = simgrid::s4u::Engine::get_clock();
    });
  simgrid::s4u::Engine::get_instance()->run();
  return done;
}

} // namespace

TEST_CASE("CPUs missing over one memory bus at once share its bandwidth equally", "[engine][dsm]")
{
  // 1 MB alone takes 10 ms. Two starting together move 0.25 MB each in the first 5 ms (half the bus each); then a
  // third joins and each moves at a third: the first two finish their 0.75 MB 22.5 ms later, when the third has
  // 0.25 MB left, which it moves alone in 2.5 ms.
  std::vector<double> d = bus_finishes({0, 0, 0.005}, 1e6);
  REQUIRE(d[0] == Approx(0.0275).epsilon(1e-9));
  REQUIRE(d[1] == Approx(0.0275).epsilon(1e-9));
  REQUIRE(d[2] == Approx(0.0300).epsilon(1e-9));
}

TEST_CASE("A CPU whose own pace is below its fair share of the bus keeps it; the others share the rest",
          "[engine][dsm]")
{
  // The first computes between its misses (20 MB/s of lines at most): the other two get 40 MB/s each and finish
  // their 1 MB at 25 ms; the first still moves at its own 20 MB/s, alone or not, and finishes at 50 ms.
  std::vector<double> d = bus_finishes({0, 0, 0}, 1e6, {20e6});
  REQUIRE(d[0] == Approx(0.050).epsilon(1e-9));
  REQUIRE(d[1] == Approx(0.025).epsilon(1e-9));
  REQUIRE(d[2] == Approx(0.025).epsilon(1e-9));
}

TEST_CASE("One CPU alone moves at the bus's whole bandwidth", "[engine][dsm]")
{
  REQUIRE(bus_finishes({0.001}, 1e6)[0] == Approx(0.011).epsilon(1e-9));
}

namespace {

json mm_run(const std::string& platform, const std::string& bus_bytes)
{
  return cs::test::run_metrics(
      "scenarios/dsm/ext_jiajia21_mm.json",
      {"params.apps_mm.n=256", "params.apps_mm.order=inner", "platform.file=" + platform,
       "params.switch=" + std::string(platform.find("lan") != std::string::npos ? "lan" : "loopback"),
       "params.apps_mm.bus_bytes_inner=" + bus_bytes});
}

} // namespace

TEST_CASE("apps/mm's k loops on the four-CPU SPARCstation 20 stall longer on the bus they share", "[engine][dsm]")
{
  json none   = mm_run("platforms/ext_jiajia21_ss20.json", "0B");
  json shared = mm_run("platforms/ext_jiajia21_ss20.json", "1KiB");
  // Each process runs 16384 k loops of 20.5 us CPU and 1 KiB of lines (16.8 MB): alone on its bus 0.34 + 0.17 s;
  // the four together ask for 4 x 16.8 MB = 0.67 s of bus time, so the bus, not the CPUs, sets the pace: about
  // 0.34 s more than without misses, twice what the same lines cost a process alone on its bus (the next test).
  REQUIRE(shared["exec_time_s"].get<double>() - none["exec_time_s"].get<double>() > 1.5 * 0.168);
}

TEST_CASE("apps/mm's k loops on four SPARCstation 20 workstations stall on their own buses alone", "[engine][dsm]")
{
  json none = mm_run("platforms/ext_jiajia21_ss20_lan.json", "0B");
  json own  = mm_run("platforms/ext_jiajia21_ss20_lan.json", "1KiB");
  // Each process's 16384 k loops stall 10.24 us each on its own bus: 168 ms more, a quarter of the shared case.
  double extra = own["exec_time_s"].get<double>() - none["exec_time_s"].get<double>();
  REQUIRE(extra == Approx(0.168).epsilon(0.1));
}
