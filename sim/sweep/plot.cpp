#include "sim/sweep/plot.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/unit_text.hpp"
#include "sim/run/plot.hpp"
#include "sim/sweep/labels.hpp"
#include "sim/sweep/store.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

namespace fs = std::filesystem;

namespace cs {

namespace {

/** The aggregated rows of a sweep folder (one per grid point), with their columns looked up by name. */
class Rows {
public:
  explicit Rows(const std::string& dir)
  {
    std::string path = dir + "/sweep_stats.json";
    if (not fs::exists(path))
      throw UsageError("no " + path + ": run the sweep (or `clustersim sweep merge " + dir + "`) first");
    rows_ = load_json_file(path, max_input_bytes << 6); // this program's own output: one row per grid point
    if (not rows_.is_array())
      throw UsageError(path + " is not a sweep's statistics table");
    for (auto const& r : rows_) {
      json params = r.value("params", json::object()); // a copy: items() of a temporary would dangle
      for (auto const& [k, _] : params.items())
        if (std::find(params_.begin(), params_.end(), k) == params_.end())
          params_.push_back(k);
    }
  }
  const json& all() const { return rows_; }
  const std::vector<std::string>& params() const { return params_; }
  bool is_param(const std::string& name) const
  {
    return std::find(params_.begin(), params_.end(), name) != params_.end();
  }

  /** A swept parameter's value in a row (null if the row has none). */
  static json column(const json& row, const std::string& name)
  {
    if (row.contains("params") && row["params"].is_object() && row["params"].contains(name))
      return row["params"][name];
    return nullptr;
  }
  /** The statistics of a metric or derived column in a row (null if no run of that point produced it). */
  static json stats(const json& row, const std::string& name)
  {
    if (row.contains("stats") && row["stats"].is_object() && row["stats"].contains(name))
      return row["stats"][name];
    return nullptr;
  }

  /** Checks that `name` is a numeric column somewhere (a metric or derived column to plot). */
  void check_numeric(const std::string& name, const char* option) const
  {
    std::vector<std::string> numeric;
    for (auto const& r : rows_) {
      if (stats(r, name).is_object())
        return;
      if (r.contains("stats") && r["stats"].is_object())
        for (auto const& [k, _] : r["stats"].items())
          if (std::find(numeric.begin(), numeric.end(), k) == numeric.end())
            numeric.push_back(k);
    }
    std::string list;
    for (auto const& n : numeric)
      list += " " + n;
    throw UsageError(std::string(option) + " " + name +
                     ": no row has a number in that column (numeric columns:" + list + ")");
  }

private:
  json rows_;
  std::vector<std::string> params_;
};

std::string label_of(const json& v)
{
  return v.is_string() ? tick_label(v.get<std::string>()) : v.dump();
}

/** "Exec time (ms)": a label given on the command line, else the column's label from the docs, with its unit. */
std::string axis_label(const std::string& given, const ColumnLabel& l, const std::string& unit)
{
  std::string u = unit.empty() ? l.unit : unit;
  return (given.empty() ? l.text : given) + (u.empty() ? "" : " (" + u + ")");
}

/** The model a sweep folder ran (its base scenario's "model"), for the labels; "" if unknown. */
std::string sweep_model(const std::string& dir)
{
  try {
    json m        = load_json_file(manifest_path(dir));
    json scenario = load_json_file(m["sweep"]["scenario"].get<std::string>());
    return scenario.value("model", "");
  } catch (const std::exception&) {
    return "";
  }
}

std::string number_text(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

/** Whether a row's value is the one a --where names: booleans also as sweep_stats.csv and sweep.csv write them
 *  (1 and 0), and as words (true, false). */
bool where_matches(const json& cell, const json& wanted)
{
  if (cell == wanted)
    return true;
  if (cell.is_boolean() && wanted.is_number())
    return wanted == json(cell.get<bool>() ? 1 : 0);
  if (cell.is_boolean() && wanted.is_string())
    return wanted == json(cell.get<bool>() ? "true" : "false");
  return false;
}

/** The key's title: the --lines parameters' labels ("Congestion, QoS"), "" for a single line. */
std::string key_title(const std::vector<std::string>& lines, const std::string& model)
{
  std::string t;
  for (auto const& p : lines)
    t += (t.empty() ? "" : ", ") + axis_label("", column_label(p, model), "");
  return t;
}

/** The --where filters for the default title, so that a plot says which variants it shows. */
std::string where_text(const std::vector<std::string>& where)
{
  std::string text;
  for (auto const& w : where)
    text += (text.empty() ? " (" : ", ") + w;
  return text.empty() ? "" : text + ")";
}

/** Rows left by the --where filters, after checking that only the plotted axes still vary. */
std::vector<const json*> select_rows(const Rows& rows, const SweepPlotOptions& o, const std::vector<std::string>& axes)
{
  std::vector<std::pair<std::string, json>> filters;
  for (auto const& w : o.where) {
    auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("--where expects path=value, got \"" + w + "\"");
    std::string path = w.substr(0, eq);
    if (not rows.is_param(path))
      throw UsageError("--where " + path + ": not a swept parameter of this sweep");
    json value;
    try {
      value = json::parse(w.substr(eq + 1));
    } catch (const json::parse_error&) {
      value = w.substr(eq + 1);
    }
    filters.emplace_back(path, value);
  }
  for (auto const& a : axes)
    if (not a.empty() && not rows.is_param(a))
      throw UsageError(a + " is not a swept parameter of this sweep");
  std::vector<const json*> out;
  for (auto const& r : rows.all()) {
    bool keep = true;
    for (auto const& [path, value] : filters)
      keep = keep && where_matches(Rows::column(r, path), value);
    if (keep)
      out.push_back(&r);
  }
  if (out.empty())
    throw UsageError("no row is left by the --where filters");
  // A parameter not plotted must be constant for given axis values: zipped with an axis is fine, varying on its
  // own would mix different variants into one mark.
  for (auto const& p : rows.params()) {
    if (std::find(axes.begin(), axes.end(), p) != axes.end())
      continue;
    std::map<std::string, json> at;
    std::vector<json> seen;
    bool varies = false;
    for (auto const* r : out) {
      std::string key;
      for (auto const& a : axes)
        key += (a.empty() ? json(nullptr) : Rows::column(*r, a)).dump() + "\n";
      json v           = Rows::column(*r, p);
      auto [it, fresh] = at.emplace(key, v);
      varies           = varies || (not fresh && it->second != v);
      if (std::find(seen.begin(), seen.end(), v) == seen.end())
        seen.push_back(v);
    }
    if (varies) {
      std::string values;
      for (size_t i = 0; i < seen.size() && i < 5; ++i)
        values += (i ? ", " : "") + label_of(seen[i]);
      throw UsageError(p + " also varies (" + values + (seen.size() > 5 ? ", ..." : "") + "): fix it with --where " +
                       p + "=VALUE, or plot over it");
    }
  }
  return out;
}

/** Distinct values of a column in row order (the sweep's own order of values). */
std::vector<json> distinct(const std::vector<const json*>& rows, const std::string& name)
{
  std::vector<json> out;
  for (auto const* r : rows) {
    json v = name.empty() ? json(nullptr) : Rows::column(*r, name);
    if (std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  return out;
}

/** A row's line: the value of the one --lines parameter, or the list of the values of several (null: no --lines). */
json line_of(const json& row, const std::vector<std::string>& lines)
{
  if (lines.size() == 1)
    return Rows::column(row, lines[0]);
  json key = lines.empty() ? json(nullptr) : json::array();
  for (auto const& p : lines)
    key.push_back(Rows::column(row, p));
  return key;
}

std::vector<json> distinct_lines(const std::vector<const json*>& rows, const std::vector<std::string>& lines)
{
  std::vector<json> out;
  for (auto const* r : rows) {
    json v = line_of(*r, lines);
    if (std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  return out;
}

/** A line's title in the key: its value, or its values joined ("on, 4") in the order of the --lines. */
std::string line_title(const json& line)
{
  if (not line.is_array())
    return label_of(line);
  std::string t;
  for (auto const& v : line)
    t += (t.empty() ? "" : ", ") + label_of(v);
  return t;
}

std::string safe_name(std::string s)
{
  for (char& c : s)
    if (not(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      c = '_';
  return s;
}

std::string sweep_name(const std::string& dir)
{
  std::string m = manifest_path(dir);
  if (fs::exists(m)) {
    json j = load_json_file(m);
    if (j.contains("sweep") && j["sweep"].is_object() && j["sweep"].value("name", "") != "")
      return j["sweep"]["name"].get<std::string>();
  }
  return fs::path(dir).filename().string();
}

/** An axis value as a number: a number, or a quantity with its unit ("30ms") in base units. */
std::optional<double> axis_number(const json& v)
{
  if (v.is_number())
    return v.get<double>();
  if (auto q = v.is_string() ? parse_any_quantity(v.get<std::string>()) : std::nullopt)
    return q->first;
  return std::nullopt;
}

bool all_numbers(const std::vector<json>& values)
{
  return std::all_of(values.begin(), values.end(), [](const json& v) { return axis_number(v).has_value(); });
}

void sort_numbers(std::vector<json>& values)
{
  std::sort(values.begin(), values.end(),
            [](const json& a, const json& b) { return *axis_number(a) < *axis_number(b); });
}

std::map<std::string, std::string> line_plot(const Rows& rows, const SweepPlotOptions& o, const std::string& data,
                                             const std::string& model)
{
  if (o.errorbars != "sd" && o.errorbars != "ci95" && o.errorbars != "none")
    throw UsageError("--errorbars expects sd, ci95 or none, got \"" + o.errorbars + "\"");
  rows.check_numeric(o.y, "--y");
  std::vector<std::string> axes{o.x};
  axes.insert(axes.end(), o.lines.begin(), o.lines.end());
  auto selected = select_rows(rows, o, axes);
  auto xs       = distinct(selected, o.x);
  bool numeric  = all_numbers(xs);
  if (numeric)
    sort_numbers(xs);
  ColumnLabel xl = column_label(o.x, model), yl = column_label(o.y, model);
  double xf = numeric ? unit_factor(xl, o.xunit) : 1, yf = unit_factor(yl, o.yunit);
  std::map<std::pair<std::string, std::string>, json> cells;
  bool repeated = false; // a note on what the bars are only where there are bars
  for (auto const* r : selected) {
    json s = Rows::stats(*r, o.y);
    if (s.is_object() && s["mean"].is_number())
      cells[{Rows::column(*r, o.x).dump(), line_of(*r, o.lines).dump()}] = s;
    repeated = repeated || (s.is_object() && s.value("n", 0) > 1);
  }
  std::string text;
  std::map<std::string, std::string> vars, drawn; // drawn: each series' data, to its title
  int n = 0;
  for (auto const& line : distinct_lines(selected, o.lines)) {
    std::string block;
    for (size_t i = 0; i < xs.size(); ++i) {
      auto it = cells.find({xs[i].dump(), line.dump()});
      if (it == cells.end())
        continue;
      auto const& s = it->second;
      double mean   = s["mean"].get<double>();
      double lo = mean, hi = mean; // one run, or --errorbars none: no bar
      if (o.errorbars == "sd" && s["sd"].is_number()) {
        lo = mean - s["sd"].get<double>();
        hi = mean + s["sd"].get<double>();
      } else if (o.errorbars == "ci95" && s["ci95_low"].is_number()) {
        lo = s["ci95_low"].get<double>();
        hi = s["ci95_high"].get<double>();
      }
      block += (numeric ? number_text(*axis_number(xs[i]) / xf) : std::to_string(i)) + "\t" + number_text(mean / yf) +
               "\t" + number_text(lo / yf) + "\t" + number_text(hi / yf) + "\t" + label_of(xs[i]) + "\n";
    }
    if (block.empty())
      continue; // a line without a single finished point would only confuse the key
    text += (n ? "\n\n" : "") + block;
    ++n;
    std::string title = o.lines.empty() ? yl.text : line_title(line);
    // A series drawn exactly over another hides it: the key says which it coincides with.
    auto same                         = drawn.emplace(block, title);
    vars["title" + std::to_string(n)] = same.second ? title : title + " (= " + same.first->second + ")";
  }
  if (n == 0)
    throw UsageError("no finished point has a number in " + o.y);
  write_file_atomic(data, text);
  vars["nlines"]      = std::to_string(n);
  vars["categorical"] = numeric ? "0" : "1";
  vars["logx"]        = o.logx ? "1" : "0";
  vars["logy"]        = o.logy ? "1" : "0";
  vars["xlabel"]      = axis_label(o.xlabel, xl, numeric ? o.xunit : "");
  if (not numeric)
    vars["xlabel"] = o.xlabel.empty() ? xl.text : o.xlabel; // labels such as "10Mbps" carry their own unit
  vars["ylabel"]    = axis_label(o.ylabel, yl, o.yunit);
  vars["keytitle"]  = o.legend_title.empty() ? key_title(o.lines, model) : o.legend_title;
  vars["errorbars"] = not repeated            ? ""
                      : o.errorbars == "sd"   ? "error bars: one standard deviation over repetitions"
                      : o.errorbars == "ci95" ? "error bars: 95% confidence interval of the mean"
                                              : "";
  return vars;
}

std::map<std::string, std::string> heat_map(const Rows& rows, const SweepPlotOptions& o, const std::string& data,
                                            const std::string& model)
{
  rows.check_numeric(o.z, "--z");
  auto selected = select_rows(rows, o, {o.x, o.y});
  auto xs       = distinct(selected, o.x);
  auto ys       = distinct(selected, o.y);
  for (auto* axis : {&xs, &ys})
    if (all_numbers(*axis))
      sort_numbers(*axis);
  ColumnLabel zl = column_label(o.z, model);
  double zf      = unit_factor(zl, o.zunit);
  std::map<std::pair<std::string, std::string>, double> cells;
  for (auto const* r : selected) {
    json s = Rows::stats(*r, o.z);
    if (s.is_object() && s["mean"].is_number())
      cells[{Rows::column(*r, o.x).dump(), Rows::column(*r, o.y).dump()}] = s["mean"].get<double>() / zf;
  }
  if (cells.empty())
    throw UsageError("no finished point has a number in " + o.z);
  std::string text;
  for (size_t i = 0; i < xs.size(); ++i) {
    text += i ? "\n" : "";
    for (size_t j = 0; j < ys.size(); ++j) {
      auto it = cells.find({xs[i].dump(), ys[j].dump()});
      text += std::to_string(i) + "\t" + std::to_string(j) + "\t" +
              (it == cells.end() ? std::string("NaN") : number_text(it->second)) + "\n";
    }
  }
  write_file_atomic(data, text);
  if (o.logz)
    for (auto const& [_, v] : cells)
      if (v <= 0)
        throw UsageError("--logz: " + o.z + " has values <= 0, which a logarithmic colour scale cannot show");
  // Heat map axes are ranks labelled with the values (which carry their own units): no unit on them.
  std::map<std::string, std::string> vars{{"nx", std::to_string(xs.size())},
                                          {"ny", std::to_string(ys.size())},
                                          {"xlabel", o.xlabel.empty() ? column_label(o.x, model).text : o.xlabel},
                                          {"ylabel", o.ylabel.empty() ? column_label(o.y, model).text : o.ylabel},
                                          {"zlabel", axis_label(o.zlabel, zl, o.zunit)},
                                          {"logz", o.logz ? "1" : "0"}};
  for (size_t i = 0; i < xs.size(); ++i)
    vars["xtic" + std::to_string(i + 1)] = label_of(xs[i]);
  for (size_t j = 0; j < ys.size(); ++j)
    vars["ytic" + std::to_string(j + 1)] = label_of(ys[j]);
  return vars;
}

} // namespace

std::string plot_sweep(const SweepPlotOptions& o)
{
  if (o.kind != "line" && o.kind != "heat")
    throw UsageError("--kind expects line or heat, got \"" + o.kind + "\"");
  if (o.x.empty() || o.y.empty() || (o.kind == "heat" && o.z.empty()))
    throw UsageError(o.kind == "line" ? "a line plot needs --x PARAM and --y COLUMN"
                                      : "a heat map needs --x PARAM, --y PARAM and --z COLUMN");
  Rows rows(o.sweep_dir);
  std::string column = o.kind == "line" ? o.y : o.z;
  std::string base   = o.output.empty() ? o.sweep_dir + "/plot-" + o.kind + "-" + safe_name(column) : o.output;
  std::string data   = base + ".dat";
  std::string model  = sweep_model(o.sweep_dir);
  auto vars          = o.kind == "line" ? line_plot(rows, o, data, model) : heat_map(rows, o, data, model);
  vars["datafile"]   = plot_path(data);
  vars["plottitle"]  = o.title.empty() ? sweep_name(o.sweep_dir) + where_text(o.where) : o.title;
  std::string script = plots_dir() + "/sweep_" + o.kind + ".gp";
  if (not render_plot(script, base, vars))
    throw std::runtime_error("gnuplot could not render " + script);
  return base;
}

} // namespace cs
