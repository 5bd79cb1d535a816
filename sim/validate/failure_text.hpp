/* What a failed run point's log says, its own words first: a run that did not finish logs SimGrid's deadlock
 * listing before the program's one-line reason, and a report keeps only the start of the text. */
#pragma once
#include <string>

namespace cs {

/** `log` with the lines the program wrote itself ("clustersim: ...": the model's reason) moved to the front, in
 *  their order, then the other lines (SimGrid's), each group as it was. */
std::string own_lines_first(const std::string& log);

} // namespace cs
