#include "models/dsm/run_rates.hpp"

namespace cs::dsm {

void record_rates(Recorder& rec, const std::vector<std::unique_ptr<Transport>>& transports, double time)
{
  // A message on the network is a datagram sent (pieces of a split message each count, as do re-sends; messages
  // a process hands itself do not). Bytes: UDP payloads with the DSM header, KB of 1024 B.
  long datagrams = 0, acquires = 0, barriers = 0;
  double bytes = 0;
  for (auto const& t : transports) {
    const Counters& c = t->counters();
    datagrams += c.datagrams_sent;
    acquires += c.acquires;
    barriers += c.barriers;
    bytes += c.bytes_sent;
  }
  double per_s   = time > 0 ? 1 / time : 0;
  double barrier = static_cast<double>(barriers) / static_cast<double>(transports.size()); // each process enters it
  rec.set("net_messages", datagrams);
  rec.set("msgs_per_s", static_cast<double>(datagrams) * per_s);
  rec.set("kbytes_per_s", bytes / 1024 * per_s);
  rec.set("acquires", acquires);
  rec.set("locks_per_s", static_cast<double>(acquires) * per_s);
  rec.set("barriers", barrier);
  rec.set("barriers_per_s", barrier * per_s);
}

} // namespace cs::dsm
