/* One MPI rank as a SimGrid actor: runs its NAS program, copies logged messages into its LogBuffer before sending
 * them (sender-based logging), and exchanges messages with its peers over the platform's network. */
#pragma once
#include "models/msglog/log_buffer.hpp"
#include "models/msglog/streams.hpp"

#include <simgrid/s4u.hpp>

#include <deque>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::msglog {

/** The mailbox of each ordered pair of ranks that exchanges messages (MPI's per-pair FIFO matching), made at the
 *  pair's first message: a rank talks to a few peers, and every pair of 1,024 ranks would be a million mailboxes. */
class PairMailboxes {
public:
  explicit PairMailboxes(int ranks) : ranks_(ranks) {}
  /** Eager delivery, as MPI's isend of these sizes over TCP: a message flows as soon as it is sent, whether or not
   *  its receive is posted yet; `receivers[d]` is rank d's actor. */
  void set_receivers(std::vector<sg4::ActorPtr> receivers) { receivers_ = std::move(receivers); }
  sg4::Mailbox* at(int src, int dst, int channel = 0) const;
  /** The mailbox of the messages to `dst` with a `tag` it receives from any source: one per (destination, tag), so a
   *  receive takes the first one sent by any rank (SimGrid's mailbox order, as SMPI's own receive from any source). */
  sg4::Mailbox* any(int dst, int tag) const;

private:
  sg4::Mailbox* eager(const std::string& name, int dst) const;
  int ranks_;
  std::vector<sg4::ActorPtr> receivers_;
  mutable std::unordered_map<long, sg4::Mailbox*> boxes_;
  mutable std::unordered_map<long, sg4::Mailbox*> any_boxes_;
};

/** The payload of a message received from any source: whose it is and its bytes. */
struct AnyMessage {
  int src;
  double bytes;
};

struct RankStats {
  bool ended             = false; ///< the program ran to its end
  double end_s           = 0;
  long sends             = 0; ///< simulated transfers (a batch of lu planes is one), messages to itself included
  double sent_bytes      = 0;
  long peer_sends        = 0; ///< transfers to other ranks (collective-internal ones included)
  double peer_sent_bytes = 0;
  long recvs             = 0; ///< transfers received from other ranks (replayed ones included)
  double recv_bytes      = 0;
  std::set<int> peers; ///< the other ranks it sent to or received from
  /** A trace's replay: the action the rank is at (null with a trace: the requests left at its end; both null: not
   *  a trace, or not started). */
  const ti::RankTrace* trace     = nullptr;
  const ti::Action* trace_action = nullptr;
};

class Rank : public RankOps {
public:
  /** `log` null: the base scheme (nothing copied). `speed`: flop/s of the reference machine the benchmark's times
   *  were measured on (Platform::reference_speed): a time t is t x that / the host's speed here. */
  Rank(const Params& p, int id, double speed, const PairMailboxes& boxes, LogBuffer* log)
      : p_(p), id_(id), speed_(speed), boxes_(boxes), log_(log)
  {
  }
  void operator()();
  /** The end of the program: stops the rank's timer and flushes its log. */
  void done();
  void compute(double seconds) override;
  void compute_flops(double flops) override;
  void sleep(double seconds) override;
  void send(int dst, double bytes, long count, bool logged, int channel = 0) override;
  void recv(int src, int channel = 0) override;
  void send_any(int dst, int tag, double bytes) override;
  void recv_any(int tag) override;
  void trace_at(const ti::RankTrace& rt, const ti::Action* a) override;
  /** recv_any, returning the sender of the message taken. */
  int take_any(int tag);
  /** Counts a transfer received from `src` (also one a peer replayed from its log after a crash). */
  void note_recv(int src, double bytes);
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
  std::deque<double> sent_sizes_;   ///< the payloads: each transfer's bytes, read by its receiver (kept for the run)
  std::deque<AnyMessage> sent_any_; ///< likewise for messages received from any source
};

} // namespace cs::msglog
