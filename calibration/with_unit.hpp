/* Fitted and measured values written with their units, as every input file must give a dimensioned quantity. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/input/unit_text.hpp"

#include <string>

namespace cs::calib {

/** `value` in the dimension's base unit ("3.5e-05s", "6027405463.8Bps"), its digits those that read back to the
 *  same double; a plain number for a dimensionless one. */
json with_unit(double value, Unit unit);

/** A value written by `with_unit`, back in base units. */
double without_unit(const json& value);

/** A parameter of `model` as `--set` or a validation file gives it: with the unit the model declares for it. */
json param_with_unit(const std::string& model, const std::string& key, const json& value);

} // namespace cs::calib
