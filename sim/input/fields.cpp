#include "sim/input/fields.hpp"
#include "sim/input/choices.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/input/unit_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cs {

std::string format_number(double v)
{
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string Range::describe() const
{
  bool lo = std::isfinite(min);
  bool hi = std::isfinite(max);
  if (lo && hi)
    return (min_exclusive ? "in (" : "in [") + format_number(min) + ", " + format_number(max) + "]";
  if (lo)
    return std::string(min_exclusive ? "> " : ">= ") + format_number(min);
  if (hi)
    return "<= " + format_number(max);
  return "";
}

std::string nearest(const std::string& word, const std::vector<std::string>& candidates)
{
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
      prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      cur[0] = i;
      for (size_t j = 1; j <= b.size(); ++j)
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      std::swap(prev, cur);
    }
    return prev[b.size()];
  };
  std::string best;
  size_t best_d = std::max<size_t>(3, word.size() / 2) + 1;
  for (auto const& c : candidates) {
    size_t d = distance(word, c);
    if (d < best_d) {
      best_d = d;
      best   = c;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates)
{
  std::string near = nearest(word, candidates);
  return near.empty() ? "" : " (did you mean \"" + near + "\"?)";
}

Fields::Fields(const json& object, std::string file, std::string pointer, std::vector<FieldDoc>* docs,
               std::string doc_prefix)
    : object_(object), file_(std::move(file)), pointer_(std::move(pointer)), docs_(docs), doc_prefix_(doc_prefix)
{
  if (not object_.is_object() && not object_.is_null())
    throw InputError(file_, pointer_, "expected an object, got " + quote_value(object_));
  if (object_.is_null())
    object_ = json::object();
}

void Fields::fail(const std::string& key, const std::string& what) const
{
  throw InputError(file_, key.empty() ? pointer_ : pointer(key), what);
}

void Fields::missing(const std::string& key, const std::string& doc) const
{
  std::string hint;
  for (auto const& [k, _] : object_.items())
    if (not known_->count(k) && nearest(k, {key}) == key)
      hint = " (is \"" + k + "\" a misspelling of it?)";
  fail(key, "missing required field \"" + key + "\": " + doc + hint);
}

bool Fields::has(const std::string& key) const
{
  return object_.contains(key);
}

const json* Fields::lookup(const std::string& key, const std::string& type, const std::string& def,
                           const std::string& doc, json schema)
{
  known_->insert(key);
  if (docs_)
    docs_->push_back({pointer_join(doc_prefix_, key), type, def, doc, std::move(schema)});
  auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

std::string Fields::source_of(const std::string& key) const
{
  auto it = object_.find(key);
  if (it != object_.end() && it->is_object() && it->contains("source") && (*it)["source"].is_string())
    return (*it)["source"].get<std::string>();
  return "";
}

Range bounded(Unit unit, Range range)
{
  if (unit == Unit::size)
    range.max = std::min(range.max, max_size_bytes);
  if (unit == Unit::time)
    range.max = std::min(range.max, max_duration_s);
  return range;
}

double Fields::scalar_quantity(const json& v, const std::string& ptr, Unit unit, Range range) const
{
  double out             = 0;
  std::string expected   = std::string("a ") + unit_name(unit);
  std::string range_text = range.describe();
  if (not range_text.empty())
    expected += " " + range_text;
  if (v.is_number() && unit != Unit::none)
    throw InputError(file_, ptr, no_unit_message(v.dump(), unit));
  if (v.is_number()) {
    out = v.get<double>();
  } else if (v.is_string()) {
    std::string why;
    auto parsed = parse_unit_string(v.get<std::string>(), unit, &why);
    if (not parsed && why.find(" has no unit;") != std::string::npos)
      throw InputError(file_, ptr, why);
    if (not parsed)
      throw InputError(file_, ptr, "expected " + expected + ", got " + quote_value(v) + " (" + why + ")");
    out = *parsed;
  } else {
    throw InputError(file_, ptr, "expected " + expected + ", got " + quote_value(v) + " (" + unit_examples(unit) + ")");
  }
  if (not std::isfinite(out) || not range.contains(out))
    throw InputError(file_, ptr, "expected " + expected + ", got " + quote_value(v));
  return out;
}

double Fields::ranged_quantity(const json& form, const std::string& ptr, double point, Unit unit, Range range) const
{
  const json& r    = form["range"];
  std::string rptr = pointer_join(ptr, "range");
  if (not r.is_array() || r.size() != 2)
    throw InputError(file_, rptr, "expected [low, high] in the value's unit, got " + quote_value(r));
  double lo = scalar_quantity(r[0], pointer_join(rptr, "0"), unit, range);
  double hi = scalar_quantity(r[1], pointer_join(rptr, "1"), unit, range);
  if (not(lo <= point && point <= hi))
    throw InputError(file_, rptr,
                     "the value " + format_number(point) + " lies outside its range [" + format_number(lo) + ", " +
                         format_number(hi) + "] (" + unit_name(unit) + ", base units)");
  Spread spread = Spread::uniform;
  if (form.contains("distribution")) {
    const json& d = form["distribution"];
    if (d == "log-uniform")
      spread = Spread::log_uniform;
    else if (d != "uniform")
      throw InputError(file_, pointer_join(ptr, "distribution"),
                       "expected \"uniform\" or \"log-uniform\", got " + quote_value(d));
    if (spread == Spread::log_uniform && not(lo > 0))
      throw InputError(file_, pointer_join(ptr, "distribution"), "a log-uniform range needs a low end above 0");
  }
  // A range is evidence, not a cushion: it says why it spans what it spans.
  if (not form.contains("source") || form["source"].get<std::string>().find_first_not_of(" \t") == std::string::npos)
    throw InputError(file_, pointer_join(ptr, "source"),
                     "a value with a range needs a source giving the range's reason");
  const UncertaintyDraw& draw = uncertainty_draw();
  if (not draw.active())
    return point;
  DrawnInput in;
  in.id       = input_id(file_, ptr);
  in.unit     = unit_name(unit);
  in.point    = point;
  in.lo       = lo;
  in.hi       = hi;
  in.spread   = spread;
  in.quantile = lhs_quantile(draw.seed, in.id, draw.sample, draw.samples);
  in.value    = value_at_quantile(lo, hi, spread, in.quantile);
  record_drawn_input(in);
  return in.value;
}

double Fields::to_quantity(const std::string& key, const json& given, Unit unit, Range range) const
{
  range           = bounded(unit, range);
  std::string ptr = pointer(key);
  if (not given.is_object())
    return scalar_quantity(given, ptr, unit, range);
  // The provenance form {"value": ..., "source": "...", "range": [lo, hi], "distribution": "..."}: the source is
  // documentation, the value and its range are checked, and an uncertainty draw samples the range.
  static const std::vector<std::string> keys{"value", "source", "note", "range", "distribution"};
  for (auto const& [k, _] : given.items())
    if (std::find(keys.begin(), keys.end(), k) == keys.end())
      throw InputError(file_, pointer_join(ptr, k), "unknown key \"" + k + "\"" + did_you_mean(k, keys));
  if (not given.contains("value"))
    throw InputError(file_, ptr, "expected {\"value\": ..., \"source\": ...} with a \"value\"");
  if (given.contains("source") && not given["source"].is_string())
    throw InputError(file_, pointer_join(ptr, "source"), "expected a string, got " + quote_value(given["source"]));
  if (given.contains("distribution") && not given.contains("range"))
    throw InputError(file_, pointer_join(ptr, "distribution"), "a distribution needs a \"range\" beside it");
  double point = scalar_quantity(given["value"], pointer_join(ptr, "value"), unit, range);
  return given.contains("range") ? ranged_quantity(given, ptr, point, unit, range) : point;
}

static std::string type_text(Unit unit, Range range)
{
  range         = bounded(unit, range);
  std::string t = unit_name(unit);
  auto r        = range.describe();
  return r.empty() ? t : t + " " + r;
}

json quantity_schema(Unit unit, const Range& range, bool sourced)
{
  json number{{"type", "number"}};
  if (std::isfinite(range.min))
    number[range.min_exclusive ? "exclusiveMinimum" : "minimum"] = range.min;
  if (std::isfinite(range.max))
    number["maximum"] = range.max;
  json text{{"type", "string"}, {"description", unit_examples(unit)}};
  // A dimensioned field takes its value with a unit: a plain number only where the field has no dimension.
  json value = unit == Unit::none ? json{{"anyOf", json::array({number, text})}} : text;
  json with_source{{"type", "object"},
                   {"properties",
                    {{"value", value},
                     {"source", {{"type", "string"}}},
                     {"note", json::object()},
                     {"range", {{"type", "array"}, {"items", value}, {"minItems", 2}, {"maxItems", 2}}},
                     {"distribution", {{"enum", {"uniform", "log-uniform"}}}}}},
                   {"required", sourced ? json::array({"value", "source"}) : json::array({"value"})},
                   {"additionalProperties", false}};
  if (sourced)
    return with_source;
  if (unit != Unit::none)
    return {{"anyOf", json::array({text, with_source})}};
  return {{"anyOf", json::array({number, text, with_source})}};
}

// A field's type text, default text and schema serve `describe` alone (documentation mode): built for every field
// read, they were a fair share of each scenario's loading, which a sweep's points and samples repeat.

double Fields::quantity(const std::string& key, Unit unit, double def, const std::string& doc, Range range)
{
  const json* v = docs_ ? lookup(key, type_text(unit, range), format_number(def), doc, quantity_schema(unit, range))
                        : lookup(key, {}, {}, {}, json());
  return v ? to_quantity(key, *v, unit, range) : def;
}

double Fields::required_quantity(const std::string& key, Unit unit, const std::string& doc, Range range)
{
  const json* v = docs_ ? lookup(key, type_text(unit, range), "(required)", doc, quantity_schema(unit, range))
                        : lookup(key, {}, {}, {}, json());
  if (not v) {
    if (docs_)
      return std::isfinite(range.min) ? range.min : 0;
    missing(key, doc);
  }
  return to_quantity(key, *v, unit, range);
}

/** The schema of an integer field (for `describe`). */
static json integer_schema(long min, long max)
{
  json ischema{{"type", "integer"}, {"minimum", min}, {"maximum", max}};
  json sourced{{"type", "object"},
               {"properties",
                {{"value", ischema},
                 {"range", {{"type", "array"}, {"items", ischema}, {"minItems", 2}, {"maxItems", 2}}},
                 {"distribution", {{"enum", {"uniform", "log-uniform"}}}}}},
               {"required", {"value"}}};
  return {{"anyOf", json::array({ischema, sourced, with_choices(ischema)["anyOf"][1]})}};
}

long Fields::integer(const std::string& key, long def, const std::string& doc, long min, long max)
{
  if (max == std::numeric_limits<long>::max())
    max = max_count; // a count with no bound of its own
  std::string type = "integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
  const json* v    = choose(file_, pointer(key),
                         docs_ ? lookup(key, type, std::to_string(def), doc, integer_schema(min, max))
                                  : lookup(key, {}, {}, {}, json()),
                            [&](const std::string& ptr, const json& c) { checked_integer(ptr, c, min, max, type); });
  if (not v)
    return def;
  const json* val = v;
  if (v->is_object() && v->contains("value"))
    val = &(*v)["value"];
  long out = checked_integer(pointer(key), *val, min, max, type);
  if (v->is_object() && v->contains("range"))
    return ranged_integer(key, *v, out, min, max, type);
  return out;
}

long Fields::ranged_integer(const std::string& key, const json& form, long point, long min, long max,
                            const std::string& type) const
{
  const json& r    = form["range"];
  std::string rptr = pointer_join(pointer(key), "range");
  if (not r.is_array() || r.size() != 2)
    throw InputError(file_, rptr, "expected [low, high], got " + quote_value(r));
  long lo = checked_integer(pointer_join(rptr, "0"), r[0], min, max, type);
  long hi = checked_integer(pointer_join(rptr, "1"), r[1], min, max, type);
  if (not(lo <= point && point <= hi))
    throw InputError(file_, rptr,
                     "the value " + std::to_string(point) + " lies outside its range [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "]");
  json as_number     = form;
  as_number["value"] = static_cast<double>(point);
  as_number["range"] = {static_cast<double>(lo), static_cast<double>(hi) + 1};
  // An integer is drawn as the floor of a value spread over [lo, hi + 1): every integer of the range equally likely.
  double drawn = ranged_quantity(as_number, pointer(key), static_cast<double>(point), Unit::none, Range{});
  return std::min(hi, static_cast<long>(std::floor(drawn)));
}

long Fields::checked_integer(const std::string& ptr, const json& v, long min, long max, const std::string& type) const
{
  const json* val = &v;
  // Compared in the value's own type: a double cannot hold every long (2^63 - 1 rounds up to 2^63, whose
  // conversion back to long is undefined), and an unsigned beyond 2^63 is no long at all.
  bool ok = false;
  if (val->is_number_unsigned()) {
    auto u = val->get<unsigned long long>();
    ok     = max >= 0 && u <= static_cast<unsigned long long>(max) &&
         (min <= 0 || u >= static_cast<unsigned long long>(min));
  } else if (val->is_number_integer())
    ok = val->get<long long>() >= min && val->get<long long>() <= max;
  else if (val->is_number_float()) {
    double d = val->get<double>();
    // Below 2^63 strictly: (double)LONG_MAX is 2^63 itself.
    ok = std::floor(d) == d && d >= static_cast<double>(min) && d <= static_cast<double>(max) && d < 0x1p63;
  }
  if (not ok)
    throw InputError(file_, ptr, "expected an " + type + ", got " + quote_value(*val));
  return val->is_number_float() ? static_cast<long>(val->get<double>()) : val->get<long>();
}

bool Fields::boolean(const std::string& key, bool def, const std::string& doc)
{
  const json* v = docs_ ? lookup(key, "boolean", def ? "true" : "false", doc, {{"type", "boolean"}})
                        : lookup(key, {}, {}, {}, json());
  if (not v)
    return def;
  if (not v->is_boolean())
    fail(key, "expected true or false, got " + quote_value(*v));
  return v->get<bool>();
}

/** The check of a string field: a string, then the field's own `check`. */
static ChoiceCheck string_check(const std::string& file, const Fields::StringCheck& check)
{
  return [&file, &check](const std::string& ptr, const json& v) {
    if (not v.is_string())
      throw InputError(file, ptr, "expected a string, got " + quote_value(v));
    if (check)
      check(ptr, v.get<std::string>());
  };
}

std::string Fields::string(const std::string& key, const std::string& def, const std::string& doc,
                           const StringCheck& check)
{
  const json* raw  = docs_ ? lookup(key, "string", def.empty() ? "\"\"" : def, doc, with_choices({{"type", "string"}}))
                           : lookup(key, {}, {}, {}, json());
  ChoiceCheck each = string_check(file_, check);
  const json* v    = choose(file_, pointer(key), raw, each);
  if (not v)
    return def;
  if (v == raw) // not a choice (those are checked by choose)
    each(pointer(key), *v);
  return v->get<std::string>();
}

std::string Fields::required_string(const std::string& key, const std::string& doc, const StringCheck& check)
{
  const json* raw  = docs_ ? lookup(key, "string", "(required)", doc, with_choices({{"type", "string"}}))
                           : lookup(key, {}, {}, {}, json());
  ChoiceCheck each = string_check(file_, check);
  const json* v    = choose(file_, pointer(key), raw, each);
  if (not v) {
    if (docs_)
      return "";
    missing(key, doc);
  }
  if (v == raw)
    each(pointer(key), *v);
  return v->get<std::string>();
}

std::string Fields::choice(const std::string& key, const std::string& def, const std::vector<std::string>& options,
                           const std::string& doc)
{
  std::string joined;
  for (auto const& o : options)
    joined += (joined.empty() ? "" : "|") + o;
  auto each = [&](const std::string& ptr, const json& c) {
    if (not c.is_string())
      throw InputError(file_, ptr, "expected one of " + joined + ", got " + quote_value(c));
    auto s = c.get<std::string>();
    if (std::find(options.begin(), options.end(), s) == options.end())
      throw InputError(file_, ptr, "expected one of " + joined + ", got " + quote_value(c) + did_you_mean(s, options));
  };
  const json* raw = docs_ ? lookup(key, "one of " + joined, def, doc, with_choices({{"enum", options}}))
                          : lookup(key, {}, {}, {}, json());
  const json* v   = choose(file_, pointer(key), raw, each);
  if (not v)
    return def;
  if (v == raw)
    each(pointer(key), *v);
  return v->get<std::string>();
}

std::vector<double> Fields::quantity_list(const std::string& key, Unit unit, const std::vector<double>& def,
                                          const std::string& doc, Range range)
{
  std::string d;
  for (double x : def)
    d += (d.empty() ? "" : ", ") + format_number(x);
  const json* v = docs_ ? lookup(key, "list of " + type_text(unit, range), "[" + d + "]", doc,
                                 {{"type", "array"}, {"items", quantity_schema(unit, range)}})
                        : lookup(key, {}, {}, {}, json());
  if (not v)
    return def;
  if (not v->is_array())
    fail(key, "expected a list, got " + quote_value(*v));
  std::vector<double> out;
  Fields inner(json::object(), file_, pointer(key));
  for (size_t i = 0; i < v->size(); ++i)
    out.push_back(inner.to_quantity(std::to_string(i), (*v)[i], unit, range));
  return out;
}

std::vector<std::string> Fields::string_list(const std::string& key, const std::vector<std::string>& def,
                                             const std::string& doc)
{
  const json* v = docs_ ? lookup(key, "list of strings", json(def).dump(), doc,
                                 {{"type", "array"}, {"items", {{"type", "string"}}}})
                        : lookup(key, {}, {}, {}, json());
  if (not v)
    return def;
  if (not v->is_array())
    fail(key, "expected a list of strings, got " + quote_value(*v));
  std::vector<std::string> out;
  for (size_t i = 0; i < v->size(); ++i) {
    if (not(*v)[i].is_string())
      throw InputError(file_, pointer_join(pointer(key), i), "expected a string, got " + quote_value((*v)[i]));
    out.push_back((*v)[i].get<std::string>());
  }
  return out;
}

Fields Fields::object(const std::string& key, const std::string& doc)
{
  const json* v = lookup(key, "object", "{}", doc, {{"type", "object"}});
  if (docs_)
    docs_->pop_back(); // the nested fields document themselves
  if (v && not v->is_object())
    fail(key, "expected an object, got " + quote_value(*v));
  return Fields(v ? *v : json::object(), file_, pointer(key), docs_, pointer_join(doc_prefix_, key));
}

const json* Fields::raw(const std::string& key, const std::string& type, const std::string& doc)
{
  return docs_ ? lookup(key, type, "", doc) : lookup(key, {}, {}, {}, json());
}

const json* Fields::raw(const std::string& key, const std::string& type, const std::string& doc, json schema)
{
  return lookup(key, type, "", doc, std::move(schema));
}

void Fields::finish() const
{
  std::vector<std::string> known(known_->begin(), known_->end());
  for (auto const& [k, _] : object_.items()) {
    if (known_->count(k))
      continue;
    throw InputError(file_, pointer(k), "unknown key \"" + k + "\"" + did_you_mean(k, known));
  }
}

} // namespace cs
