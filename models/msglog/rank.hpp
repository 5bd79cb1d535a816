/* One MPI rank as a SimGrid actor: runs its NAS program, copies logged messages into its LogBuffer before sending
 * them (sender-based logging), and exchanges messages with its peers over the platform's network. */
#pragma once
#include "models/msglog/log_buffer.hpp"
#include "models/msglog/streams.hpp"

#include <simgrid/s4u.hpp>

#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::msglog {

/** Mailboxes of every ordered pair of ranks: MPI's per-pair FIFO matching. */
class PairMailboxes {
public:
  explicit PairMailboxes(int ranks);
  sg4::Mailbox* at(int src, int dst) const { return boxes_[static_cast<size_t>(src * ranks_ + dst)]; }

private:
  int ranks_;
  std::vector<sg4::Mailbox*> boxes_;
};

struct RankStats {
  double end_s      = 0;
  long sends        = 0; ///< simulated transfers (a batch of lu planes is one)
  double sent_bytes = 0;
};

class Rank : public RankOps {
public:
  /** `log` null: the base scheme (nothing copied). */
  Rank(const Params& p, int id, double speed, const PairMailboxes& boxes, LogBuffer* log)
      : p_(p), id_(id), speed_(speed), boxes_(boxes), log_(log)
  {
  }
  void operator()();
  /** The end of the program: stops the rank's timer and flushes its log. */
  void done();
  void compute(double seconds) override;
  void send(int dst, double bytes, long count, bool logged) override;
  void recv(int src) override;
  const RankStats& stats() const { return stats_; }
  /** Messages to itself not yet received: part of the state a checkpoint saves and a restart restores. */
  long self_pending() const { return self_pending_; }
  void restore_self_pending(long n) { self_pending_ = n; }

private:
  const Params& p_;
  int id_;
  double speed_;
  const PairMailboxes& boxes_;
  LogBuffer* log_;
  long self_pending_ = 0; ///< messages sent to itself and not yet received (cg's diagonal ranks)
  RankStats stats_;
};

} // namespace cs::msglog
