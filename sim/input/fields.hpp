/* Reading one JSON object into typed values, with each field declared once: its default, unit, range and doc.
 *
 * The same calls serve two purposes: parsing (values checked, unknown keys rejected with the nearest known key
 * suggested, errors naming file + JSON pointer + value) and documentation (`clustersim describe MODEL` runs the
 * parser on an empty object with a FieldDoc sink, so defaults live in exactly one place). */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"

#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cs {

/** One declared field, as `describe` prints it. */
struct FieldDoc {
  std::string pointer; ///< JSON pointer relative to the object being described
  std::string type;    ///< "duration", "size", "integer", "one of NR|FR|TR", ...
  std::string default_value;
  std::string doc;
  json schema = json::object(); ///< the same constraints as a JSON Schema (schemas are generated from these)
};

/** Accepted interval of a numeric field. */
struct Range {
  double min         = -std::numeric_limits<double>::infinity();
  double max         = std::numeric_limits<double>::infinity();
  bool min_exclusive = false;
  static Range positive() { return {0, std::numeric_limits<double>::infinity(), true}; }
  static Range non_negative() { return {0, std::numeric_limits<double>::infinity(), false}; }
  static Range unit_interval() { return {0, 1, false}; }
  static Range at_least(double v) { return {v, std::numeric_limits<double>::infinity(), false}; }
  static Range between(double lo, double hi) { return {lo, hi, false}; }
  bool contains(double v) const { return (min_exclusive ? v > min : v >= min) && v <= max; }
  std::string describe() const;
};

/** `range` with the framework's own bound of `unit` (sizes: max_size_bytes, durations: max_duration_s;
 * sim/input/input_limits.hpp). */
Range bounded(Unit unit, Range range);

class Fields {
public:
  /** `docs` non-null = documentation mode: absent fields take their defaults and every field is recorded. */
  Fields(const json& object, std::string file, std::string pointer, std::vector<FieldDoc>* docs = nullptr,
         std::string doc_prefix = "");

  /** A quantity with a unit; accepts a number, a unit string, or {"value": ..., "source": "..."} with optionally a
   *  plausible "range": [lo, hi] and its "distribution" (sim/input/uncertain.hpp). */
  double quantity(const std::string& key, Unit unit, double def, const std::string& doc, Range range = {});
  /** Same, but the field must be present. */
  double required_quantity(const std::string& key, Unit unit, const std::string& doc, Range range = {});
  double number(const std::string& key, double def, const std::string& doc, Range range = {})
  {
    return quantity(key, Unit::none, def, doc, range);
  }
  long integer(const std::string& key, long def, const std::string& doc, long min = 0,
               long max = std::numeric_limits<long>::max());
  bool boolean(const std::string& key, bool def, const std::string& doc);
  /** A check of a string field's value beyond its type (a file that must exist...), given the value's pointer: run on
   *  the value and on each of its choices. */
  using StringCheck = std::function<void(const std::string& pointer, const std::string& value)>;
  std::string string(const std::string& key, const std::string& def, const std::string& doc,
                     const StringCheck& check = {});
  std::string required_string(const std::string& key, const std::string& doc, const StringCheck& check = {});
  std::string choice(const std::string& key, const std::string& def, const std::vector<std::string>& options,
                     const std::string& doc);
  /** A choice read straight into an enum: `options` pairs each accepted string with its value. */
  template <class Enum, class = std::enable_if_t<std::is_enum_v<Enum>>>
  Enum choice(const std::string& key, Enum def, const std::vector<std::pair<std::string, Enum>>& options,
              const std::string& doc)
  {
    std::vector<std::string> names;
    std::string def_name;
    for (auto const& [n, v] : options) {
      names.push_back(n);
      if (v == def)
        def_name = n;
    }
    std::string got = choice(key, def_name, names, doc);
    for (auto const& [n, v] : options)
      if (n == got)
        return v;
    return def;
  }
  std::vector<double> quantity_list(const std::string& key, Unit unit, const std::vector<double>& def,
                                    const std::string& doc, Range range = {});
  std::vector<std::string> string_list(const std::string& key, const std::vector<std::string>& def,
                                       const std::string& doc);

  /** A nested object (absent: an empty one, so nested defaults apply). */
  Fields object(const std::string& key, const std::string& doc);
  /** Marks `key` as known and returns the raw value (nullptr if absent): for fields parsed elsewhere. */
  const json* raw(const std::string& key, const std::string& type, const std::string& doc);
  /** Same, with the JSON Schema the raw value must match (for the generated schemas). */
  const json* raw(const std::string& key, const std::string& type, const std::string& doc, json schema);

  bool has(const std::string& key) const;
  /** The "source" given with a field in the {"value", "source"} form, or "" if none. */
  std::string source_of(const std::string& key) const;

  /** Rejects keys that no call declared, suggesting the nearest declared key. */
  void finish() const;

  [[noreturn]] void fail(const std::string& key, const std::string& what) const;
  /** A required field is absent: says so, and points at a likely misspelling of it among the given keys. */
  [[noreturn]] void missing(const std::string& key, const std::string& doc) const;
  const std::string& file() const { return file_; }
  std::string pointer(const std::string& key) const { return pointer_join(pointer_, key); }
  const std::string& pointer() const { return pointer_; }
  bool documenting() const { return docs_ != nullptr; }
  const json& json_object() const { return object_; }

private:
  const json* lookup(const std::string& key, const std::string& type, const std::string& def, const std::string& doc,
                     json schema = json::object());
  double to_quantity(const std::string& key, const json& v, Unit unit, Range range) const;
  long checked_integer(const std::string& ptr, const json& v, long min, long max, const std::string& type) const;
  long ranged_integer(const std::string& key, const json& form, long point, long min, long max,
                      const std::string& type) const;
  double scalar_quantity(const json& v, const std::string& ptr, Unit unit, Range range) const;
  /** The value of a {"value", "range", ...} form: checked, and drawn from its range under an uncertainty draw. */
  double ranged_quantity(const json& form, const std::string& ptr, double point, Unit unit, Range range) const;

  json object_;
  std::string file_;
  std::string pointer_;
  std::vector<FieldDoc>* docs_;
  std::string doc_prefix_;
  std::shared_ptr<std::set<std::string>> known_ = std::make_shared<std::set<std::string>>();
};

/** The closest string of `candidates` to `word` (edit distance), or "" if none is close. */
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);
/** ` (did you mean "X"?)` for the nearest candidate X, or "" if none is close: the one way errors suggest. */
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

/** The JSON Schema of a quantity field: a number, a unit string, or {"value", "source"} (`sourced`: only the
 *  latter, as platform numbers must carry their provenance). */
json quantity_schema(Unit unit, const Range& range, bool sourced = false);

/** Formats a double the short way ("0.03", "1e+06") for docs and CSV. */
std::string format_number(double v);

} // namespace cs
