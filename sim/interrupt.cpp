#include "sim/interrupt.hpp"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace cs {

namespace {

// The handler may only touch async-signal-safe state: fixed slots, each free, being filled, or ready. Only ready
// slots are unlinked, so a name half-copied when the signal came is never taken for a path.
constexpr int slot_count = 16;
enum SlotState : int { free_slot, filling, ready };
char temp_paths[slot_count][PATH_MAX];
std::atomic<int> slot_state[slot_count];

void on_signal(int sig)
{
  for (int i = 0; i < slot_count; ++i)
    if (slot_state[i].load() == ready)
      ::unlink(temp_paths[i]);
  const char* msg = sig == SIGINT ? "clustersim: interrupted (SIGINT), nothing half-written\n"
                                  : "clustersim: terminated (SIGTERM), nothing half-written\n";
  ssize_t ignored = ::write(2, msg, std::strlen(msg));
  (void)ignored;
  ::_exit(128 + sig);
}

} // namespace

void install_interrupt_handlers()
{
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

TempFileGuard::TempFileGuard(const std::string& path)
{
  if (path.size() >= PATH_MAX)
    return;
  for (int i = 0; i < slot_count; ++i) {
    int expected = free_slot;
    if (not slot_state[i].compare_exchange_strong(expected, filling))
      continue;
    std::memcpy(temp_paths[i], path.c_str(), path.size() + 1);
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

} // namespace cs
