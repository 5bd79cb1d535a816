/* TreadMarks' lazy release consistency (Keleher, Cox, Dwarkadas, Zwaenepoel, USENIX Winter 1994, as the seeds'
 * references describe it), a sibling of the home-based protocol on the same process runtime, messaging, costs and
 * benchmark programs:
 *
 * - Each process's run is cut into intervals at its releases, acquires and barriers; an interval that wrote pages
 *   becomes a record (process, index, vector time, write notices). Vector times say which intervals a process
 *   has seen; a process learns intervals only when it synchronises (lazily), never at a release.
 * - A write fault makes a twin; the diff (the words that differ from it) is made lazily: when another process
 *   asks for it, or when the page must be invalidated while its own changes are not yet encoded.
 * - Locks: a request goes to the lock's manager (lock % n), which forwards it to the last requester; whoever
 *   holds the token grants it at its release with every interval the acquirer has not seen (by the vector time
 *   in the request). A lock whose token is already here is re-acquired without messages.
 * - Barrier: each arrival carries the process's own intervals the manager (process 0) has not seen; the
 *   departures carry to each process what it has not seen. Received write notices invalidate the pages they name.
 * - An access to an invalid page fetches the diffs of every writer it has notices from (in parallel, one request
 *   per writer), and the whole page first if it never had a copy (process 0 holds every page at the start);
 *   diffs are applied in the order their intervals were learned, so concurrent writers' words all survive.
 * - UDP without acknowledgements: each request is sent again when its response has not come within
 *   `request_timeout`; servers answer duplicate page and diff requests again and ignore duplicate lock requests
 *   and barrier arrivals.
 * Not modelled: garbage collection of diffs and intervals (the runs are short enough not to trigger it). */
#pragma once
#include "models/dsm/process.hpp"
#include "models/dsm/tmk_diff.hpp"

#include <set>

namespace cs::dsm::tmk {

struct Interval {
  int proc = 0;
  long idx = 0;         ///< 1, 2, ... per process
  std::vector<long> vt; ///< the process's vector time at the interval's end
  std::vector<long> pages;
};
using IntervalPtr = std::shared_ptr<const Interval>;

/** The diff of one page made by one process; it covers one or more of its intervals. */
struct DiffRec {
  int proc     = 0;
  double bytes = 0;
  Diff data; ///< the words (track_data only)
};
using DiffPtr = std::shared_ptr<const DiffRec>;

class Lrc : public ConsistencyProtocol {
public:
  explicit Lrc(Process& process);

  void read(long page) override;
  void write(long page, double bytes) override;
  void acquire(long lock) override;
  void release(long lock) override;
  void barrier() override;
  bool faults_on(long page, bool write) const override;
  void handle(const MsgPtr& m) override;

  /** Real contents (params.treadmarks.track_data): one word of a page, read or written through the protocol. */
  uint32_t load(long page, size_t word);
  void store(long page, size_t word, uint32_t value);

private:
  /** Write notices of one writer's consecutive intervals first..last, in the order they were learned (a page
   *  written at every interval by one process, as SOR's bands are, keeps one run instead of one per barrier). */
  struct NoticeRun {
    int proc;
    long first, last;
  };
  struct Page {
    bool valid    = false;
    bool writable = false;
    bool twin     = false;          ///< changes since the last diff are kept against a twin
    double mods   = 0;              ///< bytes changed since the twin was made
    std::vector<NoticeRun> notices; ///< others' intervals that wrote the page, diffs not applied here
    std::vector<long> undiffed;     ///< own closed intervals whose changes are only in the twin
    std::vector<DiffPtr> current;   ///< diffs made during the open interval (they belong to it too)
    std::vector<long> have;         ///< per process: highest interval whose changes this copy holds
    Words data, twin_data;          ///< track_data only
  };
  struct Lock {
    bool token = false;
    bool held  = false;
    int next   = -1; ///< the requester to hand the token to at release
    std::vector<long> next_vt;
    int last = -1; ///< as the manager: the last requester (-1: the manager itself)
  };
  struct Payload; // a TreadMarks message's contents

  Page& page(long p) { return pages_[static_cast<size_t>(p)]; }
  void close_interval();
  void make_diff(long p, bool handler);
  void merge(const std::vector<IntervalPtr>& intervals, bool handler);
  std::vector<IntervalPtr> unseen_by(const std::vector<long>& vt) const;
  void fetch(long p);
  void send(const std::shared_ptr<Msg>& m, bool wait);
  /** A request's payload: its number, its sender and the sender's vector time. */
  std::shared_ptr<Payload> stamped(long req) const;
  std::shared_ptr<Msg> tmk_msg(Op op, int dst, long arg, std::shared_ptr<Payload> payload, double bytes) const;
  double intervals_bytes(const std::vector<IntervalPtr>& list) const;
  void request(const std::function<std::shared_ptr<Msg>()>& make, const std::function<bool()>& done);
  void grant(long lock, int to, const std::vector<long>& their_vt);
  Lock& lock_at(long lock);

  void on_page_request(const Msg& m);
  void on_diff_request(const Msg& m);
  void on_lock_request(const Msg& m);
  void on_barrier_arrival(const Msg& m);

  int n_;
  std::vector<Page> pages_;
  std::vector<long> vt_;                                        ///< intervals seen, per process (vt_[id_]: own)
  std::vector<std::vector<IntervalPtr>> known_;                 ///< known_[p][k]: interval k + 1 of process p
  std::vector<long> written_now_;                               ///< pages written in the open interval
  std::map<std::pair<long, long>, std::vector<DiffPtr>> diffs_; ///< own: (page, interval) -> its diffs
  std::map<long, Lock> tlocks_;
  long next_req_ = 0;
  std::set<std::pair<int, long>> seen_reqs_; ///< lock requests and barrier arrivals already handled
  // Waiting for responses.
  long awaited_req_ = -1;
  int awaited_left_ = 0;
  std::vector<std::pair<std::shared_ptr<const Payload>, int>> replies_;
  bool lock_granted_tmk_ = false;
  long departures_       = 0;
  std::vector<long> manager_vt_; ///< what the barrier manager had seen at the last departure
  // As the barrier manager.
  int arrived_ = 0;
  std::vector<std::vector<long>> arrival_vt_;
};

} // namespace cs::dsm::tmk
