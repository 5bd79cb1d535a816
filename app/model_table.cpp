/* The one explicit table of models (no static-initialisation tricks): add a line here to add a model. The framework
 * receives it through cs::use_models (app/main.cpp); CMake builds every models/<name>/ folder into a library of its
 * own, which this file is the only one to link. */
#include "app/model_table.hpp"

#include "models/checkpoint/model.hpp"
#include "models/checkpoint/outputs.hpp"
#include "models/dsm/model.hpp"
#include "models/dsm/outputs.hpp"
#include "models/javaparty/model.hpp"
#include "models/javaparty/outputs.hpp"
#include "models/microbench/model.hpp"
#include "models/microbench/outputs.hpp"
#include "models/msglog/model.hpp"
#include "models/msglog/outputs.hpp"
#include "models/pingpong/model.hpp"
#include "models/pingpong/outputs.hpp"
#include "models/speculative_read/model.hpp"
#include "models/speculative_read/outputs.hpp"

namespace cs::app {

const ModelTable& model_table()
{
  static const ModelTable table({
      speculative_read::entry().declared(speculative_read::decl),
      pingpong::entry().declared(pingpong::decl),
      microbench::entry().declared(microbench::decl),
      msglog::entry().declared(msglog::decl),
      checkpoint::entry().declared(checkpoint::decl),
      dsm::entry().declared(dsm::decl),
      javaparty::entry().declared(javaparty::decl),
  });
  return table;
}

} // namespace cs::app
