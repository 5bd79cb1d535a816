#include "sim/input/interrupt.hpp"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <sys/types.h>
#include <unistd.h>

namespace cs {

namespace {

// The handler may only touch async-signal-safe state: fixed slots, each free, being filled, or ready. Only ready
// slots are unlinked, so a name half-copied when the signal came is never taken for a path.
constexpr int slot_count = 64; // temporary files at once: a run's tables are staged together
enum SlotState : int { free_slot, filling, ready };
char temp_paths[slot_count][PATH_MAX];
bool temp_is_folder[slot_count]; // written before its slot is marked ready
std::atomic<int> slot_state[slot_count];

// Deferral: who asked for it (forked workers inherit this memory but not the request), how deep, what came.
std::atomic<pid_t> defer_owner{0};
std::atomic<int> defer_depth{0};
std::atomic<int> deferred_signal{0};

void on_signal(int sig)
{
  if (defer_depth.load() > 0 && defer_owner.load() == ::getpid()) {
    int none = 0;
    if (deferred_signal.compare_exchange_strong(none, sig))
      return; // the first one: the owner stops cleanly; a second one falls through and ends the process now
  }
  for (int i = 0; i < slot_count; ++i)
    if (slot_state[i].load() == ready && not temp_is_folder[i])
      ::unlink(temp_paths[i]);
  for (int i = 0; i < slot_count; ++i) // once their files are gone; rmdir takes only an empty folder
    if (slot_state[i].load() == ready && temp_is_folder[i])
      ::rmdir(temp_paths[i]);
  const char* msg = interrupt_message(sig);
  ssize_t ignored = ::write(2, msg, std::strlen(msg));
  ignored += ::write(2, "\n", 1);
  (void)ignored;
  ::_exit(128 + sig);
}

} // namespace

const char* interrupt_message(int sig)
{
  switch (sig) {
  case SIGINT:
    return "clustersim: interrupted (SIGINT), nothing half-written";
  case SIGHUP: // the terminal went away: as SIGTERM
    return "clustersim: terminated (SIGHUP), nothing half-written";
  default:
    return "clustersim: terminated (SIGTERM), nothing half-written";
  }
}

void install_interrupt_handlers()
{
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGHUP, &sa, nullptr);
}

TempFileGuard::TempFileGuard(const std::string& path, TempKind kind)
{
  if (path.size() >= PATH_MAX)
    return;
  for (int i = 0; i < slot_count; ++i) {
    int expected = free_slot;
    if (not slot_state[i].compare_exchange_strong(expected, filling))
      continue;
    std::memcpy(temp_paths[i], path.c_str(), path.size() + 1);
    temp_is_folder[i] = kind == TempKind::empty_folder;
    slot_state[i].store(ready);
    slot_ = i;
    return;
  }
}

TempFileGuard::~TempFileGuard()
{
  if (slot_ >= 0)
    slot_state[slot_].store(free_slot);
}

Interrupted::Interrupted(int sig) : std::runtime_error(interrupt_message(sig)), signal_(sig) {}

DeferInterrupts::DeferInterrupts()
{
  defer_owner.store(::getpid());
  defer_depth.fetch_add(1);
}

DeferInterrupts::~DeferInterrupts()
{
  defer_depth.fetch_sub(1);
}

void throw_if_interrupted()
{
  if (int sig = deferred_signal.load(); sig != 0 && defer_owner.load() == ::getpid())
    throw Interrupted(sig);
}

} // namespace cs
