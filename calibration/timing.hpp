/* How the native microbenchmarks take their samples: warm-up samples thrown away, then repeated samples, each the
 * mean time of one batch of operations sized to last about `sample_time_s` (so that the clock's own cost and
 * resolution vanish for sub-microsecond operations), summarised by median and spread (stats.hpp). */
#pragma once
#include "calibration/stats.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace cs::calib {

/** Repetition plan of one figure (calibrate.cpp holds the quick and full plans). */
struct Plan {
  int warmup      = 2;     ///< samples taken and discarded (caches, page tables, lazy binding, CPU frequency)
  int samples     = 9;     ///< samples kept
  double sample_s = 0.004; ///< target duration of one sample
  long max_batch  = 1L << 24;
  bool quick      = false;
};

/** Monotonic wall-clock time in seconds (the native benchmarks measure elapsed time, as an application sees it). */
inline double now_s()
{
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/** Times `op` (a callable doing one operation) in batches and summarises the seconds per operation. */
template <class Op> Summary time_per_op(const Plan& plan, Op&& op)
{
  // Batch size: time single operations until they add up to a tenth of a sample, then scale.
  op();
  long probe     = 0;
  double t0      = now_s();
  double elapsed = 0;
  do {
    op();
    ++probe;
    elapsed = now_s() - t0;
  } while (elapsed < plan.sample_s / 10 && probe < plan.max_batch);
  double per_op = elapsed / static_cast<double>(probe);
  long batch =
      std::clamp<long>(static_cast<long>(std::ceil(plan.sample_s / std::max(per_op, 1e-12))), 1, plan.max_batch);
  std::vector<double> kept;
  for (int s = 0; s < plan.warmup + plan.samples; ++s) {
    double start = now_s();
    for (long i = 0; i < batch; ++i)
      op();
    double t = (now_s() - start) / static_cast<double>(batch);
    if (s >= plan.warmup)
      kept.push_back(t);
  }
  return summarize(kept);
}

/** Summarises `plan.samples` calls of `sample` (a callable that times itself and returns seconds per operation),
 *  after `plan.warmup` discarded ones: for benchmarks whose operations need set-up between them. */
template <class Sample> Summary self_timed(const Plan& plan, Sample&& sample)
{
  std::vector<double> kept;
  for (int s = 0; s < plan.warmup + plan.samples; ++s) {
    double t = sample();
    if (s >= plan.warmup)
      kept.push_back(t);
  }
  return summarize(kept);
}

} // namespace cs::calib
