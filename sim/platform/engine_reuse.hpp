/* Several runs, one after the other, in one process: a batch of a sweep's replications pays one fork, not one per
 * replication (docs/performance.md). SimGrid 3.32 lets an engine be destroyed and a new one created, but two of its
 * globals outlive the engine: the simulated clock and the last actor id. A run in a reused process must start from
 * the state a fresh process has, or its times and actor ids would continue from the previous run's. */
#pragma once

namespace cs {

/** Called just before an engine is created: from the second engine of the process on, puts SimGrid's clock and its
 *  actor-id counter back to their start values. Must not be called while an engine exists. */
void prepare_engine();

/** How many engines this process has created through prepare_engine (0 before the first). */
int engines_created();

} // namespace cs
