#include "sim/run/uncertainty_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

namespace cs {

double sample_quantile(std::vector<double> values, double p)
{
  if (values.empty())
    return std::numeric_limits<double>::quiet_NaN();
  std::sort(values.begin(), values.end());
  double h  = p * static_cast<double>(values.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(h));
  size_t hi = std::min(lo + 1, values.size() - 1);
  return values[lo] + (h - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

std::vector<double> ranks(const std::vector<double>& values)
{
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> out(values.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
      ++j;
    double mean = (static_cast<double>(i + j) / 2) + 1;
    for (size_t k = i; k <= j; ++k)
      out[order[k]] = mean;
    i = j + 1;
  }
  return out;
}

double spearman(const std::vector<double>& x, const std::vector<double>& y)
{
  if (x.size() != y.size() || x.size() < 2)
    return 0;
  std::vector<double> rx = ranks(x), ry = ranks(y);
  double n   = static_cast<double>(x.size());
  double mx  = std::accumulate(rx.begin(), rx.end(), 0.0) / n;
  double my  = std::accumulate(ry.begin(), ry.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < rx.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  if (sxx <= 0 || syy <= 0)
    return 0;
  return sxy / std::sqrt(sxx * syy);
}

double chance_level(size_t samples)
{
  return samples < 2 ? 1.0 : 1.96 / std::sqrt(static_cast<double>(samples - 1));
}

json rank_inputs(const std::vector<SampleOutcome>& samples, const std::string& metric)
{
  std::set<std::string> ids;
  for (auto const& s : samples)
    for (auto const& [id, _] : s.quantiles)
      ids.insert(id);
  size_t with_metric = 0;
  for (auto const& s : samples)
    if (s.metrics.contains(metric) && s.metrics[metric].is_number())
      ++with_metric;
  double chance = chance_level(with_metric);
  std::vector<std::pair<std::string, double>> rhos;
  for (auto const& id : ids) {
    std::vector<double> q, m;
    for (auto const& s : samples) {
      auto it = s.quantiles.find(id);
      if (it == s.quantiles.end() || not s.metrics.contains(metric) || not s.metrics[metric].is_number())
        continue;
      q.push_back(it->second);
      m.push_back(s.metrics[metric].get<double>());
    }
    // rho is exactly 0 when the metric does not vary over the samples: no input explains it, none is listed.
    if (double rho = spearman(q, m); rho != 0)
      rhos.emplace_back(id, rho);
  }
  std::stable_sort(rhos.begin(), rhos.end(),
                   [](auto const& a, auto const& b) { return std::fabs(a.second) > std::fabs(b.second); });
  json out = json::array();
  for (auto const& [id, rho] : rhos) {
    json item{{"input", id}, {"rho", rho}};
    if (std::fabs(rho) < chance) // as large a rho as unrelated samples give: no evidence the input matters
      item["below_chance"] = true;
    out.push_back(item);
  }
  return out;
}

json metric_spreads(const std::vector<SampleOutcome>& samples, const json& point_metrics)
{
  std::set<std::string> names;
  for (auto const& s : samples)
    for (auto const& [k, v] : s.metrics.items())
      if (v.is_number())
        names.insert(k);
  json out = json::object();
  for (auto const& name : names) {
    std::vector<double> v;
    for (auto const& s : samples)
      if (s.metrics.contains(name) && s.metrics[name].is_number())
        v.push_back(s.metrics[name].get<double>());
    json m;
    if (point_metrics.is_object() && point_metrics.contains(name))
      m["point"] = point_metrics[name];
    m["median"]       = sample_quantile(v, 0.5);
    m["p5"]           = sample_quantile(v, 0.05);
    m["p95"]          = sample_quantile(v, 0.95);
    m["chance_level"] = chance_level(v.size());
    if (std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); })) {
      m["constant"]    = true; // no input moves it: nothing to rank, no tornado to draw
      m["sensitivity"] = json::array();
    } else
      m["sensitivity"] = rank_inputs(samples, name);
    out[name] = m;
  }
  return out;
}

} // namespace cs
