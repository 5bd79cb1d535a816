#include "models/dsm/basic_ping.hpp"

#include <stdexcept>

namespace cs::dsm {

void BasicPing::start(sg4::Host* client_host, sg4::Host* server_host)
{
  sg4::Actor::create("ping-client", client_host, [this]() { client(); });
  sg4::Actor::create("ping-server", server_host, [this]() { server(); })->daemonize();
}

void BasicPing::pass(const Transport& from, int to) const
{
  from.cpu(from.send_cost(p_.size), true);
  fabric_.send({from.id(), to, 0, p_.size, nullptr});
}

void BasicPing::take(const Transport& at) const
{
  bool signal = p_.test == BasicTest::roundtrip_signal;
  at.cpu(at.recv_cost(p_.size, not signal, signal), true);
}

void BasicPing::client()
{
  double start = sg4::Engine::get_clock();
  for (long i = 0; i < p_.repetitions; ++i) {
    pass(client_, server_.id());
    fabric_.socket(client_.id(), 0).recv();
    take(client_);
  }
  rtt_ = (sg4::Engine::get_clock() - start) / static_cast<double>(p_.repetitions);
}

void BasicPing::server()
{
  while (true) {
    fabric_.socket(server_.id(), 0).recv();
    take(server_);
    pass(server_, client_.id());
  }
}

void BasicPing::record(Recorder& rec) const
{
  if (rtt_ < 0)
    throw std::runtime_error("dsm: bench basic: the round-trip client did not finish");
  rec.set("bench", "basic");
  rec.set("basic_us", rtt_ * 1e6);
}

} // namespace cs::dsm
