/* Registry entry of the speculative remote read model (seed 000). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::speculative_read {
ModelEntry entry();
}
