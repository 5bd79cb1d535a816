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
  // 1,024 nodes failing each after an exponential time of mean 5,120 minutes: the system fails every 5 simulated
  // minutes. Checkpoints at every barrier (60 s apart) on local disks, a failed node back at once with its disk: the
  // run goes on between failures and ends.
  const double nodes = 1024;
  const double mtbf  = 5120 * 60;
  json m = cs::test::run_metrics(scale, {"params.nodes=1024", "params.failures.mtbf=5120min", "params.app.barriers=30",
                                         "params.app.compute=1800s", "params.interval=60s", "params.storage=local",
                                         "params.failures.recovery=replacement"});
  REQUIRE(m["finished"].get<bool>());
  double t        = m["exec_time_s"].get<double>();
  long failures   = m["failures"].get<long>();
  double expected = t * nodes / mtbf; // a Poisson count: every node is up again at once after its failure
  CAPTURE(t, failures, expected);
  REQUIRE(failures >= 3);
  REQUIRE(std::abs(static_cast<double>(failures) - expected) <= 4 * std::sqrt(expected) + 1);
  REQUIRE(m["recoveries"].get<long>() >= 1);
}

namespace {
/** 16 nodes checkpointing every 5 minutes to `storage`; node 3 fails at 1,000 s. */
json storage_run(const std::string& storage, const std::string& recovery)
{
  return cs::test::run_metrics(scale, {"platform.file=platforms/002_brazos_pfs.json", "params.nodes=16",
                                       "params.storage=" + storage, "params.interval=300s", "params.failures.mtbf=0s",
                                       "params.failures.fail_at=1000s", "params.failures.fail_node=3",
                                       "params.failures.recovery=" + recovery});
}

/** The run stored its checkpoints, restarted once from the last one before the failure (not from the start) and
 *  read every node's file back. */
void require_restart_from_checkpoint(const json& m)
{
  REQUIRE(m["finished"].get<bool>());
  REQUIRE(m["checkpoints_complete"].get<long>() >= 3);
  REQUIRE(m["recoveries"].get<long>() == 1);
  // Checkpoints every 300 s (barriers 25 s apart): the last one before 1,000 s is at most 300 + 25 s + its write
  // before the failure; a restart from the beginning would lose all 1,000 s.
  REQUIRE(m["lost_work_s"].get<double>() < 400);
  REQUIRE(m["data_recovery_s"].get<double>() > 0);
}
} // namespace

TEST_CASE("Checkpoints copied to the one file server are read back from it at a restart", "[engine][checkpoint]")
{
  json m = storage_run("server", "survivors");
  require_restart_from_checkpoint(m);
  REQUIRE(m["nfs_copy_time_s"].get<double>() > m["ckpt_time_s"].get<double>()); // complete once on the server
}

TEST_CASE("Checkpoints on a parallel file system are copied to its servers and read back", "[engine][checkpoint]")
{
  json m = storage_run("parallel", "survivors");
  require_restart_from_checkpoint(m);
  REQUIRE(m["nfs_copy_time_s"].get<double>() > m["ckpt_time_s"].get<double>());
}

TEST_CASE("Checkpoints on local disks are complete once written and read back by a replaced node",
          "[engine][checkpoint]")
{
  json m = storage_run("local", "replacement");
  require_restart_from_checkpoint(m);
}

TEST_CASE("Checkpoints on local disks are lost with a node that does not come back", "[engine][checkpoint]")
{
  // Survivors take node 3's threads, but its part of every checkpoint was on its own disk: the run starts over.
  json m = storage_run("local", "survivors");
  REQUIRE(m["finished"].get<bool>());
  REQUIRE(m["recoveries"].get<long>() == 1);
  REQUIRE(m["lost_work_s"].get<double>() == Approx(1000));
}

TEST_CASE("A parallel file system of 4 servers copies 64 nodes' checkpoints faster than one file server",
          "[engine][checkpoint]")
{
  // 64 nodes of Water with every page written (a 5.2 MB file each). One server's disk (4.167 MB/s) would take the
  // 64 files in 64 x 5.2 MB / 4.167 MB/s; four servers take 16 files each, so under half of that (the two runs
  // cannot share a process: SimGrid has one engine per process, so the one-server time is its disk's bound).
  json m          = cs::test::run_metrics(scale, {"platform.file=platforms/002_brazos_pfs.json", "params.nodes=64",
                                                  "params.storage=parallel", "params.app.writes=all", "params.failures.mtbf=0s",
                                                  "params.app.barriers=40"});
  double files_mb = 64 * m["ckpt_file_MB"].get<double>();
  REQUIRE(m["checkpoints_complete"].get<long>() >= 1);
  REQUIRE(m["nfs_copy_time_s"].get<double>() < files_mb / 4.167 / 2);
}
