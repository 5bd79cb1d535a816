/* Where the RayTracer's worker threads land (seed 001). JavaParty, not the program, chooses the JVM of each remote
 * object ("create a remote object on some node", seed III.B); the JVMs that get no thread stay idle, which is what
 * the seed saw as "CPUs configured to run [that] did not always run" (IV.B). */
#pragma once
#include "models/javaparty/params.hpp"
#include "sim/run/rng.hpp"

#include <string>
#include <vector>

namespace cs::javaparty {

/** The machine index (0 = jp-1) of each of `threads` threads over `machines` JVMs: random draws each uniformly
 *  and independently, round_robin deals them in turn. */
std::vector<long> place_threads(long threads, long machines, Placement how, Rng& rng);

/** How many machines hold at least one thread. */
long machines_used(const std::vector<long>& placement);

} // namespace cs::javaparty
