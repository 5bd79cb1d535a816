/* The worker side of a sweep: a forked process that runs a batch of points, one SimGrid engine after the other. */
#pragma once
#include "sim/sweep/run_options.hpp"
#include "sim/sweep/spec.hpp"

#include <string>
#include <sys/types.h>
#include <vector>

namespace cs {

/** Blocks (or unblocks) SIGINT and SIGTERM in the calling thread: around a fork, so a worker takes them only once
 *  its output goes to its log. */
void set_interrupts_blocked(bool blocked);

/** The worker: a fork of the sweep process that runs a batch of points one after the other, each in an engine of
 *  its own (sim/platform/engine_reuse), and writes each point's exit code as one byte to `status_fd` once the point is
 * done. If it dies within a point, the sweep knows from the bytes which point that was. */
[[noreturn]] void run_batch(const SweepSpec& spec, const std::vector<SweepPoint>& batch, const SweepRunOptions& o,
                            pid_t parent, int status_fd);

/** The status byte of a point that a reused worker process could not run as a fresh one would
 *  (FreshProcessNeeded, sim/platform/engine_reuse.hpp): the sweep runs it again in a worker of its own. */
constexpr unsigned char fresh_process_status = 75;

/** A worker's wait status in words ("exit status 2", "timed out after 5 s", "killed by signal 9 (Killed)"). */
std::string describe_status(int status, double timeout);

} // namespace cs
