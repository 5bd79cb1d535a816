/* The CPU kernel that expresses the host's speed in flop/s, SimGrid's unit of computation. */
#pragma once
#include "calibration/timing.hpp"

namespace cs::calib {

/** Runs about `flops` floating-point operations: 8 independent multiply-add chains (2 flops a step) kept in
 *  registers, one thread. Returns a value derived from the result so that the work cannot be dropped. */
double flops_kernel(double flops);

/** Seconds per `flops_per_op` flops of flops_kernel. */
Summary bench_flops(const Plan& plan, double flops_per_op);

} // namespace cs::calib
