/* Discrete choices beside values: {"value": X, "choices": [X, Y, ...], "source": "why these"}, a string or an integer
 * whose true value is one of a few (a machine read in two ways, an instance nobody recorded). A point run reads the
 * value; under an uncertainty draw (sim/input/uncertain.hpp) the choice at the input's Latin-hypercube quantile, every
 * choice equally likely. */
#pragma once
#include "sim/input/json_io.hpp"

#include <functional>
#include <string>

namespace cs {

/** `schema`, or the {"value", "choices", "source"} form of it. */
json with_choices(const json& schema);

/** Checks one value a field may take, as the field itself checks it; throws InputError naming `pointer`. */
using ChoiceCheck = std::function<void(const std::string& pointer, const json& value)>;

/** The value at `pointer` of `file` as Fields found it (`v`, null if absent): in the choices form, checked, then its
 *  value or, under an uncertainty draw, the drawn choice (recorded like a range); any other form as it is. Every
 *  choice goes through `check` with its own pointer (`.../choices/1`) when the file is read, so that a bad choice is
 *  refused by the point run as by the sample that would draw it. */
const json* choose(const std::string& file, const std::string& pointer, const json* v, const ChoiceCheck& check);

} // namespace cs
