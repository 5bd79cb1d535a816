#include "models/common/net/qos_config.hpp"
#include "sim/input/errors.hpp"

namespace cs::net {

namespace {

std::array<double, kQueues> four(Fields& f, const std::string& key, const std::array<double, kQueues>& def,
                                 const std::string& doc, Range range)
{
  std::vector<double> v = f.quantity_list(key, Unit::none, {def.begin(), def.end()}, doc, range);
  if (v.size() != kQueues)
    f.fail(key, "expected 4 values (one per egress queue), got " + std::to_string(v.size()));
  return {v[0], v[1], v[2], v[3]};
}

PortScheduler parse_port(Fields f, const PortScheduler& def)
{
  PortScheduler p = def;
  p.shared    = four(f, "share", def.shared, "srr-queue bandwidth share: weights of the 4 queues", Range::at_least(1));
  p.shaped    = four(f, "shape", def.shaped, "srr-queue bandwidth shape: 0 or a weight capping the queue at C / weight",
                     Range::non_negative());
  p.expedite  = f.boolean("priority_queue_out", def.expedite, "priority-queue out: queue 1 is an expedite queue");
  p.queue_set = static_cast<int>(f.integer("queue_set", def.queue_set, "queue-set of the port", 1, 2));
  f.string("source", "", "where the numbers come from");
  f.finish();
  return p;
}

QueueSet parse_queue_set(Fields f, const QueueSet& def)
{
  QueueSet q;
  Range pct    = Range::between(1, 3200);
  q.buffers    = four(f, "buffers", def.buffers, "% of the port buffer allocated to each queue", Range::between(0, 99));
  q.threshold1 = four(f, "threshold1", def.threshold1, "drop threshold 1, % of the queue's allocation", pct);
  q.threshold2 = four(f, "threshold2", def.threshold2, "drop threshold 2, % of the queue's allocation", pct);
  q.reserved   = four(f, "reserved", def.reserved, "% of the allocation reserved to the queue", Range::between(1, 100));
  q.maximum    = four(f, "maximum", def.maximum, "maximum (threshold 3), % of the allocation", pct);
  f.string("source", "", "where the numbers come from");
  f.finish();
  double sum = 0;
  for (double b : q.buffers)
    sum += b;
  if (sum > 100.0001)
    f.fail("buffers", "the 4 allocations add up to " + std::to_string(sum) + "%, more than the port's buffer");
  return q;
}

} // namespace

int QosConfig::dscp(const std::string& src, const std::string& dst) const
{
  auto it = marks.find({src, dst});
  return it == marks.end() ? 0 : it->second;
}

QueueOf QosConfig::queue_of(const std::string& src, const std::string& dst) const
{
  return dscp_output[static_cast<size_t>(dscp(src, dst))];
}

const PortScheduler& QosConfig::port(const std::string& host) const
{
  auto it = ports.find(host);
  return it == ports.end() ? default_port : it->second;
}

const QueueSet& QosConfig::queue_set(const std::string& host) const
{
  return queue_sets[static_cast<size_t>(port(host).queue_set - 1)];
}

QosConfig qos_config(const Platform& platform, const SwitchSpec& sw)
{
  const std::string& file = platform.spec().file;
  Fields q(sw.qos.is_object() ? sw.qos : json::object(), file, sw.pointer + "/qos");
  QosConfig c;
  q.string("description", "", "what this switch is");
  c.enabled = q.boolean("mls_qos", false, "mls qos: off, one FIFO tail-drop queue per egress port");
  c.shared_medium =
      q.choice("medium", "switched", {"switched", "shared"},
               "switched: a port per host; shared: one segment (a hub or coaxial Ethernet) every host's frames "
               "take turns on at the port bandwidth, the models using the UDP fabric (port_buffer unused)") == "shared";
  c.port_buffer = read_sourced(q, "port_buffer", Unit::size, "bytes one egress port can hold", Range::positive()).value;
  Sourced mtu{1500, "Ethernet MTU"};
  c.mtu = read_sourced(q, "mtu", Unit::size, "IP MTU of the LAN", Range::at_least(100), &mtu).value;
  Sourced ring{4e9, "Catalyst 3750: 32 Gb/s stack ring (Cisco data sheet)"};
  c.ring_bandwidth = read_sourced(q, "ring_bandwidth", Unit::bandwidth, "internal ring the ingress queues feed",
                                  Range::positive(), &ring)
                         .value;
  // Default DSCP -> egress queue map of the 3750 (Catalyst 3750 software configuration guide): 40-47 -> Q1, 0-15 -> Q2,
  // 16-31 -> Q3, else Q4.
  for (int d = 0; d < 64; ++d)
    c.dscp_output[static_cast<size_t>(d)] = {d >= 40 && d <= 47 ? 0 : d <= 15 ? 1 : d <= 31 ? 2 : 3, 1};
  if (const json* m = q.raw("dscp_output_map", "list", "entries {dscp: [lo, hi], queue: 1-4, threshold: 1-3}")) {
    if (not m->is_array())
      q.fail("dscp_output_map", "expected a list");
    for (size_t i = 0; i < m->size(); ++i) {
      Fields e((*m)[i], file, sw.pointer + "/qos/dscp_output_map/" + std::to_string(i));
      auto range = e.quantity_list("dscp", Unit::none, {}, "DSCP values lo..hi", Range::between(0, 63));
      long queue = e.integer("queue", 1, "egress queue (1-4)", 1, 4);
      long thr   = e.integer("threshold", 1, "drop threshold (1, 2; 3 = maximum)", 1, 3);
      e.finish();
      if (range.size() != 2 || range[0] > range[1])
        e.fail("dscp", "expected [lo, hi]");
      for (int d = static_cast<int>(range[0]); d <= static_cast<int>(range[1]); ++d)
        c.dscp_output[static_cast<size_t>(d)] = {static_cast<int>(queue - 1), static_cast<int>(thr)};
    }
  }
  if (const json* p = q.raw("policy", "object", "service-policy input: {pairs: [[src, dst]...], dscp, source}")) {
    Fields pf(*p, file, sw.pointer + "/qos/policy");
    long dscp         = pf.integer("dscp", 0, "DSCP set on matching traffic", 0, 63);
    const json* pairs = pf.raw("pairs", "list", "ACL host pairs (permit ip host A host B)");
    pf.string("source", "", "where the policy comes from");
    pf.finish();
    if (pairs == nullptr || not pairs->is_array())
      pf.fail("pairs", "expected a list of [src, dst] host names");
    for (size_t i = 0; i < pairs->size(); ++i) {
      const json& pr = (*pairs)[i];
      if (not pr.is_array() || pr.size() != 2 || not pr[0].is_string() || not pr[1].is_string())
        pf.fail("pairs", "entry " + std::to_string(i) + ": expected [src, dst] host names");
      for (int k = 0; k < 2; ++k)
        if (not platform.has_host(pr[static_cast<size_t>(k)].get<std::string>()))
          pf.fail("pairs", "entry " + std::to_string(i) + ": no host \"" +
                               pr[static_cast<size_t>(k)].get<std::string>() + "\" in the platform");
      c.marks[{pr[0].get<std::string>(), pr[1].get<std::string>()}] = static_cast<int>(dscp);
    }
  }
  Fields sets     = q.object("queue_sets", "the two egress queue-sets ('1' and '2')");
  c.queue_sets[0] = parse_queue_set(sets.object("1", "queue-set 1"), QueueSet{});
  c.queue_sets[1] = parse_queue_set(sets.object("2", "queue-set 2"), QueueSet{});
  sets.string("source", "", "where the numbers come from");
  sets.finish();
  Fields in = q.object("ingress", "ingress queues (parsed, not simulated: the ring is not the bottleneck)");
  auto two  = [&in](const std::string& key, std::array<double, 2> def, const std::string& doc) {
    auto v = in.quantity_list(key, Unit::none, {def[0], def[1]}, doc, Range::non_negative());
    if (v.size() != 2)
      in.fail(key, "expected 2 values");
    return std::array<double, 2>{v[0], v[1]};
  };
  c.ingress_buffers        = two("buffers", c.ingress_buffers, "mls qos srr-queue input buffers (%)");
  c.ingress_weights        = two("bandwidth", c.ingress_weights, "mls qos srr-queue input bandwidth (weights)");
  c.ingress_priority_queue = static_cast<int>(in.integer("priority_queue", 2, "input priority-queue", 1, 2));
  c.ingress_priority_bandwidth =
      in.number("priority_bandwidth", c.ingress_priority_bandwidth, "its bandwidth share (%)", Range::between(0, 40));
  in.string("source", "", "where the numbers come from");
  in.finish();
  Fields ports   = q.object("ports", "egress schedulers: \"default\" and one per host whose port differs");
  c.default_port = parse_port(ports.object("default", "every port not listed"), PortScheduler{});
  json listed    = sw.qos.is_object() && sw.qos.contains("ports") ? sw.qos["ports"] : json::object();
  for (auto const& item : listed.items()) {
    const std::string& host = item.key();
    if (host == "default" || host == "source")
      continue;
    if (not platform.has_host(host))
      ports.fail(host, "no host \"" + host + "\" in the platform");
    c.ports[host] = parse_port(ports.object(host, "the port of " + host), c.default_port);
  }
  ports.string("source", "", "where the numbers come from");
  ports.finish();
  q.finish();
  return c;
}

} // namespace cs::net
