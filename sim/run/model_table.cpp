#include "sim/run/model_table.hpp"
#include "sim/input/errors.hpp"
#include "sim/run/model_names.hpp"

#include <stdexcept>

namespace cs {

namespace {
const ModelTable* installed = nullptr;
} // namespace

ModelEntry::ModelEntry(const char* name, const char* seed, const char* summary, Describe describe, Create create,
                       Check check, Sizes sizes, Sequential sequential)
    : name(name), seed(seed), summary(summary), describe_(describe), create_(create), check_(check), sizes_(sizes),
      sequential_(sequential)
{
  auto empty = [](const char* s) { return s == nullptr || *s == '\0'; };
  if (empty(name) || empty(seed) || empty(summary))
    throw std::invalid_argument("a model entry needs a name, a seed and a summary");
  if (describe == nullptr || create == nullptr || check == nullptr)
    throw std::invalid_argument(std::string("model \"") + name + "\": its entry needs describe, create and check");
}

const ModelDecl& ModelEntry::decl() const
{
  if (declare_ == nullptr)
    throw std::logic_error(std::string("model \"") + name + "\" declares no outputs");
  return declare_();
}

namespace {
/** Every output named once, with a unit and a definition. */
void check_outputs(const std::string& where, const std::vector<OutputDecl>& outputs)
{
  for (size_t i = 0; i < outputs.size(); ++i) {
    auto const& o = outputs[i];
    if (o.name.empty() || o.unit.empty() || o.definition.empty())
      throw std::invalid_argument(where + " \"" + o.name + "\": each output needs a name, a unit and a definition");
    for (size_t j = 0; j < i; ++j)
      if (outputs[j].name == o.name)
        throw std::invalid_argument(where + " \"" + o.name + "\" is declared twice");
  }
}

void check_decl(const ModelEntry& e)
{
  std::string model = std::string("model \"") + e.name + "\"";
  if (not e.has_decl())
    throw std::invalid_argument(model + ": its entry needs its declarations (outputs and platform reads)");
  const ModelDecl& d = e.decl();
  check_outputs(model + ": metric", d.metrics);
  for (auto const& t : d.tables) {
    if (t.name.empty() || t.definition.empty() || t.columns.empty())
      throw std::invalid_argument(model + ": table \"" + t.name + "\" needs a name, a definition and its columns");
    check_outputs(model + ": table " + t.name + ": column", t.columns);
  }
  for (auto const& r : d.platform_reads)
    if (r.empty() || r[0] != '/')
      throw std::invalid_argument(model + ": platform read \"" + r + "\" is not a JSON pointer pattern");
  for (auto const& s : d.supersedes)
    if (s.field.empty() || s.field[0] != '/' || s.param.empty() || s.param[0] != '/')
      throw std::invalid_argument(model + ": a superseded field and its parameter must be JSON pointers");
}
} // namespace

ModelTable::ModelTable(std::vector<ModelEntry> entries) : entries_(std::move(entries))
{
  for (auto const& e : entries_)
    check_decl(e);
  for (size_t i = 0; i < entries_.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (std::string(entries_[i].name) == entries_[j].name)
        throw std::invalid_argument(std::string("two models are called \"") + entries_[i].name + "\"");
}

std::vector<std::string> ModelTable::names() const
{
  std::vector<std::string> out;
  for (auto const& e : entries_)
    out.push_back(e.name);
  return out;
}

const ModelEntry* ModelTable::find(const std::string& name) const
{
  for (auto const& e : entries_)
    if (name == e.name)
      return &e;
  return nullptr;
}

const ModelEntry& ModelTable::at(const Fields& f, const std::string& key, const std::string& name) const
{
  if (const ModelEntry* e = find(name))
    return *e;
  f.fail(key, "no model \"" + name + "\"" + did_you_mean(name, names()));
}

void check_model_name(const Fields& f, const std::string& key, const std::string& name)
{
  models().at(f, key, name);
}

void use_models(const ModelTable& table)
{
  installed = &table;
}

const ModelTable& models()
{
  if (installed == nullptr)
    throw std::logic_error("no model table: the program hands one to the framework with cs::use_models first");
  return *installed;
}

const ModelEntry* find_model(const std::string& name)
{
  return models().find(name);
}

} // namespace cs
