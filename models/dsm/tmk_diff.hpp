/* TreadMarks' diffs, word by word: a diff is the runs of words in which a page differs from its twin (the copy taken
 * at the first write of an interval). Applying the diffs of several writers to one copy merges their writes: each
 * carries only the words its writer changed. Used with real page contents when a run tracks data (the merge
 * test); otherwise the protocol charges a diff's size only. */
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace cs::dsm::tmk {

using Words = std::vector<uint32_t>;

struct Diff {
  std::vector<std::pair<uint32_t, Words>> runs; ///< (first word, the new words)
  /** Bytes on the wire: per run its offset/length word and its words. */
  double bytes() const;
};

Diff make_diff(const Words& twin, const Words& page);
void apply_diff(Words& page, const Diff& d);

} // namespace cs::dsm::tmk
