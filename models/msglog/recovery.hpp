/* A rank that can crash and recover under sender-based message logging.
 *
 * Every sender keeps, in the order it sent them, the messages it sent to each peer (the log the buffering library
 * writes to the local disk). A rank checkpoints its state every `checkpoint_interval` to its node's disk. When it
 * crashes (a host fault of the run's schedule on its node, or the model's own `recovery.crash_rank`), it loses
 * everything since its last checkpoint: after `restart_delay` it reads the checkpoint back and re-executes its
 * program from there. Each sender replays, in their original order, the messages the crashed rank had received
 * after the checkpoint (read back from its log); the rank's re-executed sends that its peers already have are
 * suppressed, as the receivers would discard them as duplicates. The NAS streams name the source of every
 * receive, so per-sender order fixes the delivery order: the restarted rank receives the same messages in the same
 * order as in a failure-free run, which the receive digest (`recv_digest`) lets a test check. */
#pragma once
#include "models/msglog/rank.hpp"

#include "sim/run/recorder.hpp"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace cs::msglog {

/** FNV-1a's step (sim/input/hash.hpp) over a received message (source, sequence number on its pair, bytes): a rank's
 *  receive digest. Its start value is not FNV's offset basis (it is that number without its last digit); digests are
 *  only compared with each other, and results print them, so it stays as it is. */
constexpr unsigned long long digest_seed = 1469598103934665603ULL;
unsigned long long digest_step(unsigned long long h, int src, long seq, double bytes);
std::string digest_text(unsigned long long h);

struct RecoveryStats {
  long crashes           = 0;
  long checkpoints       = 0;
  double checkpoint_s    = 0; ///< time ranks spent writing checkpoints
  double lost_work_s     = 0; ///< from the last checkpoint to the crash, summed over crashes
  double restart_s       = 0; ///< from the crash to the restarted process having read its checkpoint
  double recovery_s      = 0; ///< from the crash to the restarted rank being back where it crashed
  long replayed_messages = 0;
  long digest_mismatches = 0; ///< recoveries back at the crash point with another receive digest than at the crash
  double replayed_bytes  = 0;
};

/** What every rank of a run shares: the senders' logs, the replay mailboxes, the nodes' disks. */
class RecoveryShared {
public:
  /** `disks[r]`: the disk of rank r's node (checkpoints, and the log when `log_on_disk`). `used_channels`: the
   *  channels the program sends on (any_channel + 1 for a trace with receives from any source, else any_channel), so
   *  that the per-pair logs and counts of a run without them stay at two channels. */
  RecoveryShared(const RecoveryParams& p, int ranks, std::vector<sg4::Disk*> disks, bool log_on_disk,
                 int used_channels);
  int channels() const { return channels_; }
  const RecoveryParams& params() const { return p_; }
  sg4::Disk* disk(int rank) const { return disks_[static_cast<size_t>(rank)]; }
  /** Bytes of each transfer `src` sent to `dst` on `channel`, in order: the sender-based log. */
  std::vector<double>& log(int src, int dst, int channel)
  {
    return logs_[static_cast<size_t>((src * ranks_ + dst) * channels_ + channel)];
  }
  /** Starts `src` replaying to `dst` its transfers [from, to) of `channel` on the mailbox of `dst`'s life `life`. */
  void replay(int src, int dst, int channel, int life, long from, long to);
  sg4::Mailbox* replay_box(int src, int dst, int channel, int life) const;
  /** The senders of rank `rank`'s receives from any source, in the order it received them: its determinants. */
  std::vector<int>& determinants(int rank) { return determinants_[static_cast<size_t>(rank)]; }
  RecoveryStats stats;

private:
  struct Replayed {
    long seq;
    double bytes;
  };
  const RecoveryParams& p_;
  int ranks_;
  int channels_;
  std::vector<sg4::Disk*> disks_;
  bool log_on_disk_;
  std::vector<std::vector<double>> logs_;
  std::vector<std::vector<int>> determinants_;
  std::deque<std::vector<Replayed>> payloads_; // kept for the run: a receiver may read one after its sender ended
  friend class RecoveringRank;
};

/** Runs a Rank's program, checkpointing, crashing and recovering around the rank's own operations. */
class RecoveringRank : public RankOps {
public:
  RecoveringRank(const Params& p, int id, Rank& rank, RecoveryShared& shared);
  void operator()();
  void compute(double seconds) override;
  void compute_flops(double flops) override;
  void sleep(double seconds) override;
  void send(int dst, double bytes, long count, bool logged, int channel = 0) override;
  void recv(int src, int channel = 0) override;
  void send_any(int dst, int tag, double bytes) override;
  void recv_any(int tag) override;
  void trace_at(const ti::RankTrace& rt, const ti::Action* a) override { rank_.trace_at(rt, a); }
  /** FNV-1a over (source, sequence number, bytes) of every message the program consumed, in order. */
  std::string recv_digest() const;
  long crashes() const { return life_; }

private:
  /** What a checkpoint holds (and, for the furthest point reached, what the peers already have). */
  struct State {
    long pos = 0;                     ///< operations of the program done
    std::vector<long> sent, received; ///< per peer and channel: index peer + channel x ranks
    long any_received         = 0;    ///< receives from any source done (an index into the determinants)
    long self_pending         = 0;
    unsigned long long digest = digest_seed;
    double time               = 0;
  };
  struct Crashed {};
  /** Before an operation: false if it is before the restored checkpoint (already done); may crash or checkpoint. */
  bool enter();
  bool crash_due();
  void checkpoint();
  void recover();
  void snapshot(State& s) const;

  const Params& p_;
  int id_;
  Rank& rank_;
  RecoveryShared& shared_;
  std::string host_;
  State now_, saved_, reached_;
  long skip_to_       = 0; ///< operations below this index are in the restored state
  int life_           = 0; ///< crashes so far: the replay mailboxes of each life are distinct
  bool param_crash_   = false;
  double handled_off_ = -1; ///< the last host fault of this node already crashed the rank
  double crashed_at_  = -1; ///< the crash being recovered from (negative: none)
  double next_checkpoint_;  ///< when the next checkpoint falls due
};

/** The recovery metrics (crashes, times, replayed volume) and table `recovery` (each rank's crashes and receive
 *  digest) of a run. */
void record_recovery(Recorder& rec, const RecoveryShared& shared,
                     const std::vector<std::unique_ptr<RecoveringRank>>& ranks);

} // namespace cs::msglog
