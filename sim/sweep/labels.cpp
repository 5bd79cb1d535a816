#include "sim/sweep/labels.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"
#include "sim/run/model_table.hpp"
#include "sim/run/scenario.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace cs {

namespace {

struct Suffix {
  const char* suffix;
  const char* unit;
  Unit dimension;
};
// Metric names end with their unit (docs/contributing.md); the longest suffixes first.
const Suffix metric_suffixes[] = {{"_bytes", "B", Unit::size}, {"_bps", "B/s", Unit::bandwidth},
                                  {"_ms", "ms", Unit::time},   {"_us", "us", Unit::time},
                                  {"_pct", "%", Unit::none},   {"_s", "s", Unit::time}};

std::string sentence_case(std::string s)
{
  for (const char* article : {"the ", "a ", "an "})
    if (s.rfind(article, 0) == 0 && s.size() > std::string(article).size())
      s = s.substr(std::string(article).size());
  if (not s.empty())
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

/** The first clause of a doc string: "nodes, one DSM process each (seed: 1 to 16)" -> "nodes". */
std::string first_clause(const std::string& doc)
{
  size_t end    = doc.find_first_of(",;:(");
  std::string s = doc.substr(0, end);
  while (not s.empty() && s.back() == ' ')
    s.pop_back();
  return s;
}

ColumnLabel from_type(const std::string& text, const std::string& type)
{
  ColumnLabel l{sentence_case(text), "", Unit::none};
  static const struct {
    const char* type;
    const char* unit;
    Unit dimension;
  } types[] = {{"duration", "s", Unit::time},
               {"size", "B", Unit::size},
               {"bandwidth", "B/s", Unit::bandwidth},
               {"speed", "flop/s", Unit::speed},
               {"rate", "1/s", Unit::rate}};
  for (auto const& t : types)
    if (type.rfind(t.type, 0) == 0) {
      l.unit      = t.unit;
      l.dimension = t.dimension;
    }
  return l;
}

std::string dotted(const std::string& pointer)
{
  std::string s = pointer.substr(1);
  for (char& c : s)
    if (c == '/')
      c = '.';
  return s;
}

} // namespace

ColumnLabel column_label(const std::string& name, const std::string& model)
{
  if (name.rfind("params.", 0) == 0) {
    if (const ModelEntry* m = models().find(model)) {
      std::vector<FieldDoc> docs;
      m->describe(docs);
      for (auto const& d : docs)
        if (dotted(d.pointer) == name.substr(7)) {
          // A choice's doc lists its options ("NR normal read, FR ..."), a switch's doc and a long first clause are
          // sentences ("Blast UDP at jp-1..jp-4 from ..."): the field's own name says more.
          size_t last     = name.rfind('.');
          std::string key = name.substr(last + 1);
          if (key == "enabled" && last > 7) // "congestion.enabled": the thing enabled
            key = name.substr(name.rfind('.', last - 1) + 1, last - name.rfind('.', last - 1) - 1) + " " + key;
          std::replace(key.begin(), key.end(), '_', ' ');
          std::string clause = first_clause(d.doc);
          bool sentence      = std::count(clause.begin(), clause.end(), ' ') >= 5 || d.type == "boolean";
          return from_type(d.type.rfind("one of", 0) == 0 || sentence ? key : clause, d.type);
        }
    }
  }
  if (name.rfind("platform.", 0) == 0) {
    // "platform.switches.lan.port.bandwidth": the platform field's doc, and the entry it belongs to.
    std::vector<std::string> parts;
    size_t start = 9;
    while (start <= name.size()) {
      size_t dot = name.find('.', start);
      parts.push_back(name.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos)
        break;
      start = dot + 1;
    }
    std::vector<FieldDoc> docs;
    describe_scenario(docs);
    for (auto const& d : docs)
      if (dotted(d.pointer) == name)
        return from_type(first_clause(d.doc), d.type);
    if (parts.size() >= 3) {
      std::string kind  = parts[0] == "os_profiles" ? "<name>" : "*";
      std::string field = parts.back();
      std::string where = parts[1];
      std::vector<FieldDoc> pdocs;
      describe_platform(pdocs);
      std::string tail;
      for (size_t i = 2; i < parts.size(); ++i)
        tail += "/" + parts[i];
      for (auto const& d : pdocs)
        if (d.pointer == "/" + parts[0] + "/" + kind + tail) {
          std::string owner = parts.size() > 3 ? parts[parts.size() - 2] + " of " + where : where;
          return from_type(first_clause(d.doc) + " (" + owner + ")", d.type);
        }
      if (parts[0] == "os_profiles" && parts.size() == 4 && parts[2] == "costs")
        return from_type(field + " cost (" + where + ")",
                         field.size() > 3 && field.rfind("_bw") == field.size() - 3 ? "bandwidth" : "duration");
    }
  }
  for (auto const& s : metric_suffixes) {
    std::string suf(s.suffix);
    if (name.size() > suf.size() && name.compare(name.size() - suf.size(), suf.size(), suf) == 0) {
      std::string text = name.substr(0, name.size() - suf.size());
      for (char& c : text)
        if (c == '_' || c == '.')
          c = ' ';
      return {sentence_case(text), s.unit, s.dimension};
    }
  }
  std::string text = name.rfind("params.", 0) == 0 ? name.substr(7) : name;
  for (char& c : text)
    if (c == '_' || c == '.')
      c = ' ';
  return {sentence_case(text), "", Unit::none};
}

double unit_factor(const ColumnLabel& label, const std::string& unit)
{
  if (unit.empty() || unit == label.unit)
    return 1;
  std::string why;
  auto one = parse_unit_string("1" + unit, label.dimension, &why);
  if (not one || *one <= 0)
    throw UsageError("unit \"" + unit + "\" does not fit " + label.text +
                     (label.unit.empty() ? "" : " (in " + label.unit + ")") + (why.empty() ? "" : ": " + why));
  // Metrics in ms or us are scaled to seconds first.
  double own = label.unit == "ms" ? 1e-3 : label.unit == "us" ? 1e-6 : 1;
  return *one / own;
}

std::string tick_label(const std::string& text)
{
  if (text.find('/') == std::string::npos || text.find(' ') != std::string::npos)
    return text;
  return std::filesystem::path(text).stem().string();
}

} // namespace cs
