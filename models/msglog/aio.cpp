#include "models/msglog/aio.hpp"
#include "sim/run/events.hpp"

#include <xbt/log.h>

XBT_LOG_EXTERNAL_CATEGORY(cs_msglog);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog_aio, cs_msglog, "msglog: glibc POSIX AIO helper threads");

namespace cs::msglog {

AioFile::AioFile(WriteBackDisk& disk, double copy_bw, double speed, std::function<void()> on_done)
    : disk_(disk), copy_bw_(copy_bw), speed_(speed), on_done_(std::move(on_done))
{
}

void AioFile::submit(double bytes)
{
  queue_.push_back(bytes);
  max_queued_ = std::max(max_queued_, static_cast<long>(queue_.size()));
  queued_->release();
}

void AioFile::helper()
{
  while (true) {
    queued_->acquire();
    double bytes = queue_.front();
    queue_.pop_front();
    double t0 = sg4::Engine::get_clock();
    // pwrite on an O_SYNC file: the kernel copies the page (CPU time of this thread, shared with the node's
    // computing ranks), then waits until the disk acknowledged the data.
    sg4::this_actor::execute(bytes / copy_bw_ * speed_);
    disk_.write(bytes);
    XBT_VERB("pwrite of %.0f bytes took %.3f s", bytes, sg4::Engine::get_clock() - t0);
    span(t0, "pwrite", "", std::to_string(static_cast<long>(bytes)) + " B");
    ++completed_;
    on_done_();
  }
}

} // namespace cs::msglog
