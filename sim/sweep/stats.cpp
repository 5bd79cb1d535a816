#include "sim/sweep/stats.hpp"
#include "sim/run/recorder.hpp"
#include "sim/run/uncertainty_stats.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cs {

json summarize(const std::vector<double>& values)
{
  const auto n = static_cast<double>(values.size());
  json out{{"n", values.size()}, {"mean", nullptr}, {"sd", nullptr}, {"ci95_low", nullptr}, {"ci95_high", nullptr}};
  if (values.empty())
    return out;
  double mean = 0;
  for (double v : values)
    mean += v / n;
  out["mean"] = mean;
  if (values.size() < 2)
    return out;
  double ss = 0;
  for (double v : values)
    ss += (v - mean) * (v - mean);
  double sd        = std::sqrt(ss / (n - 1));
  double t         = boost::math::quantile(boost::math::students_t(n - 1), 0.975);
  out["sd"]        = sd;
  out["ci95_low"]  = mean - t * sd / std::sqrt(n);
  out["ci95_high"] = mean + t * sd / std::sqrt(n);
  return out;
}

namespace {

/** A row's swept values but its uncertainty sample: the samples of a point are aggregated like its repetitions. */
std::vector<std::pair<std::string, json>> point_values(const SweepPoint& p)
{
  std::vector<std::pair<std::string, json>> out;
  for (auto const& [path, v] : p.values)
    if (path != uncertainty_sample_path)
      out.emplace_back(path, v);
  return out;
}

} // namespace

StatsFiles render_stats(const SweepSpec& spec, const std::vector<PointRow>& rows,
                        const std::vector<std::vector<json>>& derived)
{
  // Grid points in the sweep's order; a point's repetitions (and uncertainty samples) are the rows with the same
  // swept values.
  std::vector<std::string> params = spec.param_paths();
  bool sampled                    = std::find(params.begin(), params.end(), uncertainty_sample_path) != params.end();
  if (sampled)
    params.erase(std::find(params.begin(), params.end(), uncertainty_sample_path));
  std::vector<std::string> order;
  std::map<std::string, std::vector<size_t>> members;
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string key = json(point_values(rows[i].point)).dump();
    if (not members.count(key))
      order.push_back(key);
    members[key].push_back(i);
  }
  std::set<std::string> metric_set;
  for (auto const& r : rows)
    if (r.metrics.is_object())
      for (auto const& [k, v] : r.metrics.items())
        if (v.is_number())
          metric_set.insert(k);
  std::vector<std::string> columns(metric_set.begin(), metric_set.end());
  for (auto const& d : spec.derived)
    columns.push_back(d.name);

  auto value = [&](size_t i, size_t c) -> json {
    if (c >= metric_set.size())
      return derived[i][c - metric_set.size()];
    auto const& m = rows[i].metrics;
    return m.is_object() && m.contains(columns[c]) ? m[columns[c]] : json(nullptr);
  };

  std::vector<std::string> header = params;
  for (const char* h : {"runs", "failed", "column", "n", "mean", "sd", "ci95_low", "ci95_high"})
    header.push_back(h);
  if (sampled) // the spread over the samples (docs/uncertainty.md)
    header.insert(header.end(), {"median", "p5", "p95"});
  Table table(header);
  json all = json::array();
  for (auto const& key : order) {
    auto const& idx = members[key];
    json entry{{"params", json::object()}, {"runs", idx.size()}, {"failed", 0}, {"stats", json::object()}};
    std::vector<json> prefix;
    for (auto const& [path, v] : point_values(rows[idx.front()].point)) {
      entry["params"][path] = v;
      prefix.push_back(v);
    }
    size_t failed = 0;
    for (size_t i : idx)
      failed += rows[i].status == "failed";
    entry["failed"] = failed;
    for (size_t c = 0; c < columns.size(); ++c) {
      std::vector<double> values;
      for (size_t i : idx) {
        json v = rows[i].status == "ok" ? value(i, c) : json(nullptr);
        if (v.is_number())
          values.push_back(v.get<double>());
      }
      if (values.empty())
        continue; // a column this point never produced (a model's optional metric, a derived cell without baseline)
      json s = summarize(values);
      if (sampled) {
        s["median"] = sample_quantile(values, 0.5);
        s["p5"]     = sample_quantile(values, 0.05);
        s["p95"]    = sample_quantile(values, 0.95);
      }
      entry["stats"][columns[c]] = s;
      std::vector<json> line     = prefix;
      for (json v : {json(idx.size()), json(failed), json(columns[c]), s["n"], s["mean"], s["sd"], s["ci95_low"],
                     s["ci95_high"]})
        line.push_back(v);
      if (sampled)
        line.insert(line.end(), {s["median"], s["p5"], s["p95"]});
      table.add(line);
    }
    all.push_back(entry);
  }
  return {table.to_csv(), dump_json(all)};
}

} // namespace cs
