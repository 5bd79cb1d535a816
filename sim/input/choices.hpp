/* Discrete choices beside values: {"value": X, "choices": [X, Y, ...], "source": "why these"}, a string or an integer
 * whose true value is one of a few (a machine read in two ways, an instance nobody recorded). A point run reads the
 * value; under an uncertainty draw (sim/input/uncertain.hpp) the choice at the input's Latin-hypercube quantile, every
 * choice equally likely. */
#pragma once
#include "sim/input/json_io.hpp"

#include <string>

namespace cs {

/** `schema`, or the {"value", "choices", "source"} form of it. */
json with_choices(const json& schema);

/** The value at `pointer` of `file` as Fields found it (`v`, null if absent): in the choices form, checked, then its
 *  value or, under an uncertainty draw, the drawn choice (recorded like a range); any other form as it is. */
const json* choose(const std::string& file, const std::string& pointer, const json* v);

} // namespace cs
