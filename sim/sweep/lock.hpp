/* One sweep process per slice of an output folder: two sweeps running the same points into one folder would
 * delete each other's point folders (a starting worker clears what it finds) and record false failures. */
#pragma once
#include "sim/run/run_output.hpp"

#include <string>

namespace cs {

/** Holds the folder's own lock shared (a run, which holds it exclusive, cannot write beside a sweep) and
 *  OUT/locks/K-of-N.lock (an flock, released when the process ends, even by SIGKILL) for the sweep's life.
 *  Shards whose points cannot meet (K != K' modulo gcd(N, N')) run side by side; any other running sweep into the
 *  folder makes the constructor throw a UsageError (exit 2) naming its pid. */
class SweepLock {
public:
  SweepLock(const std::string& out_dir, int shard_index, int shard_count, const std::string& option = "--out");
  ~SweepLock();
  SweepLock(const SweepLock&)            = delete;
  SweepLock& operator=(const SweepLock&) = delete;

private:
  RunFolderLock folder_;
  int fd_ = -1;
};

} // namespace cs
