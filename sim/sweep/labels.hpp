/* Readable axis labels for sweep plots, from the same declarations `describe` prints: a swept parameter is named by
 * its doc ("params.nodes" -> "Nodes"), a platform field by the platform's field doc, a metric or derived column by
 * its name without the unit suffix ("exec_time_s" -> "Exec time"); the unit comes from the field's type or the
 * metric's suffix. Never a raw key or path. */
#pragma once
#include "sim/input/units.hpp"

#include <string>

namespace cs {

struct ColumnLabel {
  std::string text; ///< "Exec time"
  std::string unit; ///< the unit values are in: "s", "B", "B/s", "" for plain numbers
  Unit dimension = Unit::none;
};

/** The label of a sweep column (a swept path, a metric or a derived column) of a sweep over `model`. */
ColumnLabel column_label(const std::string& name, const std::string& model);

/** The factor dividing values in the column's own unit to express them in `unit` ("ms" for seconds: 0.001);
 *  UsageError when `unit` does not fit the column's dimension. */
double unit_factor(const ColumnLabel& label, const std::string& unit);

/** A value as a tick label: a file path shows its file name without extension, not a clipped path. */
std::string tick_label(const std::string& text);

} // namespace cs
