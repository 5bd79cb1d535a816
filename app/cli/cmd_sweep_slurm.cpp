#include "app/cli/options.hpp"
#include "app/cli/sweep_commands.hpp"
#include "sim/input/errors.hpp"
#include "sim/sweep/slurm.hpp"
#include "sim/sweep/sweep.hpp"

#include <cstdio>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace cs::cli {

int cmd_sweep_slurm(const Args& args, const Args& simgrid_args)
{
  po::options_description desc("sweep slurm options");
  std::string file, out;
  bool submit = false;
  SlurmOptions o;
  desc.add_options()("sweep", po::value<std::string>(&file)->required(), "sweep JSON file")(
      "out,o", po::value<std::string>(&out)->required(), "output folder, on a file system the nodes share")(
      "array-size", po::value<int>(&o.array_size)->default_value(0),
      "array tasks, each running a shard of the points (default: one per point, at most 100)")(
      "partition,p", po::value<std::string>(&o.partition), "Slurm partition (default: the cluster's)")(
      "cpus-per-task,c", po::value<int>(&o.cpus_per_task)->default_value(1), "points each task runs at once")(
      "time,t", po::value<std::string>(&o.time_limit), "time limit per task, sbatch format (e.g. 30:00)")(
      "submit", po::bool_switch(&submit), "submit with sbatch (else only write the scripts)");
  po::positional_options_description pos;
  pos.add("sweep", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim sweep slurm SWEEP.json --out DIR [--array-size M] [--partition P] [--submit]\n"
                "Writes DIR/slurm/array.sbatch (a job array: task K runs shard K/M), merge.sbatch (a job that "
                "merges once all tasks ended) and submit.sh (submits both); --submit runs submit.sh."))
    return 0;
  if (o.array_size < 0 || o.cpus_per_task < 1)
    throw UsageError("--array-size must be >= 0 and --cpus-per-task >= 1");
  SweepSpec spec = load_sweep(file);
  check_points(spec);
  o.out_dir    = fs::absolute(out).lexically_normal().string();
  o.workdir    = fs::current_path().string();
  o.self_exe   = self_executable();
  o.forward    = simgrid_args;
  SlurmJob job = write_slurm_job(spec, o);
  std::printf("%zu points in %d array tasks:\n  %s\n  %s\n  %s\n", spec.size(), job.tasks, job.array_script.c_str(),
              job.merge_script.c_str(), job.submit_script.c_str());
  if (not submit) {
    std::printf("submit with: bash %s\n", job.submit_script.c_str());
    return 0;
  }
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error("fork failed");
  if (pid == 0) {
    execlp("bash", "bash", job.submit_script.c_str(), static_cast<char*>(nullptr));
    std::perror("clustersim: cannot run bash");
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (not WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "clustersim: sbatch failed (is Slurm's client installed and the cluster reachable?)\n");
    return 1;
  }
  return 0;
}

} // namespace cs::cli
