/* The one explicit table of models (no static-initialisation tricks): add a line here to add a model. */
#include "sim/model.hpp"

#include "models/checkpoint/model.hpp"
#include "models/dsm/model.hpp"
#include "models/javaparty/model.hpp"
#include "models/microbench/model.hpp"
#include "models/msglog/model.hpp"
#include "models/pingpong/model.hpp"
#include "models/speculative_read/model.hpp"

namespace cs {

const std::vector<ModelEntry>& model_registry()
{
  static const std::vector<ModelEntry> table{
      speculative_read::entry(),
      pingpong::entry(),
      microbench::entry(),
      msglog::entry(),
      checkpoint::entry(),
      dsm::entry(),
      javaparty::entry(),
  };
  return table;
}

const ModelEntry* find_model(const std::string& name)
{
  for (auto const& m : model_registry())
    if (name == m.name)
      return &m;
  return nullptr;
}

} // namespace cs
