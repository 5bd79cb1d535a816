/* A quantity's unit in messages and in written values. A number without a unit is refused wherever the field has a
 * dimension ("10" could be seconds or milliseconds); only dimensionless fields take plain numbers. */
#pragma once
#include "sim/input/units.hpp"

#include <optional>
#include <string>
#include <utility>

namespace cs {

/** The dimension's base unit as written after a number ("s", "B", "Bps", "f", "Hz"; "" for Unit::none). */
const char* base_suffix(Unit u);

/** Why a plain number cannot stand in a dimensioned field, with the number in two of its units:
 *  `10 has no unit; give a duration such as 10s, 10ms`. */
std::string no_unit_message(const std::string& number, Unit unit);

/** A quantity written with a unit of any dimension, in base units, and its dimension; nullopt for a plain number or a
 *  label. The dimensions' unit spellings are disjoint, so "30ms" is a duration and "64B" a size. */
std::optional<std::pair<double, Unit>> parse_any_quantity(const std::string& text);

} // namespace cs
