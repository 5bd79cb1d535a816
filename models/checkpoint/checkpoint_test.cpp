/* Seed 002, thread migration: the thread really moves, every migration is acknowledged, and the time per
 * migration follows the costs it is made of. */
#include "tests/unit/engine_helpers.hpp"

#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

using cs::json;

namespace {
const char* migration = "scenarios/checkpoint/migration.json";
}

TEST_CASE("A migrated thread runs on the destination node and every migration message is acknowledged",
          "[engine][checkpoint]")
{
  // 3 round trips and a half: the thread ends on node2.
  json m = cs::test::run_metrics(migration, {"params.round_trips=3"});
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
  json m = cs::test::run_metrics(migration, {"params.round_trips=20", "params.stack_bytes=64KiB"});
  REQUIRE(m["migration_time_ms"].get<double>() ==
          Approx(closed_form_ms("platforms/002_brazos_fast_ethernet.json", 65536, 100e6)).epsilon(0.01));
}

TEST_CASE("A migration with a 4 KiB stack takes the sum of its parts on Gigabit Ethernet", "[engine][checkpoint]")
{
  json m =
      cs::test::run_metrics(migration, {"params.round_trips=20", "platform.file=platforms/002_brazos_gigabit.json"});
  REQUIRE(m["migration_time_ms"].get<double>() ==
          Approx(closed_form_ms("platforms/002_brazos_gigabit.json", 4096, 1e9)).epsilon(0.01));
}

namespace {
const char* water = "scenarios/checkpoint/water.json";
// A short Water: 10 barriers one simulated minute apart.
const std::vector<std::string> short_water{"params.app.barriers=10", "params.app.compute=600s"};
std::vector<std::string> with(std::vector<std::string> base, std::vector<std::string> more)
{
  base.insert(base.end(), more.begin(), more.end());
  return base;
}
} // namespace

TEST_CASE("A checkpoint is taken at the first barrier after the interval has expired", "[engine][checkpoint]")
{
  // Barriers at about 60, 120, 180... s; interval 90 s: checkpoints at the barriers near 120, 240, 360, 480, 600 s.
  json m = cs::test::run_metrics(water, with(short_water, {"params.interval=90s"}));
  REQUIRE(m["checkpoints"].get<long>() == 5);
  // Every copy reached the file server but the last one's: the program ends while it is still being copied.
  REQUIRE(m["checkpoints_complete"].get<long>() == 4);
  REQUIRE(m["exec_time_s"].get<double>() == Approx(600 + 5 * m["ckpt_time_s"].get<double>()).epsilon(0.002));
}

TEST_CASE("A checkpoint file holds the node's modified pages and their twins", "[engine][checkpoint]")
{
  // SOR: each node modifies its quarter of 128 MB; with twins, twice that, plus stack, context and header.
  json m = cs::test::run_metrics("scenarios/checkpoint/sor.json",
                                 {"params.app.barriers=4", "params.app.compute=40s", "params.interval=5s"});
  REQUIRE(m["ckpt_file_MB"].get<double>() == Approx((2 * 32e6 + 4096 + 716 + 32) / 1e6));
}

TEST_CASE("A checkpoint larger than the memory NT leaves free pages the process out and back in",
          "[engine][checkpoint]")
{
  // SOR's node: 256 MiB less 32 MiB for NT leaves 234.88 MB; the process holds 163 MiB (170.92 MB) and 32 MB of
  // twins, so 31.96 MB are free for the file cache. The 64.0 MB file trims the rest of it from the working set:
  // written to the pagefile on the same disk while the file is written, read back when the thread resumes,
  // one hard fault at a time.
  json m         = cs::test::run_metrics("scenarios/checkpoint/sor.json",
                                         {"params.app.barriers=4", "params.app.compute=40s", "params.requests=[\"15s\"]"});
  double file    = 2 * 32e6 + 4096 + 716 + 32;
  double free    = (256.0 - 32.0 - 163.0) * 1048576 - 32e6;
  double evicted = file - free;
  REQUIRE(m["checkpoints"].get<long>() == 1);
  REQUIRE(m["paged_out_MB"].get<double>() == Approx(evicted / 1e6));
  // Each page-out write (64 KB) and each hard fault (32 KB) waits half a turn of the disk (4.17 ms).
  double turn = 4.17e-3;
  REQUIRE(m["ckpt_time_s"].get<double>() ==
          Approx((file + evicted) / 4.167e6 + std::ceil(evicted / 65536) * turn).epsilon(0.01));
  REQUIRE(m["page_in_s"].get<double>() == Approx(evicted / 15e6 + std::ceil(evicted / 32768) * turn).epsilon(0.01));
}

TEST_CASE("Water's checkpoint fits beside its process: nothing is paged", "[engine][checkpoint]")
{
  json w = cs::test::run_metrics(water, with(short_water, {"params.interval=90s"}));
  REQUIRE(w["checkpoints"].get<long>() > 0);
  REQUIRE(w["paged_out_MB"].get<double>() == 0);
  REQUIRE(w["page_in_s"].get<double>() == 0);
}

TEST_CASE("Incremental checkpoints save only the pages modified since the previous one", "[engine][checkpoint]")
{
  // 10% of the pages change between barriers and a checkpoint at every barrier: each increment holds 10% of the
  // pages (a full checkpoint at barrier k would hold 1 - 0.9^k of them).
  json m = cs::test::run_metrics("scenarios/checkpoint/sor.json",
                                 {"params.app.barriers=11", "params.app.compute=110s", "params.interval=1s",
                                  "params.incremental=true", "params.app.dirty_per_barrier=0.1"});
  REQUIRE(m["checkpoints"].get<long>() == 11);
  REQUIRE(m["ckpt_file_MB"].get<double>() == Approx((2 * 32e6 * 0.1 + 4096 + 716 + 32) / 1e6));
}

TEST_CASE("A failed node is detected by the heartbeats and the run restarts from the last complete checkpoint",
          "[engine][checkpoint]")
{
  json m = cs::test::run_metrics(water, with(short_water, {"params.interval=90s", "params.failures.fail_at=400s"}));
  REQUIRE(m["failures"].get<long>() == 1);
  REQUIRE(m["recoveries"].get<long>() == 1);
  REQUIRE(m["finished"].get<bool>());
  REQUIRE(m["detection_s"].get<double>() > 0);
  REQUIRE(m["detection_s"].get<double>() <= 2 * 10 + 1); // within two heartbeat periods
  // Checkpoints at the barriers near 120, 240 and 360 s; the last one is complete (copied) by 400 s, so about
  // 40 s of work are lost and done again.
  REQUIRE(m["lost_work_s"].get<double>() == Approx(40).margin(5));
  double expected = 600 + m["lost_work_s"].get<double>() + m["detection_s"].get<double>() +
                    m["recovery_s"].get<double>() + m["checkpoints"].get<long>() * m["ckpt_time_s"].get<double>();
  REQUIRE(m["exec_time_s"].get<double>() == Approx(expected).epsilon(0.01));
}

TEST_CASE("Without a complete checkpoint a failure restarts the run from the beginning", "[engine][checkpoint]")
{
  json m = cs::test::run_metrics(water, with(short_water, {"params.interval=0s", "params.failures.fail_at=300s"}));
  REQUIRE(m["recoveries"].get<long>() == 1);
  REQUIRE(m["data_recovery_s"].get<double>() == 0); // nothing to read back
  REQUIRE(m["lost_work_s"].get<double>() == Approx(300));
  REQUIRE(m["exec_time_s"].get<double>() > 900);
}

TEST_CASE("A removed node's threads and shared state move to the others and the run goes on", "[engine][checkpoint]")
{
  // Ten barriers 10 s apart; the removal happens at the barrier after 35 s, while the threads wait there.
  json m = cs::test::run_metrics("scenarios/checkpoint/sor.json", {"params.app.barriers=10", "params.app.compute=100s",
                                                                   "params.membership.remove_at=35s"});
  REQUIRE(m["membership_changes"].get<long>() == 1);
  REQUIRE(m["nodes_in_use"].get<long>() == 3);
  REQUIRE(m["finished"].get<bool>());
  REQUIRE(m["membership_time_s"].get<double>() > 0);
  REQUIRE(m["exec_time_s"].get<double>() == Approx(100 + m["membership_time_s"].get<double>()).epsilon(0.005));
}

TEST_CASE("A node that joins takes a thread from the busiest node", "[engine][checkpoint]")
{
  // Node 4 leaves at the barrier after 15 s (its thread goes to node 1) and a new node 5 joins once its runtime
  // is up (17 s after 30 s): it takes node 1's second thread.
  json m =
      cs::test::run_metrics("scenarios/checkpoint/sor.json",
                            {"params.app.barriers=10", "params.app.compute=100s", "params.membership.remove_at=15s",
                             "params.membership.add_at=30s", "params.membership.add_node=5"});
  REQUIRE(m["membership_changes"].get<long>() == 2);
  REQUIRE(m["nodes_in_use"].get<long>() == 4);
  REQUIRE(m["finished"].get<bool>());
}

TEST_CASE("A requested checkpoint is taken at the next barrier", "[engine][checkpoint]")
{
  // Barriers about 60 s apart, no interval: requests at 70 s and 75 s share the barrier near 120 s; 400 s gets one.
  json m = cs::test::run_metrics(
      water, with(short_water, {"params.interval=0s", "params.requests=[\"70s\", \"75s\", \"400s\"]"}));
  REQUIRE(m["checkpoints"].get<long>() == 2);
}

TEST_CASE("The log says a requested checkpoint began because it was requested", "[engine][checkpoint]")
{
  std::string log = cs::test::run_log(water, with(short_water, {"params.interval=0s", "params.requests=[\"70s\"]"}),
                                      {"--log=cs_checkpoint.thres:verbose"});
  REQUIRE_THAT(log, Catch::Contains("checkpoint 0 begins (requested)"));
  REQUIRE_THAT(log, !Catch::Contains("interval elapsed"));
}

TEST_CASE("The log says a periodic checkpoint began because its interval elapsed", "[engine][checkpoint]")
{
  std::string log =
      cs::test::run_log(water, with(short_water, {"params.interval=90s"}), {"--log=cs_checkpoint.thres:verbose"});
  REQUIRE_THAT(log, Catch::Contains("checkpoint 0 begins (interval elapsed)"));
  REQUIRE_THAT(log, !Catch::Contains("(requested)"));
}

TEST_CASE("The four copies of a checkpoint share the file server's disk and all arrive", "[engine][checkpoint]")
{
  // The server writes each chunk as it arrives (its writer threads are reused, not one per chunk): a checkpoint is
  // complete once the four files have gone through its disk (4.167 MB/s), after the local write, plus the wire
  // time of the chunks that no other node's chunk overlaps.
  json m = cs::test::run_metrics(water, with(short_water, {"params.interval=90s"}));
  REQUIRE(m["checkpoints_complete"].get<long>() == 4);
  double disk = 4 * m["ckpt_file_MB"].get<double>() / 4.167;
  double copy = m["nfs_copy_time_s"].get<double>();
  REQUIRE(copy > m["ckpt_time_s"].get<double>() + disk);
  REQUIRE(copy < 1.1 * (m["ckpt_time_s"].get<double>() + disk));
}

TEST_CASE("Under repeated failures the survivors take every thread and the run completes", "[engine][checkpoint]")
{
  // SOR with a node MTBF of one hour: this seed draws three failures before the end (each node its own failure
  // times); the last node runs the four threads on its four processors.
  json m = cs::test::run_metrics(
      "scenarios/checkpoint/sor.json",
      {"seed=8", "params.interval=4min", "params.failures.mtbf=1h", "params.failures.recovery=survivors"});
  REQUIRE(m["failures"].get<long>() == 3);
  REQUIRE(m["recoveries"].get<long>() == 3);
  REQUIRE(m["nodes_in_use"].get<long>() == 1);
  REQUIRE(m["finished"].get<bool>());
}

namespace {
// A short SOR (64 MB files) whose node 2 fails at 400 s and is replaced: the restart reads complete files back.
const std::vector<std::string> sor_failure{"params.app.barriers=10", "params.app.compute=600s", "params.interval=90s",
                                           "params.failures.fail_at=400s", "params.failures.recovery=replacement"};
} // namespace

TEST_CASE("A restart's initialisation allocates the whole shared region again, page by page", "[engine][checkpoint]")
{
  // Seed 3.4: the user initialisation before recovery is the shared memory allocation; each 4 KB page of SOR's
  // 128 MB costs a virtual-memory call (Table 2's 8 us) and its zero fill at the memory's 80 MB/s.
  json m = cs::test::run_metrics("scenarios/checkpoint/sor.json", sor_failure);
  REQUIRE(m["recoveries"].get<long>() == 1);
  double pages = std::ceil(128e6 / 4096);
  double init  = 16.962 + pages * (8e-6 + 4096 / 80e6);
  REQUIRE(m["recovery_s"].get<double>() - m["data_recovery_s"].get<double>() == Approx(init).epsilon(1e-6));
}

TEST_CASE("The checkpoint files stream back through the file server's port", "[engine][checkpoint]")
{
  // The server reads ahead from its disk (15 MB/s) while it sends, so the four files share its 100 Mb/s port, each
  // byte carried in TCP frames of 1460 B of data per 1538 B; the nodes copy each chunk while the next arrives.
  json m      = cs::test::run_metrics("scenarios/checkpoint/sor.json", sor_failure);
  double wire = 4 * m["ckpt_file_MB"].get<double>() * 1e6 * 1538 / 1460 * 8 / 100e6;
  REQUIRE(m["data_recovery_s"].get<double>() == Approx(2.222 + wire).epsilon(0.01));
}

namespace {
/** The 99.9% interval [lo, hi] of a Poisson count of mean `mean`: P(X < lo) <= 0.0005 and P(X > hi) <= 0.0005. */
std::pair<long, long> poisson_999(double mean)
{
  double cdf = 0;
  long lo = -1, k = 0;
  while (true) {
    double pk = std::exp(-mean + static_cast<double>(k) * std::log(mean) - std::lgamma(static_cast<double>(k) + 1));
    if (lo < 0 && cdf + pk > 0.0005)
      lo = k;
    cdf += pk;
    if (cdf >= 0.9995)
      return {lo, k};
    ++k;
  }
}

/** Water's skeleton on 4 nodes with local checkpoints, each failed node replaced at once and found by a heartbeat of
 *  `heartbeat`: failures of per-node MTBF `mtbf` for the whole run. Checks the count against the Poisson count the
 *  MTBF gives over the run, and each recovery's lost work against the most a checkpoint interval leaves to lose. */
void check_failures_for_the_whole_run(const std::string& mtbf, double mtbf_s, double interval_s, double compute_s,
                                      long barriers, const std::string& heartbeat)
{
  json m;
  std::string log = cs::test::run_log("scenarios/checkpoint/scale.json",
                                      {"params.nodes=4", "params.storage=local", "params.failures.recovery=replacement",
                                       "params.failures.heartbeat=" + heartbeat, "params.failures.restart_init=0s",
                                       "params.failures.data_recovery_fixed=0s", "params.failures.mtbf=" + mtbf,
                                       "params.interval=" + std::to_string(interval_s) + "s",
                                       "params.app.compute=" + std::to_string(compute_s) + "s",
                                       "params.app.barriers=" + std::to_string(barriers)},
                                      {"--log=cs_checkpoint.thres:verbose"}, &m);
  REQUIRE(m["finished"].get<bool>());
  double t        = m["exec_time_s"].get<double>();
  long failures   = m["failures"].get<long>();
  double expected = 4 * t / mtbf_s; // every node fails at rate 1/MTBF from start to end, replaced or not
  auto [lo, hi]   = poisson_999(expected);
  CAPTURE(t, failures, expected, lo, hi);
  REQUIRE(failures >= lo);
  REQUIRE(failures <= hi);
  // Per recovery: the work since the later of the last complete checkpoint and the last restart. A checkpoint is
  // decided at the first barrier once `interval` has passed since the last one (and no earlier than that one is
  // complete), and counts once all its files are written: the work lost is at most the interval, a barrier's
  // compute and two checkpoints' durations (decision to complete), the longest read from the log.
  std::map<long, double> begun;
  double longest = 0;
  std::vector<double> lost;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    size_t close = line.find("] ");
    size_t open  = line.rfind(") ", close);
    if (close == std::string::npos || open == std::string::npos)
      continue;
    double t = std::stod(line.substr(open + 2, close - open - 2));
    size_t c = line.find("checkpoint ", close);
    if (line.find(" begins") != std::string::npos && c != std::string::npos)
      begun[std::stol(line.substr(c + 11))] = t;
    else if (line.find(" complete: every file stored") != std::string::npos && c != std::string::npos)
      longest = std::max(longest, t - begun.at(std::stol(line.substr(c + 11))));
    size_t at = line.find(" s of work lost");
    if (at != std::string::npos) {
      size_t from = line.rfind(": ", at) + 2;
      lost.push_back(std::stod(line.substr(from, at - from)));
    }
  }
  double bound    = interval_s + compute_s / static_cast<double>(barriers) + 2 * longest + 1e-6;
  long recoveries = 0;
  double summed   = 0;
  for (double l : lost) {
    CAPTURE(l, bound, longest);
    REQUIRE(l >= 0);
    REQUIRE(l <= bound);
    summed += l;
    ++recoveries;
  }
  REQUIRE(recoveries == m["recoveries"].get<long>());
  REQUIRE(m["lost_work_s"].get<double>() == Approx(summed).epsilon(1e-6));
  REQUIRE(summed < t);
}
} // namespace

TEST_CASE("At a 1 s MTBF every node keeps failing for the whole run (replaced or not)", "[engine][checkpoint]")
{
  // 4 nodes: a failure every 0.25 s, about 700 over the run; each loses at most one checkpoint interval of work.
  check_failures_for_the_whole_run("1s", 1, 0.05, 5, 500, "0.01s");
}

TEST_CASE("At a 100 s MTBF failures arrive at the rate it gives over the whole run", "[engine][checkpoint]")
{
  check_failures_for_the_whole_run("100s", 100, 20, 500, 100, "0.05s");
}

TEST_CASE("An application that failures never let past one checkpoint is a failed run", "[engine][checkpoint]")
{
  // Water without checkpoints, a 17 s restart and 4 nodes failing every second: it restarts for ever.
  REQUIRE_THROWS_WITH(cs::test::run_metrics(water, {"params.failures.mtbf=1s", "params.failures.recovery=replacement"}),
                      Catch::Contains("restarted 1000 times in a row from the same checkpoint"));
}
