/* The local program of seed 000 (§4: loop { maybe remote write; remote read; local process }) and the
 * speculative remote read of §2.3: at each remote read a checkpoint (fork or thread) makes an optimistic branch,
 * which reads the Local Cache and runs on until its next checkpoint, and a pessimistic branch, which does the
 * remote check and either lets the optimistic branch go on or kills it, rolls back and reads remotely. */
#pragma once
#include "models/speculative_read/node.hpp"

#include <memory>
#include <vector>

namespace cs::speculative_read {

/** Outcome of one remote read, for the per-iteration table. */
enum class Outcome : unsigned char { cache_hit, remote_read, speculation_won, rolled_back };
const char* outcome_name(Outcome o);

/** A pending speculation: the pessimistic branch's verdict, kept if it arrives before the optimistic branch
 *  reaches its next checkpoint (seed §2.3). */
struct Speculation {
  sg4::SemaphorePtr verdict = sg4::Semaphore::create(0);
  long iteration            = 0;
  /// The optimistic branch, until the verdict: held here, not in the pessimistic actor's function, which SimGrid
  /// keeps (for a restart) as long as that actor exists, so that the reference can be dropped once it is used.
  sg4::ActorPtr optimistic;
};

struct BranchStats {
  long checkpoints = 0, wins = 0, rollbacks = 0, waits = 0;
  double checkpoint_time = 0, wait_time = 0;
};

/** State of the local node: what the program (in whichever branch runs it) works on. */
class LocalProgram {
public:
  /** `reference_speed`: flop/s of the machine local_process_s was measured on (Platform::reference_speed);
   *  `memory_bw`: the client host's memory bandwidth (Platform::memory_bw), the rate of the saved state's copies. */
  LocalProgram(const Params& p, const OsProfile& os, ClientServer& client, std::vector<bool> writes,
               double reference_speed, double memory_bw)
      : p_(p), os_(os), client_(client), writes_(std::move(writes)), outcome_(writes_.size()), end_(writes_.size()),
        reference_speed_(reference_speed), memory_bw_(memory_bw)
  {
  }
  /** Body of the program actor: untimed initial read, then the timed loop. */
  void operator()();

  double loop_start() const { return loop_start_; }
  double loop_end() const { return loop_end_; }
  const BranchStats& stats() const { return stats_; }
  const std::vector<Outcome>& outcomes() const { return outcome_; }
  const std::vector<double>& iteration_end() const { return end_; }
  const std::vector<bool>& writes() const { return writes_; }

private:
  /** Runs iterations [from, n) in the calling actor: the program may move from branch to branch. */
  void run_from(long from);
  void remote_read(long i);
  void speculative_read(long i);
  /** The pessimistic branch of the checkpoint taken at iteration i. */
  void pessimistic(const std::shared_ptr<Speculation>& spec);
  /** The next checkpoint (§2.5): an irrevocable operation waits here for the pending verdict. */
  void next_checkpoint();
  void local_process(long i);
  double checkpoint_cost() const;
  double rollback_cost() const;

  const Params& p_;
  const OsProfile& os_;
  ClientServer& client_;
  std::vector<bool> writes_;
  LocalCache cache_;
  std::shared_ptr<Speculation> pending_;
  BranchStats stats_;
  std::vector<Outcome> outcome_;
  std::vector<double> end_;
  double reference_speed_;
  double memory_bw_;
  double loop_start_ = 0, loop_end_ = 0;
};

} // namespace cs::speculative_read
