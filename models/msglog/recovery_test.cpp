/* Seed 004, crash and recovery: a crashed rank restarts from its checkpoint and its senders replay their logs. The
 * reference is the failure-free receive order, which the NAS streams fix on their own: each receive names its
 * source and each pair is FIFO, so it is computed here from the streams alone, without a simulation. Engine tests:
 * one run per case. */
#include "models/msglog/recovery.hpp"
#include "models/msglog/streams.hpp"
#include "sim/input/fields.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

using cs::json;
using namespace cs::msglog;

namespace {

/** Records every rank's sends per destination (the sender-based log) without simulating anything. */
class Sender : public RankOps {
public:
  Sender(int id, std::vector<std::vector<double>>& log, int ranks) : id_(id), ranks_(ranks), log_(log) {}
  void compute(double) override {}
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int dst, double bytes, long count, bool, int) override
  {
    if (dst != id_)
      log_[static_cast<size_t>(id_ * ranks_ + dst)].push_back(bytes * static_cast<double>(count));
  }
  void recv(int, int) override {}

private:
  int id_, ranks_;
  std::vector<std::vector<double>>& log_;
};

/** Consumes a rank's receives in program order against the senders' logs: the failure-free receive digest. */
class Receiver : public RankOps {
public:
  Receiver(int id, const std::vector<std::vector<double>>& log, int ranks)
      : id_(id), ranks_(ranks), log_(log), next_(static_cast<size_t>(ranks), 0)
  {
  }
  void compute(double) override {}
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int, double, long, bool, int) override {}
  void recv(int src, int) override
  {
    if (src == id_)
      return;
    long seq = next_[static_cast<size_t>(src)]++;
    digest   = digest_step(digest, src, seq, log_[static_cast<size_t>(src * ranks_ + id_)][static_cast<size_t>(seq)]);
  }
  unsigned long long digest = digest_seed;

private:
  int id_, ranks_;
  const std::vector<std::vector<double>>& log_;
  std::vector<long> next_;
};

std::vector<std::string> failure_free_digests(const std::string& bench)
{
  cs::Fields f(json{{"bench", bench}, {bench, {{"compute", "1s"}}}}, "<test>", "");
  Params p  = Params::from(f);
  int ranks = static_cast<int>(p.ranks);
  std::vector<std::vector<double>> log(static_cast<size_t>(ranks * ranks));
  for (int r = 0; r < ranks; ++r) {
    Sender s(r, log, ranks);
    run_program(p, r, s);
  }
  std::vector<std::string> out;
  for (int r = 0; r < ranks; ++r) {
    Receiver c(r, log, ranks);
    run_program(p, r, c);
    out.push_back(digest_text(c.digest));
  }
  return out;
}

void check_digests(const json& m, const std::string& bench)
{
  std::vector<std::string> expected = failure_free_digests(bench);
  REQUIRE(m["recv_digests"].size() == expected.size());
  for (size_t r = 0; r < expected.size(); ++r) {
    INFO("rank " << r);
    CHECK(m["recv_digests"][r].get<std::string>() == expected[r]);
  }
}

const char* nas = "scenarios/msglog/nas.json";

} // namespace

TEST_CASE("A crashed rank restarted from its checkpoint receives the failure-free messages in order",
          "[engine][msglog]")
{
  json m =
      cs::test::run_metrics(nas, {"params.bench=mg", "params.scheme=logging", "params.pages=2",
                                  "params.recovery.crash_rank=5", "params.recovery.crash_at=30s",
                                  "params.recovery.checkpoint_interval=10s", "params.recovery.checkpoint_size=4MiB"});
  CHECK(m["crashes"] == 1);
  CHECK(m["checkpoints"].get<long>() >= 16 * 2);
  CHECK(m["replayed_messages"].get<long>() > 0);
  CHECK(m["lost_work_s"].get<double>() > 0);
  CHECK(m["recovery_time_s"].get<double>() > m["restart_time_s"].get<double>());
  check_digests(m, "mg");
}

TEST_CASE("Without a checkpoint the crashed rank replays everything it had received, in order", "[engine][msglog]")
{
  json m = cs::test::run_metrics(nas, {"params.bench=cg", "params.scheme=buffering_only",
                                       "params.recovery.crash_rank=0", "params.recovery.crash_at=40s"});
  CHECK(m["crashes"] == 1);
  CHECK(m["checkpoints"] == 0);
  CHECK(m["lost_work_s"].get<double>() >= 40);
  CHECK(m["replayed_messages"].get<long>() > 0);
  check_digests(m, "cg");
}

TEST_CASE("The fault schedule's host off crashes both ranks of the node, which recover by replay", "[engine][msglog]")
{
  json m = cs::test::run_metrics(
      nas, {"params.bench=mg", "params.scheme=logging", "params.pages=2", "params.recovery.checkpoint_interval=10s",
            "params.recovery.checkpoint_size=4MiB", R"(faults=[{"host": "cmi3", "at": "25s", "to": "27s"}])"});
  CHECK(m["crashes"] == 2);
  CHECK(m["replayed_messages"].get<long>() > 0);
  CHECK(m["restart_time_s"].get<double>() >= 2 * 2);
  check_digests(m, "mg");
}

TEST_CASE("A failure-free run receives in the streams' own order (the reference of the replay tests)",
          "[engine][msglog]")
{
  json m = cs::test::run_metrics(nas, {"params.bench=mg", "params.scheme=logging", "params.recovery.trace=true"});
  CHECK(m["crashes"] == 0);
  CHECK(m["replayed_messages"] == 0);
  check_digests(m, "mg");
}
