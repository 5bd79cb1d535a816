/* What a pingpong run writes (each metric and column with its unit and definition) and which platform fields it
 * reads: `clustersim describe pingpong` prints them, the recorder refuses any other output, and the scenario check
 * refuses an override of a field the run does not read. */
#pragma once
#include "sim/run/model_decl.hpp"

namespace cs::pingpong {
const ModelDecl& decl();
}
