/* The round-trip microbenchmark of bench basic: node 0 sends the smallest message to node 1, which sends it back,
 * `repetitions` times, on the messaging path the DSM uses (Transport::send_cost and recv_cost: system call, copies,
 * adapter, wire, interrupt). Without DSM: it times the platform's per-message costs as a program would see them,
 * each end either blocked in its receive (woken by the arrival) or taking the message in a signal handler. */
#pragma once
#include "models/dsm/params.hpp"
#include "models/dsm/transport.hpp"
#include "sim/run/recorder.hpp"

namespace cs::dsm {

class BasicPing {
public:
  BasicPing(const BasicParams& p, net::Fabric& fabric, const Transport& client, const Transport& server)
      : p_(p), fabric_(fabric), client_(client), server_(server)
  {
  }
  /** Creates the two actors. */
  void start(sg4::Host* client_host, sg4::Host* server_host);
  /** basic_us (the mean round trip, µs); throws if the client did not finish. */
  void record(Recorder& rec) const;

private:
  void client();
  void server();
  void pass(const Transport& from, int to) const;
  void take(const Transport& at) const;
  BasicParams p_;
  net::Fabric& fabric_;
  const Transport& client_;
  const Transport& server_;
  double rtt_ = -1;
};

} // namespace cs::dsm
