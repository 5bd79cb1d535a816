/* Seed 004: the page bookkeeping, the NAS message streams against the counting-wrapper figures
 * (docs/models/msglog.md), the disk's two regimes, the buffer-full rules of Table 2, and the logging overheads against
 * their closed forms. Engine tests: one run per case. */
#include "models/msglog/page_buffer.hpp"
#include "models/msglog/streams.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/units.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <map>

using cs::json;
using namespace cs::msglog;

namespace {

/** Counts what a rank program logs, without simulating anything. */
class Counter : public RankOps {
public:
  long messages = 0;
  double bytes  = 0;
  void compute(double) override {}
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int, double b, long count, bool logged, int) override
  {
    if (logged) {
      messages += count;
      bytes += b * static_cast<double>(count);
    }
  }
  void recv(int, int) override {}
};

Params defaults_for(const std::string& bench)
{
  // The compute time is irrelevant to the stream (and has no default: scenarios give it, calibrated).
  cs::Fields f(json{{"bench", bench}, {bench, {{"compute", "1s"}}}}, "<test>", "");
  return Params::from(f);
}

/** Messages and MiB logged by every rank of `bench`: {min, max} of each. */
std::map<std::string, std::pair<double, double>> stream_figures(const std::string& bench)
{
  Params p    = defaults_for(bench);
  double mmin = 1e300, mmax = 0, vmin = 1e300, vmax = 0;
  for (int r = 0; r < p.ranks; ++r) {
    Counter c;
    run_program(p, r, c);
    mmin = std::min(mmin, double(c.messages));
    mmax = std::max(mmax, double(c.messages));
    vmin = std::min(vmin, c.bytes / 1048576);
    vmax = std::max(vmax, c.bytes / 1048576);
  }
  return {{"msgs", {mmin, mmax}}, {"MiB", {vmin, vmax}}};
}

const char* disk = "scenarios/msglog/disk_regimes.json";

} // namespace

TEST_CASE("A page buffer of k pages lets k-1 pages be outstanding before a wait", "[unit][msglog]")
{
  PageBuffer b(3, 100); // the first page is current from the start
  REQUIRE(b.append(150) == 100);
  REQUIRE(b.full());
  b.seal();
  REQUIRE(b.can_advance());
  b.advance();
  b.append(100);
  b.seal();
  REQUIRE(b.can_advance());
  b.advance();
  b.append(100);
  b.seal();
  REQUIRE_FALSE(b.can_advance()); // three pages outstanding: the sender would wait
  b.released();
  REQUIRE(b.can_advance());
  REQUIRE_THROWS(PageBuffer(0, 100));
}

TEST_CASE("A record that does not fit the rest of a page starts the next one", "[unit][msglog]")
{
  PageBuffer b(2, 100);
  b.append(70);
  REQUIRE(b.must_seal_before(40));
  REQUIRE_FALSE(b.must_seal_before(30));
  REQUIRE_FALSE(PageBuffer(2, 100).must_seal_before(500)); // an empty page takes a record larger than a page
}

TEST_CASE("NAS message streams match the counting wrapper's figures", "[unit][msglog]")
{
  // the counting-wrapper figures (docs/models/msglog.md): messages and volume (MiB) per rank, min-max over the 16
  // ranks. MG's stream sends whole faces with their ghost points on every axis and the coarsest level on every rank
  // (NPB 3.3-MPI sends less on two axes and skips it on half the ranks): 3-4% more than the wrapper counted.
  struct Expect {
    const char* bench;
    double msgs_lo, msgs_hi, mib_lo, mib_hi, tol;
  };
  for (auto const& e : {Expect{"bt", 4830, 4830, 505, 509, 0.01}, Expect{"cg", 13984, 13984, 848, 848, 0.01},
                        Expect{"sp", 9630, 9630, 903, 923, 0.01}, Expect{"lu", 50700, 101400, 145, 305, 0.01},
                        Expect{"mg", 2670, 2964, 45, 45, 0.04}}) {
    INFO(e.bench);
    auto f = stream_figures(e.bench);
    REQUIRE(f["msgs"].first >= e.msgs_lo * (1 - e.tol));
    REQUIRE(f["msgs"].second <= e.msgs_hi * (1 + e.tol));
    REQUIRE(f["MiB"].first == Approx(e.mib_lo).epsilon(e.tol));
    REQUIRE(f["MiB"].second == Approx(e.mib_hi).epsilon(e.tol));
  }
  REQUIRE(stream_figures("ep")["msgs"].second == 0); // collectives only: nothing logged
}

TEST_CASE("Pages written with idle gaps go at the write-back interface rate", "[engine][msglog]")
{
  // Seed Discussion 1: "almost 50MB/s" from the application to the disk: each 4 MB page fits the drive's buffer,
  // which drains in the gap; the kernel copy of the page comes on top of the disk's part.
  json m = cs::test::run_metrics(disk, {"params.disk_test.gap=1s", "params.disk_test.writes=30"});
  REQUIRE(m["disk_requests_buffer_full"].get<long>() == 0);
  double page       = 4194304;
  double memcpy     = 400e6; // platforms/004_cmi_cluster.json memcpy_bw
  double end_to_end = page / (m["disk_mean_page_write_s"].get<double>() + page / memcpy) / 1e6;
  REQUIRE(end_to_end == Approx(50).epsilon(0.02));
}

TEST_CASE("Pages written back to back go at the platter rate", "[engine][msglog]")
{
  // Seed: "usually 8~9 MB/s": a long run of writes fills the buffer, then every request waits for the platter
  // (the writer's own copy time overlaps the drain, so the rate over the whole run is what a dd test reports).
  json m = cs::test::run_metrics(disk, {"params.disk_test.gap=0s", "params.disk_test.writes=100"});
  REQUIRE(m["disk_requests_buffer_full"].get<long>() > 0);
  double rate = m["disk_written_MiB"].get<double>() * 1048576 / m["exec_time_s"].get<double>() / 1e6;
  REQUIRE(rate >= 8);
  REQUIRE(rate <= 9);
}

TEST_CASE("Disabling the write-back buffer leaves only the platter rate", "[engine][msglog]")
{
  json m = cs::test::run_metrics(
      disk, {"params.disk_test.gap=1s", "params.disk_test.writes=10", "params.disk_what_if.write_cache=off"});
  REQUIRE(m["disk_effective_write_MBps"].get<double>() == Approx(8.5).epsilon(0.01));
}

TEST_CASE("A what-if platter rate replaces the platform's", "[engine][msglog]")
{
  // Faster than the platform's read rate too: SimGrid's combined read+write cap must follow.
  json m =
      cs::test::run_metrics(disk, {"params.disk_test.gap=1s", "params.disk_test.writes=10",
                                   "params.disk_what_if.write_cache=off", "params.disk_what_if.platter_bw=34MBps"});
  REQUIRE(m["disk_effective_write_MBps"].get<double>() == Approx(34).epsilon(0.01));
}

TEST_CASE("Synchronous logging (one page) waits at every filled page", "[engine][msglog]")
{
  json m = cs::test::run_metrics("scenarios/msglog/nas.json",
                                 {"params.bench=mg", "params.scheme=logging", "params.pages=1"});
  REQUIRE(m["pages_filled"].get<long>() > 16); // more than the final flushes
  REQUIRE(m["buffer_full_rate"].get<double>() == 1.0);
  REQUIRE(m["sync_writes"].get<long>() == 0);
}

TEST_CASE("Two pages: a rank that never blocks sees no completion, so every possible stop happens", "[engine][msglog]")
{
  // Seed Table 2, 4MBx2: ~100%. The writes are long done when the rank stops (Table 1: 4MBx2 at the buffering-only
  // time), so the stops cost almost nothing: far less than one page write each.
  json m             = cs::test::run_metrics("scenarios/msglog/nas.json",
                                             {"params.bench=mg", "params.scheme=logging", "params.pages=2"});
  long opportunities = m["buffer_full_opportunities"].get<long>();
  REQUIRE(opportunities == m["pages_filled"].get<long>() - 16);
  REQUIRE(m["waits"].get<long>() == opportunities);
  REQUIRE(m["mean_wait_time_s"].get<double>() < 0.01 * static_cast<double>(opportunities) / 16);
}

TEST_CASE("Two pages with completions seen at once: the disk keeps up and nobody stops", "[engine][msglog]")
{
  json m = cs::test::run_metrics("scenarios/msglog/nas.json", {"params.bench=mg", "params.scheme=logging",
                                                               "params.pages=2", "params.aio_completion=immediate"});
  REQUIRE(m["waits"].get<long>() == 0);
}

TEST_CASE("Three pages: every third submission is synchronous and no rank stops", "[engine][msglog]")
{
  // Seed Discussion 4: with more than two writes outstanding one is performed synchronously; Table 2: 0.0%.
  json m = cs::test::run_metrics("scenarios/msglog/nas.json",
                                 {"params.bench=mg", "params.scheme=logging", "params.pages=3"});
  REQUIRE(m["waits"].get<long>() == 0);
  REQUIRE(m["buffer_full_rate"].get<double>() == 0.0);
  // Per rank: seals 1, 2 asynchronous, 3 synchronous, and again (the final flush included).
  REQUIRE(m["sync_writes"].get<long>() >= (m["pages_filled"].get<long>() - 2 * 16) / 3);
  REQUIRE(m["sync_writes"].get<long>() <= m["pages_filled"].get<long>() / 3);
}

namespace {
/** EP logs nothing: each rank's one seal is the final flush. The seed's ep row is 100%, N/A, 0.0%. */
void check_ep_row(int k)
{
  json m = cs::test::run_metrics("scenarios/msglog/nas.json",
                                 {"params.bench=ep", "params.scheme=logging", "params.pages=" + std::to_string(k)});
  REQUIRE(m["pages_filled"].get<long>() == 16);
  REQUIRE(m["buffer_full_opportunities"].get<long>() == 16 * (2 - k)); // 16, 0 (N/A), -16
  REQUIRE(m["buffer_full_rate"].get<double>() == (k == 1 ? 1.0 : 0.0));
}
} // namespace

TEST_CASE("EP with one page: its final flush stops, 100%", "[engine][msglog]")
{
  check_ep_row(1);
}
TEST_CASE("EP with two pages: no seal could stop, N/A", "[engine][msglog]")
{
  check_ep_row(2);
}
TEST_CASE("EP with three pages: 0 stops over -1 per rank, 0.0%", "[engine][msglog]")
{
  check_ep_row(3);
}
TEST_CASE("Each rank pays the logged volume over the copy rate plus a cost per record", "[engine][msglog]")
{
  json m = cs::test::run_metrics("scenarios/msglog/nas.json", {"params.bench=mg", "params.scheme=buffering_only"});
  json platform = cs::load_json_file("platforms/004_cmi_cluster.json");
  auto cost     = [&](const char* k) {
    return *cs::parse_unit_string(platform["os_profiles"]["linux-cmi"]["costs"][k]["value"].get<std::string>(),
                                  k == std::string("log_copy_bw") ? cs::Unit::bandwidth : cs::Unit::time);
  };
  double bytes   = m["volume_max_MiB"].get<double>() * 1048576; // MG's ranks all log the same stream
  double records = m["msgs_logged_max"].get<double>();
  REQUIRE(m["volume_min_MiB"].get<double>() == m["volume_max_MiB"].get<double>());
  REQUIRE(m["mean_copy_time_s"].get<double>() ==
          Approx(bytes / cost("log_copy_bw") + records * cost("log_record")).epsilon(1e-6));
  REQUIRE(m["disk_written_MiB"].is_null()); // buffering only: nothing reaches the disk
}
