#include "models/msglog/model.hpp"
#include "models/msglog/rank.hpp"
#include "models/msglog/recovery.hpp"
#include "models/msglog/trace_program.hpp"
#include "sim/input/errors.hpp"
#include "sim/run/faults.hpp"
#include "sim/run/run_outcome.hpp"

#include <algorithm>
#include <memory>

namespace cs::msglog {

namespace {

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx)
  {
    Fields& f  = fields_;
    long nodes = p_.ranks / p_.ranks_per_node;
    hosts_ = ctx.group_hosts(f, "hosts_group", p_.hosts_group, nodes, " for " + std::to_string(p_.ranks) + " ranks");
    hosts_.resize(static_cast<size_t>(nodes));
    boxes_ = std::make_unique<PairMailboxes>(static_cast<int>(p_.ranks));
    if (p_.scheme == Scheme::logging)
      for (auto* h : hosts_)
        disks_.push_back(std::make_unique<WriteBackDisk>(disk_model(f, h), platter(f, h)));
    for (int r = 0; r < p_.ranks; ++r) {
      sg4::Host* h        = host_of(r);
      const OsProfile& os = ctx.platform.os(h);
      LogCosts c{log_copy_rate(h), os.cost("log_record") * cpu_scale(h), os.cost("aio_submit"), h->get_speed()};
      LogBuffer* log = nullptr;
      if (p_.scheme != Scheme::base) {
        AioFile* aio = nullptr;
        if (p_.scheme == Scheme::logging) {
          size_t node = static_cast<size_t>(r / p_.ranks_per_node);
          // The kernel's copy of the page in pwrite runs at the host's memory bandwidth.
          aio_.push_back(std::make_unique<AioFile>(*disks_[node], ctx.platform.memory_bw(h), c.speed,
                                                   [this, r]() { logs_[static_cast<size_t>(r)]->page_written(); }));
          aio = aio_.back().get();
        }
        logs_.push_back(std::make_unique<LogBuffer>(p_.pages, p_.page_size, c,
                                                    LogPolicy{p_.aio_lazy_completion, p_.aio_sync_depth}, aio));
        log = logs_.back().get();
      }
      // The benchmark's computation times were measured on the reference machine: work in its flops.
      ranks_.push_back(std::make_unique<Rank>(p_, r, ctx.platform.reference_speed(h), *boxes_, log));
    }
    setup_recovery(f);
  }

  void start() override
  {
    for (size_t n = 0; n < disks_.size(); ++n)
      sg4::Actor::create("flusher-" + hosts_[n]->get_name(), hosts_[n], [d = disks_[n].get()]() {
        d->flusher();
      })->daemonize();
    for (size_t a = 0; a < aio_.size(); ++a)
      for (long t = 0; t < p_.aio_concurrency; ++t)
        sg4::Actor::create("aio-" + std::to_string(a) + "-" + std::to_string(t), host_of(static_cast<int>(a)),
                           [f = aio_[a].get()]() { f->helper(); })
            ->daemonize();
    std::vector<sg4::ActorPtr> actors;
    for (size_t r = 0; r < ranks_.size(); ++r)
      actors.push_back(sg4::Actor::create("rank-" + std::to_string(r), host_of(static_cast<int>(r)), [this, r]() {
        if (recovering_.empty())
          (*ranks_[r])();
        else
          (*recovering_[r])();
      }));
    boxes_->set_receivers(std::move(actors));
  }

  void finish() override;

private:
  void record_disks(Recorder& rec);
  void check_trace_ended() const;
  /** Checkpoints, crashes and log replay, when the run may crash a rank (docs/models/msglog.md). */
  void setup_recovery(Fields& f)
  {
    const FaultSchedule& faults = active_faults();
    for (auto const& x : faults.faults)
      if (x.kind == Fault::Kind::host && p_.scheme == Scheme::base)
        throw InputError(faults.file, x.pointer,
                         "msglog with scheme base keeps no message log: a crashed rank cannot be replayed (use "
                         "buffering_only or logging)");
    if (not p_.recovery.wanted(faults.has_host_faults()))
      return;
    std::vector<sg4::Disk*> disks;
    for (int r = 0; r < p_.ranks; ++r)
      disks.push_back(ctx_.disk_param(f, "disk", host_of(r), p_.disk));
    bool any_source = p_.any_tags && not p_.any_tags->empty();
    recovery_       = std::make_unique<RecoveryShared>(p_.recovery, static_cast<int>(p_.ranks), std::move(disks),
                                                 p_.scheme == Scheme::logging, any_source ? channels : any_channel);
    for (int r = 0; r < p_.ranks; ++r)
      recovering_.push_back(std::make_unique<RecoveringRank>(p_, r, *ranks_[static_cast<size_t>(r)], *recovery_));
  }
  sg4::Host* host_of(int rank) const { return hosts_[static_cast<size_t>(rank / p_.ranks_per_node)]; }
  /** reference speed / host speed: what a CPU time measured on the reference machine takes on `h` per second. */
  double cpu_scale(sg4::Host* h) const
  {
    double ref = ctx_.platform.reference_speed(h);
    return ref == h->get_speed() ? 1.0 : ref / h->get_speed();
  }
  /** The library's rate of logging a message into its page. log_copy_bw was fitted on the reference machine (the
   *  copy and the cache misses it causes there): it follows the host's memory bandwidth. A calibrated host
   *  profile measured the copy itself: its memcpy rate is the rate. */
  double log_copy_rate(sg4::Host* h) const
  {
    if (ctx_.platform.calibrated() && ctx_.platform.memory_bw(h) > 0)
      return ctx_.platform.memory_bw(h);
    return ctx_.platform.os(h).cost("log_copy_bw") * ctx_.platform.memory_scale(h);
  }
  const DiskSpec& disk_spec(Fields& f, sg4::Host* h) const
  {
    for (auto const& d : ctx_.platform.host_spec(h->get_name()).disks)
      if (d.name == p_.disk)
        return d;
    f.fail("disk", "host " + h->get_name() + " of " + ctx_.platform.spec().file + " has no disk \"" + p_.disk + "\"");
  }
  DiskModel disk_model(Fields& f, sg4::Host* h) const
  {
    DiskModel m         = DiskModel::from(disk_spec(f, h), ctx_.platform.spec().file);
    const DiskWhatIf& w = p_.disk_what_if;
    if (w.write_cache != WriteCache::platform)
      m.write_cache = w.write_cache == WriteCache::on;
    if (w.cache_size > 0)
      m.cache_size = std::max(w.cache_size, m.request_size);
    if (w.interface_bw > 0)
      m.interface_bw = w.interface_bw;
    if (w.platter_bw > 0)
      m.platter_bw = w.platter_bw;
    return m;
  }
  sg4::Disk* platter(Fields& f, sg4::Host* h) const
  {
    sg4::Disk* d = ctx_.disk_param(f, "disk", h, p_.disk);
    if (p_.disk_what_if.platter_bw > 0) {
      // SimGrid caps a disk by a read+write constraint fixed at seal time to max(read, write): lift it too, or a
      // faster platter would still be held to the platform's old rate.
      d->set_write_bandwidth(p_.disk_what_if.platter_bw);
      d->set_readwrite_bandwidth(std::max(d->get_read_bandwidth(), p_.disk_what_if.platter_bw));
    }
    return d;
  }

  std::vector<sg4::Host*> hosts_;
  std::unique_ptr<PairMailboxes> boxes_;
  std::vector<std::unique_ptr<WriteBackDisk>> disks_;
  std::vector<std::unique_ptr<AioFile>> aio_;
  std::vector<std::unique_ptr<LogBuffer>> logs_;
  std::vector<std::unique_ptr<Rank>> ranks_;
  std::unique_ptr<RecoveryShared> recovery_;
  std::vector<std::unique_ptr<RecoveringRank>> recovering_;
};

/** A trace run whose ranks did not all reach their end: where each one stopped, which says more than SimGrid's list
 *  of blocked actors (the framework reports this account in its place). */
void Run::check_trace_ended() const
{
  constexpr long shown = 8;
  std::string where;
  long stuck = 0;
  for (size_t r = 0; r < ranks_.size(); ++r) {
    const RankStats& s = ranks_[r]->stats();
    if (s.ended)
      continue;
    if (++stuck <= shown)
      where += std::string(stuck > 1 ? "; " : "") + "rank " + std::to_string(r) + " at " +
               (s.trace ? trace_position(*s.trace, s.trace_action) : std::string("its start"));
  }
  if (stuck > shown)
    where += "; " + std::to_string(stuck - shown) + " more";
  if (stuck > 0)
    throw RunFailure(p_.trace->file + ": the trace deadlocks, " + std::to_string(stuck) + " of " +
                     std::to_string(ranks_.size()) + " ranks wait for what never comes: " + where);
}

void Run::finish()
{
  if (p_.bench == Bench::trace)
    check_trace_ended();
  Recorder& rec = ctx_.recorder;
  double end    = 0;
  for (auto const& r : ranks_)
    end = std::max(end, r->stats().end_s);
  rec.set("bench", bench_name(p_.bench));
  rec.set("scheme", scheme_name(p_.scheme));
  rec.set("pages", p_.scheme == Scheme::base ? 0 : p_.pages);
  rec.set("exec_time_s", end);

  long waits = 0, filled = 0, syncs = 0, msgs_min = -1, msgs_max = 0;
  double wait_s = 0, copy_s = 0, vol_min = -1, vol_max = 0;
  Table& t =
      rec.table("ranks", {"rank", "node", "end_s", "msgs_logged", "volume_MiB", "pages_filled", "waits", "sync_writes",
                          "wait_s", "copy_s", "sends", "sent_bytes", "recvs", "recv_bytes", "peers"});
  for (size_t r = 0; r < ranks_.size(); ++r) {
    LogStats s = logs_.empty() ? LogStats{} : logs_[r]->stats();
    waits += s.waits;
    filled += s.pages_filled;
    syncs += s.sync_writes;
    wait_s += s.wait_s;
    copy_s += s.copy_s;
    msgs_min            = msgs_min < 0 ? s.messages : std::min(msgs_min, s.messages);
    msgs_max            = std::max(msgs_max, s.messages);
    vol_min             = vol_min < 0 ? s.bytes : std::min(vol_min, s.bytes);
    vol_max             = std::max(vol_max, s.bytes);
    const RankStats& rs = ranks_[r]->stats();
    t.add({static_cast<long>(r), static_cast<long>(r) / p_.ranks_per_node, rs.end_s, s.messages, s.bytes / 1048576.0,
           s.pages_filled, s.waits, s.sync_writes, s.wait_s, s.copy_s, rs.peer_sends, rs.peer_sent_bytes, rs.recvs,
           rs.recv_bytes, static_cast<long>(rs.peers.size())});
  }
  double n = static_cast<double>(ranks_.size());
  rec.set("pages_filled", filled);
  rec.set("waits", waits);
  rec.set("sync_writes", syncs);
  // Seed Table 2: stops over the seals that could have found every page outstanding. The first k - 1 seals of a
  // rank always find a page never used, so they are not counted: seals - (k - 1) per rank, summed. This reading
  // gives the seed's whole ep row: 1/1 with one page, 0/0 (N/A) with two, 0/-1 (0.0%) with three.
  long opportunities = p_.scheme == Scheme::logging ? filled - static_cast<long>(n) * (p_.pages - 1) : 0;
  rec.set("buffer_full_opportunities", opportunities);
  rec.set("buffer_full_rate",
          opportunities != 0 ? static_cast<double>(waits) / static_cast<double>(opportunities) + 0.0 : 0.0);
  rec.set("buffer_full_per_page", filled ? static_cast<double>(waits) / static_cast<double>(filled) : 0.0);
  rec.set("mean_wait_time_s", wait_s / n);
  rec.set("mean_copy_time_s", copy_s / n);
  rec.set("msgs_logged_min", std::max(0L, msgs_min));
  rec.set("msgs_logged_max", msgs_max);
  rec.set("volume_min_MiB", std::max(0.0, vol_min) / 1048576.0);
  rec.set("volume_max_MiB", vol_max / 1048576.0);
  long sends = 0;
  for (auto const& r : ranks_)
    sends += r->stats().sends;
  rec.set("simulated_transfers", sends);
  if (recovery_)
    record_recovery(rec, *recovery_, recovering_);

  if (not disks_.empty())
    record_disks(rec);
  if (not hosts_.empty()) {
    std::string group = p_.hosts_group.empty() ? hosts_[0]->get_name() : p_.hosts_group;
    rec.hardware_rate(group, "log_copy_Bps", log_copy_rate(hosts_[0]));
  }
}

/** The disks' totals and the rates the disk model used (the first node's; the platform lists the others'). */
void Run::record_disks(Recorder& rec)
{
  DiskStats d;
  long max_queued = 0;
  for (auto const& k : disks_) {
    d.bytes += k->stats().bytes;
    d.writes += k->stats().writes;
    d.requests += k->stats().requests;
    d.full_waits += k->stats().full_waits;
    d.full_wait_s += k->stats().full_wait_s;
    d.pwrite_s += k->stats().pwrite_s;
  }
  for (auto const& a : aio_)
    max_queued = std::max(max_queued, a->max_queued());
  double pages = std::max(1.0, static_cast<double>(d.writes));
  rec.set("disk_written_MiB", d.bytes / 1048576.0);
  rec.set("disk_requests", d.requests);
  rec.set("disk_requests_buffer_full", d.full_waits);
  rec.set("disk_mean_page_write_s", d.pwrite_s / pages);
  double d_eff = d.pwrite_s > 0 ? d.bytes / d.pwrite_s : 0.0;
  rec.set("disk_effective_write_MBps", d.pwrite_s > 0 ? d.bytes / d.pwrite_s / 1e6 : 0.0);
  rec.set("aio_max_queued", max_queued);
  // The rates the disk model used (the first node's; the platform lists the others' bandwidths).
  DiskModel m       = disk_model(fields_, hosts_[0]);
  std::string group = p_.hosts_group.empty() ? hosts_[0]->get_name() : p_.hosts_group;
  std::string key   = "disk_" + p_.disk;
  rec.hardware_rate(group, key + "_write_cache", m.write_cache);
  rec.hardware_rate(group, key + "_interface_Bps", m.interface_bw);
  rec.hardware_rate(group, key + "_platter_Bps", m.platter_bw);
  rec.hardware_rate(group, key + "_effective_write_Bps", d_eff);
}

} // namespace

ModelEntry entry()
{
  return model_entry<Params, Run>(
      "msglog", "004",
      "sender-based message logging of NAS streams (any class and rank count) to local disks (buffer pages, "
      "glibc AIO)");
}

} // namespace cs::msglog
