/* Packet-level switch port speed: frames simulated per wall second (issue 4 target: at least 5 million).
 * Appendix B's port (expedite queue 1, share 97 1 1 1, queue-set 2) under a 1 Gb/s UDP blast with 1400 B payloads
 * plus 100 Mb/s of many-flow traffic in queue 1 and 50 Mb/s in queue 3, for `seconds` simulated seconds. */
#include "models/net/egress_port.hpp"
#include "sim/rng.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
  using namespace cs::net;
  double seconds = argc > 1 ? std::atof(argv[1]) : 60;
  QueueSet qs;
  qs.buffers    = {50, 40, 5, 5};
  qs.threshold1 = {400, 400, 100, 400};
  qs.threshold2 = {400, 400, 100, 400};
  qs.reserved   = {100, 100, 100, 100};
  qs.maximum    = {400, 400, 100, 400};
  PortScheduler ps;
  ps.shared   = {97, 1, 1, 1};
  ps.expedite = true;
  double C    = 125e6;
  PacketPort port(C, 1.3e6, &qs, &ps);
  cs::Rng rng(1);
  double blast = 1466 + 38, t_blast = 0, t_jp = 0, t_other = 0;
  long frames = 0;
  auto start  = std::chrono::steady_clock::now();
  while (true) {
    double t = std::min({t_blast, t_jp, t_other});
    if (t > seconds)
      break;
    if (t == t_blast) {
      port.arrive(t, blast, 1);
      t_blast += blast / C;
    } else if (t == t_jp) {
      port.arrive(t, 1538, 0);
      t_jp += rng.exponential(1538 / 12.5e6);
    } else {
      port.arrive(t, 1538, 2);
      t_other += rng.exponential(1538 / 6.25e6);
    }
    ++frames;
  }
  port.advance(seconds);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("packet-level port: %ld frames over %.0f simulated s in %.2f s wall: %.1f M frames per wall second "
              "(target >= 5); queue 1 loss %.4f, queue 2 loss %.3f\n",
              frames, seconds, wall, frames / wall / 1e6, port.stats(0).loss(), port.stats(1).loss());
}
