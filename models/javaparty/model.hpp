/* Registry entry of the JavaParty RayTracer model (seed 001). */
#pragma once
#include "sim/run/model.hpp"

namespace cs::javaparty {
ModelEntry entry();
}
