/* Registry entry of the software DSM model (seed 003): JIAJIA 2.2, Mocha base and Mocha over lossy UDP. */
#pragma once
#include "sim/run/model.hpp"

namespace cs::dsm {
ModelEntry entry();
}
