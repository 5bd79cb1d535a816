#include "sim/sweep/spec.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/hash.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/run/model.hpp"
#include "sim/run/rng.hpp"
#include "sim/run/scenario.hpp"
#include "sim/sweep/sample.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace cs {

namespace {

/** Overrides travel as path=JSON text: a string value stays a string even when it looks like a number ("10"). */
std::string set_arg(const std::string& path, const json& v)
{
  return path + "=" + v.dump();
}

std::vector<json> value_list(const json& v, const std::string& file, const std::string& ptr)
{
  if (not v.is_array() || v.empty())
    throw InputError(file, ptr, "expected a non-empty list of values, got " + quote_value(v));
  return std::vector<json>(v.begin(), v.end());
}

/** "grid": {path: [values]} (sorted by path: JSON objects have no order) or [{path: [values]}, ...] (in order). */
void parse_grid(const json& grid, const std::string& file, const std::string& ptr, SweepSpec& s)
{
  auto add = [&](const std::string& path, const json& values, const std::string& vptr) {
    SweepFactor f;
    f.kind  = "grid";
    f.paths = {path};
    for (auto const& v : value_list(values, file, vptr))
      f.rows.push_back({v});
    s.factors.push_back(std::move(f));
  };
  if (grid.is_object()) {
    for (auto const& [k, v] : grid.items())
      add(k, v, pointer_join(ptr, k));
  } else if (grid.is_array()) {
    for (size_t i = 0; i < grid.size(); ++i) {
      if (not grid[i].is_object() || grid[i].size() != 1)
        throw InputError(file, pointer_join(ptr, i), "expected {\"path\": [values]}, got " + quote_value(grid[i]));
      add(grid[i].begin().key(), grid[i].begin().value(), pointer_join(pointer_join(ptr, i), grid[i].begin().key()));
    }
  } else {
    throw InputError(file, ptr, "expected an object of path: [values], got " + quote_value(grid));
  }
}

/** "zip": {path: [values], ...} with lists of one length, advanced together; or a list of such groups. */
void parse_zip(const json& zip, const std::string& file, const std::string& ptr, SweepSpec& s)
{
  auto add = [&](const json& group, const std::string& gptr) {
    if (not group.is_object() || group.empty())
      throw InputError(file, gptr, "expected an object of path: [values], got " + quote_value(group));
    SweepFactor f;
    f.kind = "zip";
    for (auto const& [k, v] : group.items()) {
      auto values = value_list(v, file, pointer_join(gptr, k));
      if (not f.paths.empty() && values.size() != f.rows.size())
        throw InputError(file, pointer_join(gptr, k),
                         "zipped lists must have one length: " + std::to_string(values.size()) + " values here, " +
                             std::to_string(f.rows.size()) + " for \"" + f.paths.front() + "\"");
      f.rows.resize(values.size());
      for (size_t i = 0; i < values.size(); ++i)
        f.rows[i].push_back(values[i]);
      f.paths.push_back(k);
    }
    s.factors.push_back(std::move(f));
  };
  if (zip.is_array())
    for (size_t i = 0; i < zip.size(); ++i)
      add(zip[i], pointer_join(ptr, i));
  else
    add(zip, ptr);
}

bool is_identifier(const std::string& s)
{
  if (s.empty() || not(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  for (char c : s)
    if (not(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

/** "derived": {name: "expression"} or {name: {"expr": ..., "baseline": {path: value}, "match": [columns]}}. */
void parse_derived(const json& derived, const std::string& file, const std::string& ptr, SweepSpec& s)
{
  if (not derived.is_object())
    throw InputError(file, ptr, "expected an object of name: expression, got " + quote_value(derived));
  auto params = s.param_paths();
  std::set<std::string> param_set(params.begin(), params.end());
  for (auto const& [name, v] : derived.items()) {
    DerivedColumn d;
    d.name         = name;
    d.pointer      = pointer_join(ptr, name);
    std::string ep = d.pointer;
    std::string text;
    if (not is_identifier(name) || name == "point" || name == "rep" || name == "seed" || name == "status")
      throw InputError(file, d.pointer,
                       "a derived column needs a plain name (letters, digits, _) other than point, "
                       "rep, seed and status");
    if (v.is_string()) {
      text = v.get<std::string>();
    } else {
      Fields f(v, file, d.pointer);
      text = f.required_string("expr", "the expression, e.g. \"baseline.total_time_s / total_time_s\"");
      ep   = f.pointer("expr");
      if (const json* b = f.raw("baseline", "object", "path: value selecting the baseline rows")) {
        if (not b->is_object() || b->empty())
          f.fail("baseline", "expected an object of path: value, got " + quote_value(*b));
        for (auto const& [path, _] : b->items())
          if (not param_set.count(path))
            throw InputError(file, pointer_join(f.pointer("baseline"), path),
                             "\"" + path + "\" is not a swept parameter of this sweep");
        d.baseline = *b;
      }
      if (const json* m = f.raw("match", "[columns]",
                                "columns a row's baseline must share (default: rep and "
                                "every swept parameter the baseline does not fix)")) {
        if (not m->is_array())
          f.fail("match", "expected a list of column names, got " + quote_value(*m));
        for (auto const& c : *m) {
          if (not c.is_string() || (not param_set.count(c.get<std::string>()) && c != "rep"))
            f.fail("match", "expected swept parameters or \"rep\", got " + quote_value(c));
          d.match.push_back(c.get<std::string>());
        }
      }
      f.finish();
    }
    try {
      d.expr = Expr::parse(text);
    } catch (const ExprError& e) {
      throw InputError(file, ep, "bad expression \"" + text + "\": " + e.what());
    }
    bool uses_baseline = false;
    for (auto const& n : d.expr.names())
      uses_baseline = uses_baseline || n.rfind("baseline.", 0) == 0;
    if (uses_baseline && d.baseline.is_null())
      throw InputError(file, ep, "the expression reads baseline.* but no \"baseline\" selects the baseline rows");
    if (not d.baseline.is_null() && d.match.empty()) {
      for (auto const& p : params)
        if (not d.baseline.contains(p))
          d.match.push_back(p);
      d.match.push_back("rep");
    }
    s.derived.push_back(std::move(d));
  }
}

} // namespace

std::vector<std::string> SweepSpec::param_paths() const
{
  std::vector<std::string> out;
  for (auto const& f : factors)
    out.insert(out.end(), f.paths.begin(), f.paths.end());
  return out;
}

size_t SweepSpec::size() const
{
  size_t n = static_cast<size_t>(repetitions);
  for (auto const& f : factors)
    n *= f.size();
  return n;
}

std::vector<std::string> SweepPoint::sets(const SweepSpec& spec) const
{
  std::vector<std::string> out = spec.set;
  for (auto const& [path, v] : values)
    out.push_back(set_arg(path, v));
  return out;
}

namespace {

void check_point_count(const SweepSpec& s)
{
  size_t n = static_cast<size_t>(s.repetitions);
  for (auto const& factor : s.factors) {
    if (factor.size() > max_sweep_points / n)
      throw InputError(s.file, s.pointer,
                       "more than " + std::to_string(max_sweep_points) +
                           " points (the product of the grid, zip and "
                           "sample sizes and the repetitions)");
    n *= factor.size();
  }
}

/** The sweep file's fields, declared once for parsing and for `describe_sweep` (documentation mode). */
void sweep_fields(Fields& f, SweepSpec& s)
{
  const std::string& file    = s.file;
  const std::string& pointer = s.pointer;
  f.string("$schema", "", "the JSON Schema an editor checks this file with (ignored by clustersim)");
  s.name = f.string("name", "", "sweep name");
  f.string("description", "", "what the sweep studies");
  std::string base = f.required_string("scenario", "base scenario file");
  s.base           = resolve_path(file, base);
  if (not f.documenting() && not file_exists(s.base))
    f.fail("scenario", "no such scenario file \"" + base + "\"");
  const json path_values{{"type", "object"}, {"additionalProperties", {{"type", "array"}, {"minItems", 1}}}};
  if (const json* set = f.raw("set", "object", "fixed overrides (path: value) for every point", {{"type", "object"}})) {
    if (not set->is_object())
      f.fail("set", "expected an object of path: value, got " + quote_value(*set));
    for (auto const& [k, v] : set->items())
      s.set.push_back(set_arg(k, v));
  }
  s.repetitions = f.integer("repetitions", 1, "runs per point, with seeds derived from the sweep seed", 1, 1000000);
  s.seed_given  = f.has("seed");
  long seed = f.integer("seed", 1, "sweep seed (default: the scenario's): sampling and repetition seeds", 0, max_seed);
  std::string seeds = f.choice("seeds", "common", {"common", "distinct"},
                               "common: repetition r has the same seed at every point (common random numbers, for "
                               "comparing configurations); distinct: every point has its own seed");
  s.distinct_seeds  = seeds == "distinct";
  if (s.seed_given) {
    s.seed = static_cast<uint64_t>(seed);
  } else if (not f.documenting()) {
    // The scenario's own seed, after the fixed overrides (which may set it).
    json base_doc = load_json_file(s.base);
    if (base_doc.is_object())
      apply_overrides(base_doc, s.set, s.base);
    if (base_doc.is_object() && base_doc.contains("seed") && base_doc["seed"].is_number_unsigned())
      s.seed = base_doc["seed"].get<uint64_t>();
  }
  if (const json* grid = f.raw("grid", "object", "path: [values] — the cartesian product is swept",
                               {{"anyOf", json::array({path_values, {{"type", "array"}, {"items", path_values}}})}}))
    parse_grid(*grid, file, f.pointer("grid"), s);
  if (const json* zip = f.raw("zip", "object", "path: [values] of one length, advanced together (or a list of such)",
                              {{"anyOf", json::array({path_values, {{"type", "array"}, {"items", path_values}}})}}))
    parse_zip(*zip, file, f.pointer("zip"), s);
  if (const json* sample = f.raw("sample", "object", "random or Latin-hypercube sample of parameters",
                                 {{"type", "object"}, {"required", json::array({"count", "params"})}}))
    s.factors.push_back(parse_sample(*sample, file, f.pointer("sample"), s.seed));
  check_point_count(s);
  std::set<std::string> seen;
  for (auto const& p : s.param_paths())
    if (not seen.insert(p).second)
      throw InputError(file, pointer,
                       "parameter \"" + p +
                           "\" is swept twice (grid, zip and sample must not share "
                           "paths)");
  json derived_column{
      {"anyOf",
       json::array(
           {{{"type", "string"}},
            {{"type", "object"},
             {"properties",
              {{"expr", {{"type", "string"}}}, {"baseline", {{"type", "object"}}}, {"match", {{"type", "array"}}}}},
             {"required", {"expr"}},
             {"additionalProperties", false}}})}};
  if (const json* derived = f.raw("derived", "object", "name: expression computed in the merged table",
                                  {{"type", "object"}, {"additionalProperties", derived_column}}))
    parse_derived(*derived, file, f.pointer("derived"), s);
  f.finish();
}

} // namespace

void describe_sweep(std::vector<FieldDoc>& docs)
{
  SweepSpec s;
  s.file = "<sweep>";
  Fields f(json::object(), s.file, "", &docs);
  sweep_fields(f, s);
}

SweepSpec parse_sweep(const json& j, const std::string& file, const std::string& pointer)
{
  SweepSpec s;
  s.file     = file;
  s.pointer  = pointer;
  s.document = j;
  Fields f(j, file, pointer);
  sweep_fields(f, s);
  return s;
}

SweepSpec load_sweep(const std::string& given)
{
  std::string path = find_data_file(given); // a shipped sweep runs from any folder
  return parse_sweep(load_json_file(path), path, "");
}

uint64_t point_seed(const SweepSpec& spec, size_t index)
{
  if (spec.distinct_seeds)
    return derive_seed(spec.seed, index);
  if (spec.repetitions > 1)
    return derive_seed(spec.seed, index % static_cast<size_t>(spec.repetitions));
  return spec.seed;
}

SweepPoint sweep_point(const SweepSpec& spec, size_t index)
{
  auto reps   = static_cast<size_t>(spec.repetitions);
  size_t rest = index / reps;
  std::vector<size_t> idx(spec.factors.size());
  for (size_t g = spec.factors.size(); g-- > 0;) { // the last factor varies fastest
    idx[g] = rest % spec.factors[g].size();
    rest /= spec.factors[g].size();
  }
  SweepPoint p;
  p.index = index;
  for (size_t g = 0; g < spec.factors.size(); ++g)
    for (size_t k = 0; k < spec.factors[g].paths.size(); ++k)
      p.values.emplace_back(spec.factors[g].paths[k], spec.factors[g].value(idx[g], k));
  p.rep      = static_cast<long>(index % reps);
  p.seed     = point_seed(spec, index);
  p.has_seed = spec.distinct_seeds || reps > 1 || spec.seed_given;
  char id[32];
  std::snprintf(id, sizeof id, "p%05zu", p.index);
  p.id = id;
  return p;
}

std::vector<SweepPoint> expand_sweep(const SweepSpec& spec)
{
  std::vector<SweepPoint> points;
  size_t n = spec.size();
  points.reserve(n);
  for (size_t i = 0; i < n; ++i)
    points.push_back(sweep_point(spec, i));
  return points;
}

namespace {

/** The index of the point whose factors take their first rows, but factor `g`, which takes row `row`. */
size_t point_with_row(const SweepSpec& spec, size_t g, size_t row)
{
  size_t later = static_cast<size_t>(spec.repetitions);
  for (size_t h = g + 1; h < spec.factors.size(); ++h)
    later *= spec.factors[h].size();
  return row * later;
}

void check_point(const SweepSpec& spec, const SweepPoint& p, const std::string& what)
{
  try {
    check_scenario(spec.base, p.sets(spec));
  } catch (const InputError& e) {
    std::string sets;
    for (auto const& a : p.sets(spec))
      sets += " --set " + a;
    // A sweep without axes has one point, the base scenario as it is: no --set to show.
    std::string which = what + sets.substr(std::min<size_t>(1, sets.size()));
    throw InputError(spec.file, spec.pointer,
                     "point " + p.id + " (" + (which.empty() ? "the base scenario unchanged" : which) +
                         ") is not a valid scenario: " + e.what());
  }
}

} // namespace

void check_points(const SweepSpec& spec)
{
  if (spec.size() == 0)
    return;
  check_point(spec, sweep_point(spec, 0), "");
  // Every other row of every factor, in the first point's place: the axes are independent, so a value that is
  // valid there is valid in every point that takes it. A sample is drawn within its declared bounds: each of a
  // choice's values and a range's two ends stand for its draws, each checked in the first point's place and named
  // by its own pointer in the sweep file.
  for (size_t g = 0; g < spec.factors.size(); ++g) {
    const SweepFactor& f = spec.factors[g];
    if (f.kind == "random" || f.kind == "lhs") {
      SweepPoint first              = sweep_point(spec, 0);
      std::vector<std::string> sets = first.sets(spec);
      for (size_t k = 0; k < f.paths.size(); ++k)
        for (auto const& b : f.lazy->bounds(k)) {
          std::vector<std::string> with = sets;
          for (auto& a : with)
            if (a.rfind(f.paths[k] + "=", 0) == 0)
              a = set_arg(f.paths[k], b.value);
          try {
            check_scenario(spec.base, with);
          } catch (const InputError& e) {
            throw InputError(spec.file, b.pointer,
                             "the sample's value " + b.value.dump() + " of " + f.paths[k] +
                                 " is not valid there: " + e.what());
          }
        }
      continue;
    }
    for (size_t row = 1; row < f.size(); ++row) {
      std::string what;
      for (size_t k = 0; k < f.paths.size(); ++k)
        what += f.paths[k] + " = " + f.value(row, k).dump() + ": ";
      check_point(spec, sweep_point(spec, point_with_row(spec, g, row)), what);
    }
  }
}

std::string sweep_fingerprint(const SweepSpec& spec, const std::vector<std::string>& forward)
{
  // The base scenario is not part of it: each point's result carries the fingerprint of its own inputs
  // (sim/run/fingerprint), and a resume re-runs the points whose inputs changed instead of refusing the folder.
  uint64_t h = fnv1a("clustersim sweep\n");
  for (auto const& f : forward)
    h = fnv1a(f + "\n", h);
  for (size_t i = 0, n = spec.size(); i < n; ++i) {
    SweepPoint p     = sweep_point(spec, i);
    std::string line = p.id + " " + std::to_string(p.has_seed ? p.seed : 0);
    for (auto const& s : p.sets(spec))
      line += " " + s;
    h = fnv1a(line + "\n", h);
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

} // namespace cs
