/* Seed 002, thread migration: the thread really moves, every migration is acknowledged, and the time per
 * migration follows the costs it is made of. */
#include "tests/unit/engine_helpers.hpp"

#include "sim/json_io.hpp"
#include "sim/units.hpp"

#include <catch2/catch.hpp>

using cs::json;

namespace {
const char* scenario = "scenarios/checkpoint/migration.json";
}

TEST_CASE("A migrated thread runs on the destination node and every migration message is acknowledged",
          "[engine][checkpoint]")
{
  // 3 round trips and a half: the thread ends on node2.
  json m = cs::test::run_metrics(scenario, {"params.round_trips=3"});
  REQUIRE(m["final_host"] == "node1");
  REQUIRE(m["migrations"].get<long>() == 6);
  REQUIRE(m["acks"].get<long>() >= 5); // the last acknowledgement may still be on the wire when the thread ends
}

/** Seed Table 1's chain, by hand: agent wake-up, Suspend + GetContext + 2 VirtualQuery, stack copy, send, wire
 *  (pipelined over the port links), receive, send the ACK, SetContext, stack copy, Resume. */
double closed_form_ms(const std::string& platform_file, double stack_bytes, double port_bw)
{
  json platform = cs::load_json_file(platform_file);
  auto cost     = [&](const char* k) {
    std::string v = platform["os_profiles"]["nt4-ppro"]["costs"][k]["value"];
    return *cs::parse_unit_string(v, std::string(k) == "memcpy_bw" ? cs::Unit::bandwidth : cs::Unit::time);
  };
  double bytes   = 32 + 716 + 64 + stack_bytes; // header, context, TLS, stack (the model's defaults)
  double latency = 30e-6 + 10e-6 + 30e-6;       // port up, backplane, port down (the platform files)
  double t = cost("context_switch") + cost("suspend_thread") + cost("get_thread_context") + 2 * cost("virtual_query") +
             2 * stack_bytes / cost("memcpy_bw") + 3 * cost("udp_message") + latency + bytes * 8 / port_bw +
             cost("set_thread_context") + cost("resume_thread");
  return 1e3 * t;
}

TEST_CASE("A migration with a 64 KiB stack takes the sum of its parts on Fast Ethernet", "[engine][checkpoint]")
{
  json m = cs::test::run_metrics(scenario, {"params.round_trips=20", "params.stack_bytes=64KiB"});
  REQUIRE(m["migration_time_ms"].get<double>() ==
          Approx(closed_form_ms("platforms/002_brazos_fast_ethernet.json", 65536, 100e6)).epsilon(0.01));
}

TEST_CASE("A migration with a 4 KiB stack takes the sum of its parts on Gigabit Ethernet", "[engine][checkpoint]")
{
  json m = cs::test::run_metrics(scenario, {"params.round_trips=20", "platform.file=platforms/002_brazos_gigabit.json"});
  REQUIRE(m["migration_time_ms"].get<double>() ==
          Approx(closed_form_ms("platforms/002_brazos_gigabit.json", 4096, 1e9)).epsilon(0.01));
}
