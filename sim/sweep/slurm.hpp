/* Running a sweep on a Slurm cluster: a job array (task K runs shard K/M of the points into the shared output
 * folder) and a merge job that starts after all tasks end. The sweep file is unchanged: the tasks run the same
 * expansion as a local run, so the merged CSV is the local one, byte for byte. */
#pragma once
#include "sim/sweep/spec.hpp"

#include <string>
#include <vector>

namespace cs {

struct SlurmOptions {
  std::string out_dir;              ///< output folder, on a file system every node sees
  int array_size = 0;               ///< array tasks (shards); 0: one per point up to 100
  std::string partition;            ///< "" = the cluster's default partition
  int cpus_per_task = 1;            ///< each task runs this many points at once (--jobs)
  std::string time_limit;           ///< per task, in sbatch's format ("30:00"); "" = the partition's default
  std::string self_exe;             ///< absolute path of clustersim on the nodes
  std::string workdir;              ///< the tasks' working folder (relative paths of the sweep resolve from it)
  std::vector<std::string> forward; ///< SimGrid --cfg/--log options for every point
};

struct SlurmJob {
  std::string dir;           ///< OUT/slurm
  std::string array_script;  ///< OUT/slurm/array.sbatch
  std::string merge_script;  ///< OUT/slurm/merge.sbatch
  std::string submit_script; ///< OUT/slurm/submit.sh: sbatch the array, then the merge with a dependency on it
  int tasks = 0;
};

/** Writes the scripts (and the output folder's manifest, so a local run into it would be a resume). */
SlurmJob write_slurm_job(const SweepSpec& spec, const SlurmOptions& options);

/** Quotes a word for bash (single quotes). */
std::string shell_quote(const std::string& word);

} // namespace cs
