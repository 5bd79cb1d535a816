#include "sim/run/run_outcome.hpp"

#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>
#include <unistd.h>

namespace cs {

namespace {
bool& deadlocked()
{
  static bool flag = false;
  return flag;
}

std::string seconds(double t)
{
  char text[64];
  std::snprintf(text, sizeof text, "%.6g s", t);
  return text;
}
} // namespace

namespace {
struct StackRoom {
  double limit     = 0; ///< RLIMIT_AS in bytes (0: none)
  double per_actor = 0; ///< one stack and its guard pages
  std::function<void()> before_exit;
};

StackRoom& stack_room()
{
  static StackRoom room;
  return room;
}

/** The process's mapped address space in bytes (/proc/self/statm's first field), or 0 if unknown. */
double mapped_bytes()
{
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr)
    return 0;
  unsigned long pages = 0;
  int got             = std::fscanf(f, "%lu", &pages);
  std::fclose(f);
  return got == 1 ? static_cast<double>(pages) * static_cast<double>(sysconf(_SC_PAGESIZE)) : 0;
}

void check_stack_room(size_t actors)
{
  StackRoom const& room = stack_room();
  if (room.limit <= 0)
    return;
  // The next actor's stack, and 64 MiB for the rest of the run's allocations (SimGrid's own, the model's tables).
  constexpr double margin = 64.0 * 1024 * 1024;
  double mapped           = mapped_bytes();
  if (mapped <= 0 || mapped + room.per_actor + margin <= room.limit)
    return;
  char text[512];
  std::snprintf(text, sizeof text,
                "not enough memory for %zu actor stacks of %.0f bytes: the address-space limit (ulimit -v) of %.0f "
                "bytes is reached after %zu; give a smaller --cfg=contexts/stack-size (in KiB; clustersim's actors "
                "need 64) or raise the limit",
                actors + 1, room.per_actor, room.limit, actors);
  // Inside engine.run() the callback runs in SimGrid's kernel, which an exception must not cross; before it, an
  // exception unwinding through the engine with its actors alive makes SimGrid print two warnings of its own. So
  // the one line and exit status 1 now, either way. Nothing has been written (outputs are written after the run;
  // before_exit removes the output folder this run made) and no exit handler runs that could print more.
  if (room.before_exit)
    room.before_exit();
  std::fprintf(stderr, "clustersim: failure: %s\n", text);
  std::fflush(stderr);
  std::_Exit(1);
}
} // namespace

void watch_stack_room(std::function<void()> before_exit)
{
  StackRoom& room  = stack_room();
  room.before_exit = std::move(before_exit);
  rlimit as{};
  room.limit  = (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) ? static_cast<double>(as.rlim_cur) : 0;
  double page = static_cast<double>(sysconf(_SC_PAGESIZE));
  room.per_actor = simgrid::config::get_value<int>("contexts/stack-size") * 1024.0 +
                   simgrid::config::get_value<int>("contexts/guard-size") * page;
  static bool connected = false; // once per process, as every SimGrid signal
  if (not connected) {
    connected = true;
    simgrid::s4u::Actor::on_creation_cb(
        [](simgrid::s4u::Actor&) { check_stack_room(simgrid::s4u::Engine::get_instance()->get_actor_count()); });
  }
}

void unwatch_stack_room()
{
  stack_room() = StackRoom{};
}

void watch_for_deadlock()
{
  // Connected once per process: SimGrid signals cannot be disconnected, and a batch runs several engines in turn.
  static bool connected = false;
  if (not connected)
    simgrid::s4u::Engine::on_deadlock_cb([] { deadlocked() = true; });
  connected    = true;
  deadlocked() = false;
}

void check_run_ended(double now, size_t actors_left)
{
  const std::string tail = ": the run did not end as its model expects; nothing written";
  if (deadlocked())
    throw RunFailure("SimGrid reports a deadlock at simulated " + seconds(now) + " (actors wait for what never comes)" +
                     tail);
  if (actors_left > 0)
    throw RunFailure(std::to_string(actors_left) + " actor(s) left blocked when the simulation ended" + tail);
  if (not std::isfinite(now) || now < 0)
    throw RunFailure("the simulated clock ended at " + seconds(now) + ", not a time" + tail);
  if (now > max_simulated_time_s)
    throw RunFailure("the simulated clock reached " + seconds(now) + ", beyond the " + seconds(max_simulated_time_s) +
                     " horizon (docs/scenarios.md, bounds)" + tail);
}

void check_metrics(const Recorder& recorder)
{
  for (auto const& [key, value] : recorder.metrics())
    if (value.is_number_float() && not std::isfinite(value.get<double>()))
      throw RunFailure("metric \"" + key + "\" is " + (std::isnan(value.get<double>()) ? "NaN" : "infinite") +
                       ": the run did not end as its model expects; nothing written");
}

} // namespace cs
