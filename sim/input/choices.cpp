#include "sim/input/choices.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/uncertain.hpp"

#include <algorithm>
#include <cmath>

namespace cs {

json with_choices(const json& schema)
{
  json form{{"type", "object"},
            {"properties",
             {{"value", schema},
              {"choices", {{"type", "array"}, {"items", schema}, {"minItems", 1}}},
              {"source", {{"type", "string"}}},
              {"note", json::object()}}},
            {"required", {"value", "choices", "source"}},
            {"additionalProperties", false}};
  return {{"anyOf", json::array({schema, form})}};
}

const json* choose(const std::string& file, const std::string& ptr, const json* v, const ChoiceCheck& check)
{
  if (v == nullptr || not v->is_object() || not v->contains("choices"))
    return v;
  static const std::vector<std::string> keys{"value", "choices", "source", "note"};
  for (auto const& [k, _] : v->items())
    if (std::find(keys.begin(), keys.end(), k) == keys.end())
      throw InputError(file, pointer_join(ptr, k), "unknown key \"" + k + "\"" + did_you_mean(k, keys));
  const json& choices = (*v)["choices"];
  if (not choices.is_array() || choices.empty())
    throw InputError(file, pointer_join(ptr, "choices"),
                     "expected a list of the values it may take, got " + quote_value(choices));
  if (not v->contains("value"))
    throw InputError(file, ptr, "expected {\"value\": ..., \"choices\": [...], \"source\": ...} with a \"value\"");
  check(pointer_join(ptr, "value"), (*v)["value"]);
  for (size_t i = 0; i < choices.size(); ++i)
    check(pointer_join(pointer_join(ptr, "choices"), i), choices[i]);
  auto at = std::find(choices.begin(), choices.end(), (*v)["value"]);
  if (at == choices.end())
    throw InputError(file, pointer_join(ptr, "value"),
                     "the value " + quote_value((*v)["value"]) + " is not among its choices " + quote_value(choices));
  // Choices are evidence like a range: they say why the value may be any of them.
  if (not v->contains("source") || not(*v)["source"].is_string() ||
      (*v)["source"].get<std::string>().find_first_not_of(" \t") == std::string::npos)
    throw InputError(file, pointer_join(ptr, "source"), "a value with choices needs a source giving their reason");
  const UncertaintyDraw& draw = uncertainty_draw();
  if (not draw.active())
    return &(*v)["value"];
  auto n = static_cast<double>(choices.size());
  DrawnInput in;
  in.id       = input_id(file, ptr);
  in.unit     = "choice";
  in.point    = static_cast<double>(at - choices.begin());
  in.lo       = 0;
  in.hi       = n - 1;
  in.quantile = lhs_quantile(draw.seed, in.id, draw.sample, draw.samples);
  in.value    = std::min(n - 1, std::floor(in.quantile * n));
  in.chosen   = choices[static_cast<size_t>(in.value)].dump();
  record_drawn_input(in);
  return &choices[static_cast<size_t>(in.value)];
}

} // namespace cs
