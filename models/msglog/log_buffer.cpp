#include "models/msglog/log_buffer.hpp"
#include "sim/events.hpp"

#include <xbt/log.h>

#include <mutex>

XBT_LOG_EXTERNAL_CATEGORY(cs_msglog);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog_buffer, cs_msglog, "msglog: the buffering library (pages, waits)");

namespace cs::msglog {

LogBuffer::LogBuffer(long pages, double page_size, const LogCosts& costs, AioFile* aio)
    : buf_(pages, page_size), costs_(costs), aio_(aio)
{
}

void LogBuffer::run_copies()
{
  if (pending_copy_s_ > 0) {
    // Copies of consecutive messages between two page boundaries run back to back on the sender's CPU: one
    // execution of their summed time is the same CPU demand, with far fewer simulation events.
    sg4::this_actor::execute(pending_copy_s_ * costs_.speed);
    stats_.copy_s += pending_copy_s_;
    pending_copy_s_ = 0;
  }
}

void LogBuffer::seal_and_advance()
{
  run_copies();
  double bytes = buf_.seal();
  ++stats_.pages_filled;
  event("page_sealed", "", std::to_string(static_cast<long>(bytes)) + " B");
  if (aio_ != nullptr) {
    sg4::this_actor::execute(costs_.aio_submit * costs_.speed);
    aio_->submit(bytes);
  } else {
    buf_.released();
  }
  std::unique_lock<sg4::Mutex> lock(*mutex_);
  if (not buf_.can_advance()) {
    ++stats_.waits;
    double t0 = sg4::Engine::get_clock();
    while (not buf_.can_advance())
      freed_->wait(lock);
    stats_.wait_s += sg4::Engine::get_clock() - t0;
    XBT_VERB("waited %.3f s for a free page", sg4::Engine::get_clock() - t0);
    span(t0, "buffer_full", "", "waited for a free page");
  }
  buf_.advance();
}

void LogBuffer::log(long count, double bytes)
{
  for (long m = 0; m < count; ++m) {
    ++stats_.messages;
    stats_.bytes += bytes;
    pending_copy_s_ += costs_.per_record;
    double left = bytes;
    while (left > 0) {
      if (buf_.must_seal_before(left))
        seal_and_advance();
      double took = buf_.append(left);
      pending_copy_s_ += took / costs_.copy_bw;
      left -= took;
      if (buf_.full())
        seal_and_advance();
    }
  }
  run_copies();
}

void LogBuffer::page_written()
{
  std::unique_lock<sg4::Mutex> lock(*mutex_);
  buf_.released();
  freed_->notify_all();
}

} // namespace cs::msglog
