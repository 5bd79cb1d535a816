/* The models a program offers, as the framework sees them.
 *
 * The framework does not know any model: the application builds its table (app/model_table.cpp) and hands it over
 * once with `use_models` before it loads a scenario; a test hands over a table of its own. Everything below —
 * scenario checks, runs, sweeps, validation, labels, schemas — looks models up here, so sim/ builds, links and is
 * tested without models/ (the clustersim_sim_tests target). */
#pragma once
#include "sim/run/model.hpp"

#include <string>
#include <vector>

namespace cs {

class ModelTable {
public:
  /** std::invalid_argument if two entries share a name. */
  explicit ModelTable(std::vector<ModelEntry> entries);

  const std::vector<ModelEntry>& entries() const { return entries_; }
  std::vector<std::string> names() const;
  /** The entry called `name`, or nullptr. */
  const ModelEntry* find(const std::string& name) const;
  /** The entry called `name`; bad input at `key` of `f` (naming the nearest model) if there is none. */
  const ModelEntry& at(const Fields& f, const std::string& key, const std::string& name) const;

private:
  std::vector<ModelEntry> entries_;
};

/** Makes `table` the framework's model table; it must outlive every later use (the application's is static). */
void use_models(const ModelTable& table);
/** The table given to `use_models`; std::logic_error if none was given yet. */
const ModelTable& models();

} // namespace cs
