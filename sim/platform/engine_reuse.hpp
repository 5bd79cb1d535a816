/* Several runs, one after the other, in one process: a batch of a sweep's replications pays one fork, not one per
 * replication (docs/performance.md). SimGrid 3.32 lets an engine be destroyed and a new one created, but two of its
 * globals outlive the engine: the simulated clock and the last actor id. A run in a reused process must start from
 * the state a fresh process has, or its times and actor ids would continue from the previous run's. */
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace cs {

/** Called just before an engine is created: from the second engine of the process on, puts SimGrid's clock and its
 *  actor-id counter back to their start values. Must not be called while an engine exists. */
void prepare_engine();

/** How many engines this process has created through prepare_engine (0 before the first). */
int engines_created();

/** A run that a reused process cannot give the result of a fresh one: it must run again in a process of its own. */
struct FreshProcessNeeded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/** The SimGrid options a platform sets: SimGrid keeps them across engines (and refuses to change a model option once
 *  set), so a process's later engines must ask for exactly the options of its first. Records them at the first
 *  engine; at a later one, throws FreshProcessNeeded if `options` differ (the samples of a grid point batched in one
 *  worker may draw platform files that set other options). */
void require_engine_options(const std::map<std::string, std::string>& options);

} // namespace cs
