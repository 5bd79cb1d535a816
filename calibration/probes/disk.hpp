/* Native sequential file writes of large pages, on the file system of a given folder (the working directory by
 * default): into the page cache, through to the device with fsync, and with POSIX AIO and k buffer pages as the
 * message-logging library of seed 004 writes its logs. */
#pragma once
#include "calibration/timing.hpp"

#include <cstddef>
#include <string>

namespace cs::calib {

/** write() of `pages` pages of `page_bytes` into a fresh file. Seconds per page. */
Summary bench_write_buffered(const Plan& plan, const std::string& dir, size_t page_bytes, int pages);

/** write() + fsync() of each page. Seconds per page. */
Summary bench_write_fsync(const Plan& plan, const std::string& dir, size_t page_bytes, int pages);

/** Seed 004's buffer pages with glibc POSIX AIO: for each page, wait until one of the `outstanding` buffer pages
 *  is free (aio_suspend), compute `work_flops` (the application between two pages), copy the page's messages into
 *  the buffer page, aio_write() it. Seconds per page, and the time of the copy and of the aio_write() calls.
 *
 *  The application runs on one CPU and glibc's helper thread on another (pinned: left to the scheduler the helper
 *  sometimes shares the application's CPU and nothing overlaps, which splits the figure into two modes). */
struct AioFigures {
  Summary per_page;
  Summary fill;   ///< the copy of a page's messages into its buffer page
  Summary submit; ///< the aio_write() call
};
AioFigures bench_aio_pages(const Plan& plan, const std::string& dir, size_t page_bytes, int pages, int outstanding,
                           double work_flops);

} // namespace cs::calib
