#include "sim/validate/sample_runs.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"

#include <set>

namespace cs {

namespace {

/** The reuse keys of the grid points whose first sample drew nothing. */
std::set<std::string> ran_once(const SweepJob& job)
{
  std::set<std::string> keys;
  for (auto const& row : read_points(job.spec, job.options.out_dir))
    if (point_sample(row.point) == 0 && draws_nothing(job.options.out_dir, row))
      keys.insert(reuse_key(job.spec, row.point));
  return keys;
}

void add_outcome(SweepJob& job, const SweepJob& second)
{
  job.outcome.total += second.outcome.total;
  job.outcome.ran += second.outcome.ran;
  job.outcome.skipped += second.outcome.skipped;
  job.outcome.failed += second.outcome.failed;
  job.outcome.workers += second.outcome.workers;
  job.outcome.rerun += second.outcome.rerun;
  job.cpu_s += second.cpu_s;
}

} // namespace

void run_sweeps_with_samples(std::vector<SweepJob>& sweeps, const std::vector<size_t>& sampled, int jobs, bool quiet)
{
  for (size_t i : sampled) {
    sweeps[i].options.skip  = [](const SweepSpec&, const SweepPoint& p) { return point_sample(p) != 0; };
    sweeps[i].options.merge = false; // merged once, after the second pass
  }
  run_sweeps(sweeps, jobs,
             quiet             ? ""
             : sampled.empty() ? "[validate] runs:"
                               : "[validate] point runs and first samples:");
  if (sampled.empty())
    return;
  std::vector<SweepJob> rest;
  for (size_t i : sampled) {
    SweepJob job               = sweeps[i];
    std::set<std::string> once = ran_once(job);
    job.options.skip           = [once](const SweepSpec& spec, const SweepPoint& p) {
      return point_sample(p) == 0 || once.count(reuse_key(spec, p)) > 0;
    };
    job.options.merge = true;
    job.outcome       = {};
    job.cpu_s         = 0;
    rest.push_back(std::move(job));
  }
  run_sweeps(rest, jobs, quiet ? "" : "[validate] other samples:");
  for (size_t k = 0; k < sampled.size(); ++k)
    add_outcome(sweeps[sampled[k]], rest[k]);
}

} // namespace cs
