#include "sim/validate/failure_text.hpp"

#include <sstream>

namespace cs {

std::string own_lines_first(const std::string& log)
{
  std::istringstream in(log);
  std::string line, own, other;
  while (std::getline(in, line)) {
    std::string& to = line.rfind("clustersim: ", 0) == 0 ? own : other;
    to += (to.empty() ? "" : "\n") + line;
  }
  if (own.empty() || other.empty())
    return own + other;
  return own + "\n" + other;
}

} // namespace cs
