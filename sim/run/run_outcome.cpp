#include "sim/run/run_outcome.hpp"

#include <simgrid/s4u.hpp>

#include <cmath>
#include <cstdio>

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
