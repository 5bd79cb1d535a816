/* Parameters of the simulated microbenchmarks: which one, and its setting. The keys are those of the native
 * figures' "params" (calibration/calibrate.cpp), so that a figure's round trip is this model run with them. */
#pragma once
#include "sim/input/fields.hpp"

#include <string>

namespace cs::microbench {

enum class Bench {
  fork,              ///< fork + exit + wait of a process with resident_size touched
  thread_create,     ///< create + join of a thread that returns at once
  thread_checkpoint, ///< copy state_size aside + thread create + join (seed 000's thread checkpoint)
  handoff,           ///< a token handed round a ring of threads (context switch, or wake-up across CPUs)
  syscall,           ///< one system call
  signal,            ///< one signal to a handler
  memcpy,            ///< one copy of copy_size
  fault_trap,        ///< a protection fault trapped by a handler (plus a twin copy of the unit)
  page_diff,         ///< the diff of a DSM page against its twin
  flops,             ///< `flops` floating-point operations
  udp_rtt,           ///< a UDP request-response between two processes of the host
  write,             ///< sequential writes of log pages, buffered or fsync'ed
  aio                ///< seed 004's buffer pages written with POSIX AIO, `outstanding` pages in flight
};

const char* bench_name(Bench b);

/** How the write benchmark writes a page. */
enum class WriteMode {
  buffered, ///< into the page cache
  fsync     ///< through to the disk, an fsync after each page
};

struct Params {
  Bench bench          = Bench::fork;
  std::string host     = "host";
  long operations      = 20; ///< operations timed (fork, thread, copy... ); write and aio time `pages` pages
  double resident_size = 1 << 20;
  double state_size    = 16 << 10;
  long threads         = 2;
  bool cross_cpu       = false;
  double copy_size     = 4 << 10;
  double fault_unit    = 4 << 10;
  bool twin            = false;
  double diff_page     = 8 << 10;
  double flops         = 1e6;
  double request_size  = 64;
  double reply_size    = 64;
  WriteMode write_mode = WriteMode::buffered;
  double log_page      = 4 << 20;
  long pages           = 8;
  long outstanding     = 1;
  double work          = 0;

  static Params from(Fields& f);
};

} // namespace cs::microbench
