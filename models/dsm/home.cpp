#include "models/dsm/home.hpp"
#include "sim/run/actor_lock.hpp"
#include "sim/run/events.hpp"

#include <algorithm>
#include <cmath>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_dsm, cs, "clustersim software DSM (seed 003)");

namespace cs::dsm {

Home::Home(Process& process)
    : ConsistencyProtocol(process), state_(static_cast<size_t>(memory_.pages()), State::invalid),
      copied_(static_cast<size_t>(memory_.pages()), false), home_written_(static_cast<size_t>(memory_.pages()), false),
      served_at_(static_cast<size_t>(memory_.pages()), 0)
{
}

bool Home::valid(long page) const
{
  return memory_.home(page) == id_ || state_[static_cast<size_t>(page)] != State::invalid;
}

// ---- memory accesses ----

void Home::read(long page)
{
  if (valid(page))
    return;
  counters().faults++;
  transport_.cpu(transport_.costs().fault);
  claim_slot(page);
  getpage(page);
  set_state(page, State::read_only);
  count_mapped(+1);
}

void Home::write(long page, double bytes)
{
  size_t i = static_cast<size_t>(page);
  if (memory_.home(page) == id_) {
    // Only a page someone holds a copy of is write-protected at its home: its writes must reach the copies.
    if (copied_[i] && not home_written_[i]) {
      counters().faults++;
      transport_.cpu(transport_.costs().fault);
      home_written_[i] = true;
      written_.push_back(page);
    }
    return;
  }
  if (state_[i] == State::writable) {
    dirty_[page] = std::min(memory_.page_size(), dirty_[page] + bytes);
    return;
  }
  counters().faults++;
  transport_.cpu(transport_.costs().fault);
  claim_slot(page);
  if (state_[i] == State::invalid) {
    getpage(page);
    count_mapped(+1);
  }
  transport_.cpu(transport_.copy_time(memory_.page_size())); // the twin
  set_state(page, State::writable);
  dirty_[page] = std::min(memory_.page_size(), bytes);
  written_.push_back(page);
}

void Home::getpage(long page)
{
  counters().pages_fetched++;
  double start  = sg4::Engine::get_clock();
  waiting_page_ = page;
  int home      = memory_.home(page);
  if (not p_.system.omit_page_acks) {
    // Figure 5: the GETP is delivered reliably (the send waits for its ACK), then a busy wait for the page.
    transport_.post(make(Op::getp, home, page), true);
    double unused = 0;
    app_wait([this]() { return waiting_page_ < 0; }, unused);
  } else {
    // Figure 6: no ACK; the grant acknowledges the request, and its absence after the timeout sends it again.
    cs::ActorLock lock(*mutex_, std::defer_lock);
    for (long attempt = 0; waiting_page_ >= 0; ++attempt) {
      if (attempt > 0) {
        XBT_VERB("node %d: no grant for page %ld after %g s, GETP again", id_, page, p_.system.getpage_timeout);
        counters().getpage_resends++;
        counters().timeouts++;
        event("getp_resend", "", "page " + std::to_string(page));
        transport_.note_error(home, Op::getp, "getpage_timeout");
      }
      transport_.post(make(Op::getp, home, page), true);
      double deadline = sg4::Engine::get_clock() + p_.system.getpage_timeout;
      lock.lock();
      while (waiting_page_ >= 0)
        if (cv_->wait_until(lock, deadline) == std::cv_status::timeout)
          break;
      lock.unlock();
    }
  }
  counters().page_wait_s += sg4::Engine::get_clock() - start;
  span(start, "page_fault", "", "page " + std::to_string(page) + " from node " + std::to_string(home));
}

bool Home::faults_on(long page, bool write) const
{
  size_t i = static_cast<size_t>(page);
  if (memory_.home(page) == id_)
    return write && copied_[i] && not home_written_[i];
  return write ? state_[i] != State::writable : state_[i] == State::invalid;
}

// ---- the remote-page cache (models/dsm/page_cache.hpp) ----

void Home::count_mapped(int change)
{
  mapped_ += change;
  peak_mapped_ = std::max(peak_mapped_, mapped_);
}

void Home::set_cache(long pages, const Rng& rng)
{
  cache_ = pages > 0 ? std::make_unique<PageCache>(pages, rng) : nullptr;
}

void Home::set_state(long page, State s)
{
  state_[static_cast<size_t>(page)] = s;
  if (cache_) // the cache finds an invalidated page to replace without asking for every slot's
    cache_->set_valid(page, s != State::invalid);
}

void Home::claim_slot(long page)
{
  if (not cache_ || cache_->holds(page))
    return;
  long victim = cache_->place(page, state_[static_cast<size_t>(page)] != State::invalid);
  if (victim >= 0)
    evict(victim);
}

void Home::evict(long page)
{
  size_t i = static_cast<size_t>(page);
  if (state_[i] == State::writable) {
    // JIAJIA's findposition(): the victim's diff goes home and is acknowledged before its frame is unmapped; its
    // write notice stays in the interval's list.
    cache_->replaced_dirty++;
    transport_.cpu(memory_.page_size() / transport_.costs().diff_bw);
    counters().diffs++;
    auto m = make(Op::diff, memory_.home(page));
    m->pages.push_back(page);
    m->payload = dirty_[page] + p_.diff_run_bytes;
    dirty_.erase(page);
    pending_diffs_++;
    transport_.post(m, false);
    app_wait([this]() { return pending_diffs_ == 0; }, counters().sync_wait_s);
  } else {
    cache_->replaced_clean++;
  }
  XBT_VERB("node %d: page %ld leaves the cache for another", id_, page);
  set_state(page, State::invalid);
  count_mapped(-1);
}

// ---- synchronisation ----

void Home::flush_diffs()
{
  if (dirty_.empty())
    return;
  // One DIFF message per home and per max_message of diff data (JIAJIA 2.1 batches diffs per home: docs/models/dsm.md
  // §Sources).
  std::map<int, std::vector<std::pair<long, double>>> by_home;
  for (auto const& [page, bytes] : dirty_) {
    transport_.cpu(memory_.page_size() / transport_.costs().diff_bw);
    counters().diffs++;
    by_home[memory_.home(page)].emplace_back(page, bytes + p_.diff_run_bytes);
    set_state(page, State::read_only);
  }
  dirty_.clear();
  double room = p_.max_message - p_.header_bytes;
  std::vector<MsgPtr> out;
  for (auto const& [home, diffs] : by_home) {
    auto m = make(Op::diff, home);
    for (auto const& [page, bytes] : diffs) {
      if (not m->pages.empty() && m->payload + bytes > room) {
        out.push_back(m);
        m = make(Op::diff, home);
      }
      m->pages.push_back(page);
      m->payload += bytes;
    }
    out.push_back(m);
  }
  pending_diffs_ += static_cast<long>(out.size());
  for (auto const& m : out)
    transport_.post(m, false);
  app_wait([this]() { return pending_diffs_ == 0; }, counters().sync_wait_s);
}

void Home::send_notices(Op chunk_op, Op last_op, int dst, long arg, const std::vector<long>& pages,
                        std::shared_ptr<const Notices> writers, bool wait)
{
  size_t per = std::max<size_t>(1, static_cast<size_t>((p_.max_message - p_.header_bytes) / p_.notice_bytes));
  size_t at  = 0;
  while (pages.size() - at > per) {
    auto m = make(chunk_op, dst, arg);
    m->pages.assign(pages.begin() + static_cast<long>(at), pages.begin() + static_cast<long>(at + per));
    m->payload = static_cast<double>(per) * p_.notice_bytes;
    m->notices = writers;
    transport_.post(m, false);
    at += per;
  }
  auto m = make(last_op, dst, arg);
  m->pages.assign(pages.begin() + static_cast<long>(at), pages.end());
  m->payload = static_cast<double>(m->pages.size()) * p_.notice_bytes;
  m->notices = std::move(writers);
  transport_.post(m, wait);
}

void Home::end_interval()
{
  // Only noticed pages carry the flag: clearing them, not every page, keeps an interval's end cheap.
  for (long page : written_)
    home_written_[static_cast<size_t>(page)] = false;
  written_.clear();
}

void Home::acquire(long lock)
{
  lock_granted_ = false;
  double start  = sg4::Engine::get_clock();
  transport_.post(make(Op::acq, static_cast<int>(lock % memory_.nodes()), lock), true);
  double unused = 0;
  app_wait([this]() { return lock_granted_; }, unused);
  counters().sync_wait_s += sg4::Engine::get_clock() - start;
}

void Home::release(long lock)
{
  double start = sg4::Engine::get_clock();
  flush_diffs();
  send_notices(Op::wtnt, Op::rel, static_cast<int>(lock % memory_.nodes()), lock, written_, nullptr, true);
  end_interval();
  counters().sync_wait_s += sg4::Engine::get_clock() - start;
}

void Home::barrier()
{
  double start = sg4::Engine::get_clock();
  flush_diffs();
  long epoch         = barrier_epoch_;
  served_at_barrier_ = served_;
  send_notices(Op::wtnt, Op::barr, 0, -1, written_, nullptr, false);
  end_interval();
  double unused = 0;
  app_wait([this, epoch]() { return barrier_epoch_ > epoch; }, unused);
  counters().sync_wait_s += sg4::Engine::get_clock() - start;
}

void Home::invalidate(const std::vector<long>& pages, const Notices& writers)
{
  for (long page : pages) {
    size_t i = static_cast<size_t>(page);
    auto w   = writers.find(page);
    bool by_other =
        w != writers.end() && std::any_of(w->second.begin(), w->second.end(), [this](int n) { return n != id_; });
    if (memory_.home(page) == id_) {
      // Every copy elsewhere is invalid once the home's own write is noticed: nothing to protect until refetched,
      // unless a copy was served after this node entered the barrier (a node already past it fetched again).
      if (w != writers.end() && w->second.size() == 1 && w->second[0] == id_ && served_at_[i] <= served_at_barrier_)
        copied_[i] = false;
      continue;
    }
    if (by_other && state_[i] != State::invalid) {
      if (state_[i] == State::writable) // written here too (multiple writers): its diff went out already
        dirty_.erase(page);
      set_state(page, State::invalid);
      count_mapped(-1);
    }
  }
}

// ---- the servers (SIGIO handler) ----

void Home::handle(const MsgPtr& mp)
{
  const Msg& m = *mp;
  switch (m.op) {
  case Op::getp:
    on_getp(m);
    break;
  case Op::getpgrant:
    on_getpgrant(m);
    break;
  case Op::diff:
    on_diff(m);
    break;
  case Op::diffgrant:
    pending_diffs_--;
    wake();
    break;
  case Op::acq:
    on_acq(m);
    break;
  case Op::acqgrant:
    if (m.notices)
      invalidate(m.pages, *m.notices);
    lock_granted_ = true;
    wake();
    break;
  case Op::rel:
  case Op::wtnt:
  case Op::barr:
    if (m.op == Op::rel || (m.op == Op::wtnt && m.arg >= 0)) // a barrier's notices carry no lock (-1)
      on_rel(m);
    else
      on_barr_notices(m);
    break;
  case Op::inv:
    invalidate(m.pages, *m.notices);
    break;
  case Op::barrgrant:
    invalidate(m.pages, *m.notices);
    for (auto& [_, l] : locks_) // scope consistency: a barrier settles every lock's notices
      l.notices.clear();
    barrier_epoch_++;
    wake();
    break;
  case Op::wait: // the process's (Process::handle_wait)
  case Op::waitgrant:
  case Op::ack:
  case Op::count_:
    break;
  }
}

void Home::on_getp(const Msg& m)
{
  size_t i      = static_cast<size_t>(m.arg);
  copied_[i]    = true;
  served_at_[i] = ++served_;
  // A copy served after the page's write in this interval must hear of the next write too.
  home_written_[i] = false;
  transport_.post(make(Op::getpgrant, m.src, m.arg, memory_.page_size()), false);
}

void Home::on_getpgrant(const Msg& m)
{
  if (waiting_page_ != m.arg) {
    counters().stale_grants++;
    transport_.note_error(m.src, Op::getpgrant, "stale_grant");
    return;
  }
  transport_.cpu(transport_.copy_time(memory_.page_size()), true); // into the page frame
  waiting_page_ = -1;
  wake();
}

void Home::on_diff(const Msg& m)
{
  transport_.cpu(transport_.copy_time(m.payload), true);
  transport_.post(make(Op::diffgrant, m.src), false);
}

void Home::grant_lock(long lock, int to)
{
  Lock& l = locks_[lock];
  l.held  = true;
  auto w  = std::make_shared<const Notices>(l.notices);
  std::vector<long> pages;
  for (auto const& [page, _] : *w)
    pages.push_back(page);
  send_notices(Op::inv, Op::acqgrant, to, lock, pages, w, false);
}

void Home::on_acq(const Msg& m)
{
  Lock& l = locks_[m.arg];
  if (l.held)
    l.waiting.push_back(m.src);
  else
    grant_lock(m.arg, m.src);
}

void Home::on_rel(const Msg& m)
{
  Lock& l = locks_[m.arg];
  for (long page : m.pages) {
    auto& w = l.notices[page];
    if (std::find(w.begin(), w.end(), m.src) == w.end())
      w.push_back(m.src);
  }
  if (m.op == Op::wtnt)
    return;
  l.held = false;
  if (not l.waiting.empty()) {
    int next = l.waiting.front();
    l.waiting.pop_front();
    grant_lock(m.arg, next);
  }
}

void Home::on_barr_notices(const Msg& m)
{
  for (long page : m.pages) {
    auto& w = barrier_notices_[page];
    if (std::find(w.begin(), w.end(), m.src) == w.end())
      w.push_back(m.src);
  }
  if (m.op != Op::barr || ++barrier_arrivals_ < memory_.nodes())
    return;
  barrier_arrivals_ = 0;
  XBT_VERB("barrier complete: %zu write notices to every node", barrier_notices_.size());
  event("barrier_complete", "", std::to_string(barrier_notices_.size()) + " write notices");
  if (transport_.timeline())
    transport_.timeline()->barrier_complete(sg4::Engine::get_clock());
  auto all = std::make_shared<const Notices>(std::move(barrier_notices_));
  barrier_notices_.clear();
  std::vector<long> pages;
  for (auto const& [page, _] : *all)
    pages.push_back(page);
  // The manager answers the others first and itself last: its own grant is handled here, at once.
  for (int n = 1; n <= memory_.nodes(); ++n)
    send_notices(Op::inv, Op::barrgrant, n % memory_.nodes(), 0, pages, all, false);
}

} // namespace cs::dsm
