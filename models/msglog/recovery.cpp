#include "models/msglog/recovery.hpp"
#include "sim/input/hash.hpp"
#include "sim/input/units.hpp"
#include "sim/platform/platform.hpp"
#include "sim/run/events.hpp"
#include "sim/run/faults.hpp"

#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

XBT_LOG_EXTERNAL_CATEGORY(cs_msglog);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog_recovery, cs_msglog, "msglog: crashes, checkpoints and log replay");

namespace cs::msglog {

RecoveryParams RecoveryParams::from(Fields f)
{
  RecoveryParams p;
  p.crash_rank = f.integer("crash_rank", p.crash_rank, "rank crashed by the model itself (-1: none)", -1, 1023);
  p.crash_at   = f.quantity("crash_at", Unit::time, p.crash_at, "when crash_rank crashes", Range::non_negative());
  p.checkpoint_interval =
      f.quantity("checkpoint_interval", Unit::time, p.checkpoint_interval,
                 "a rank checkpoints at its first operation past each multiple of this interval (0: never; a "
                 "crashed rank then restarts from the beginning). Assumed, chosen per experiment",
                 Range::non_negative());
  p.checkpoint_size =
      f.quantity("checkpoint_size", Unit::size, p.checkpoint_size,
                 "bytes of one rank's checkpoint. Assumed: a class B rank's arrays (BT: 102^3 points x ~95 doubles "
                 "of u, rhs, forcing and lhs over 16 ranks, about 48 MiB)",
                 Range::positive());
  p.restart_delay = f.quantity("restart_delay", Unit::time, p.restart_delay,
                               "relaunching the crashed process before it reads its checkpoint (assumed: an MPI "
                               "process start, about a second)",
                               Range::non_negative());
  p.trace = f.boolean("trace", p.trace, "record every rank's receive digest even without crashes or checkpoints");
  f.finish();
  return p;
}

RecoveryShared::RecoveryShared(const RecoveryParams& p, int ranks, std::vector<sg4::Disk*> disks, bool log_on_disk,
                               int used_channels)
    : p_(p), ranks_(ranks), channels_(used_channels), disks_(std::move(disks)), log_on_disk_(log_on_disk),
      logs_(static_cast<size_t>(ranks * ranks * used_channels)), determinants_(static_cast<size_t>(ranks))
{
}

sg4::Mailbox* RecoveryShared::replay_box(int src, int dst, int channel, int life) const
{
  return sg4::Mailbox::by_name("msglog-replay-" + std::to_string(src) + ">" + std::to_string(dst) +
                               (channel != 0 ? "/" + std::to_string(channel) : "") + "#" + std::to_string(life));
}

void RecoveryShared::replay(int src, int dst, int channel, int life, long from, long to)
{
  const std::vector<double>& sent = log(src, dst, channel);
  std::vector<Replayed>& out      = payloads_.emplace_back();
  for (long q = from; q < to; ++q)
    out.push_back({q, sent[static_cast<size_t>(q)]});
  sg4::Host* host     = disk(src)->get_host();
  std::string to_host = disk(dst)->get_host()->get_name();
  // A daemon: if the receiver crashes again before taking everything, the rest of this replay is never wanted.
  sg4::Actor::create(
      "replay-" + std::to_string(src) + ">" + std::to_string(dst), host,
      [this, src, dst, channel, life, &out, to_host] {
        double t0    = sg4::Engine::get_clock();
        double bytes = 0;
        for (auto const& m : out)
          bytes += m.bytes;
        if (log_on_disk_ && bytes > 0) {
          note_disk_read(disk(src));
          disk(src)->read(static_cast<sg_size_t>(bytes)); // the logged pages are on the sender's local disk
        }
        sg4::Mailbox* box = replay_box(src, dst, channel, life);
        for (auto& m : out)
          box->put(&m, static_cast<uint64_t>(m.bytes));
        stats.replayed_messages += static_cast<long>(out.size());
        stats.replayed_bytes += bytes;
        XBT_VERB("rank %d replayed %zu messages (%.0f bytes) to rank %d", src, out.size(), bytes, dst);
        span(t0, "replay", to_host, std::to_string(out.size()) + " messages to rank " + std::to_string(dst));
      })
      ->daemonize();
}

RecoveringRank::RecoveringRank(const Params& p, int id, Rank& rank, RecoveryShared& shared)
    : p_(p), id_(id), rank_(rank), shared_(shared), host_(shared.disk(id)->get_host()->get_name()),
      next_checkpoint_(shared.params().checkpoint_interval)
{
  auto n = static_cast<size_t>(p.ranks * shared.channels());
  for (State* s : {&now_, &saved_, &reached_}) {
    s->sent.assign(n, 0);
    s->received.assign(n, 0);
  }
}

void RecoveringRank::operator()()
{
  for (;;) {
    try {
      run_program(p_, id_, *this);
      break;
    } catch (const Crashed&) {
      recover();
    }
  }
  rank_.done();
}

void RecoveringRank::snapshot(State& s) const
{
  s              = now_;
  s.self_pending = rank_.self_pending();
  s.time         = sg4::Engine::get_clock();
}

bool RecoveringRank::crash_due()
{
  const RecoveryParams& r = shared_.params();
  if (r.crash_rank == id_ && not param_crash_ && sg4::Engine::get_clock() >= r.crash_at) {
    param_crash_ = true;
    return true;
  }
  double off = fault_off_since(host_);
  if (off >= 0 && off > handled_off_) {
    handled_off_ = off;
    return true;
  }
  return false;
}

bool RecoveringRank::enter()
{
  long i = now_.pos++;
  if (i < skip_to_)
    return false;
  if (crash_due())
    throw Crashed{};
  if (crashed_at_ >= 0 && i >= reached_.pos) {
    double t = sg4::Engine::get_clock();
    shared_.stats.recovery_s += t - crashed_at_;
    XBT_VERB("rank %d back at operation %ld, %.3f s after its crash", id_, i, t - crashed_at_);
    event("recovered", "", "operation " + std::to_string(i) + ", " + format_number(t - crashed_at_) + " s");
    if (now_.digest != reached_.digest) { // the re-executed receives took other messages than before the crash
      shared_.stats.digest_mismatches++;
      XBT_WARN("rank %d back at operation %ld with receive digest %s, not %s as at its crash", id_, i,
               digest_text(now_.digest).c_str(), digest_text(reached_.digest).c_str());
    }
    crashed_at_ = -1;
  }
  // Checkpoints fall due at fixed times, not an interval after the previous one ended: the ranks then checkpoint
  // about together instead of each stalling its peers in turn (a convoy when a write lasts near the interval).
  double interval = shared_.params().checkpoint_interval;
  if (interval > 0 && sg4::Engine::get_clock() >= next_checkpoint_) {
    checkpoint();
    while (next_checkpoint_ <= sg4::Engine::get_clock())
      next_checkpoint_ += interval;
  }
  return true;
}

void RecoveringRank::checkpoint()
{
  double t0 = sg4::Engine::get_clock();
  shared_.disk(id_)->write(static_cast<sg_size_t>(shared_.params().checkpoint_size));
  snapshot(saved_);
  saved_.pos = now_.pos - 1; // the operation being entered is not done yet
  shared_.stats.checkpoints++;
  shared_.stats.checkpoint_s += saved_.time - t0;
  span(t0, "checkpoint", "", "operation " + std::to_string(saved_.pos));
}

void RecoveringRank::recover()
{
  double t = sg4::Engine::get_clock();
  now_.pos--; // the operation that found the crash did not run
  if (now_.pos > reached_.pos)
    snapshot(reached_);
  RecoveryStats& st = shared_.stats;
  st.crashes++;
  st.lost_work_s += t - saved_.time;
  if (crashed_at_ < 0)
    crashed_at_ = t;
  ++life_;
  XBT_VERB("rank %d crashed at operation %ld; restarts from its checkpoint at operation %ld (%.3f s)", id_, now_.pos,
           saved_.pos, saved_.time);
  event("crash", "", "operation " + std::to_string(now_.pos) + ", checkpoint at " + format_number(saved_.time) + " s");

  double back = t + shared_.params().restart_delay;
  for (auto const& f : active_faults().faults)
    if (f.kind == Fault::Kind::host && f.host == host_ && fault_off_since(host_) >= 0 &&
        f.to != std::numeric_limits<double>::infinity())
      back = std::max(back, f.to); // the node is off until then
  sg4::this_actor::sleep_until(back);
  if (saved_.pos > 0) {
    note_disk_read(shared_.disk(id_));
    shared_.disk(id_)->read(static_cast<sg_size_t>(shared_.params().checkpoint_size));
  }
  st.restart_s += sg4::Engine::get_clock() - t;
  span(t, "restart", "", "from operation " + std::to_string(saved_.pos));

  now_             = saved_;
  saved_.time      = sg4::Engine::get_clock();             // work lost by a next crash counts from the restart
  double interval  = shared_.params().checkpoint_interval; // keep the peers' phase: the next multiple of it
  next_checkpoint_ = interval > 0 ? (std::floor(saved_.time / interval) + 1) * interval : 0;
  rank_.restore_self_pending(saved_.self_pending);
  skip_to_ = saved_.pos;
  now_.pos = 0; // the program runs again from its start; operations before skip_to_ only advance the count
  for (int c = 0; c < shared_.channels(); ++c)
    for (int s = 0; s < p_.ranks; ++s) {
      auto k = static_cast<size_t>(s + c * p_.ranks);
      if (s != id_ && reached_.received[k] > saved_.received[k])
        shared_.replay(s, id_, c, life_, saved_.received[k], reached_.received[k]);
    }
}

void RecoveringRank::compute(double seconds)
{
  if (enter())
    rank_.compute(seconds);
}

void RecoveringRank::compute_flops(double flops)
{
  if (enter())
    rank_.compute_flops(flops);
}

void RecoveringRank::sleep(double seconds)
{
  if (enter())
    rank_.sleep(seconds);
}

void RecoveringRank::send(int dst, double bytes, long count, bool logged, int channel)
{
  if (not enter())
    return;
  bool again = now_.pos - 1 < reached_.pos; // re-executing what the peers already saw
  if (dst == id_) {
    if (again)
      rank_.restore_self_pending(rank_.self_pending() + 1);
    else
      rank_.send(dst, bytes, count, logged, channel);
    return;
  }
  auto k = static_cast<size_t>(dst + channel * p_.ranks);
  if (now_.sent[k]++ < reached_.sent[k])
    return; // delivered before the crash: the receiver would discard it as a duplicate
  shared_.log(id_, dst, channel).push_back(bytes * static_cast<double>(count));
  rank_.send(dst, bytes, count, logged, channel);
}

void RecoveringRank::recv(int src, int channel)
{
  if (not enter())
    return;
  if (src == id_) {
    rank_.recv(src, channel);
    return;
  }
  auto k   = static_cast<size_t>(src + channel * p_.ranks);
  long seq = now_.received[k]++;
  double bytes;
  if (seq < reached_.received[k]) {
    auto* m = shared_.replay_box(src, id_, channel, life_)->get<RecoveryShared::Replayed>();
    seq     = m->seq;
    bytes   = m->bytes;
    rank_.note_recv(src, bytes);
  } else {
    rank_.recv(src, channel);
    bytes = shared_.log(src, id_, channel)[static_cast<size_t>(seq)];
  }
  // A channel's messages are told apart from the same sender's on channel 0 (the NAS streams' digests stay).
  now_.digest = digest_step(now_.digest, src + channel * static_cast<int>(p_.ranks), seq, bytes);
}

void RecoveringRank::send_any(int dst, int tag, double bytes)
{
  if (not enter())
    return;
  auto k = static_cast<size_t>(dst + any_channel * p_.ranks);
  if (now_.sent[k]++ < reached_.sent[k])
    return; // delivered before the crash: the receiver would discard it as a duplicate
  shared_.log(id_, dst, any_channel).push_back(bytes);
  rank_.send_any(dst, tag, bytes);
}

void RecoveringRank::recv_any(int tag)
{
  if (not enter())
    return;
  std::vector<int>& determinants = shared_.determinants(id_);
  auto n                         = static_cast<size_t>(now_.any_received++);
  int src;
  long seq;
  double bytes;
  if (n < determinants.size()) { // received before the crash: from the sender its determinant names, replayed
    src = determinants[n];
    now_.received[static_cast<size_t>(src + any_channel * p_.ranks)]++;
    auto* m = shared_.replay_box(src, id_, any_channel, life_)->get<RecoveryShared::Replayed>();
    seq     = m->seq;
    bytes   = m->bytes;
    rank_.note_recv(src, bytes);
  } else {
    src = rank_.take_any(tag);
    determinants.push_back(src);
    auto k = static_cast<size_t>(src + any_channel * p_.ranks);
    seq    = now_.received[k]++;
    bytes  = shared_.log(src, id_, any_channel)[static_cast<size_t>(seq)];
  }
  XBT_DEBUG("rank %d any-source receive %zu of tag %d: rank %d's message %ld", id_, n, tag, src, seq);
  now_.digest = digest_step(now_.digest, src + any_channel * static_cast<int>(p_.ranks), seq, bytes);
}

std::string RecoveringRank::recv_digest() const
{
  return digest_text(now_.digest);
}

unsigned long long digest_step(unsigned long long h, int src, long seq, double bytes)
{
  for (auto x : {static_cast<unsigned long long>(src), static_cast<unsigned long long>(seq),
                 static_cast<unsigned long long>(bytes)})
    for (int b = 0; b < 8; ++b, x >>= 8) {
      h = fnv1a_byte(h, static_cast<unsigned char>(x & 0xff));
    }
  return h;
}

std::string digest_text(unsigned long long h)
{
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", h);
  return buf;
}

void record_recovery(Recorder& rec, const RecoveryShared& shared,
                     const std::vector<std::unique_ptr<RecoveringRank>>& ranks)
{
  const RecoveryStats& s = shared.stats;
  rec.set("crashes", s.crashes);
  rec.set("checkpoints", s.checkpoints);
  rec.set("checkpoint_time_s", s.checkpoint_s);
  rec.set("lost_work_s", s.lost_work_s);
  rec.set("restart_time_s", s.restart_s);
  rec.set("recovery_time_s", s.recovery_s);
  rec.set("replayed_messages", s.replayed_messages);
  rec.set("replayed_MiB", s.replayed_bytes / 1048576.0);
  rec.set("recovery_digest_mismatches", s.digest_mismatches);
  json digests = json::array();
  Table& t     = rec.table("recovery", {"rank", "crashes", "recv_digest"});
  for (size_t r = 0; r < ranks.size(); ++r) {
    t.add({static_cast<long>(r), static_cast<long>(ranks[r]->crashes()), ranks[r]->recv_digest()});
    digests.push_back(ranks[r]->recv_digest());
  }
  rec.set("recv_digests", digests);
}

} // namespace cs::msglog
