#include "sim/platform/xml_host_count.hpp"

#include <cctype>
#include <cstdint>
#include <cstdlib>

namespace cs {

namespace {

size_t add_saturated(size_t a, size_t b)
{
  return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/** The hosts of one radical: comma-separated numbers and ranges "a-b". */
size_t radical_count(const std::string& radical)
{
  size_t total = 0, pos = 0;
  while (pos <= radical.size()) {
    size_t comma     = radical.find(',', pos);
    std::string part = radical.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    size_t dash      = part.find('-', 1);
    if (dash == std::string::npos) {
      total = add_saturated(total, 1);
    } else {
      unsigned long long lo = std::strtoull(part.substr(0, dash).c_str(), nullptr, 10);
      unsigned long long hi = std::strtoull(part.substr(dash + 1).c_str(), nullptr, 10); // saturates at ULLONG_MAX
      if (hi >= lo)
        total = add_saturated(total, hi - lo == SIZE_MAX ? SIZE_MAX : static_cast<size_t>(hi - lo) + 1);
    }
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  return total;
}

/** The value of attribute `name` in the tag starting at `from` (up to its '>'), or "" when absent. */
std::string attribute(const std::string& xml, size_t from, const std::string& name)
{
  size_t end = xml.find('>', from);
  for (size_t at = xml.find(name, from); at != std::string::npos && at < end; at = xml.find(name, at + 1)) {
    size_t eq = at + name.size();
    while (eq < end && std::isspace(static_cast<unsigned char>(xml[eq])))
      ++eq;
    if (not std::isspace(static_cast<unsigned char>(xml[at - 1])) || eq >= end || xml[eq] != '=')
      continue;
    size_t q = xml.find_first_of("\"'", eq);
    if (q == std::string::npos || q >= end)
      return "";
    size_t close = xml.find(xml[q], q + 1);
    return close == std::string::npos ? "" : xml.substr(q + 1, close - q - 1);
  }
  return "";
}

bool tag_at(const std::string& xml, size_t at, const std::string& tag)
{
  size_t after = at + tag.size();
  return after < xml.size() &&
         (std::isspace(static_cast<unsigned char>(xml[after])) || xml[after] == '/' || xml[after] == '>');
}

} // namespace

size_t xml_host_count(const std::string& xml)
{
  size_t total = 0;
  for (size_t at = xml.find("<host"); at != std::string::npos; at = xml.find("<host", at + 1))
    if (tag_at(xml, at, "<host"))
      total = add_saturated(total, 1);
  for (size_t at = xml.find("<cluster"); at != std::string::npos; at = xml.find("<cluster", at + 1))
    if (tag_at(xml, at, "<cluster"))
      total = add_saturated(total, radical_count(attribute(xml, at, "radical")));
  return total;
}

} // namespace cs
