#include "models/common/net/tcp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace cs::net {

long segments(double bytes, const TcpConfig& c)
{
  return std::max(1L, static_cast<long>(std::ceil(bytes / c.mss)));
}

TcpOutcome tcp_message(double bytes, const TcpPath& path, const TcpConfig& c, Rng& rng)
{
  TcpOutcome out;
  const long n     = segments(bytes, c);
  const double rtt = path.data_delay + path.ack_delay; // the queues' part of the round trip
  std::vector<char> got(static_cast<size_t>(n), 0), known(static_cast<size_t>(n), 0);
  long have = 0, cwnd = c.initial_window;
  int backoff = 0;
  while (true) {
    // One round: the first cwnd segments the sender has no news of (SACK tells it which arrived).
    long sent = 0, first_hole = -1, reports = 0;
    bool news = false;
    for (long s = 0; s < n && sent < cwnd; ++s) {
      if (known[static_cast<size_t>(s)])
        continue;
      ++sent;
      if (path.data_loss > 0 && rng.bernoulli(path.data_loss)) {
        ++out.lost_data;
        if (first_hole < 0)
          first_hole = s;
        continue;
      }
      if (not got[static_cast<size_t>(s)]) {
        got[static_cast<size_t>(s)] = 1;
        ++have;
      }
      if (path.ack_loss > 0 && rng.bernoulli(path.ack_loss)) {
        ++out.lost_acks;
        continue;
      }
      news = true;
      if (first_hole >= 0)
        ++reports; // a duplicate ACK for the hole
    }
    if (have == n) { // the receiver holds the message: done one way after the round left
      out.queueing += path.data_delay;
      return out;
    }
    if (news)
      known = got;
    if (not news || (first_hole >= 0 && reports < c.dupack_threshold)) {
      // Nothing tells the sender in time: its timer fires, it backs off and restarts from one segment.
      out.timeouts += std::min(c.rto_max, (c.rto_min + rtt) * std::ldexp(1.0, backoff));
      ++out.rto_count;
      cwnd = 1;
      if (++backoff > c.max_retries)
        return out;
      continue;
    }
    backoff = 0;
    if (first_hole >= 0) {
      out.fast_retx += rtt;
      ++out.fast_retransmits;
      cwnd = std::max(2L, cwnd / 2);
    } else {
      out.queueing += rtt;
      cwnd = std::min(2 * cwnd, c.max_window);
    }
  }
}

double mathis_rate(double mss, double rtt, double p)
{
  if (p <= 0)
    return std::numeric_limits<double>::infinity();
  return mss / rtt * std::sqrt(1.5) / std::sqrt(p);
}

} // namespace cs::net
