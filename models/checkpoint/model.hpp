/* Registry entry of the Brazos model (seed 002). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::checkpoint {
ModelEntry entry();
}
