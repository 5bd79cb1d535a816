/* The seed's buffering library on the sender side: every logged message is copied into the current page before
 * it is sent; a full page is written asynchronously (or, buffering only, recycled at once); with no free page the
 * sender stops until a write completes. Timing runs in the calling rank's actor.
 *
 * When the rank learns that a write completed matters as much as when it completed (docs/models/msglog.md, "When
 * the buffer is full"): with `lazy_completion` a completion becomes visible only while the rank is blocked in the
 * library (a stop, or a synchronous submission), because the helper thread that posts it gets no CPU from a
 * spinning rank. A submission that finds `sync_depth` requests still outstanding is performed synchronously (the
 * seed's Discussion 4). */
#pragma once
#include "models/msglog/aio.hpp"
#include "models/msglog/page_buffer.hpp"

#include <memory>

namespace cs::msglog {

/** CPU costs of the library on the sending rank (from the host's OS profile). */
struct LogCosts {
  double copy_bw    = 0; ///< effective rate of logging a message into the page (copy + its cache pollution)
  double per_record = 0; ///< bookkeeping per logged message (call, header)
  double aio_submit = 0; ///< aio_write() call: queueing the request and waking the helper thread
  double speed      = 0; ///< flop/s of a core
};

/** How the library and the AIO layer under it behave (scenario params). */
struct LogPolicy {
  bool lazy_completion = true; ///< completions are seen only while the rank is blocked in the library
  long sync_depth      = 2;    ///< outstanding requests at which a submission runs synchronously (0: never)
};

struct LogStats {
  long messages     = 0;
  double bytes      = 0;
  long pages_filled = 0; ///< pages sealed: full, or the next message did not fit, or the final flush
  long waits        = 0; ///< seals that found no free page: the sender stopped (the seed's "buffer full")
  double wait_s     = 0;
  long sync_writes  = 0; ///< submissions performed synchronously (the caller blocked until written)
  double sync_s     = 0;
  double copy_s     = 0; ///< CPU time of the copies and bookkeeping
};

class LogBuffer {
public:
  /** `aio` null: buffering only (full pages are recycled without a write). */
  LogBuffer(long pages, double page_size, const LogCosts& costs, const LogPolicy& policy, AioFile* aio);
  /** Logs `count` messages of `bytes` each (called just before they are sent). */
  void log(long count, double bytes);
  /** MPI_Finalize: the current page is written whatever it holds (a seal like any other), then every outstanding
   *  write is waited for (not a stop: the buffer is not needed any more). */
  void finish();
  /** A write of an outstanding page completed (called by the AIO helper). */
  void page_written();
  const LogStats& stats() const { return stats_; }
  const PageBuffer& pages() const { return buf_; }

private:
  void run_copies();
  void seal_and_advance();
  /** Blocks the rank until `done()` holds; while blocked, the rank sees every completion. */
  template <class Done> double block_until(Done done);

  PageBuffer buf_;
  LogCosts costs_;
  LogPolicy policy_;
  AioFile* aio_;
  double pending_copy_s_           = 0; ///< copy time accumulated since the last page boundary, executed in one go
  long submitted_                  = 0; ///< writes requested so far
  long written_                    = 0; ///< writes completed by the helper (seen by the rank or not)
  long unseen_                     = 0; ///< completed writes the rank has not seen yet (their pages still held)
  bool blocked_                    = false;
  sg4::MutexPtr mutex_             = sg4::Mutex::create();
  sg4::ConditionVariablePtr freed_ = sg4::ConditionVariable::create();
  LogStats stats_;
};

} // namespace cs::msglog
