/* Platforms that size themselves: a host entry marked "generated" makes as many hosts as the run asks of its
 * group, so one platform file serves a scenario at 16 nodes and at 4,096. */
#pragma once
#include "sim/input/json_io.hpp"

#include <map>
#include <string>

namespace cs {

/** Group name -> hosts the run needs in it (a model says it from its parameters: sim/run/group_sizes.hpp). */
using GroupSizes = std::map<std::string, long>;

/** Sets the "count" of every generated host entry of the platform document `doc` (read from `file`) to the size
 *  `sizes` asks of its group; a group nobody asks for keeps its entry's count. A generated group must be one
 *  entry with a group name: InputError otherwise. */
void size_generated_groups(json& doc, const GroupSizes& sizes, const std::string& file);

} // namespace cs
