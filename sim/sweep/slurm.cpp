#include "sim/sweep/slurm.hpp"
#include "sim/input/errors.hpp"
#include "sim/sweep/store.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace cs {

std::string shell_quote(const std::string& word)
{
  std::string out = "'";
  for (char c : word)
    out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

/** #SBATCH lines are not parsed by a shell: paths there must be plain. */
void check_plain(const std::string& what, const std::string& path)
{
  if (path.find_first_of(" \t\n\r'\"\\$`%") != std::string::npos)
    throw UsageError(what + " \"" + path +
                     "\" has a space, quote, $, % or backslash: Slurm's #SBATCH lines cannot "
                     "carry it; choose a plainer path");
}

std::string job_name(const SweepSpec& spec)
{
  std::string name = spec.name.empty() ? fs::path(spec.file).stem().string() : spec.name;
  for (char& c : name)
    if (not(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      c = '_';
  return "cs-" + name.substr(0, 40);
}

std::string header(const std::string& job, const SlurmOptions& o, const std::string& log)
{
  std::string h = "#!/bin/bash\n";
  h += "#SBATCH --job-name=" + job + "\n";
  h += "#SBATCH --output=" + log + "\n";
  h += "#SBATCH --chdir=" + o.workdir + "\n";
  if (not o.partition.empty())
    h += "#SBATCH --partition=" + o.partition + "\n";
  if (not o.time_limit.empty())
    h += "#SBATCH --time=" + o.time_limit + "\n";
  return h;
}

void write_script(const std::string& path, const std::string& text)
{
  write_file_atomic(path, text);
  fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
}

} // namespace

SlurmJob write_slurm_job(const SweepSpec& spec, const SlurmOptions& o)
{
  check_plain("the output folder", o.out_dir);
  check_plain("the working folder", o.workdir);
  for (auto const& [what, value] :
       {std::pair<std::string, std::string>{"--partition", o.partition}, {"--time", o.time_limit}})
    if (value.find_first_of(" \t\n\r'\"\\$`") != std::string::npos)
      throw UsageError(what + " \"" + value + "\" is not a plain word");
  size_t points = spec.size();
  if (points == 0)
    throw UsageError("the sweep has no points");
  int tasks = o.array_size > 0 ? o.array_size : static_cast<int>(std::min<size_t>(points, 100));
  tasks     = static_cast<int>(std::min<size_t>(static_cast<size_t>(tasks), points)); // no empty tasks

  claim_output(spec, o.forward, o.out_dir);
  SlurmJob job;
  job.dir   = o.out_dir + "/slurm";
  job.tasks = tasks;
  fs::create_directories(job.dir + "/logs");

  // The tasks run a frozen copy of the sweep (scenario path made absolute): editing the sweep file after submitting
  // cannot make the tasks disagree on the points.
  json frozen        = spec.document;
  frozen["scenario"] = fs::absolute(spec.base).lexically_normal().string();
  std::string copy   = job.dir + "/sweep.json";
  write_file_atomic(copy, dump_json(frozen));

  std::string forward;
  for (auto const& f : o.forward)
    forward += " " + shell_quote(f);
  std::string name = job_name(spec);
  std::string n    = std::to_string(tasks);

  job.array_script = job.dir + "/array.sbatch";
  write_script(job.array_script,
               header(name, o, job.dir + "/logs/task-%a.out") + "#SBATCH --array=1-" + n + "\n" +
                   "#SBATCH --cpus-per-task=" + std::to_string(o.cpus_per_task) + "\n" + "# clustersim sweep: " +
                   std::to_string(points) + " points in " + n + " array tasks; task K runs shard K/" + n +
                   ".\n"
                   "# Re-submitting is safe: finished points are skipped, missing or failed ones run again.\n"
                   "set -eu\n"
                   "exec " +
                   shell_quote(o.self_exe) + " sweep run " + shell_quote(copy) + " --out " + shell_quote(o.out_dir) +
                   " --shard \"${SLURM_ARRAY_TASK_ID}/" + n + "\" --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --no-merge" +
                   forward + "\n");

  job.merge_script = job.dir + "/merge.sbatch";
  write_script(job.merge_script, header(name + "-merge", o, job.dir + "/logs/merge.out") +
                                     "#SBATCH --ntasks=1\n"
                                     "# Merges the points of all array tasks into sweep.csv and sweep.json; exits 1 "
                                     "if any point failed or is missing.\n"
                                     "set -eu\n"
                                     "exec " +
                                     shell_quote(o.self_exe) + " sweep merge " + shell_quote(o.out_dir) + "\n");

  job.submit_script = job.dir + "/submit.sh";
  write_script(job.submit_script,
               "#!/bin/bash\n"
               "# Submits the array job, then the merge job. afterany: the merge runs even when some points "
               "failed,\n# so that it reports them. The two job ids are kept in jobs.txt.\n"
               "set -euo pipefail\n"
               "array=$(sbatch --parsable " +
                   shell_quote(job.array_script) +
                   ")\n"
                   "array=${array%%;*}  # \"id;cluster\" on federated clusters\n"
                   "merge=$(sbatch --parsable --dependency=afterany:\"$array\" " +
                   shell_quote(job.merge_script) +
                   ")\n"
                   "merge=${merge%%;*}\n"
                   "printf '%s\\n%s\\n' \"$array\" \"$merge\" > " +
                   shell_quote(job.dir + "/jobs.txt") +
                   "\n"
                   "echo \"submitted array job $array (" +
                   n + " tasks) and merge job $merge; merged table: " + o.out_dir + "/sweep.csv\"\n");
  return job;
}

} // namespace cs
