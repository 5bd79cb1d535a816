/* A model of the framework's own tests: the framework is tested without models/, so its tests bring the one model
 * they need (a scenario names a model; `describe`, `check` and the schemas walk a table). */
#pragma once
#include "sim/run/model_table.hpp"

namespace cs::test {

/** The table the framework tests run with: the test model alone. */
const ModelTable& test_models();

} // namespace cs::test
