/* Registry entry of the simulated microbenchmarks (the calibration round trip: models/microbench on a calibrated host
 * profile against the native figures of calibration/). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::microbench {
ModelEntry entry();
}
