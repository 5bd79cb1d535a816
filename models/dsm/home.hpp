/* The home-based DSM protocol with scope consistency (JIAJIA's, which Mocha base and Mocha keep with other message
 * rules: Params::system), run by a process's application actor (faults, getpage, release, barrier) and its SIGIO
 * handler (the servers of Figure 3's messages).
 *
 * - A home's pages are always valid there. Elsewhere a page is invalid, read-only or writable (with a twin).
 * - Read fault on an invalid page: getpage (GETP to the home, GETPGRANT with the page).
 * - Write fault: the page is fetched if invalid, twinned and made writable. A home detects writes to its own
 *   pages only for pages another node has fetched (so their copies can be invalidated), without twins.
 * - Release: diffs of the twinned pages go to their homes in DIFF messages (DIFFGRANT each), then REL with the
 *   interval's write notices to the lock's manager (lock % nodes). Acquire: ACQ, ACQGRANT with the lock's notices,
 *   which invalidate stale copies. Barrier: diffs, then BARR (WTNT first if the notices overflow a message) to node
 *   0, which answers everyone with the union of the notices (INV first if they overflow); lock notices are dropped.
 * jia_wait (WAIT/WAITGRANT) and the statistics belong to the process (models/dsm/process.hpp). */
#pragma once
#include "models/dsm/process.hpp"

#include <deque>
#include <map>

namespace cs::dsm {

class Home : public ConsistencyProtocol {
public:
  explicit Home(Process& process);

  void read(long page) override;
  void write(long page, double bytes) override;
  void acquire(long lock) override;
  void release(long lock) override;
  void barrier() override;
  bool faults_on(long page, bool write) const override;
  void handle(const MsgPtr& m) override;

  /** JIAJIA's Cachepages: at most `pages` remote pages mapped at once (0: unbounded). */
  void set_cache(long pages, const Rng& rng) override;
  const PageCache* cache() const override { return cache_.get(); }
  long peak_mapped() const override { return peak_mapped_; }

private:
  enum class State : uint8_t { invalid, read_only, writable };
  struct Lock {
    bool held = false;
    std::deque<int> waiting;
    Notices notices; ///< pages written under the lock since the last barrier, with their writers
  };
  bool valid(long page) const;
  void getpage(long page);
  void flush_diffs();
  /** Every change of a remote page's state goes through here: the cache tracks which of its pages are invalid. */
  void set_state(long page, State s);
  void claim_slot(long page);
  void evict(long page);
  void count_mapped(int change);
  void send_notices(Op chunk_op, Op last_op, int dst, long arg, const std::vector<long>& pages,
                    std::shared_ptr<const Notices> writers, bool wait);
  void invalidate(const std::vector<long>& pages, const Notices& writers);
  void end_interval();
  void grant_lock(long lock, int to);

  void on_getp(const Msg& m);
  void on_getpgrant(const Msg& m);
  void on_diff(const Msg& m);
  void on_acq(const Msg& m);
  void on_rel(const Msg& m);
  void on_barr_notices(const Msg& m);

  std::vector<State> state_;
  std::vector<bool> copied_;       ///< home: some node may hold a copy (so the page is write-protected)
  std::vector<bool> home_written_; ///< home: a write to the page was noticed in this interval
  std::vector<long> served_at_;    ///< home: serial number of the last GETP served for the page
  long served_            = 0;     ///< GETPs served so far
  long served_at_barrier_ = 0;     ///< `served_` when this node last entered a barrier
  std::map<long, double> dirty_;   ///< twinned pages and the bytes modified in them
  std::vector<long> written_;      ///< the interval's write notices
  long waiting_page_  = -1;
  long pending_diffs_ = 0;
  bool lock_granted_  = false;
  long barrier_epoch_ = 0;
  // As a lock manager (lock % nodes == id) and, on node 0, the barrier manager.
  std::map<long, Lock> locks_;
  std::unique_ptr<PageCache> cache_; ///< remote pages mapped here, when bounded
  long mapped_      = 0;             ///< remote pages currently valid here
  long peak_mapped_ = 0;
  Notices barrier_notices_;
  int barrier_arrivals_ = 0;
};

} // namespace cs::dsm
