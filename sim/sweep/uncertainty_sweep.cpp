#include "sim/sweep/uncertainty_sweep.hpp"

namespace cs {

void add_uncertainty_factor(json& sweep, long samples, uint64_t seed)
{
  if (not sweep.is_object())
    return; // parse_sweep says what is wrong with it
  json values = json::array();
  for (long k = 0; k < samples; ++k)
    values.push_back(k);
  json& grid = sweep["grid"];
  if (grid.is_array())
    grid.push_back({{uncertainty_sample_path, values}});
  else if (grid.is_null() || grid.is_object())
    grid[uncertainty_sample_path] = values;
  json& set = sweep["set"];
  if (set.is_null() || set.is_object()) {
    set["uncertainty.samples"] = samples;
    set["uncertainty.seed"]    = seed;
  }
}

long point_sample(const SweepPoint& p)
{
  for (auto const& [path, v] : p.values)
    if (path == uncertainty_sample_path && v.is_number_integer())
      return v.get<long>();
  return -1;
}

bool is_sampled(const SweepSpec& spec)
{
  for (auto const& path : spec.param_paths())
    if (path == uncertainty_sample_path)
      return true;
  return false;
}

std::string batch_key(const SweepSpec& spec, const SweepPoint& p)
{
  std::string key, sample = std::string(uncertainty_sample_path) + "=";
  for (auto const& set : p.sets(spec))
    if (set.rfind(sample, 0) != 0)
      key += set + '\n';
  return key;
}

std::string reuse_key(const SweepSpec& spec, const SweepPoint& p)
{
  return batch_key(spec, p) + "seed=" + (p.has_seed ? std::to_string(p.seed) : std::string("scenario's")) + '\n';
}

bool draws_nothing(const std::string& out_dir, const PointRow& row)
{
  if (row.status != "ok")
    return false;
  json drawn = load_json_file(point_dir(out_dir, row.point) + "/result.json").value("uncertainty", json());
  if (not drawn.is_object())
    return false;
  for (auto const& in : drawn.value("inputs", json::array()))
    if (in.at("range").at(0) != in.at("range").at(1))
      return false;
  return true;
}

SampleOutcome read_sample(const std::string& out_dir, const PointRow& row)
{
  SampleOutcome s;
  s.metrics  = row.metrics;
  json drawn = load_json_file(point_dir(out_dir, row.point) + "/result.json").value("uncertainty", json());
  if (drawn.is_object())
    for (auto const& in : drawn.value("inputs", json::array()))
      if (in.at("range").at(0) != in.at("range").at(1)) // a zero-width input's rank correlation is chance
        s.quantiles[in.at("id").get<std::string>()] = in.at("quantile").get<double>();
  return s;
}

} // namespace cs
