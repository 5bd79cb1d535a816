#include "calibration/native.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace cs::calib {

static_assert(sizeof(cpu_set_t) <= 128, "CpuPin::saved_ is too small for cpu_set_t");

void check_errno(bool ok, const char* what)
{
  if (not ok)
    throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

size_t page_size()
{
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

Mapping::Mapping(size_t bytes) : size_(bytes)
{
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  check_errno(p != MAP_FAILED, "mmap");
  data_ = static_cast<char*>(p);
}

Mapping::~Mapping()
{
  munmap(data_, size_);
}

void touch_pages(char* p, size_t bytes)
{
  size_t step = page_size();
  for (size_t off = 0; off < bytes; off += step)
    p[off] = 1;
}

CpuPin::CpuPin(int cpu) : cpu_(cpu)
{
  cpu_set_t old;
  if (sched_getaffinity(0, sizeof old, &old) == 0) {
    std::memcpy(saved_, &old, sizeof old);
    restore_ = true;
  }
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  // Failing to pin (a restricted cpuset) only makes the figure noisier: measure anyway.
  sched_setaffinity(0, sizeof one, &one);
}

void CpuPin::release()
{
  if (restore_) {
    cpu_set_t old;
    std::memcpy(&old, saved_, sizeof old);
    sched_setaffinity(0, sizeof old, &old);
    restore_ = false;
  }
}

SignalHandler::SignalHandler(int sig, void (*handler)(int)) : sig_(sig)
{
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  check_errno(sigaction(sig, &sa, &old_) == 0, "sigaction");
}

SignalHandler::SignalHandler(int sig, void (*action)(int, siginfo_t*, void*)) : sig_(sig)
{
  struct sigaction sa {};
  sa.sa_sigaction = action;
  sa.sa_flags     = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  check_errno(sigaction(sig, &sa, &old_) == 0, "sigaction");
}

SignalHandler::~SignalHandler()
{
  sigaction(sig_, &old_, nullptr);
}

ScratchFile::ScratchFile(const std::string& dir)
{
  std::string tmpl = (dir.empty() ? std::string(".") : dir) + "/.clustersim-calibrate-XXXXXX";
  fd_              = mkstemp(tmpl.data());
  check_errno(fd_ >= 0, ("cannot create a scratch file in " + dir).c_str());
  path_ = tmpl;
}

ScratchFile::~ScratchFile()
{
  close(fd_);
  unlink(path_.c_str());
}

void ScratchFile::reset()
{
  check_errno(ftruncate(fd_, 0) == 0, "ftruncate");
  check_errno(lseek(fd_, 0, SEEK_SET) == 0, "lseek");
}

int usable_cpus()
{
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0)
    return static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  return CPU_COUNT(&set);
}

} // namespace cs::calib

namespace cs::calib {

std::vector<int> usable_cpu_list()
{
  std::vector<int> out{sched_getcpu()};
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set) && c != out.front())
        out.push_back(c);
  return out;
}

} // namespace cs::calib
