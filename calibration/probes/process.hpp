/* Native microbenchmarks of processes, threads and the kernel entry: what a checkpoint by fork() or by a thread
 * costs (seed 000), what a scheduler hand-off costs, and the price of a system call and of a signal.
 *
 * fork and thread creation run pinned to one CPU: the OS's own cost, as on the seeds' uniprocessors. Unpinned, the
 * new process or thread lands on an idle CPU whose wake-up (an inter-processor interrupt, a VM exit on a virtual
 * machine) adds tens of microseconds that vary from sample to sample; that wake-up is measured on its own
 * (bench_handoff_ring across CPUs). */
#pragma once
#include "calibration/timing.hpp"

#include <cstddef>

namespace cs::calib {

/** fork() + child _exit(0) + waitpid() of a process with `resident_bytes` touched in 4 KiB pages. */
Summary bench_fork(const Plan& plan, size_t resident_bytes);
/** pthread_create() of a thread that returns at once, + pthread_join(). */
Summary bench_thread_create(const Plan& plan);
/** A thread checkpoint as seed 000 §3.2 takes it: copy `state_bytes` of program state aside, create a thread,
 *  join it. */
Summary bench_thread_checkpoint(const Plan& plan, size_t state_bytes);
/** A token handed round a ring of `threads` threads through a mutex and one condition variable per thread: seconds
 *  per hand-off (with 2 threads, half a ping-pong round trip). `one_cpu`: all threads pinned to one CPU (a context
 *  switch); otherwise each on its own CPU (a wake-up of a sleeping thread on another CPU). */
Summary bench_handoff_ring(const Plan& plan, int threads, bool one_cpu);
/** syscall(SYS_getppid): the bare cost of entering and leaving the kernel. */
Summary bench_syscall(const Plan& plan);
/** raise(SIGUSR1) delivered to a handler that returns: signal send + delivery + handler + sigreturn. */
Summary bench_signal(const Plan& plan);

} // namespace cs::calib
