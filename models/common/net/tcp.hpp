/* TCP as request/response traffic sees it through a congested switch (Linux 2.6 as on the
 * seed's Fedora Core 6). A message travels as MSS-sized segments, round by round: the connection idled longer
 * than a retransmission timeout between two RMI calls, so each message restarts slow start from the initial
 * window (RFC 3390: 3 segments of 1448 B). Each data segment and each ACK meets the loss and queueing of the
 * egress port it crosses. A loss that three later segments report (duplicate ACKs) is fast-retransmitted one
 * round later; any other loss, and a round whose ACKs are all lost, waits the retransmission timer: Linux's
 * RTO is the smoothed RTT plus a variance term floored at 200 ms, doubled at each timeout of the same data.
 * Bulk transfers use the Mathis rate instead. */
#pragma once
#include "sim/run/rng.hpp"

namespace cs::net {

struct TcpConfig {
  double mss            = 1448; ///< bytes of payload per segment (1500 B MTU, timestamps on)
  double rto_min        = 0.2;  ///< Linux's floor of the RTO's variance term
  double rto_max        = 120;  ///< Linux's maximum
  long initial_window   = 3;    ///< segments (RFC 3390 for a 1448 B MSS)
  long dupack_threshold = 3;    ///< duplicate ACKs that trigger a fast retransmit
  long max_window       = 64;   ///< segments (receive window)
  int max_retries       = 15;   ///< Linux's tcp_retries2: consecutive timeouts before the connection is dropped
};

/** What one direction of a connection meets: data segments at the receiver's egress port, ACKs at the sender's. */
struct TcpPath {
  double data_loss = 0, data_delay = 0;
  double ack_loss = 0, ack_delay = 0;
};

/** Time a message loses to the path, beyond the fabric's loss-free, queue-free transfer, by cause. */
struct TcpOutcome {
  double queueing  = 0; ///< rounds spent in the ports' queues (and the last one-way trip)
  double fast_retx = 0; ///< rounds spent recovering losses reported by duplicate ACKs
  double timeouts  = 0; ///< waits for the retransmission timer
  long lost_data = 0, lost_acks = 0;
  long rto_count = 0, fast_retransmits = 0;
  double extra() const { return queueing + fast_retx + timeouts; }
};

/** Segments a message of `bytes` travels as (at least one). */
long segments(double bytes, const TcpConfig& c);

/** Sends a message of `bytes` over `path` until the receiver holds all of it (its sender may learn later), or
 *  until max_retries timeouts in a row (Linux would then drop the connection; the time is kept). */
TcpOutcome tcp_message(double bytes, const TcpPath& path, const TcpConfig& c, Rng& rng);

/** Mathis et al.: bulk TCP throughput (bytes/s) at round-trip `rtt` and loss `p` (infinite when p = 0). */
double mathis_rate(double mss, double rtt, double p);

} // namespace cs::net
