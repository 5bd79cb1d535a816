/* One node of the home-based DSM with scope consistency (JIAJIA's protocol, which Mocha keeps), run by the node's
 * application actor (faults, getpage, release, barrier) and its SIGIO handler (the servers of Figure 3's messages).
 *
 * - A home's pages are always valid there. Elsewhere a page is invalid, read-only or writable (with a twin).
 * - Read fault on an invalid page: getpage (GETP to the home, GETPGRANT with the page).
 * - Write fault: the page is fetched if invalid, twinned and made writable. A home detects writes to its own
 *   pages only for pages another node has fetched (so their copies can be invalidated), without twins.
 * - Release: diffs of the twinned pages go to their homes in DIFF messages (DIFFGRANT each), then REL with the
 *   interval's write notices to the lock's manager (lock % nodes). Acquire: ACQ, ACQGRANT with the lock's notices,
 *   which invalidate stale copies. Barrier: diffs, then BARR (WTNT first if the notices overflow a message) to node
 *   0, which answers everyone with the union of the notices (INV first if they overflow); lock notices are dropped.
 * - WAIT/WAITGRANT: a barrier without consistency (jia_wait). */
#pragma once
#include "models/dsm/memory.hpp"
#include "models/dsm/page_cache.hpp"
#include "models/dsm/params.hpp"
#include "models/dsm/transport.hpp"

#include <deque>
#include <map>

namespace cs::dsm {

class Node {
public:
  Node(int id, Memory& memory, Transport& transport, const Params& params);
  virtual ~Node() = default;

  // The application's view (JIAJIA's API and the faults of its memory accesses); virtual where another protocol
  // (TreadMarks, models/dsm/tmk_*) runs the same programs.
  virtual void read(long page);
  virtual void write(long page, double bytes);
  void read_span(long base, double offset, double length);
  void write_span(long base, double offset, double length);
  virtual void acquire(long lock);
  virtual void release(long lock);
  virtual void barrier();
  void wait();
  void compute(double seconds) { transport_.cpu(seconds); }
  double flop_time(double flops) const { return flops / transport_.costs().speed; }

  /** Bounds the remote-page cache to `pages` (JIAJIA's Cachepages; 0: unbounded), replacement drawn from `rng`. */
  void set_cache(long pages, const Rng& rng);
  const PageCache* cache() const { return cache_.get(); }
  /** jia_startstat(): statistics (and the program's timing) count from here. */
  virtual void start_stat();
  double stat_start() const { return stat_start_; }
  /** Remote pages fetched since start_stat() (JIAJIA's getpcnt). */
  long stat_fetches() { return counters().pages_fetched - stat_base_; }
  /** Whether an access to `page` would fault (a program defers its computation only across accesses that do not). */
  virtual bool faults_on(long page, bool write) const;
  /** Most remote pages valid here at once (what the cache bound must hold). */
  long peak_mapped() const { return peak_mapped_; }

  /** The SIGIO handler's dispatch (and local delivery). */
  virtual void handle(const MsgPtr& m);

  int id() const { return id_; }
  int nodes() const { return memory_.nodes(); }
  Counters& counters() { return transport_.counters(); }

protected:
  enum class State : uint8_t { invalid, read_only, writable };
  struct Lock {
    bool held = false;
    std::deque<int> waiting;
    Notices notices; ///< pages written under the lock since the last barrier, with their writers
  };
  /** A message from this node, reliable unless the system omits its acknowledgement (GETP, GETPGRANT). */
  std::shared_ptr<Msg> make(Op op, int dst, long arg = 0, double payload = 0) const;
  bool valid(long page) const;
  void getpage(long page);
  void flush_diffs();
  void claim_slot(long page);
  void evict(long page);
  void count_mapped(int change);
  void send_notices(Op chunk_op, Op last_op, int dst, long arg, const std::vector<long>& pages,
                    std::shared_ptr<const Notices> writers, bool wait);
  void invalidate(const std::vector<long>& pages, const Notices& writers);
  void end_interval();
  void app_wait(const std::function<bool()>& done, double& account);
  void wake();
  void grant_lock(long lock, int to);

  void on_getp(const Msg& m);
  void on_getpgrant(const Msg& m);
  void on_diff(const Msg& m);
  void on_acq(const Msg& m);
  void on_rel(const Msg& m);
  void on_barr_notices(const Msg& m);
  void on_wait(const Msg& m);

  int id_;
  Memory& memory_;
  Transport& transport_;
  const Params& p_;
  std::vector<State> state_;
  std::vector<bool> copied_;       ///< home: some node may hold a copy (so the page is write-protected)
  std::vector<bool> home_written_; ///< home: a write to the page was noticed in this interval
  std::vector<long> served_at_;    ///< home: serial number of the last GETP served for the page
  long served_            = 0;     ///< GETPs served so far
  long served_at_barrier_ = 0;     ///< `served_` when this node last entered a barrier
  std::map<long, double> dirty_;   ///< twinned pages and the bytes modified in them
  std::vector<long> written_;      ///< the interval's write notices
  long waiting_page_            = -1;
  long pending_diffs_           = 0;
  bool lock_granted_            = false;
  long barrier_epoch_           = 0;
  long wait_epoch_              = 0;
  sg4::MutexPtr mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr cv_ = sg4::ConditionVariable::create();
  // As a lock manager (lock % nodes == id) and, on node 0, the barrier manager.
  std::map<long, Lock> locks_;
  std::unique_ptr<PageCache> cache_; ///< remote pages mapped here, when bounded
  long mapped_       = 0;            ///< remote pages currently valid here
  long peak_mapped_  = 0;
  double stat_start_ = -1;
  long stat_base_    = 0;
  Notices barrier_notices_;
  int barrier_arrivals_ = 0;
  int wait_arrivals_    = 0;
};

} // namespace cs::dsm
