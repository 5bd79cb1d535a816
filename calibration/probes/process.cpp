#include "calibration/probes/process.hpp"
#include "calibration/native.hpp"

#include <condition_variable>
#include <csignal>
#include <cstring>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace cs::calib {

Summary bench_fork(const Plan& plan, size_t resident_bytes)
{
  CpuPin pin(sched_getcpu()); // the child inherits it: fork, exit and wait on one CPU
  Mapping mem(resident_bytes);
  // Small pages, as a process heap mostly has: with transparent huge pages fork() would copy one entry per 2 MiB
  // and the per-MB cost would be that of a machine configured otherwise.
  madvise(mem.data(), resident_bytes, MADV_NOHUGEPAGE);
  touch_pages(mem.data(), resident_bytes);
  return time_per_op(plan, [] {
    pid_t pid = fork();
    if (pid < 0)
      throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0)
      _exit(0);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  });
}

namespace {

void* thread_body(void*)
{
  return nullptr;
}

void create_and_join()
{
  pthread_t t;
  if (int err = pthread_create(&t, nullptr, thread_body, nullptr); err != 0)
    throw std::runtime_error(std::string("pthread_create: ") + std::strerror(err));
  pthread_join(t, nullptr);
}

} // namespace

Summary bench_thread_create(const Plan& plan)
{
  CpuPin pin(sched_getcpu()); // the new thread inherits it
  return time_per_op(plan, create_and_join);
}

Summary bench_thread_checkpoint(const Plan& plan, size_t state_bytes)
{
  CpuPin pin(sched_getcpu());
  std::vector<char> state(state_bytes, 1), saved(state_bytes, 0);
  return time_per_op(plan, [&] {
    std::memcpy(saved.data(), state.data(), state_bytes);
    compiler_barrier(saved.data());
    create_and_join();
  });
}

namespace {

/** A token going round `n` threads; thread i waits on its own condition variable, so a hand-off wakes exactly the
 *  next thread (one shared condition variable would wake them all and measure the herd, not the switch). */
struct Ring {
  explicit Ring(int n_threads) : n(n_threads), cv(new std::condition_variable[n_threads]) {}
  int n;
  std::mutex m;
  std::unique_ptr<std::condition_variable[]> cv;
  int token = 0;
  bool stop = false;

  void pass_from(int i, std::unique_lock<std::mutex>& lk)
  {
    int next = (i + 1) % n;
    token    = next;
    lk.unlock();
    cv[next].notify_one();
    lk.lock();
  }
};

/** Stops and joins the ring's threads however the measurement ends. */
struct RingWorkers {
  explicit RingWorkers(Ring& r) : ring(r) {}
  RingWorkers(const RingWorkers&)            = delete;
  RingWorkers& operator=(const RingWorkers&) = delete;
  ~RingWorkers()
  {
    {
      std::lock_guard<std::mutex> lk(ring.m);
      ring.stop = true;
    }
    for (int i = 0; i < ring.n; ++i)
      ring.cv[i].notify_all();
    for (auto& t : threads)
      t.join();
  }
  Ring& ring;
  std::vector<std::thread> threads;
};

} // namespace

Summary bench_handoff_ring(const Plan& plan, int threads, bool one_cpu)
{
  if (threads < 2)
    throw std::invalid_argument("a hand-off ring needs at least 2 threads");
  std::vector<int> cpus = usable_cpu_list();
  if (not one_cpu && cpus.size() < static_cast<size_t>(threads))
    throw std::invalid_argument("a hand-off across CPUs needs a CPU per thread");
  auto cpu_of = [&](int i) { return one_cpu ? cpus[0] : cpus[static_cast<size_t>(i)]; };
  CpuPin pin_main(cpu_of(0));
  Ring ring(threads);
  RingWorkers workers(ring);
  for (int i = 1; i < threads; ++i)
    workers.threads.emplace_back([&ring, i, cpu = cpu_of(i)] {
      CpuPin pin(cpu);
      std::unique_lock<std::mutex> lk(ring.m);
      while (true) {
        ring.cv[i].wait(lk, [&] { return ring.token == i || ring.stop; });
        if (ring.stop)
          return;
        ring.pass_from(i, lk);
      }
    });
  Summary per_round = time_per_op(plan, [&] {
    std::unique_lock<std::mutex> lk(ring.m);
    ring.pass_from(0, lk);
    ring.cv[0].wait(lk, [&] { return ring.token == 0; });
  });
  return per_round.scaled(1.0 / threads);
}

Summary bench_syscall(const Plan& plan)
{
  return time_per_op(plan, [] { syscall(SYS_getppid); });
}

namespace {
volatile sig_atomic_t signals_seen = 0;
void count_signal(int)
{
  signals_seen = signals_seen + 1;
}
} // namespace

Summary bench_signal(const Plan& plan)
{
  SignalHandler handler(SIGUSR1, count_signal);
  return time_per_op(plan, [] { raise(SIGUSR1); });
}

} // namespace cs::calib
