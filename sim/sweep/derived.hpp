/* Derived columns of the merged table: each row's expressions evaluated over its parameters (swept or fixed by "set"),
 * rep, seed, metrics, the other derived columns, and (for `baseline.<column>`) the matching baseline row. */
#pragma once
#include "sim/sweep/store.hpp"

#include <vector>

namespace cs {

/** values[row][k] = spec.derived[k] on rows[row]: a number, or null when an input is missing or not numeric.
 *  A name that is no column of the sweep, a cycle, or an ambiguous baseline is an InputError. */
std::vector<std::vector<json>> compute_derived(const SweepSpec& spec, const std::vector<PointRow>& rows);

} // namespace cs
