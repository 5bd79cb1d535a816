/* Registry entry of the Brazos model (seed 002). */
#pragma once
#include "sim/model.hpp"

namespace cs::checkpoint {
ModelEntry entry();
}
