#include "calibration/probes/disk.hpp"
#include "calibration/native.hpp"
#include "calibration/probes/cpu.hpp"

#include <aio.h>
#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace cs::calib {

namespace {

void write_all(int fd, const char* p, size_t bytes)
{
  while (bytes > 0) {
    ssize_t n = write(fd, p, bytes);
    if (n < 0 && errno == EINTR)
      continue;
    check_errno(n > 0, "write");
    p += n;
    bytes -= static_cast<size_t>(n);
  }
}

/** Waits for one AIO request and checks that it wrote everything. */
void await(aiocb& cb)
{
  const aiocb* list[1] = {&cb};
  int err;
  while ((err = aio_error(&cb)) == EINPROGRESS)
    aio_suspend(list, 1, nullptr);
  if (err != 0)
    throw std::runtime_error(std::string("aio_write: ") + std::strerror(err));
  if (aio_return(&cb) != static_cast<ssize_t>(cb.aio_nbytes))
    throw std::runtime_error("aio_write: short write");
}

/** Once per process, before any other AIO call: one helper thread that never retires (glibc's default retires it
 *  after 1 s idle and re-creates it on the next request, with the affinity of whoever asks), created while this
 *  thread is pinned to `helper_cpu` so that it inherits that CPU. */
void start_aio_helper(int helper_cpu, const std::string& dir)
{
  static bool started = false;
  if (started)
    return;
  started = true;
  aioinit cfg{};
  cfg.aio_threads   = 1;
  cfg.aio_num       = 8;
  cfg.aio_idle_time = 24 * 3600;
  aio_init(&cfg);
  CpuPin pin(helper_cpu);
  ScratchFile file(dir);
  static char byte = 0;
  aiocb cb{};
  cb.aio_fildes = file.fd();
  cb.aio_buf    = &byte;
  cb.aio_nbytes = 1;
  check_errno(aio_write(&cb) == 0, "aio_write");
  await(cb);
}

} // namespace

Summary bench_write_buffered(const Plan& plan, const std::string& dir, size_t page_bytes, int pages)
{
  ScratchFile file(dir);
  Mapping page(page_bytes);
  std::memset(page.data(), 'l', page_bytes);
  return self_timed(plan, [&] {
    // A fresh, empty file each sample: the pages written before are dropped from the cache before the kernel
    // writes them back, so the figure is the copy into the page cache and nothing else.
    file.reset();
    double t0 = now_s();
    for (int p = 0; p < pages; ++p)
      write_all(file.fd(), page.data(), page_bytes);
    return (now_s() - t0) / pages;
  });
}

Summary bench_write_fsync(const Plan& plan, const std::string& dir, size_t page_bytes, int pages)
{
  ScratchFile file(dir);
  Mapping page(page_bytes);
  std::memset(page.data(), 'l', page_bytes);
  return self_timed(plan, [&] {
    file.reset();
    check_errno(fsync(file.fd()) == 0, "fsync"); // the truncation's own journal commit, outside the timing
    double t0 = now_s();
    for (int p = 0; p < pages; ++p) {
      write_all(file.fd(), page.data(), page_bytes);
      check_errno(fsync(file.fd()) == 0, "fsync");
    }
    return (now_s() - t0) / pages;
  });
}

AioFigures bench_aio_pages(const Plan& plan, const std::string& dir, size_t page_bytes, int pages, int outstanding,
                           double work_flops)
{
  if (outstanding < 1)
    throw std::invalid_argument("at least one buffer page");
  std::vector<int> cpus = usable_cpu_list();
  start_aio_helper(cpus.size() > 1 ? cpus[1] : cpus[0], dir);
  CpuPin pin(cpus[0]);
  ScratchFile file(dir);
  Mapping messages(page_bytes);
  std::memset(messages.data(), 'm', page_bytes);
  std::vector<std::unique_ptr<Mapping>> slots;
  for (int k = 0; k < outstanding; ++k) {
    slots.push_back(std::make_unique<Mapping>(page_bytes));
    touch_pages(slots.back()->data(), page_bytes);
  }
  std::vector<aiocb> cbs(static_cast<size_t>(outstanding));
  std::vector<bool> busy(static_cast<size_t>(outstanding), false);
  std::vector<double> submit_times, fill_times;
  volatile double sink = 0;
  int sample           = 0;

  Summary per_page = self_timed(plan, [&] {
    file.reset();
    bool keep_parts = sample++ >= plan.warmup;
    double t0       = now_s();
    for (int p = 0; p < pages; ++p) {
      auto slot = static_cast<size_t>(p % outstanding);
      if (busy[slot]) // no free buffer page: the application waits (seed 004's "buffer full")
        await(cbs[slot]);
      sink      = sink + flops_kernel(work_flops);
      double f0 = now_s();
      std::memcpy(slots[slot]->data(), messages.data(), page_bytes);
      double f1            = now_s();
      cbs[slot]            = aiocb{};
      cbs[slot].aio_fildes = file.fd();
      cbs[slot].aio_buf    = slots[slot]->data();
      cbs[slot].aio_nbytes = page_bytes;
      cbs[slot].aio_offset = static_cast<off_t>(p) * static_cast<off_t>(page_bytes);
      double s0            = now_s();
      int rc               = aio_write(&cbs[slot]);
      double s1            = now_s();
      check_errno(rc == 0, "aio_write");
      busy[slot] = true;
      if (keep_parts) {
        fill_times.push_back(f1 - f0);
        submit_times.push_back(s1 - s0);
      }
    }
    for (size_t k = 0; k < busy.size(); ++k)
      if (busy[k]) {
        await(cbs[k]);
        busy[k] = false;
      }
    return (now_s() - t0) / pages;
  });
  return {per_page, summarize(fill_times), summarize(submit_times)};
}

} // namespace cs::calib
