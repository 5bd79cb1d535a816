/* One node's messaging, as JIAJIA's comm layer does it (JIAJIA 2.1 comm.c: outsend, sigio_handler) and Mocha keeps
 * it (seed Figure 7 has the same send loop):
 * - one outgoing queue drained by one sender: a reliable message is sent, then the sender busy-waits on the
 *   destination's reply socket; nothing else leaves the node meanwhile (one message in flight per node). The first
 *   ACK there ends the wait: its own sequence number is success, another one (the late ACK of an earlier attempt)
 *   sends the message again at once, and no ACK within the timeout sends it again too. An unreliable message
 *   (Mocha's GETP/GETPGRANT) returns at once;
 * - the receiver (the SIGIO handler) takes each datagram off the socket, ACKs every reliable one at once (a
 *   duplicate too), drops a duplicate (a sequence number not above the last one handled from that node: counted,
 *   as JIAJIA's resentcnt) and hands the rest to the protocol;
 * - the SIGIO handler and the sender run in the application's process: their CPU time preempts the application's,
 *   the sender's busy-wait for an ACK included (JIAJIA sends a reply the handler makes from the handler itself, or
 *   from the program's own send loop when one is under way: either way the process's one CPU spins).
 * `direct_replies` (a hypothesis, off for JIAJIA whose asendmsg queues them): the handler sends its replies itself
 * at once, busy-waiting for their ACKs on top of whatever the program was doing, a send of its own included; the
 * program's busy-wait for an ACK of the same node then resumes only when the handler is done, and either may read
 * the other's ACK from that node's reply socket. New datagrams are still read and ACKed meanwhile (a nested
 * SIGIO), and served when the handler is free.
 * A message to the node itself is handed to the protocol directly (no datagram). */
#pragma once
#include "models/common/net/lossy_udp.hpp"
#include "models/dsm/messages.hpp"
#include "models/dsm/timeline.hpp"

#include <deque>
#include <functional>
#include <map>

namespace cs {
struct OsProfile;
class Platform;
} // namespace cs

namespace cs::dsm {

namespace sg4 = simgrid::s4u;

/** Software costs of one node (its OS profile). */
struct Costs {
  double speed    = 1;   ///< flop/s (CPU costs are times, executed as flops on the host)
  double udp_send = 0;   ///< sendto() of one datagram
  double udp_recv = 0;   ///< recvfrom() of one datagram
  double sigio    = 0;   ///< delivering SIGIO to the handler (request socket only)
  double fault    = 0;   ///< a SIGSEGV write/read fault: signal delivery, handler, mprotect
  double copy_bw  = 1e9; ///< bytes/s of a memory copy (user<->kernel, page, twin)
  double diff_bw  = 1e9; ///< bytes/s of comparing a page with its twin
  // Receive-side costs a platform may split out (0 / unbounded: folded into udp_recv and sigio, as before).
  double rx_interrupt = 0;     ///< the interrupt and driver work of each arriving message
  double wakeup       = 0;     ///< scheduling a process blocked in a receive when its message arrives
  double nic_bw       = 1e300; ///< bytes/s of moving a message through the adapter (programmed I/O, software SAR)
  /** Reference speed / host speed (Platform::reference_speed): the program's compute times were measured on the
   *  reference machine and take t x this here (exactly 1 on it). The OS costs above are the profile's times, taken
   *  as they are: a host profile or an override replaces them; they do not follow the speed. */
  double cpu_scale = 1;
  /** The scenario's compute_scale: the program's compute times fitted to its measured sequential time
   *  (sim/run/sequential.hpp); 1 when none was given. */
  double compute_scale = 1;
};

/** A host's Costs from its OS profile (keys udp_send, udp_recv, sigio, page_fault, memcpy_bw, diff_bw; optional
 *  rx_interrupt, wakeup, nic_bw; udp_send and udp_recv moved by the profile's split factors, udp_split.hpp). */
Costs costs_of(const cs::OsProfile& os, double speed);
/** costs_of the host's OS profile, with the host's rates: memory copies at its memory bandwidth, page diffs at the
 *  profile's diff_bw moved by its memory scale, the program's compute times by its cpu_scale. */
Costs costs_of(const cs::Platform& platform, const sg4::Host* host);

/** Who takes an arriving message: the SIGIO handler (the default) or a process blocked waiting for it. */
struct Delivery {
  std::function<bool(const Msg&)> to_blocked; ///< true: a blocked receiver takes it (rx_interrupt + wakeup)
  bool blocked_via_handler = false; ///< such a message is read by the SIGIO handler, which then wakes the process
  bool handler_drains      = false; ///< the handler reads every message already waiting: one SIGIO for the lot
};

struct Counters {
  std::array<long, kOps> sent{};     ///< messages sent by type (first transmissions)
  std::array<long, kOps> received{}; ///< datagrams received by type (duplicates included)
  double bytes_sent    = 0;          ///< UDP payload, re-sends included
  long datagrams_sent  = 0;
  long resends         = 0; ///< reliable messages sent again (after an ACK timeout or a wrong ACK)
  long timeouts        = 0; ///< ACK timeouts and getpage timeouts
  long ack_timeouts    = 0; ///< ACK busy-waits that ended without an ACK
  long wrong_acks      = 0; ///< ACK busy-waits ended by an ACK of another message (sent again at once)
  long getpage_resends = 0; ///< GETP sent again after the getpage timeout (omit_page_acks)
  long duplicates      = 0; ///< deliveries of a message already handled (reliable: same sequence number)
  long stale_grants    = 0; ///< GETPGRANT arriving when no longer awaited (omit_page_acks duplicates)
  long local           = 0; ///< messages to the node itself (no datagram)
  long gave_up         = 0; ///< reliable messages never acknowledged after max_retries (JIAJIA would abort)
  double ack_wait_s    = 0; ///< the sender busy-waiting for ACKs
  double page_wait_s   = 0; ///< the application waiting for pages
  double sync_wait_s   = 0; ///< the application waiting at locks and barriers (diffs, grants)
  long faults          = 0;
  long pages_fetched   = 0;
  long diffs           = 0; ///< pages diffed
  long acquires        = 0; ///< lock acquisitions by the program (TreadMarks: local re-acquisitions included)
  long barriers        = 0; ///< barriers the program entered (TreadMarks)
};

class Transport {
public:
  using Handler = std::function<void(const MsgPtr&)>;
  Transport(int id, sg4::Host* host, net::Fabric& fabric, Costs costs, double header, double ack_bytes,
            double ack_timeout, long max_retries, bool direct_replies = false);
  void set_handler(Handler h) { handler_ = std::move(h); }
  /** Where to record datagrams and errors (params.trace_barrier); none by default. */
  void set_timeline(Timeline* t) { timeline_ = t; }
  Timeline* timeline() const { return timeline_; }
  /** Records a detected communication error at this node, if a timeline is being kept. */
  void note_error(int peer, Op op, const char* kind) const;
  /** Starts the SIGIO handler and the sender (daemons on the node's host). */
  void start();
  /** Queues `m` for sending. `wait`: return once it has left (and, if reliable, been acknowledged). */
  void post(MsgPtr m, bool wait);
  /** CPU time on this node; `handler` work (SIGIO handler, sends) preempts the application's. */
  void cpu(double seconds, bool handler = false) const;
  /** The application's `work` (which takes simulated time on this CPU), pushed back by every handler run that fell
   *  inside it, as cpu() does for plain computation. */
  void cpu_during(const std::function<void()>& work) const;
  double copy_time(double bytes) const { return bytes / costs_.copy_bw; }
  const Costs& costs() const { return costs_; }
  void set_delivery(Delivery d) { delivery_ = std::move(d); }
  /** CPU time of sending a message of `bytes` (system call, copy, adapter). */
  double send_cost(double bytes) const { return costs_.udp_send + copy_time(bytes) + bytes / costs_.nic_bw; }
  /** CPU time of receiving one: by a blocked process (wake-up), or by the handler (`signal`: a new SIGIO); a blocked
   *  process woken by the handler pays both. */
  double recv_cost(double bytes, bool blocked, bool signal) const
  {
    double wake = (blocked ? costs_.wakeup : 0.0) + (signal ? costs_.sigio : 0.0);
    return costs_.rx_interrupt + wake + costs_.udp_recv + copy_time(bytes) + bytes / costs_.nic_bw;
  }
  Counters& counters() { return counters_; }
  const Counters& counters() const { return counters_; }
  int id() const { return id_; }

private:
  struct Outgoing {
    MsgPtr msg;
    sg4::SemaphorePtr done; ///< released when sent (and acknowledged): the application waits on it
  };
  void sender();
  void receiver();
  void ack_reader();
  void server();
  void transmit(const std::shared_ptr<Msg>& m);
  /** Numbers `m` and sends it until acknowledged (unless unreliable); `by_handler`: a direct reply. */
  void send_until_acked(const MsgPtr& m, bool by_handler);
  enum class AckWait { acked, wrong, timeout };
  AckWait await_ack(int dst, long seq, double deadline, bool by_handler);

  int id_;
  sg4::Host* host_;
  net::Fabric& fabric_;
  Costs costs_;
  double header_, ack_bytes_, ack_timeout_;
  long max_retries_;
  bool direct_;
  Handler handler_;
  Timeline* timeline_ = nullptr;
  Delivery delivery_;
  std::deque<Outgoing> out_;
  sg4::MutexPtr out_mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr out_cv_ = sg4::ConditionVariable::create();
  long next_seq_                    = 0;
  std::vector<long> last_seq_; ///< last reliable sequence number handled, per source
  struct Ack {
    long seq;
    double sent_at;
  };
  std::map<int, std::deque<Ack>> replies_; ///< ACKs arrived and not yet read, by sender (JIAJIA: a socket each)
  sg4::MutexPtr ack_mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr ack_cv_ = sg4::ConditionVariable::create();
  int handler_waits_                = 0;  ///< direct replies: the handler is busy-waiting for an ACK
  aid_t server_pid_                 = -1; ///< direct replies: the actor serving messages (the handler)
  std::deque<MsgPtr> to_serve_;           ///< direct replies: read and ACKed, waiting for the handler
  sg4::MutexPtr serve_mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr serve_cv_ = sg4::ConditionVariable::create();
  Counters counters_;
  mutable double stolen_ = 0; ///< CPU seconds the handler and the sender have taken so far
};

} // namespace cs::dsm
