/* Small RAII helpers the native microbenchmarks share: memory mappings, CPU pinning, signal handlers, a scratch
 * file. Each restores what it changed, so a benchmark that throws leaves the process as it found it. */
#pragma once
#include <csignal>
#include <cstddef>
#include <string>
#include <vector>

namespace cs::calib {

/** Keeps the compiler from dropping or merging work whose result nothing reads. */
inline void compiler_barrier(const void* p)
{
  asm volatile("" : : "r"(p) : "memory");
}

/** Anonymous private memory (mmap), unmapped on destruction. */
class Mapping {
public:
  explicit Mapping(size_t bytes);
  ~Mapping();
  Mapping(const Mapping&)            = delete;
  Mapping& operator=(const Mapping&) = delete;
  char* data() const { return data_; }
  size_t size() const { return size_; }

private:
  char* data_;
  size_t size_;
};

/** Writes one byte in every page so that the range is resident. */
void touch_pages(char* p, size_t bytes);
size_t page_size();

/** Pins the calling thread to one CPU; restores its previous affinity on destruction. */
class CpuPin {
public:
  explicit CpuPin(int cpu);
  ~CpuPin() { release(); }
  /** Restores the previous affinity now (the destructor then does nothing). */
  void release();
  CpuPin(const CpuPin&)            = delete;
  CpuPin& operator=(const CpuPin&) = delete;
  int cpu() const { return cpu_; }

private:
  int cpu_;
  bool restore_ = false;
  unsigned char saved_[128]; ///< the previous cpu_set_t (kept opaque here to spare includers <sched.h>)
};

/** Installs a signal handler; restores the previous disposition on destruction. */
class SignalHandler {
public:
  SignalHandler(int sig, void (*handler)(int));
  SignalHandler(int sig, void (*action)(int, siginfo_t*, void*));
  ~SignalHandler();
  SignalHandler(const SignalHandler&)            = delete;
  SignalHandler& operator=(const SignalHandler&) = delete;

private:
  int sig_;
  struct sigaction old_;
};

/** A scratch file in `dir` (mkstemp), closed and removed on destruction. */
class ScratchFile {
public:
  explicit ScratchFile(const std::string& dir);
  ~ScratchFile();
  ScratchFile(const ScratchFile&)            = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  /** Empties the file (and its cached pages) so that every sample writes into a fresh file. */
  void reset();

private:
  std::string path_;
  int fd_;
};

/** Throws std::runtime_error("what: strerror(errno)") when `ok` is false. */
void check_errno(bool ok, const char* what);

/** CPUs this process may run on. */
int usable_cpus();
/** Their numbers, the CPU the caller runs on first. */
std::vector<int> usable_cpu_list();

} // namespace cs::calib
