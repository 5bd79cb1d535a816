#include "models/dsm/udp_rtt.hpp"

namespace cs::dsm {

void UdpRtt::start(sg4::Host* client_host, sg4::Host* server_host)
{
  sg4::Actor::create("udpmon-client", client_host, [this]() { client(); });
  sg4::Actor::create("udpmon-server", server_host, [this]() { server(); })->daemonize();
}

void UdpRtt::pass(const Transport& from, int to, double bytes) const
{
  from.cpu(from.costs().udp_send + from.copy_time(bytes), true);
  fabric_.send({from.id(), to, 0, bytes, nullptr});
}

void UdpRtt::client()
{
  double start = sg4::Engine::get_clock();
  for (long i = 0; i < p_.round_trips; ++i) {
    pass(client_, server_.id(), p_.size);
    net::Datagram d = fabric_.socket(client_.id(), 0).recv();
    client_.cpu(client_.costs().udp_recv + client_.copy_time(d.bytes), true);
  }
  rtt_ = (sg4::Engine::get_clock() - start) / static_cast<double>(p_.round_trips);
}

void UdpRtt::server()
{
  while (true) {
    net::Datagram d = fabric_.socket(server_.id(), 0).recv();
    server_.cpu(server_.costs().udp_recv + server_.copy_time(d.bytes), true);
    pass(server_, client_.id(), p_.response_size);
  }
}

} // namespace cs::dsm
