#include "sim/validate/uncertainty_cells.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/run/uncertainty_stats.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

/** The runs a compute object names, nested ones included. */
void runs_of(const json& c, std::set<std::string>& names)
{
  if (not c.is_object())
    return;
  if (c.contains("run") && c["run"].is_string())
    names.insert(c["run"].get<std::string>());
  for (auto const& [_, v] : c.items())
    runs_of(v, names);
}

/** Sample k's rows of the runs, as compute_cell takes them. */
ComputeInput sample_input(const SampledRuns& sampled, long k)
{
  ComputeInput in;
  for (auto const& [name, rows] : sampled.runs) {
    auto& out = in.runs[name];
    auto at   = sampled.by_sample.at(name).find(k);
    if (at != sampled.by_sample.at(name).end())
      for (size_t i : at->second)
        out.push_back(rows[i]);
  }
  return in;
}

std::string short_number(double v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

} // namespace

void add_sampled_run(SampledRuns& sampled, const std::string& name, const SweepSpec& spec, const std::string& out_dir)
{
  std::vector<PointRow> rows = read_points(spec, out_dir);
  // A grid point whose first sample drew nothing ran once (sim/validate/sample_runs.hpp): that result is every
  // sample's, as each would have run the same simulation.
  std::map<std::string, size_t> once;
  for (size_t i = 0; i < rows.size(); ++i)
    if (point_sample(rows[i].point) == 0 && draws_nothing(out_dir, rows[i]))
      once[reuse_key(spec, rows[i].point)] = i;
  std::set<size_t> reused;
  for (size_t i = 0; i < rows.size(); ++i) {
    auto at = rows[i].status == "missing" ? once.find(reuse_key(spec, rows[i].point)) : once.end();
    if (at == once.end())
      continue;
    rows[i].status  = "ok";
    rows[i].metrics = rows[at->second].metrics;
    reused.insert(i);
  }
  auto& ids       = sampled.inputs[name];
  auto& by_sample = sampled.by_sample[name];
  for (size_t i = 0; i < rows.size(); ++i) {
    by_sample[point_sample(rows[i].point)].insert(i);
    if (rows[i].status == "ok" && not reused.count(i))
      for (auto const& [id, _] : read_sample(out_dir, rows[i]).quantiles)
        ids.insert(id);
  }
  sampled.runs[name] = std::move(rows);
}

json cell_spread(const json& compute, const SampledRuns& sampled, const std::string& file, const std::string& pointer)
{
  std::set<std::string> names;
  runs_of(compute, names);
  std::set<std::string> ids;
  for (auto const& n : names)
    if (sampled.inputs.count(n))
      ids.insert(sampled.inputs.at(n).begin(), sampled.inputs.at(n).end());
  std::vector<SampleOutcome> samples;
  std::vector<double> values;
  long failed = 0;
  std::string first_failure;
  for (long k = 0; k < sampled.samples; ++k) {
    json v;
    try {
      v = compute_cell(compute, sample_input(sampled, k), file, pointer);
    } catch (const RunPointFailed& e) {
      // A draw the model could not run is a finding, reported with the cell; the other samples still count.
      if (failed++ == 0)
        first_failure = "sample " + std::to_string(k) + ": " + e.what();
      continue;
    }
    if (not v.is_number())
      continue;
    SampleOutcome s;
    s.metrics = {{"cell", v}};
    // An input's quantile in a sample is the same in every row that drew it (its id, the seed, k and N).
    for (auto const& id : ids)
      s.quantiles[id] = lhs_quantile(sampled.seed, id, k, sampled.samples);
    samples.push_back(std::move(s));
    values.push_back(v.get<double>());
  }
  json failures = failed == 0 ? json() : json{{"failed_samples", failed}, {"first_failure", first_failure}};
  if (values.empty())
    return failures;
  json ranked = rank_inputs(samples, "cell");
  json top    = json::array();
  for (size_t i = 0; i < ranked.size() && i < 5; ++i)
    top.push_back(ranked[i]);
  json spread = {{"median", sample_quantile(values, 0.5)},
                 {"interval", {sample_quantile(values, 0.05), sample_quantile(values, 0.95)}},
                 {"sensitivity", top},
                 {"ranking", ranked}};
  if (not failures.is_null())
    spread.update(failures);
  return spread;
}

json tornado_bars(const std::vector<json>& spreads)
{
  if (spreads.size() == 1)
    return spreads[0].value("ranking", json::array());
  std::map<std::string, double> sum;
  for (auto const& s : spreads)
    for (auto const& r : s.value("ranking", json::array()))
      sum[r["input"].get<std::string>()] += std::fabs(r["rho"].get<double>());
  std::vector<std::pair<std::string, double>> bars(sum.begin(), sum.end());
  std::stable_sort(bars.begin(), bars.end(), [](auto const& a, auto const& b) { return a.second > b.second; });
  json out = json::array();
  for (auto const& [input, total] : bars)
    out.push_back({{"input", input}, {"rho", total / static_cast<double>(spreads.size())}});
  return out;
}

json uncertainty_summary(const json& cells, long samples, uint64_t seed)
{
  long validation = 0, inside = 0, failed = 0;
  std::string first_failure;
  std::vector<double> halfwidths;
  for (auto const& c : cells) {
    if (c.value("failed_samples", 0L) > 0 && failed == 0)
      first_failure = c.value("first_failure", std::string());
    failed += c.value("failed_samples", 0L);
    if (c.value("role", "") != "validation" || not c["measured"].is_number() || not c.contains("interval"))
      continue;
    ++validation;
    double lo = c["interval"][0].get<double>(), hi = c["interval"][1].get<double>();
    double m = c["measured"].get<double>();
    inside += lo <= m && m <= hi;
    double median = c["median"].get<double>();
    if (median != 0)
      halfwidths.push_back((hi - lo) / 2 / std::fabs(median));
  }
  return {{"samples", samples},
          {"seed", seed},
          {"chance_level", chance_level(static_cast<size_t>(samples))},
          {"validation_cells", validation},
          {"coverage", validation ? json(static_cast<double>(inside) / static_cast<double>(validation)) : json()},
          {"median_rel_halfwidth", halfwidths.empty() ? json() : json(sample_quantile(halfwidths, 0.5))},
          {"failed_samples", failed},
          {"first_failure", first_failure.empty() ? json() : json(first_failure)}};
}

std::string spread_text(const json& cell)
{
  if (not cell.contains("interval"))
    return "no sample could compute it";
  std::string text = "interval [" + short_number(cell["interval"][0].get<double>()) + ", " +
                     short_number(cell["interval"][1].get<double>()) + "], median " +
                     short_number(cell["median"].get<double>());
  std::string drivers;
  for (size_t i = 0; i < cell["sensitivity"].size() && i < 2; ++i) {
    auto const& s = cell["sensitivity"][i];
    drivers += (drivers.empty() ? "" : ", ") + s["input"].get<std::string>() + " (" +
               short_number(s["rho"].get<double>()) + ")";
  }
  return drivers.empty() ? text : text + "; driven by " + drivers;
}

} // namespace cs
