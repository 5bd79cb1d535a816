#include "calibration/probes/udp.hpp"
#include "calibration/native.hpp"

#include <algorithm>
#include <arpa/inet.h>
#include <cstdint>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace cs::calib {

namespace {

constexpr size_t max_datagram = 64 * 1024;

class Socket {
public:
  Socket() : fd_(socket(AF_INET, SOCK_DGRAM, 0)) { check_errno(fd_ >= 0, "socket"); }
  ~Socket() { close(fd_); }
  Socket(const Socket&)            = delete;
  Socket& operator=(const Socket&) = delete;
  int fd() const { return fd_; }

private:
  int fd_;
};

sockaddr_in loopback(uint16_t port)
{
  sockaddr_in a{};
  a.sin_family      = AF_INET;
  a.sin_port        = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return a;
}

/** Answers each request with as many bytes as its first 4 bytes ask for; an empty datagram stops it. */
void serve(int fd, int cpu)
{
  CpuPin pin(cpu);
  std::vector<char> buf(max_datagram);
  while (true) {
    sockaddr_in from{};
    socklen_t len = sizeof from;
    ssize_t n     = recvfrom(fd, buf.data(), buf.size(), 0, reinterpret_cast<sockaddr*>(&from), &len);
    if (n <= 0)
      return;
    uint32_t reply = 0;
    std::memcpy(&reply, buf.data(), sizeof reply);
    sendto(fd, buf.data(), reply, 0, reinterpret_cast<sockaddr*>(&from), len);
  }
}

} // namespace

std::vector<Summary> bench_udp_rtt(const Plan& plan, const std::vector<UdpExchange>& exchanges)
{
  for (auto const& x : exchanges)
    if (x.request < 4 || x.request > max_datagram || x.reply > max_datagram)
      throw std::invalid_argument("udp request of 4 B .. 64 KiB and reply up to 64 KiB");
  Socket server, client;
  sockaddr_in any = loopback(0);
  check_errno(bind(server.fd(), reinterpret_cast<sockaddr*>(&any), sizeof any) == 0, "bind");
  socklen_t len = sizeof any;
  check_errno(getsockname(server.fd(), reinterpret_cast<sockaddr*>(&any), &len) == 0, "getsockname");
  check_errno(connect(client.fd(), reinterpret_cast<sockaddr*>(&any), sizeof any) == 0, "connect");
  // A lost datagram would hang the client: loopback does not drop one in flight, but a timeout turns "never" into
  // an error message.
  timeval timeout{2, 0};
  setsockopt(client.fd(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);

  // Client and server on different CPUs, as on two hosts: each sleeps while the other works and is woken by the
  // datagram. (Left to the scheduler they sometimes share a CPU, and the figure flips between two modes.)
  std::vector<int> cpus = usable_cpu_list();
  CpuPin pin(cpus[0]);
  std::thread server_thread(serve, server.fd(), cpus.size() > 1 ? cpus[1] : cpus[0]);
  std::vector<char> req(max_datagram, 'q'), rep(max_datagram);
  auto exchange = [&](const UdpExchange& x) {
    auto reply = static_cast<uint32_t>(x.reply);
    std::memcpy(req.data(), &reply, sizeof reply);
    if (send(client.fd(), req.data(), x.request, 0) != static_cast<ssize_t>(x.request))
      throw std::runtime_error(std::string("udp send: ") + std::strerror(errno));
    if (recv(client.fd(), rep.data(), rep.size(), 0) != static_cast<ssize_t>(x.reply))
      throw std::runtime_error(std::string("udp recv (no reply within 2 s?): ") + std::strerror(errno));
  };
  std::vector<Summary> out;
  std::string failure;
  try {
    // Batch sizes from a first estimate of each exchange, then rounds over all of them.
    std::vector<long> batch;
    for (auto const& x : exchanges) {
      Plan probe    = plan;
      probe.warmup  = 0;
      probe.samples = 1;
      double t      = time_per_op(probe, [&] { exchange(x); }).median;
      batch.push_back(std::max(1L, static_cast<long>(plan.sample_s / std::max(t, 1e-9))));
    }
    std::vector<std::vector<double>> samples(exchanges.size());
    for (int s = 0; s < plan.warmup + plan.samples; ++s)
      for (size_t k = 0; k < exchanges.size(); ++k) {
        double t0 = now_s();
        for (long i = 0; i < batch[k]; ++i)
          exchange(exchanges[k]);
        if (s >= plan.warmup)
          samples[k].push_back((now_s() - t0) / static_cast<double>(batch[k]));
      }
    for (auto const& v : samples)
      out.push_back(summarize(v));
  } catch (const std::exception& e) {
    failure = e.what();
  }
  send(client.fd(), req.data(), 0, 0); // stops the server
  server_thread.join();
  if (not failure.empty())
    throw std::runtime_error(failure);
  return out;
}

} // namespace cs::calib
