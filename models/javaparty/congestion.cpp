#include "models/javaparty/congestion.hpp"
#include "models/net/egress_port.hpp"
#include "models/net/traffic.hpp"

namespace cs::javaparty {

std::map<std::string, PortState> blasted_ports(const Params& p, const net::QosConfig& qos, bool qos_on,
                                               double bandwidth, const std::vector<std::string>& targets,
                                               const std::vector<std::string>& sources, Rng& rng)
{
  std::map<std::string, PortState> out;
  double frame = net::udp_frame_on_wire(p.blast_payload);
  double fps   = p.blast_rate > 0 ? p.blast_rate : bandwidth / frame;
  for (size_t i = 0; i < targets.size(); ++i) {
    const std::string& host = targets[i];
    // JavaParty traffic into this port comes from the other RayTracer machines (one class under the profile).
    const std::string& peer         = targets[(i + 1) % targets.size()];
    net::QueueOf jp                 = qos_on ? qos.queue_of(peer, host) : net::QueueOf{0, 1};
    net::QueueOf blast              = qos_on ? qos.queue_of(sources[i], host) : net::QueueOf{0, 1};
    const net::PortScheduler* sched = qos_on ? &qos.port(host) : nullptr;
    std::array<double, net::kQueues> offered{};
    offered[static_cast<size_t>(blast.queue)] += fps * frame;
    offered[static_cast<size_t>(jp.queue)] += p.jp_load;
    net::FluidShare f = net::fluid_share(bandwidth, offered, sched);
    PortState s;
    s.jp_loss   = f.loss[static_cast<size_t>(jp.queue)];
    s.blast_fps = fps * (1 - f.loss[static_cast<size_t>(blast.queue)]);
    // A queue offered more than it serves stays full: its frames wait for a full buffer to drain.
    s.jp_delay     = s.jp_loss > 0 ? qos.port_buffer / bandwidth : 0.0;
    bool one_queue = qos_on && jp.queue == blast.queue; // the packet port keeps statistics per queue
    if (p.switch_model == "packet" && not one_queue) {
      // QoS off: one FIFO, where the queue numbers only keep the two streams' statistics apart.
      int bq = qos_on ? blast.queue : 0, jq = qos_on ? jp.queue : 1;
      net::PacketPort port(bandwidth, qos.port_buffer, qos_on ? &qos.queue_set(host) : nullptr, sched);
      std::vector<net::Source> src{{fps * frame, frame, bq, false, p.blast_jitter},
                                   {std::max(1.0, p.jp_load), 1538, jq, true}};
      // The blast runs long before and during the RayTracer: fill the buffers first (the JavaParty traffic is the
      // only excess over the line when the blast is at line rate), then measure.
      double excess = std::max(p.jp_load, fps * frame + p.jp_load - bandwidth);
      double warmup = std::min(60.0, 1.5 * qos.port_buffer / std::max(excess, 1.0));
      net::feed(port, src, 0, warmup, rng);
      net::QueueStats jp0 = port.stats(jq), bl0 = port.stats(bq);
      net::feed(port, src, warmup, warmup + p.packet_seconds, rng);
      long offered_jp = port.stats(jq).offered - jp0.offered;
      s.jp_loss       = offered_jp > 0 ? static_cast<double>(port.stats(jq).dropped - jp0.dropped) / offered_jp : 0.0;
      s.blast_fps     = static_cast<double>(port.stats(bq).sent - bl0.sent) / p.packet_seconds;
    }
    out[host] = s;
  }
  return out;
}

} // namespace cs::javaparty
