#include "calibration/stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cs::calib {

json Summary::to_json() const
{
  return {{"median", median}, {"q1", q1},   {"q3", q3},   {"iqr", iqr()},
          {"mad", mad},       {"min", min}, {"max", max}, {"n", n}};
}

Summary Summary::scaled(double k) const
{
  Summary s = *this;
  for (double* v : {&s.median, &s.q1, &s.q3, &s.mad, &s.min, &s.max})
    *v *= k;
  return s;
}

double quantile(std::vector<double> v, double q)
{
  if (v.empty())
    throw std::invalid_argument("quantile of no samples");
  std::sort(v.begin(), v.end());
  double pos  = q * static_cast<double>(v.size() - 1);
  auto lo     = static_cast<size_t>(std::floor(pos));
  size_t hi   = std::min(lo + 1, v.size() - 1);
  double frac = pos - static_cast<double>(lo);
  return v[lo] + (v[hi] - v[lo]) * frac;
}

Summary summarize(const std::vector<double>& samples)
{
  Summary s;
  s.n      = static_cast<long>(samples.size());
  s.median = quantile(samples, 0.5);
  s.q1     = quantile(samples, 0.25);
  s.q3     = quantile(samples, 0.75);
  s.min    = *std::min_element(samples.begin(), samples.end());
  s.max    = *std::max_element(samples.begin(), samples.end());
  std::vector<double> dev;
  dev.reserve(samples.size());
  for (double x : samples)
    dev.push_back(std::fabs(x - s.median));
  s.mad = quantile(dev, 0.5);
  return s;
}

Line line_through(double x0, double y0, double x1, double y1)
{
  if (x1 == x0)
    throw std::invalid_argument("line_through: the two points share their x");
  Line l;
  l.slope = (y1 - y0) / (x1 - x0);
  l.fixed = y0 - l.slope * x0;
  return l;
}

} // namespace cs::calib
