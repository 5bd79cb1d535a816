/* How many hosts a SimGrid XML platform declares, read from its text before SimGrid expands it: a <cluster> of
 * radical "0-9999999" would make SimGrid build ten million hosts (and run out of memory) before any check. */
#pragma once
#include <cstddef>
#include <string>

namespace cs {

/** The hosts of `xml`: each <host> element, plus each <cluster>'s radical ("0-99,200,300-310") counted out.
 *  Saturates at SIZE_MAX rather than wrapping. */
size_t xml_host_count(const std::string& xml);

} // namespace cs
