#include "models/msglog/log_buffer.hpp"
#include "sim/run/actor_lock.hpp"
#include "sim/run/events.hpp"

#include <xbt/log.h>

#include <mutex>

XBT_LOG_EXTERNAL_CATEGORY(cs_msglog);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog_buffer, cs_msglog, "msglog: the buffering library (pages, waits)");

namespace cs::msglog {

LogBuffer::LogBuffer(long pages, double page_size, const LogCosts& costs, const LogPolicy& policy, AioFile* aio)
    : buf_(pages, page_size), costs_(costs), policy_(policy), aio_(aio)
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

template <class Done> double LogBuffer::block_until(Done done)
{
  cs::ActorLock lock(*mutex_);
  double t0 = sg4::Engine::get_clock();
  blocked_  = true;
  for (; unseen_ > 0; --unseen_) // the helper gets the CPU the rank gave up and posts what it had finished
    buf_.released();
  while (not done())
    freed_->wait(lock);
  blocked_ = false;
  return sg4::Engine::get_clock() - t0;
}

void LogBuffer::seal_and_advance()
{
  run_copies();
  // Requests outstanding as the rank (and the AIO layer) sees them, before this one.
  long before  = buf_.outstanding();
  double bytes = buf_.seal();
  ++stats_.pages_filled;
  event("page_sealed", "", std::to_string(static_cast<long>(bytes)) + " B");
  if (aio_ == nullptr) {
    buf_.released();
  } else {
    sg4::this_actor::execute(costs_.aio_submit * costs_.speed);
    long id = ++submitted_;
    aio_->submit(bytes);
    if (policy_.sync_depth > 0 && before >= policy_.sync_depth) {
      // Seed Discussion 4: with more than two writes outstanding, one is performed synchronously. The caller
      // waits for its own request (FIFO: the older ones are done by then); not a stop, as a page is free after.
      ++stats_.sync_writes;
      stats_.sync_s += block_until([&] { return written_ >= id; });
    }
  }
  if (not buf_.can_advance()) {
    ++stats_.waits;
    double t0 = sg4::Engine::get_clock();
    double dt = block_until([&] { return buf_.can_advance(); });
    stats_.wait_s += dt;
    XBT_VERB("stopped %.3f s for a free page", dt);
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

void LogBuffer::finish()
{
  seal_and_advance();
  block_until([&] { return buf_.outstanding() == 0; });
}

void LogBuffer::page_written()
{
  cs::ActorLock lock(*mutex_);
  ++written_;
  if (policy_.lazy_completion && not blocked_) {
    ++unseen_; // posted later, when the rank next blocks
    return;
  }
  buf_.released();
  freed_->notify_all();
}

} // namespace cs::msglog
