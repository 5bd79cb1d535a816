/* TCP as request/response traffic sees it under loss (model-notes 001): a message travels as MSS-sized segments;
 * a lost segment of a small message cannot raise three duplicate ACKs, so it waits for the retransmission timer,
 * at least 200 ms on 2008 Linux, doubling while the same segment keeps being lost. Bulk transfers use the Mathis
 * rate instead. */
#pragma once
#include "sim/rng.hpp"

namespace cs::net {

struct TcpConfig {
  double mss     = 1448; ///< bytes of payload per segment (1500 B MTU, timestamps on)
  double rto_min = 0.2;  ///< Linux's minimum retransmission timeout
  double rto_max = 120;  ///< Linux's maximum
};

/** Segments a message of `bytes` travels as (at least one). */
long segments(double bytes, const TcpConfig& c);

/** Time a message of `bytes` loses to retransmissions when each segment transmission is lost with probability
 *  `p`; `lost` (if given) is increased by the transmissions lost. */
double loss_delay(double bytes, double p, const TcpConfig& c, Rng& rng, long* lost = nullptr);

/** Mathis et al.: bulk TCP throughput (bytes/s) at round-trip `rtt` and loss `p` (infinite when p = 0). */
double mathis_rate(double mss, double rtt, double p);

} // namespace cs::net
