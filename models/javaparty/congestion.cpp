#include "models/javaparty/congestion.hpp"
#include "models/common/net/egress_port.hpp"
#include "models/common/net/traffic.hpp"

#include <algorithm>

namespace cs::javaparty {

namespace {

struct Port {
  const Params& p;
  const net::QosConfig& qos;
  bool qos_on;
  double bandwidth, fps, frame;
  std::string host;
  net::QueueOf blast;
};

/** The drop limit of the queue `jp` goes to: the whole buffer for a FIFO, the queue-set's threshold under QoS. */
double drop_limit(const Port& o, const net::QueueOf& jp)
{
  if (not o.qos_on)
    return o.qos.port_buffer;
  auto q                  = static_cast<size_t>(jp.queue);
  const net::QueueSet& qs = o.qos.queue_set(o.host);
  const auto& limit       = jp.threshold == 1 ? qs.threshold1 : jp.threshold == 2 ? qs.threshold2 : qs.maximum;
  return o.qos.port_buffer * qs.buffers[q] / 100 * limit[q] / 100;
}

/** JavaParty frames going to queue `jp` of the port, beside the blast; sets `blast_fps` as the port delivers it. */
JpPath jp_class(const Port& o, const net::QueueOf& jp, double& blast_fps, Rng& rng)
{
  const Params& p                 = o.p;
  const net::PortScheduler* sched = o.qos_on ? &o.qos.port(o.host) : nullptr;
  std::array<double, net::kQueues> offered{};
  offered[static_cast<size_t>(o.blast.queue)] += o.fps * o.frame;
  offered[static_cast<size_t>(jp.queue)] += p.jp_load;
  net::FluidShare f = net::fluid_share(o.bandwidth, offered, sched);
  auto q            = static_cast<size_t>(jp.queue);
  JpPath j;
  blast_fps = o.fps * (1 - f.loss[static_cast<size_t>(o.blast.queue)]);
  if (f.loss[q] > 0) { // the queue is kept full: a frame waits for its whole drop limit to drain
    j.loss  = std::max(f.loss[q], p.full_queue_loss);
    j.delay = drop_limit(o, jp) / f.rate[q];
  }
  bool one_queue = o.qos_on && jp.queue == o.blast.queue; // the packet port keeps statistics per queue
  if (p.switch_model == SwitchModel::packet && not one_queue) {
    // QoS off: one FIFO, where the queue numbers only keep the two streams' statistics apart.
    int bq = o.qos_on ? o.blast.queue : 0, jq = o.qos_on ? jp.queue : 1;
    net::PacketPort port(o.bandwidth, o.qos.port_buffer, p.max_frame, o.qos_on ? &o.qos.queue_set(o.host) : nullptr,
                         sched);
    std::vector<net::Source> src{{o.fps * o.frame, o.frame, bq, false, p.blast_jitter},
                                 {std::max(1.0, p.jp_load), p.max_frame, jq, true}};
    // The blast runs long before and during the RayTracer: fill the buffers first (the JavaParty traffic is the
    // only excess over the line when the blast is at line rate), then measure.
    double excess = std::max(p.jp_load, o.fps * o.frame + p.jp_load - o.bandwidth);
    double warmup = std::min(p.warmup_cap, p.warmup_fills * o.qos.port_buffer / std::max(excess, 1.0));
    net::feed(port, src, 0, warmup, rng);
    net::QueueStats jp0 = port.stats(jq), bl0 = port.stats(bq);
    net::feed(port, src, warmup, warmup + p.packet_seconds, rng);
    long offered_jp = port.stats(jq).offered - jp0.offered;
    j.loss          = offered_jp > 0 ? static_cast<double>(port.stats(jq).dropped - jp0.dropped) / offered_jp : 0.0;
    blast_fps       = static_cast<double>(port.stats(bq).sent - bl0.sent) / p.packet_seconds;
  }
  return j;
}

} // namespace

double blast_offered_fps(const Params& p, double bandwidth)
{
  if (p.blast_offered > 0)
    return p.blast_offered / net::udp_frame_on_wire(p.blast_payload);
  return p.blast_rate > 0 ? p.blast_rate : bandwidth / net::udp_frame_on_wire(p.blast_payload);
}

std::map<std::string, PortState> blasted_ports(const Params& p, const net::QosConfig& qos, bool qos_on,
                                               double bandwidth, const std::vector<std::string>& targets,
                                               const std::vector<std::string>& sources, Rng& rng)
{
  std::map<std::string, PortState> out;
  double frame = net::udp_frame_on_wire(p.blast_payload);
  double fps   = blast_offered_fps(p, bandwidth);
  for (size_t i = 0; i < targets.size(); ++i) {
    const std::string& host = targets[i];
    Port o{p, qos, qos_on, bandwidth, fps, frame, host, qos_on ? qos.queue_of(sources[i], host) : net::QueueOf{0, 1}};
    PortState s;
    std::map<std::pair<int, int>, JpPath> by_queue; // senders whose frames go to the same queue meet the same
    for (const std::string& peer : targets) {
      if (peer == host)
        continue;
      net::QueueOf jp = qos_on ? qos.queue_of(peer, host) : net::QueueOf{0, 1};
      auto key        = std::make_pair(jp.queue, jp.threshold);
      if (by_queue.count(key) == 0)
        by_queue[key] = jp_class(o, jp, s.blast_fps, rng);
      s.from[peer] = by_queue[key];
    }
    if (targets.size() == 1) // no JavaParty peer: the blast alone
      jp_class(o, net::QueueOf{o.blast.queue, 1}, s.blast_fps, rng);
    out[host] = s;
  }
  return out;
}

} // namespace cs::javaparty
