/* Registry entry of the sender-based message logging model (seed 004). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::msglog {
ModelEntry entry();
}
