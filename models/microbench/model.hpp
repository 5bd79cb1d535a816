/* Registry entry of the simulated microbenchmarks (issue 3's round trip: models/microbench on a calibrated host
 * profile against the native figures of calibration/). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::microbench {
ModelEntry entry();
}
