#include "sim/sweep_plot.hpp"
#include "sim/errors.hpp"
#include "sim/json_io.hpp"
#include "sim/plot.hpp"
#include "sim/sweep_store.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace cs {

namespace {

/** The merged rows of a sweep folder, with their columns looked up by name. */
class Rows {
public:
  explicit Rows(const std::string& dir)
  {
    std::string path = dir + "/sweep.json";
    if (not fs::exists(path))
      throw UsageError("no " + path + ": run the sweep (or `clustersim sweep merge " + dir + "`) first");
    rows_ = load_json_file(path);
    if (not rows_.is_array())
      throw UsageError(path + " is not a merged sweep table");
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

  static json column(const json& row, const std::string& name)
  {
    if (name == "rep" || name == "seed")
      return row.value(name, json(nullptr));
    for (const char* group : {"params", "metrics", "derived"})
      if (row.contains(group) && row[group].is_object() && row[group].contains(name))
        return row[group][name];
    return nullptr;
  }

  /** Checks that `name` is a numeric column somewhere (a metric or derived column to plot). */
  void check_numeric(const std::string& name, const char* option) const
  {
    std::vector<std::string> numeric;
    for (auto const& r : rows_) {
      if (column(r, name).is_number())
        return;
      for (const char* group : {"metrics", "derived"})
        if (r.contains(group) && r[group].is_object())
          for (auto const& [k, v] : r[group].items())
            if (v.is_number() && std::find(numeric.begin(), numeric.end(), k) == numeric.end())
              numeric.push_back(k);
    }
    std::string list;
    for (auto const& n : numeric)
      list += " " + n;
    throw UsageError(std::string(option) + " " + name + ": no row has a number in that column (numeric columns:" +
                     list + ")");
  }

private:
  json rows_;
  std::vector<std::string> params_;
};

std::string label_of(const json& v)
{
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string number_text(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

struct Stats {
  std::vector<double> values;
  double mean() const
  {
    double s = 0;
    for (double v : values)
      s += v;
    return s / static_cast<double>(values.size());
  }
};

/** Rows left by the --where filters, after checking that only the plotted axes still vary. */
std::vector<const json*> select_rows(const Rows& rows, const SweepPlotOptions& o,
                                     const std::vector<std::string>& axes)
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
      keep = keep && Rows::column(r, path) == value;
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
      json v = Rows::column(*r, p);
      auto [it, fresh] = at.emplace(key, v);
      varies = varies || (not fresh && it->second != v);
      if (std::find(seen.begin(), seen.end(), v) == seen.end())
        seen.push_back(v);
    }
    if (varies) {
      std::string values;
      for (size_t i = 0; i < seen.size() && i < 5; ++i)
        values += (i ? ", " : "") + label_of(seen[i]);
      throw UsageError(p + " also varies (" + values + (seen.size() > 5 ? ", ..." : "") +
                       "): fix it with --where " + p + "=VALUE, or plot over it");
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

std::map<std::string, std::string> line_plot(const Rows& rows, const SweepPlotOptions& o, const std::string& data)
{
  rows.check_numeric(o.y, "--y");
  auto selected = select_rows(rows, o, {o.x, o.lines});
  auto xs       = distinct(selected, o.x);
  bool numeric  = std::all_of(xs.begin(), xs.end(), [](const json& v) { return v.is_number(); });
  if (numeric)
    std::sort(xs.begin(), xs.end(), [](const json& a, const json& b) { return a.get<double>() < b.get<double>(); });
  std::map<std::pair<std::string, std::string>, Stats> cells;
  for (auto const* r : selected) {
    json y = Rows::column(*r, o.y);
    if (r->value("status", "") == "ok" && y.is_number())
      cells[{Rows::column(*r, o.x).dump(), o.lines.empty() ? "" : Rows::column(*r, o.lines).dump()}].values.push_back(
          y.get<double>());
  }
  std::string text;
  std::map<std::string, std::string> vars;
  int n = 0;
  for (auto const& line : distinct(selected, o.lines)) {
    std::string block;
    for (size_t i = 0; i < xs.size(); ++i) {
      auto it = cells.find({xs[i].dump(), o.lines.empty() ? "" : line.dump()});
      if (it == cells.end())
        continue;
      auto const& v = it->second.values;
      block += (numeric ? number_text(xs[i].get<double>()) : std::to_string(i)) + "\t" +
               number_text(it->second.mean()) + "\t" + number_text(*std::min_element(v.begin(), v.end())) + "\t" +
               number_text(*std::max_element(v.begin(), v.end())) + "\t" + label_of(xs[i]) + "\n";
    }
    if (block.empty())
      continue; // a line without a single finished point would only confuse the key
    text += (n ? "\n\n" : "") + block;
    ++n;
    vars["title" + std::to_string(n)] = o.lines.empty() ? o.y : o.lines + " = " + label_of(line);
  }
  if (n == 0)
    throw UsageError("no finished point has a number in " + o.y);
  write_file_atomic(data, text);
  vars["nlines"]      = std::to_string(n);
  vars["categorical"] = numeric ? "0" : "1";
  vars["logx"]        = o.logx ? "1" : "0";
  vars["logy"]        = o.logy ? "1" : "0";
  vars["xlabel"]      = o.x;
  vars["ylabel"]      = o.y;
  return vars;
}

std::map<std::string, std::string> heat_map(const Rows& rows, const SweepPlotOptions& o, const std::string& data)
{
  rows.check_numeric(o.z, "--z");
  auto selected = select_rows(rows, o, {o.x, o.y});
  auto xs       = distinct(selected, o.x);
  auto ys       = distinct(selected, o.y);
  for (auto* axis : {&xs, &ys})
    if (std::all_of(axis->begin(), axis->end(), [](const json& v) { return v.is_number(); }))
      std::sort(axis->begin(), axis->end(),
                [](const json& a, const json& b) { return a.get<double>() < b.get<double>(); });
  std::map<std::pair<std::string, std::string>, Stats> cells;
  for (auto const* r : selected) {
    json z = Rows::column(*r, o.z);
    if (r->value("status", "") == "ok" && z.is_number())
      cells[{Rows::column(*r, o.x).dump(), Rows::column(*r, o.y).dump()}].values.push_back(z.get<double>());
  }
  if (cells.empty())
    throw UsageError("no finished point has a number in " + o.z);
  std::string text;
  for (size_t i = 0; i < xs.size(); ++i) {
    text += i ? "\n" : "";
    for (size_t j = 0; j < ys.size(); ++j) {
      auto it = cells.find({xs[i].dump(), ys[j].dump()});
      text += std::to_string(i) + "\t" + std::to_string(j) + "\t" +
              (it == cells.end() ? std::string("NaN") : number_text(it->second.mean())) + "\n";
    }
  }
  write_file_atomic(data, text);
  std::map<std::string, std::string> vars{{"nx", std::to_string(xs.size())},
                                          {"ny", std::to_string(ys.size())},
                                          {"xlabel", o.x},
                                          {"ylabel", o.y},
                                          {"zlabel", o.z}};
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
  auto vars          = o.kind == "line" ? line_plot(rows, o, data) : heat_map(rows, o, data);
  vars["datafile"]   = data;
  vars["plottitle"]  = o.title.empty() ? sweep_name(o.sweep_dir) + ": " + column : o.title;
  std::string script = plots_dir() + "/sweep_" + o.kind + ".gp";
  if (not render_plot(script, base, vars))
    throw std::runtime_error("gnuplot could not render " + script);
  return base;
}

} // namespace cs
