#include "calibration/probes/cpu.hpp"
#include "calibration/native.hpp"

#include <algorithm>

namespace cs::calib {

namespace {
// Read through a volatile so that the compiler cannot fold the chains into a closed form.
volatile double multiplier = 0.999999;
volatile double addend     = 1e-7;
} // namespace

double flops_kernel(double flops)
{
  // A multiplier below 1 and a small addend keep every value normal: no overflow, and no denormals, whose slow
  // path would understate the machine.
  const long steps = std::max(1L, static_cast<long>(flops / 16));
  const double m = multiplier, c = addend;
  double acc[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (long k = 0; k < steps; ++k)
    for (double& a : acc)
      a = a * m + c;
  compiler_barrier(acc);
  return acc[0] + acc[7];
}

Summary bench_flops(const Plan& plan, double flops_per_op)
{
  volatile double sink = 0;
  Summary s            = time_per_op(plan, [&] { sink = sink + flops_kernel(flops_per_op); });
  return s;
}

} // namespace cs::calib
