/* The seed's buffering library on the sender side: every logged message is copied into the current page before
 * it is sent; a full page is written asynchronously (or, buffering only, recycled at once); with no free page the
 * sender waits for a write to complete. Timing runs in the calling rank's actor. */
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

struct LogStats {
  long messages     = 0;
  double bytes      = 0;
  long pages_filled = 0; ///< pages sealed because they were full (or the next message did not fit)
  long waits        = 0; ///< seals that found no free page: the sender waited for a write
  double wait_s     = 0;
  double copy_s     = 0; ///< CPU time of the copies and bookkeeping
};

class LogBuffer {
public:
  /** `aio` null: buffering only (full pages are recycled without a write). */
  LogBuffer(long pages, double page_size, const LogCosts& costs, AioFile* aio);
  /** Logs `count` messages of `bytes` each (called just before they are sent). */
  void log(long count, double bytes);
  /** A write of an outstanding page completed (called by the AIO helper). */
  void page_written();
  const LogStats& stats() const { return stats_; }
  const PageBuffer& pages() const { return buf_; }

private:
  void run_copies();
  void seal_and_advance();

  PageBuffer buf_;
  LogCosts costs_;
  AioFile* aio_;
  double pending_copy_s_           = 0; ///< copy time accumulated since the last page boundary, executed in one go
  sg4::MutexPtr mutex_             = sg4::Mutex::create();
  sg4::ConditionVariablePtr freed_ = sg4::ConditionVariable::create();
  LogStats stats_;
};

} // namespace cs::msglog
