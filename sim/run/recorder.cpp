#include "sim/run/recorder.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/staged_files.hpp"

#include <cstdio>
#include <stdexcept>

namespace cs {

std::string csv_field(const json& v)
{
  if (v.is_null())
    return "";
  if (v.is_number_integer())
    return std::to_string(v.get<long long>());
  if (v.is_number()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", v.get<double>());
    return buf;
  }
  if (v.is_boolean())
    return v.get<bool>() ? "1" : "0";
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  if (s.find_first_of(",\"\n ") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s)
    q += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

void Table::add(std::vector<json> row)
{
  if (row.size() != columns_.size())
    throw std::logic_error("table row has " + std::to_string(row.size()) + " fields, expected " +
                           std::to_string(columns_.size()));
  rows_.push_back(std::move(row));
}

std::string Table::to_csv() const
{
  // Appended in place, without a temporary per field: a sweep writes thousands of event rows per point.
  std::string out;
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (i)
      out += ',';
    out += columns_[i];
  }
  out += '\n';
  for (auto const& row : rows_) {
    for (size_t i = 0; i < row.size(); ++i) {
      if (i)
        out += ',';
      out += csv_field(row[i]);
    }
    out += '\n';
  }
  return out;
}

void Recorder::add(const std::string& key, double delta)
{
  auto& v = metrics_[key];
  v       = (v.is_number() ? v.get<double>() : 0.0) + delta;
}

double Recorder::get(const std::string& key, double def) const
{
  auto it = metrics_.find(key);
  return (it != metrics_.end() && it->second.is_number()) ? it->second.get<double>() : def;
}

Table& Recorder::table(const std::string& name, const std::vector<std::string>& columns)
{
  auto it = tables_.find(name);
  if (it == tables_.end())
    it = tables_.emplace(name, Table(columns)).first;
  return it->second;
}

void Recorder::write(const std::string& dir, json header) const
{
  json metrics = json::object();
  for (auto const& [k, v] : metrics_)
    metrics[k] = v;
  header["metrics"] = metrics;
  json index        = json::object();
  StagedFiles files; // nothing replaced until every file is whole: a failed rerun keeps the earlier run entire
  for (auto const& [name, table] : tables_) {
    files.add(dir + "/" + name + ".csv", table.to_csv());
    index[name] = name + ".csv";
  }
  header["tables"] = index;
  // result.json last: its presence marks a finished run (sweeps rely on it).
  files.add(dir + "/result.json", dump_json(header));
  files.commit();
}

} // namespace cs
