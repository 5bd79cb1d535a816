/* How an OS profile's cost keys name their units. */
#pragma once
#include "sim/input/units.hpp"

#include <string>

namespace cs {

/** The unit of an OS cost, from its key's suffix: _bw bandwidth, _size size, _factor and _count none, else time. */
Unit unit_of_cost(const std::string& key);

} // namespace cs
