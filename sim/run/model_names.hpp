/* The check a scenario makes of its "model" field: a name of the program's model table. Declared apart from the
 * table (sim/run/model_table.cpp defines it) so that reading a scenario does not depend on the models' interface,
 * which itself depends on the scenario. */
#pragma once
#include "sim/input/fields.hpp"

#include <string>

namespace cs {

/** Bad input at `key` of `f` (naming the nearest model) unless the model table has a model called `name`. */
void check_model_name(const Fields& f, const std::string& key, const std::string& name);

} // namespace cs
