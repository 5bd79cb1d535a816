/* POSIX AIO as glibc implements it: aio_write() queues the request; a helper thread per file descriptor runs the
 * queued requests one after the other, each a plain pwrite (the counting-wrapper figures of docs/models/msglog.md). The
 * pwrite of an O_SYNC log file costs the kernel copy of the page on the CPU (competing with the ranks of the node) and
 * then the disk. */
#pragma once
#include "models/msglog/disk.hpp"

#include <deque>
#include <functional>

namespace cs::msglog {

class AioFile {
public:
  /** `copy_bw`: kernel copy rate of pwrite; `speed`: flop/s of a core (CPU times become flops). */
  AioFile(WriteBackDisk& disk, double copy_bw, double speed, std::function<void()> on_done);
  /** aio_write: queues a request of `bytes` and returns at once. */
  void submit(double bytes);
  /** A helper thread: takes the oldest queued request, pwrites it, reports completion, repeats. */
  void helper();
  long completed() const { return completed_; }
  /** Largest number of requests queued behind the running one(s). */
  long max_queued() const { return max_queued_; }

private:
  WriteBackDisk& disk_;
  double copy_bw_;
  double speed_;
  std::function<void()> on_done_;
  std::deque<double> queue_;
  sg4::SemaphorePtr queued_ = sg4::Semaphore::create(0);
  long completed_           = 0;
  long max_queued_          = 0;
};

} // namespace cs::msglog
