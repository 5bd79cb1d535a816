/* UDPmon's request-response latency test on the model's UDP path: node 0 sends `size` bytes to node 1 and waits
 * in recvfrom for a `response_size` reply, `round_trips` times. No DSM, no SIGIO: it checks the platform's send and
 * receive costs, copies, wire and switch against the measured line they were derived from (docs/models/dsm.md
 * §Sources). */
#pragma once
#include "models/dsm/params.hpp"
#include "models/dsm/transport.hpp"

namespace cs::dsm {

class UdpRtt {
public:
  UdpRtt(const UdpRttParams& p, net::Fabric& fabric, const Transport& client, const Transport& server)
      : p_(p), fabric_(fabric), client_(client), server_(server)
  {
  }
  /** Creates the two actors. */
  void start(sg4::Host* client_host, sg4::Host* server_host);
  /** Mean round-trip time (s). */
  double rtt() const { return rtt_; }

private:
  void client();
  void server();
  void pass(const Transport& from, int to, double bytes) const;
  UdpRttParams p_;
  net::Fabric& fabric_;
  const Transport& client_;
  const Transport& server_;
  double rtt_ = 0;
};

} // namespace cs::dsm
