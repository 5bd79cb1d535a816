/* The application's model table: the one place a model is registered (docs/contributing.md). */
#pragma once
#include "sim/run/model_table.hpp"

namespace cs::app {

/** Every model this program offers, in `clustersim list` order. */
const ModelTable& model_table();

} // namespace cs::app
