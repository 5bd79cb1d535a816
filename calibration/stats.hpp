/* Robust summaries of repeated timings. A shared, noisy 2-core machine makes means lie (one preempted sample can
 * double them), so every microbenchmark reports the median with the interquartile range and the median absolute
 * deviation, never a mean. */
#pragma once
#include "sim/input/json_io.hpp"

#include <vector>

namespace cs::calib {

/** Summary of one figure's samples (each sample: seconds per operation, averaged over one batch). */
struct Summary {
  double median = 0;
  double q1     = 0; ///< first quartile
  double q3     = 0; ///< third quartile
  double mad    = 0; ///< median absolute deviation from the median
  double min    = 0;
  double max    = 0;
  long n        = 0; ///< samples (batches)

  double iqr() const { return q3 - q1; }
  /** IQR relative to the median (0.05 = the middle half of the samples lies within 5% of the median's size). */
  double relative_iqr() const { return median > 0 ? iqr() / median : 0; }
  json to_json() const;
  /** The same summary with every statistic multiplied by `k` (e.g. per round trip -> per hand-off). */
  Summary scaled(double k) const;
};

/** Quantile with linear interpolation between order statistics (the "type 7" rule of R and NumPy). */
double quantile(std::vector<double> v, double q);

/** Median, quartiles and MAD of `samples` (which must not be empty). */
Summary summarize(const std::vector<double>& samples);

/** y = fixed + slope * x through two points: how the profile turns two sizes into a fixed and a per-unit cost. */
struct Line {
  double fixed = 0;
  double slope = 0;
  double at(double x) const { return fixed + slope * x; }
};
Line line_through(double x0, double y0, double x1, double y1);

} // namespace cs::calib
