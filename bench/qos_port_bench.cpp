/* Packet-level switch port speed: frames simulated per wall second (target: at least 5 million).
 * Appendix B's port (expedite queue 1, share 97 1 1 1, queue-set 2) under a 1 Gb/s UDP blast with 1400 B payloads
 * plus 100 Mb/s of many-flow traffic in queue 1 and 50 Mb/s in queue 3, for `seconds` simulated seconds. */
#include "models/common/net/egress_port.hpp"
#include "models/common/net/traffic.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"
#include "sim/run/rng.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
  using namespace cs::net;
  double seconds = argc > 1 ? std::atof(argv[1]) : 60;
  // Appendix B's port, read from the platform file (queue-set 2, jp-1's scheduler, the port buffer).
  auto qos            = cs::load_json_file(CS_SOURCE_DIR "/platforms/001_javaparty_cluster.json")["switches"][0]["qos"];
  auto four           = [](const cs::json& v) { return std::array<double, kQueues>{v[0], v[1], v[2], v[3]}; };
  const cs::json& set = qos["queue_sets"]["2"];
  QueueSet qs;
  qs.buffers    = four(set["buffers"]);
  qs.threshold1 = four(set["threshold1"]);
  qs.threshold2 = four(set["threshold2"]);
  qs.reserved   = four(set["reserved"]);
  qs.maximum    = four(set["maximum"]);
  PortScheduler ps;
  ps.shared     = four(qos["ports"]["jp-1"]["share"]);
  ps.expedite   = qos["ports"]["jp-1"]["priority_queue_out"];
  double buffer = *cs::parse_unit_string(qos["port_buffer"]["value"].get<std::string>(), cs::Unit::size);
  double C      = 125e6;
  PacketPort port(C, buffer, 1538, &qs, &ps); // full Ethernet frames on the wire: the SRR quantum
  cs::Rng rng(1);
  double blast = udp_frame_on_wire(1400), t_blast = 0, t_jp = 0, t_other = 0;
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
