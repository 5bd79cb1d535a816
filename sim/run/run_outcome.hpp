/* How a simulation ended, checked before anything is written: a run that did not end as its model expects (SimGrid
 * found a deadlock, an actor still waits, the clock is not a finite time within the horizon, a metric is not a
 * finite number) is a failed run, exit 1, with no result.json — never a result that looks fine. */
#pragma once
#include "sim/input/input_limits.hpp"
#include "sim/run/recorder.hpp"

#include <functional>
#include <stdexcept>
#include <string>

namespace cs {

/** The simulated-time horizon (s): the longest duration an input may give (sim/input_limits.hpp). */
constexpr double max_simulated_time_s = max_duration_s;

/** A run that ended in a state its model does not expect (exit 1). */
class RunFailure : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/** Under an address-space limit (RLIMIT_AS, `ulimit -v`), SimGrid aborts when it cannot map an actor's stack
 *  (contexts/stack-size, 8 MiB by default, and its guard pages). From this call on, every actor created is followed
 *  by a look at the room left: when the next stack would not fit, the process ends at once with exit status 1 and
 *  one line naming the actors, the stack size and the limit, nothing written (an exception cannot cross SimGrid's
 *  kernel, where the check runs during the simulation). Without a limit, stacks are mapped lazily and nothing is
 *  checked. Call after the engine is configured; `before_exit` undoes what the run made (its output folder). */
void watch_stack_room(std::function<void()> before_exit);
/** Ends watch_stack_room's check (the engine and what `before_exit` refers to are going). */
void unwatch_stack_room();

/** Starts watching for SimGrid's deadlock report (call before engine.run(); safe to call once per run). */
void watch_for_deadlock();

/** After engine.run(), before the model's finish(): throws RunFailure when SimGrid reported a deadlock, an actor is
 *  left, or the clock `now` is not a finite time in [0, max_simulated_time_s]. */
void check_run_ended(double now, size_t actors_left);

/** After the model's finish(): throws RunFailure naming the first metric that is a number but not a finite one. */
void check_metrics(const Recorder& recorder);

} // namespace cs
