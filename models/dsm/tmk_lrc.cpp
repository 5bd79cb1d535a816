#include "models/dsm/tmk_lrc.hpp"
#include "sim/run/actor_lock.hpp"

#include <algorithm>

XBT_LOG_EXTERNAL_CATEGORY(cs_dsm);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_dsm_tmk, cs_dsm, "clustersim TreadMarks (lazy release consistency)");

namespace cs::dsm::tmk {

struct Lrc::Payload {
  long req       = 0;
  int requester  = -1;
  bool forwarded = false; ///< a lock request passed on by the manager
  std::vector<long> vt;
  std::vector<IntervalPtr> intervals;
  std::vector<long> idxs; ///< intervals whose diffs are asked for
  std::vector<DiffPtr> diffs;
  std::vector<long> have; ///< a page copy: highest interval of each process it holds
  Words data;
  bool part = false; ///< a leading piece of a message split to fit max_message (carries bytes only)
};

Lrc::Lrc(Process& process)
    : ConsistencyProtocol(process), n_(memory_.nodes()), pages_(static_cast<size_t>(memory_.pages())),
      vt_(static_cast<size_t>(n_), 0), known_(static_cast<size_t>(n_)), manager_vt_(static_cast<size_t>(n_), 0),
      arrival_vt_(static_cast<size_t>(n_))
{
  size_t words = static_cast<size_t>(memory_.page_size() / 4);
  for (auto& pg : pages_) {
    pg.have.assign(static_cast<size_t>(n_), id_ == 0 ? 0 : -1); // -1: no copy here yet
    pg.valid = id_ == 0;                                        // process 0 holds the initial copy of every page
    if (p_.treadmarks.track_data)
      pg.data.assign(words, 0);
  }
}

// ---- messages ----

std::shared_ptr<Msg> Lrc::tmk_msg(Op op, int dst, long arg, std::shared_ptr<Payload> payload, double bytes) const
{
  auto m      = std::make_shared<Msg>();
  m->op       = op;
  m->src      = id_;
  m->dst      = dst;
  m->arg      = arg;
  m->payload  = bytes;
  m->reliable = false; // request/response: the response acknowledges, a missing one makes the request go again
  m->ext      = std::move(payload);
  return m;
}

std::shared_ptr<Lrc::Payload> Lrc::stamped(long req) const
{
  auto pl       = std::make_shared<Payload>();
  pl->req       = req;
  pl->requester = id_;
  pl->vt        = vt_;
  return pl;
}

void Lrc::send(const std::shared_ptr<Msg>& m, bool wait)
{
  // A message longer than max_message goes as several datagrams: the leading pieces carry only bytes, the last
  // one the contents (a lost piece is not noticed: a simplification).
  double room = p_.max_message - p_.header_bytes;
  while (m->payload > room) {
    auto piece     = std::make_shared<Msg>(*m);
    auto pl        = std::make_shared<Payload>();
    pl->part       = true;
    piece->ext     = pl;
    piece->payload = room;
    transport_.post(piece, false);
    m->payload -= room;
  }
  transport_.post(m, wait);
}

double Lrc::intervals_bytes(const std::vector<IntervalPtr>& list) const
{
  double b = 0;
  for (auto const& i : list)
    b += p_.treadmarks.interval_bytes + static_cast<double>(n_) * p_.treadmarks.vt_entry_bytes +
         static_cast<double>(i->pages.size()) * p_.notice_bytes;
  return b;
}

void Lrc::request(const std::function<std::shared_ptr<Msg>()>& make, const std::function<bool()>& done)
{
  // Used for lock requests and barrier arrivals, whose responses wait for other processes: sync_timeout.
  cs::ActorLock lock(*mutex_, std::defer_lock);
  for (long attempt = 0; not done(); ++attempt) {
    if (attempt > 0) {
      counters().timeouts++;
      counters().resends++;
      XBT_VERB("node %d: no response after %g s, request again", id_, p_.treadmarks.sync_timeout);
    }
    send(make(), true);
    double deadline = sg4::Engine::get_clock() + p_.treadmarks.sync_timeout;
    lock.lock();
    while (not done())
      if (cv_->wait_until(lock, deadline) == std::cv_status::timeout)
        break;
    lock.unlock();
  }
}

// ---- intervals ----

void Lrc::close_interval()
{
  if (written_now_.empty())
    return;
  auto iv   = std::make_shared<Interval>();
  iv->proc  = id_;
  iv->idx   = ++vt_[static_cast<size_t>(id_)];
  iv->vt    = vt_;
  iv->pages = written_now_;
  for (long p : written_now_) {
    Page& pg    = page(p);
    pg.writable = false; // write-protected: the next write opens a new twin interval
    pg.undiffed.push_back(iv->idx);
    for (auto const& d : pg.current)
      diffs_[{p, iv->idx}].push_back(d);
    pg.current.clear();
    pg.have[static_cast<size_t>(id_)] = iv->idx;
  }
  known_[static_cast<size_t>(id_)].push_back(iv);
  written_now_.clear();
}

void Lrc::make_diff(long p, bool handler)
{
  Page& pg = page(p);
  if (not pg.twin)
    return;
  transport_.cpu(memory_.page_size() / transport_.costs().diff_bw, handler);
  counters().diffs++;
  auto d   = std::make_shared<DiffRec>();
  d->proc  = id_;
  d->bytes = pg.mods + p_.diff_run_bytes;
  if (p_.treadmarks.track_data) {
    d->data  = tmk::make_diff(pg.twin_data, pg.data);
    d->bytes = d->data.bytes();
  }
  for (long idx : pg.undiffed)
    diffs_[{p, idx}].push_back(d);
  pg.undiffed.clear();
  pg.twin = false;
  pg.mods = 0;
  if (pg.writable) { // being written in the open interval: it carries this diff too, and a new twin goes on
    pg.current.push_back(d);
    transport_.cpu(transport_.copy_time(memory_.page_size()), handler);
    pg.twin = true;
    if (p_.treadmarks.track_data)
      pg.twin_data = pg.data;
  }
}

std::vector<IntervalPtr> Lrc::unseen_by(const std::vector<long>& vt) const
{
  std::vector<IntervalPtr> out;
  for (int q = 0; q < n_; ++q) {
    auto const& list = known_[static_cast<size_t>(q)];
    for (size_t k = static_cast<size_t>(vt[static_cast<size_t>(q)]); k < list.size(); ++k)
      out.push_back(list[k]);
  }
  return out;
}

void Lrc::merge(const std::vector<IntervalPtr>& intervals, bool handler)
{
  for (auto const& iv : intervals) {
    size_t q = static_cast<size_t>(iv->proc);
    if (iv->idx <= vt_[q])
      continue; // seen already
    known_[q].push_back(iv);
    vt_[q] = iv->idx;
    for (long p : iv->pages) {
      Page& pg = page(p);
      if (pg.have[q] >= iv->idx)
        continue;
      if (not pg.notices.empty() && pg.notices.back().proc == iv->proc && pg.notices.back().last + 1 == iv->idx)
        pg.notices.back().last = iv->idx;
      else
        pg.notices.push_back({iv->proc, iv->idx, iv->idx});
      if (pg.valid) {
        make_diff(p, handler); // own changes not yet encoded must survive the invalidation
        pg.valid    = false;
        pg.writable = false;
      }
    }
  }
}

// ---- memory accesses ----

bool Lrc::faults_on(long p, bool write) const
{
  const Page& pg = pages_[static_cast<size_t>(p)];
  return write ? not pg.writable : not pg.valid;
}

void Lrc::fetch(long p)
{
  Page& pg = page(p);
  counters().pages_fetched++;
  double start = sg4::Engine::get_clock();
  // Whom to ask: process 0 for the page itself if there never was a copy here, and every writer this copy lacks
  // diffs of (the intervals asked of each) -- all at once, each request sent again until its response came.
  std::map<int, std::vector<long>> wanted; // -1: the whole page
  if (pg.have[0] < 0)
    wanted[-1] = {};
  for (auto const& run : pg.notices)
    for (long i = run.first; i <= run.last; ++i)
      wanted[run.proc].push_back(i);
  long req      = ++next_req_;
  awaited_req_  = req;
  awaited_left_ = static_cast<int>(wanted.size());
  replies_.clear();
  auto got = [this](int from) {
    return std::any_of(replies_.begin(), replies_.end(), [from](auto const& r) { return r.second == from; });
  };
  cs::ActorLock lock(*mutex_, std::defer_lock);
  for (long attempt = 0; awaited_left_ > 0; ++attempt) {
    if (attempt > 0) {
      counters().timeouts++;
      XBT_VERB("node %d: page %ld still lacks %d responses, asking again", id_, p, awaited_left_);
    }
    for (auto const& [from, idxs] : wanted) {
      if (got(from))
        continue;
      if (attempt > 0)
        counters().resends++;
      auto pl  = std::make_shared<Payload>();
      pl->req  = req;
      pl->idxs = idxs;
      send(from < 0 ? tmk_msg(Op::getp, 0, p, pl, 4)
                    : tmk_msg(Op::diff, from, p, pl, 4.0 * static_cast<double>(idxs.size())),
           true);
    }
    double deadline = sg4::Engine::get_clock() + p_.treadmarks.request_timeout;
    lock.lock();
    while (awaited_left_ > 0)
      if (cv_->wait_until(lock, deadline) == std::cv_status::timeout)
        break;
    lock.unlock();
  }
  awaited_req_ = -1;
  // The page first (it holds what its sender had applied), then the diffs in the order their intervals came.
  std::map<int, std::vector<DiffPtr>> by_writer;
  for (auto const& [pl, from] : replies_) {
    if (from >= 0) {
      by_writer[from] = pl->diffs;
      continue;
    }
    transport_.cpu(transport_.copy_time(memory_.page_size()));
    for (size_t q = 0; q < pg.have.size(); ++q)
      pg.have[q] = std::max(pg.have[q], pl->have[q]);
    if (p_.treadmarks.track_data)
      pg.data = pl->data;
  }
  std::set<const DiffRec*> applied;
  for (auto const& run : pg.notices) {
    size_t q = static_cast<size_t>(run.proc);
    if (pg.have[q] >= run.last)
      continue;
    for (auto const& d : by_writer[run.proc])
      if (applied.insert(d.get()).second) {
        transport_.cpu(transport_.copy_time(d->bytes));
        if (p_.treadmarks.track_data)
          apply_diff(pg.data, d->data);
      }
    pg.have[q] = run.last;
  }
  pg.notices.clear();
  replies_.clear();
  pg.valid = true;
  counters().page_wait_s += sg4::Engine::get_clock() - start;
}

void Lrc::read(long p)
{
  if (page(p).valid)
    return;
  counters().faults++;
  transport_.cpu(transport_.costs().fault);
  fetch(p);
}

void Lrc::write(long p, double bytes)
{
  Page& pg = page(p);
  if (pg.writable) {
    pg.mods = std::min(memory_.page_size(), pg.mods + bytes);
    return;
  }
  counters().faults++;
  transport_.cpu(transport_.costs().fault);
  if (not pg.valid)
    fetch(p);
  if (not pg.twin) {
    transport_.cpu(transport_.copy_time(memory_.page_size()));
    pg.twin = true;
    if (p_.treadmarks.track_data)
      pg.twin_data = pg.data;
  }
  pg.writable = true;
  pg.mods     = std::min(memory_.page_size(), pg.mods + bytes);
  written_now_.push_back(p);
}

uint32_t Lrc::load(long p, size_t word)
{
  read(p);
  return page(p).data.at(word);
}

void Lrc::store(long p, size_t word, uint32_t value)
{
  write(p, 4);
  page(p).data.at(word) = value;
}

// ---- synchronisation ----

Lrc::Lock& Lrc::lock_at(long lock)
{
  auto [it, fresh] = tlocks_.try_emplace(lock);
  if (fresh && lock % n_ == id_)
    it->second.token = true; // the manager holds a lock's token until someone asks
  return it->second;
}

void Lrc::acquire(long lock)
{
  counters().acquires++;
  double start = sg4::Engine::get_clock();
  close_interval();
  Lock& l = lock_at(lock);
  if (l.token && not l.held && l.next < 0) {
    l.held = true; // the last holder takes it again: no message
    return;
  }
  lock_granted_tmk_ = false;
  long req          = ++next_req_;
  request(
      [&]() {
        auto pl = stamped(req);
        return tmk_msg(Op::acq, static_cast<int>(lock % n_), lock, pl,
                       8 + static_cast<double>(n_) * p_.treadmarks.vt_entry_bytes);
      },
      [this]() { return lock_granted_tmk_; });
  Lock& got = lock_at(lock);
  got.token = true;
  got.held  = true;
  counters().sync_wait_s += sg4::Engine::get_clock() - start;
}

void Lrc::grant(long lock, int to, const std::vector<long>& their_vt)
{
  Lock& l       = lock_at(lock);
  l.token       = false;
  auto pl       = std::make_shared<Payload>();
  pl->vt        = vt_;
  pl->intervals = unseen_by(their_vt);
  double bytes  = static_cast<double>(n_) * p_.treadmarks.vt_entry_bytes + intervals_bytes(pl->intervals);
  send(tmk_msg(Op::acqgrant, to, lock, pl, bytes), false);
}

void Lrc::release(long lock)
{
  close_interval();
  Lock& l = lock_at(lock);
  l.held  = false;
  if (l.next >= 0) {
    int to = l.next;
    l.next = -1;
    grant(lock, to, l.next_vt);
  }
}

void Lrc::on_lock_request(const Msg& m)
{
  auto const& pl = *std::static_pointer_cast<const Payload>(m.ext);
  if (not pl.forwarded) {
    if (not seen_reqs_.insert({pl.requester, pl.req}).second)
      return; // a duplicate: the request is on its way already
    Lock& l       = lock_at(m.arg);
    int prev      = l.last < 0 ? id_ : l.last;
    l.last        = pl.requester;
    auto fw       = std::make_shared<Payload>(pl);
    fw->forwarded = true;
    send(tmk_msg(Op::acq, prev, m.arg, fw, m.payload), false);
    return;
  }
  Lock& l = lock_at(m.arg);
  if (l.token && not l.held && l.next < 0)
    grant(m.arg, pl.requester, pl.vt);
  else {
    l.next    = pl.requester;
    l.next_vt = pl.vt;
  }
}

void Lrc::barrier()
{
  counters().barriers++;
  double start = sg4::Engine::get_clock();
  close_interval();
  long epoch = departures_;
  long req   = ++next_req_;
  request(
      [&]() {
        auto pl = stamped(req);
        // Its own intervals the manager has not seen: every other interval comes with its creator's arrival.
        auto const& own = known_[static_cast<size_t>(id_)];
        pl->intervals.assign(own.begin() + manager_vt_[static_cast<size_t>(id_)], own.end());
        double bytes = static_cast<double>(n_) * p_.treadmarks.vt_entry_bytes + intervals_bytes(pl->intervals);
        return tmk_msg(Op::barr, 0, -1, pl, bytes);
      },
      [this, epoch]() { return departures_ > epoch; });
  counters().sync_wait_s += sg4::Engine::get_clock() - start;
}

void Lrc::on_barrier_arrival(const Msg& m)
{
  auto const& pl = *std::static_pointer_cast<const Payload>(m.ext);
  if (not seen_reqs_.insert({pl.requester, pl.req}).second)
    return;
  merge(pl.intervals, true);
  arrival_vt_[static_cast<size_t>(pl.requester)] = pl.vt;
  if (++arrived_ < n_)
    return;
  arrived_ = 0;
  // The others first, the manager's own departure last (handled here, at once).
  for (int k = 1; k <= n_; ++k) {
    int to         = k % n_;
    auto dep       = std::make_shared<Payload>();
    dep->vt        = vt_;
    dep->intervals = unseen_by(arrival_vt_[static_cast<size_t>(to)]);
    double bytes   = static_cast<double>(n_) * p_.treadmarks.vt_entry_bytes + intervals_bytes(dep->intervals);
    send(tmk_msg(Op::barrgrant, to, -1, dep, bytes), false);
  }
}

// ---- servers ----

void Lrc::on_page_request(const Msg& m)
{
  Page& pg                           = page(m.arg);
  auto pl                            = std::make_shared<Payload>();
  pl->req                            = std::static_pointer_cast<const Payload>(m.ext)->req;
  pl->have                           = pg.have;
  pl->have[static_cast<size_t>(id_)] = vt_[static_cast<size_t>(id_)];
  if (p_.treadmarks.track_data)
    pl->data = pg.data;
  send(tmk_msg(Op::getpgrant, m.src, m.arg, pl, memory_.page_size()), false);
}

void Lrc::on_diff_request(const Msg& m)
{
  auto const& rq = *std::static_pointer_cast<const Payload>(m.ext);
  auto pl        = std::make_shared<Payload>();
  pl->req        = rq.req;
  std::set<const DiffRec*> in;
  double bytes = 0;
  for (long idx : rq.idxs) {
    if (diffs_.count({m.arg, idx}) == 0)
      make_diff(m.arg, true); // lazily, now that someone needs it
    for (auto const& d : diffs_[{m.arg, idx}])
      if (in.insert(d.get()).second) {
        pl->diffs.push_back(d);
        bytes += d->bytes + 8; // page and size words before each diff
      }
  }
  send(tmk_msg(Op::diffgrant, m.src, m.arg, pl, bytes), false);
}

void Lrc::handle(const MsgPtr& mp)
{
  const Msg& m = *mp;
  if (m.ext && std::static_pointer_cast<const Payload>(m.ext)->part)
    return; // a leading piece of a split message
  auto reply = [&](int from) {
    auto pl = std::static_pointer_cast<const Payload>(m.ext);
    if (pl->req != awaited_req_ ||
        std::any_of(replies_.begin(), replies_.end(), [from](auto const& r) { return r.second == from; })) {
      counters().stale_grants++;
      return;
    }
    replies_.emplace_back(pl, from);
    awaited_left_--;
    wake();
  };
  switch (m.op) {
  case Op::getp:
    on_page_request(m);
    break;
  case Op::getpgrant:
    reply(-1);
    break;
  case Op::diff:
    on_diff_request(m);
    break;
  case Op::diffgrant:
    reply(m.src);
    break;
  case Op::acq:
    on_lock_request(m);
    break;
  case Op::acqgrant:
    merge(std::static_pointer_cast<const Payload>(m.ext)->intervals, true);
    lock_granted_tmk_ = true;
    wake();
    break;
  case Op::barr:
    on_barrier_arrival(m);
    break;
  case Op::barrgrant:
    merge(std::static_pointer_cast<const Payload>(m.ext)->intervals, true);
    manager_vt_ = std::static_pointer_cast<const Payload>(m.ext)->vt;
    departures_++;
    wake();
    break;
  default: // jia_wait's WAIT / WAITGRANT are the process's (Process::handle_wait); TreadMarks sends no other
    break;
  }
}

} // namespace cs::dsm::tmk
