#include "models/dsm/tmk_diff.hpp"

namespace cs::dsm::tmk {

double Diff::bytes() const
{
  double b = 0;
  for (auto const& [_, words] : runs)
    b += 4.0 + 4.0 * static_cast<double>(words.size());
  return b;
}

Diff make_diff(const Words& twin, const Words& page)
{
  Diff d;
  std::size_t n = page.size();
  for (std::size_t i = 0; i < n;) {
    if (page[i] == twin[i]) {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < n && page[i] != twin[i])
      ++i;
    d.runs.emplace_back(static_cast<uint32_t>(start),
                        Words(page.begin() + static_cast<long>(start), page.begin() + static_cast<long>(i)));
  }
  return d;
}

void apply_diff(Words& page, const Diff& d)
{
  for (auto const& [first, words] : d.runs)
    for (std::size_t k = 0; k < words.size(); ++k)
      page[first + k] = words[k];
}

} // namespace cs::dsm::tmk
