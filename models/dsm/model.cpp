#include "models/dsm/model.hpp"
#include "models/common/net/switch_config.hpp"
#include "models/dsm/basic_ping.hpp"
#include "models/dsm/benchmark.hpp"
#include "models/dsm/node.hpp"
#include "models/dsm/run_rates.hpp"
#include "models/dsm/tmk_delivery.hpp"
#include "models/dsm/tmk_lrc.hpp"
#include "models/dsm/udp_rtt.hpp"
#include "models/dsm/udp_split.hpp"

#include <algorithm>
#include <stdexcept>

namespace cs::dsm {

namespace {

/** Communication errors as the system detects them (the seed's Table 1 sums them over every node): each failed
 *  transmission once, where the sender notices it and sends again: an ACK busy-wait that times out or is ended by
 *  another message's ACK, Mocha's getpage timeout. The receivers' view of the same errors (duplicates, grants no
 *  longer awaited) is reported beside them, not added: it would count each error twice. */
long detected_errors(const Counters& c)
{
  return c.ack_timeouts + c.wrong_acks + c.getpage_resends;
}

/** The cluster both experiments run on: the nodes' hosts, the switch fabric between them and, once added, a UDP
 *  transport per node. */
struct Cluster {
  Cluster(ModelContext& ctx, Fields& f, const Params& p)
  {
    hosts = ctx.group_hosts(f, "nodes", p.hosts_group, p.nodes);
    hosts.resize(static_cast<size_t>(p.nodes));
    const SwitchSpec* sw = &ctx.switch_param(f, "switch", p.switch_name);
    net::FabricConfig fc = net::fabric_config(ctx.platform, *sw, hosts);
    fc.injected_loss     = p.injected_loss;
    // A platform that splits one measured round trip into parts draws the port latency with the hosts' parts.
    if (const OsProfile& os = ctx.platform.os(hosts[0]); has_udp_split(os))
      fc.latency = split_udp(os, fc.latency).port_latency;
    if (p.port_buffer > 0)
      fc.port_buffer = p.port_buffer;
    net::SocketConfig sc = net::socket_config(ctx.platform, hosts[0]);
    if (p.socket_rcvbuf > 0)
      sc.rcvbuf = p.socket_rcvbuf;
    fabric = std::make_unique<net::Fabric>(fc, sc, static_cast<int>(p.nodes), 2, ctx.rng.stream("injected-loss"));
  }
  /** Names the hosts in the run's event table. */
  void name_hosts()
  {
    std::vector<std::string> names;
    for (auto* h : hosts)
      names.push_back(h->get_name());
    fabric->name_hosts(names);
  }
  /** The transport of node `i`, with its host's OS costs. */
  Transport& add_transport(ModelContext& ctx, const Params& p, int i)
  {
    sg4::Host* h        = hosts[static_cast<size_t>(i)];
    Costs costs         = costs_of(ctx.platform, h);
    costs.compute_scale = ctx.scenario.compute_scale;
    transports.push_back(std::make_unique<Transport>(i, h, *fabric, costs, p.header_bytes, p.ack_bytes,
                                                     p.system.ack_timeout, p.system.max_retries,
                                                     p.system.direct_replies));
    if (p.system.protocol == Protocol::lrc)
      transports.back()->set_delivery(tmk::delivery(p.treadmarks));
    return *transports.back();
  }

  std::vector<sg4::Host*> hosts;
  std::unique_ptr<net::Fabric> fabric;
  std::vector<std::unique_ptr<Transport>> transports;
};

/** bench udp_rtt: the platform's UDP request-response between nodes 0 and 1 alone, no DSM (models/dsm/udp_rtt.hpp). */
class UdpRttRun : public ParamsRun<Params> {
public:
  UdpRttRun(ModelContext& ctx, Params p) : ParamsRun(ctx, std::move(p)), cluster_(ctx, fields_, p_)
  {
    cluster_.name_hosts();
    for (int i = 0; i < p_.nodes; ++i)
      cluster_.add_transport(ctx, p_, i);
    rtt_ = std::make_unique<UdpRtt>(p_.udp_rtt, *cluster_.fabric, *cluster_.transports[0], *cluster_.transports[1]);
  }

  void start() override
  {
    cluster_.fabric->start(cluster_.hosts[0]);
    rtt_->start(cluster_.hosts[0], cluster_.hosts[1]);
  }

  void finish() override
  {
    Recorder& rec = ctx_.recorder;
    rec.set("bench", "udp_rtt");
    rec.set("size", p_.udp_rtt.size);
    rec.set("response_size", p_.udp_rtt.response_size);
    rec.set("rtt_us", rtt_->rtt() * 1e6);
  }

private:
  Cluster cluster_;
  std::unique_ptr<UdpRtt> rtt_;
};

/** bench basic, round trips: the smallest message between nodes 0 and 1 on the DSM's messaging path, no DSM
 *  (models/dsm/basic_ping.hpp). The other basic tests are DSM programs (BenchmarkRun). */
class BasicPingRun : public ParamsRun<Params> {
public:
  BasicPingRun(ModelContext& ctx, Params p) : ParamsRun(ctx, std::move(p)), cluster_(ctx, fields_, p_)
  {
    cluster_.name_hosts();
    for (int i = 0; i < p_.nodes; ++i)
      cluster_.add_transport(ctx, p_, i);
    ping_ = std::make_unique<BasicPing>(p_.basic, *cluster_.fabric, *cluster_.transports[0], *cluster_.transports[1]);
  }

  void start() override
  {
    cluster_.fabric->start(cluster_.hosts[0]);
    ping_->start(cluster_.hosts[0], cluster_.hosts[1]);
  }

  void finish() override { ping_->record(ctx_.recorder); }

private:
  Cluster cluster_;
  std::unique_ptr<BasicPing> ping_;
};

/** A DSM program on every node under the chosen system: its execution time, messages, errors and page traffic. */
class BenchmarkRun : public ParamsRun<Params> {
public:
  BenchmarkRun(ModelContext& ctx, Params p)
      : ParamsRun(ctx, std::move(p)), memory_(static_cast<int>(p_.nodes), p_.system.page_size),
        timeline_(p_.trace_barrier), cluster_(ctx, fields_, p_)
  {
    bench_ = make_benchmark(p_, memory_);
    cluster_.name_hosts();
    for (int i = 0; i < p_.nodes; ++i) {
      Transport& t = cluster_.add_transport(ctx, p_, i);
      if (p_.trace_barrier > 0)
        t.set_timeline(&timeline_);
      nodes_.push_back(std::make_unique<Node>(i, memory_, t, p_)); // under the system's protocol
      nodes_.back()->set_cache(p_.system.cache_pages, ctx.rng.stream("page-cache"));
      if (p_.bench == Bench::apps_mm && p_.apps_mm.bus_bytes() > 0) { // its cache misses cross the memory bus
        sg4::Host* h = cluster_.hosts[static_cast<size_t>(i)];
        nodes_.back()->set_bus(&buses_.of(*h, ctx.platform.os(h).cost("memory_bus_bw") * ctx.platform.memory_scale(h)));
      }
    }
    start_.assign(static_cast<size_t>(p_.nodes), 0);
    end_.assign(static_cast<size_t>(p_.nodes), 0);
    finished_.assign(static_cast<size_t>(p_.nodes), 0);
  }

  void start() override
  {
    cluster_.fabric->start(cluster_.hosts[0]);
    for (auto& t : cluster_.transports)
      t->start();
    for (size_t i = 0; i < nodes_.size(); ++i)
      sg4::Actor::create("app-" + std::to_string(i), cluster_.hosts[i], [this, i]() {
        Node& n = *nodes_[i];
        n.wait(); // the programs start together (timing starts after initialisation)
        start_[i] = sg4::Engine::get_clock();
        bench_->body(n);
        n.barrier();
        end_[i]      = sg4::Engine::get_clock();
        finished_[i] = 1;
        if (n.stat_start() >= 0) // the program times from its jia_startstat()
          start_[i] = n.stat_start();
      });
  }

  void finish() override;
  /** Throws when a program never reached its end: the simulation stopped with it blocked, so the run has no
   *  execution time to report (it would read as a negative one). */
  void check_finished() const;
  /** The table `nodes` (one row per process); returns the counters summed over the processes, and by message type. */
  Counters record_nodes(Recorder& rec, std::array<long, kOps>& by_op) const;
  /** The table `node_messages` and the messages by type; returns their total. */
  long record_message_types(Recorder& rec, const std::array<long, kOps>& by_op) const;
  /** Datagrams, losses and the seed's Table 1 errors over the run of `time` seconds, and the mean waits. */
  void record_totals(Recorder& rec, const Counters& sum, long messages, double time) const;
  void record_cache_stats(Recorder& rec);
  void record_timeline(Recorder& rec) const;

private:
  Memory memory_;
  Timeline timeline_;
  Cluster cluster_;
  MemoryBuses buses_;
  std::unique_ptr<Benchmark> bench_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<double> start_, end_;
  std::vector<char> finished_; ///< which programs reached their end (a program blocked forever never does)
};

void BenchmarkRun::finish()
{
  Recorder& rec = ctx_.recorder;
  check_finished();
  double t0   = *std::min_element(start_.begin(), start_.end());
  double t1   = *std::max_element(end_.begin(), end_.end());
  double time = t1 - t0;
  rec.set("bench", bench_name(p_.bench));
  rec.set("system", p_.system.name);
  rec.set("nodes", p_.nodes);
  rec.set("page_size", p_.system.page_size);
  rec.set("exec_time_s", time);
  std::array<long, kOps> by_op{};
  Counters sum  = record_nodes(rec, by_op);
  long messages = record_message_types(rec, by_op);
  record_totals(rec, sum, messages, time);
  if (p_.system.protocol == Protocol::lrc) // the TreadMarks study's rates (its programs count locks and barriers)
    record_rates(rec, cluster_.transports, time);
  record_cache_stats(rec);
  bench_->record(rec);
  if (p_.trace_barrier > 0)
    record_timeline(rec);
}

void BenchmarkRun::check_finished() const
{
  std::string blocked;
  for (size_t i = 0; i < finished_.size(); ++i)
    if (not finished_[i])
      blocked += (blocked.empty() ? "" : ", ") + std::to_string(i);
  if (blocked.empty())
    return;
  long gave_up = 0;
  for (auto const& t : cluster_.transports)
    gave_up += t->counters().gave_up;
  // The cause first: a report keeps the start of a failure's text.
  std::string cause = gave_up > 0 ? std::to_string(gave_up) + " reliable message(s) given up after max_retries: " : "";
  throw std::runtime_error("dsm: " + cause + "the program did not finish: process(es) " + blocked +
                           " still blocked when the simulation ran out of events at " +
                           std::to_string(sg4::Engine::get_clock()) + " s");
}

Counters BenchmarkRun::record_nodes(Recorder& rec, std::array<long, kOps>& by_op) const
{
  Counters sum;
  Table& t = rec.table("nodes", {"node", "messages", "datagrams", "bytes", "resends", "timeouts", "wrong_acks",
                                 "duplicates", "errors", "socket_drops", "port_drops", "faults", "pages_fetched",
                                 "diffs", "ack_wait_s", "page_wait_s", "sync_wait_s"});
  for (size_t i = 0; i < cluster_.transports.size(); ++i) {
    const Counters& c = cluster_.transports[i]->counters();
    long msgs         = 0;
    for (size_t o = 0; o < kOps; ++o) {
      by_op[o] += c.sent[o];
      msgs += c.sent[o];
    }
    sum.datagrams_sent += c.datagrams_sent;
    sum.bytes_sent += c.bytes_sent;
    sum.resends += c.resends;
    sum.timeouts += c.timeouts;
    sum.ack_timeouts += c.ack_timeouts;
    sum.wrong_acks += c.wrong_acks;
    sum.getpage_resends += c.getpage_resends;
    sum.duplicates += c.duplicates;
    sum.stale_grants += c.stale_grants;
    sum.gave_up += c.gave_up;
    sum.ack_wait_s += c.ack_wait_s;
    sum.page_wait_s += c.page_wait_s;
    sum.sync_wait_s += c.sync_wait_s;
    sum.faults += c.faults;
    sum.pages_fetched += c.pages_fetched;
    sum.diffs += c.diffs;
    long drops = cluster_.fabric->socket(static_cast<int>(i), 0).stats().overflowed +
                 cluster_.fabric->socket(static_cast<int>(i), 1).stats().overflowed;
    t.add({static_cast<long>(i), msgs, c.datagrams_sent, c.bytes_sent, c.resends, c.timeouts, c.wrong_acks,
           c.duplicates, detected_errors(c), drops, cluster_.fabric->port_drops_to(static_cast<int>(i)), c.faults,
           c.pages_fetched, c.diffs, c.ack_wait_s, c.page_wait_s, c.sync_wait_s});
  }
  return sum;
}

long BenchmarkRun::record_message_types(Recorder& rec, const std::array<long, kOps>& by_op) const
{
  Table& by_type = rec.table("node_messages", {"node", "type", "sent", "received"});
  for (size_t i = 0; i < cluster_.transports.size(); ++i)
    for (size_t o = 0; o < kOps; ++o) {
      const Counters& c = cluster_.transports[i]->counters();
      if (c.sent[o] || c.received[o])
        by_type.add({static_cast<long>(i), op_name(static_cast<Op>(o)), c.sent[o], c.received[o]});
    }
  long messages = 0;
  long local    = 0;
  for (auto const& tr : cluster_.transports)
    local += tr->counters().local;
  rec.set("local_messages", local);
  for (size_t o = 0; o < kOps; ++o) {
    messages += by_op[o];
    rec.set(std::string("msgs_") + op_name(static_cast<Op>(o)), by_op[o]);
  }
  return messages;
}

void BenchmarkRun::record_totals(Recorder& rec, const Counters& sum, long messages, double time) const
{
  const net::FabricStats& fs = cluster_.fabric->stats();
  long lost                  = fs.port_drops + fs.socket_drops + fs.injected_drops;
  double n                   = static_cast<double>(p_.nodes);
  rec.set("messages", messages);
  rec.set("datagrams", sum.datagrams_sent);
  rec.set("datagrams_on_wire", fs.sent);
  rec.set("frames", fs.frames);
  rec.set("bytes_MB", sum.bytes_sent / 1e6);
  rec.set("lost_datagrams", lost);
  rec.set("lost_at_switch", fs.port_drops);
  rec.set("lost_at_socket", fs.socket_drops);
  rec.set("lost_injected", fs.injected_drops);
  // The seed's Table 1: the communication errors detected at all nodes, summed, per second of run time; by cause.
  long errors = detected_errors(sum);
  rec.set("errors", errors);
  rec.set("errors_per_s", time > 0 ? static_cast<double>(errors) / time : 0.0);
  rec.set("errors_ack_timeout", sum.ack_timeouts);
  rec.set("errors_wrong_ack", sum.wrong_acks);
  rec.set("errors_getpage_timeout", sum.getpage_resends);
  rec.set("errors_duplicate", sum.duplicates);
  rec.set("errors_stale_grant", sum.stale_grants);
  rec.set("lost_per_s", time > 0 ? static_cast<double>(lost) / time : 0.0);
  rec.set("resends", sum.resends);
  rec.set("timeouts", sum.timeouts);
  rec.set("getpage_resends", sum.getpage_resends);
  rec.set("duplicates", sum.duplicates);
  rec.set("stale_grants", sum.stale_grants);
  rec.set("gave_up", sum.gave_up);
  rec.set("faults", sum.faults);
  rec.set("pages_fetched", sum.pages_fetched);
  rec.set("diffs", sum.diffs);
  rec.set("mean_ack_wait_s", sum.ack_wait_s / n);
  rec.set("mean_page_wait_s", sum.page_wait_s / n);
  rec.set("mean_sync_wait_s", sum.sync_wait_s / n);
  rec.set("peak_port_queue_KiB", fs.peak_port_queue / 1024);
}

/* JIAJIA's statistics (jia_startstat to the end) and its remote-page cache, per process and over the processes. */
void BenchmarkRun::record_cache_stats(Recorder& rec)
{
  Table& t = rec.table("node_stats", {"node", "remote_fetches", "cache_replaced_clean", "cache_replaced_dirty",
                                      "peak_remote_mapped", "start_s", "end_s"});
  long sum = 0, lo = -1, hi = 0, peak = 0;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    Node& n            = *nodes_[i];
    long f             = n.stat_fetches();
    const PageCache* c = n.cache();
    t.add({static_cast<long>(i), f, c ? c->replaced_clean : 0L, c ? c->replaced_dirty : 0L, n.peak_mapped(), start_[i],
           end_[i]});
    sum += f;
    lo   = lo < 0 ? f : std::min(lo, f);
    hi   = std::max(hi, f);
    peak = std::max(peak, n.peak_mapped());
  }
  rec.set("remote_pages_per_proc", static_cast<double>(sum) / static_cast<double>(nodes_.size()));
  rec.set("remote_pages_min_proc", lo);
  rec.set("remote_pages_max_proc", hi);
  rec.set("peak_remote_mapped", peak);
  rec.set("cache_pages", p_.system.cache_pages);
}

void BenchmarkRun::record_timeline(Recorder& rec) const
{
  Table& tl = rec.table("timeline", {"start_ms", "end_ms", "node", "peer", "kind", "op"});
  for (auto const& e : timeline_.events())
    tl.add({(e.start - timeline_.begin()) * 1e3, (e.end - timeline_.begin()) * 1e3, static_cast<long>(e.node),
            static_cast<long>(e.peer), e.kind, op_name(e.op)});
  rec.set("timeline_span_ms", (timeline_.end() - timeline_.begin()) * 1e3);
}

/** The run of the experiment the parameters name. */
std::unique_ptr<ModelRun> experiment_run(ModelContext& ctx, Params p)
{
  if (p.bench == Bench::udp_rtt)
    return std::make_unique<UdpRttRun>(ctx, std::move(p));
  if (p.bench == Bench::basic && (p.basic.test == BasicTest::roundtrip || p.basic.test == BasicTest::roundtrip_signal))
    return std::make_unique<BasicPingRun>(ctx, std::move(p));
  return std::make_unique<BenchmarkRun>(ctx, std::move(p));
}

} // namespace

ModelEntry entry()
{
  return experiment_model_entry<Params, experiment_run>(
      "dsm", "003",
      "home-based software DSM (JIAJIA 2.2, Mocha base, Mocha) over UDP with finite "
      "switch and socket buffers; five benchmark skeletons");
}

} // namespace cs::dsm
