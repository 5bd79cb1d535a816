#include "models/javaparty/congestion.hpp"
#include "models/net/egress_port.hpp"
#include "models/net/traffic.hpp"

namespace cs::javaparty {

std::map<std::string, PortState> blasted_ports(const Params& p, const net::QosConfig& qos, bool qos_on,
                                               double bandwidth, const std::vector<std::string>& targets,
                                               const std::vector<std::string>& sources,
                                               const std::vector<std::string>& peers, Rng& rng)
{
  std::map<std::string, PortState> out;
  double frame = net::udp_frame_on_wire(p.blast_payload);
  double fps   = p.blast_rate > 0 ? p.blast_rate : bandwidth / frame;
  for (size_t i = 0; i < targets.size(); ++i) {
    const std::string& host = targets[i];
    // The JavaParty traffic into this port comes from the other RayTracer machines (their class under QoS).
    std::string peer = host;
    for (auto const& o : peers)
      if (o != host)
        peer = o;
    net::QueueOf jp                 = qos_on ? qos.queue_of(peer, host) : net::QueueOf{0, 1};
    net::QueueOf blast              = qos_on ? qos.queue_of(sources[i], host) : net::QueueOf{0, 1};
    const net::PortScheduler* sched = qos_on ? &qos.port(host) : nullptr;
    std::array<double, net::kQueues> offered{};
    offered[static_cast<size_t>(blast.queue)] += fps * frame;
    offered[static_cast<size_t>(jp.queue)] += p.jp_load;
    net::FluidShare f = net::fluid_share(bandwidth, offered, sched);
    PortState s;
    s.jp_loss   = f.loss[static_cast<size_t>(jp.queue)];
    s.blast_fps = f.rate[static_cast<size_t>(blast.queue)] * (fps * frame) /
                  std::max(1e-9, offered[static_cast<size_t>(blast.queue)]) / frame;
    // A queue offered more than it serves stays full: its frames wait for a full buffer to drain.
    s.jp_delay = f.loss[static_cast<size_t>(jp.queue)] > 0 ? qos.port_buffer / bandwidth : 0.0;
    if (p.switch_model == "packet") {
      const net::QueueSet* qs = qos_on ? &qos.queue_set(host) : nullptr;
      net::PacketPort port(bandwidth, qos.port_buffer, qs, sched);
      std::vector<net::Source> src{{fps * frame, frame, blast.queue, false, p.blast_jitter},
                                   {std::max(1.0, p.jp_load), 1538, jp.queue, true}};
      if (jp.queue == blast.queue) // FIFO or one queue: keep the two apart in the statistics
        src[1].queue = (blast.queue + 1) % net::kQueues, src[0].queue = blast.queue;
      // The blast runs long before and during the RayTracer: fill the buffers first (the JavaParty traffic is the
      // only excess over the line when the blast is at line rate), then measure.
      double excess = std::max(p.jp_load, fps * frame + p.jp_load - bandwidth);
      double warmup = std::min(60.0, 1.5 * qos.port_buffer / std::max(excess, 1.0));
      net::feed(port, src, 0, warmup, rng);
      net::QueueStats jp0 = port.stats(src[1].queue), bl0 = port.stats(src[0].queue);
      net::feed(port, src, warmup, warmup + p.packet_seconds, rng);
      if (not(jp.queue == blast.queue && qos_on)) { // (one queue under QoS: one statistics slot; the fluid stands)
        const net::QueueStats& jp1 = port.stats(src[1].queue);
        long offered               = jp1.offered - jp0.offered;
        s.jp_loss   = offered > 0 ? static_cast<double>(jp1.dropped - jp0.dropped) / static_cast<double>(offered) : 0;
        s.blast_fps = static_cast<double>(port.stats(src[0].queue).sent - bl0.sent) / p.packet_seconds;
      }
    }
    out[host] = s;
  }
  return out;
}

} // namespace cs::javaparty
