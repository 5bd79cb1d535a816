/* One table per string-typed choice: the names a parameter accepts, each with its enum value. The same table feeds
 * Fields::choice<Enum> (parsing) and enum_name (the name written back into results), so the two never disagree. */
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace cs {

template <class Enum> using EnumNames = std::vector<std::pair<std::string, Enum>>;

/** The name of `value` in `names` ("?" if absent); the table must outlive the returned pointer (a static one). */
template <class Enum> const char* enum_name(const EnumNames<Enum>& names, Enum value)
{
  for (auto const& [name, v] : names)
    if (v == value)
      return name.c_str();
  return "?";
}

} // namespace cs
