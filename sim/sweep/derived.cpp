#include "sim/sweep/derived.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/unit_text.hpp"

#include <map>
#include <set>

namespace cs {

namespace {

std::optional<double> number_of(const json& v)
{
  if (v.is_number())
    return v.get<double>();
  if (v.is_boolean())
    return v.get<bool>() ? 1.0 : 0.0;
  if (auto q = v.is_string() ? parse_any_quantity(v.get<std::string>()) : std::nullopt)
    return q->first;   // "30ms" is 0.03 (seconds), as the model reads it
  return std::nullopt; // other strings ("FR") are labels, not numbers
}

class Evaluator {
public:
  Evaluator(const SweepSpec& spec, const std::vector<PointRow>& rows) : spec_(spec), rows_(rows)
  {
    for (size_t k = 0; k < spec.derived.size(); ++k)
      derived_index_[spec.derived[k].name] = k;
    for (auto const& p : spec.param_paths())
      params_.insert(p);
    for (auto const& arg : spec.set)
      fixed_.emplace(arg.substr(0, arg.find('=')), json::parse(arg.substr(arg.find('=') + 1)));
    for (auto const& r : rows)
      if (r.metrics.is_object())
        for (auto const& [m, _] : r.metrics.items())
          metrics_.insert(m);
    for (auto const& d : spec.derived) {
      if (metrics_.count(d.name))
        throw InputError(spec.file, d.pointer, "derived column \"" + d.name + "\" has the name of a metric");
      check_names(d);
      baselines_.push_back(index_baseline(d));
    }
    state_.assign(rows.size(), std::vector<int>(spec.derived.size(), 0));
    values_.assign(rows.size(), std::vector<json>(spec.derived.size(), nullptr));
  }

  std::vector<std::vector<json>> run()
  {
    for (size_t r = 0; r < rows_.size(); ++r)
      for (size_t k = 0; k < spec_.derived.size(); ++k)
        derived(r, k);
    return values_;
  }

private:
  /** Names are checked once against the sweep's columns; metrics are only known once some point has succeeded. */
  void check_names(const DerivedColumn& d) const
  {
    for (auto name : d.expr.names()) {
      if (name.rfind("baseline.", 0) == 0)
        name = name.substr(9);
      if (name == "rep" || name == "seed" || params_.count(name) || fixed_.count(name) || derived_index_.count(name))
        continue;
      if (metrics_.empty() || metrics_.count(name))
        continue;
      std::vector<std::string> known(metrics_.begin(), metrics_.end());
      known.insert(known.end(), params_.begin(), params_.end());
      throw InputError(spec_.file, d.pointer,
                       "\"" + name +
                           "\" is no column of this sweep (metrics, swept or set parameters, rep, seed, derived)" +
                           did_you_mean(name, known));
    }
  }

  json column(size_t r, const std::string& name) const
  {
    const PointRow& row = rows_[r];
    if (name == "rep")
      return row.point.rep;
    if (name == "seed")
      return row.point.seed;
    for (auto const& [p, v] : row.point.values)
      if (p == name)
        return v;
    if (row.metrics.is_object() && row.metrics.contains(name))
      return row.metrics[name];
    if (auto it = fixed_.find(name); it != fixed_.end())
      return it->second;
    return nullptr;
  }

  std::string match_key(size_t r, const DerivedColumn& d) const
  {
    json key = json::array();
    for (auto const& c : d.match)
      key.push_back(column(r, c));
    return key.dump();
  }

  /** Baseline rows of a column, by the values of its "match" columns. */
  std::map<std::string, std::vector<size_t>> index_baseline(const DerivedColumn& d) const
  {
    std::map<std::string, std::vector<size_t>> index;
    if (d.baseline.is_null())
      return index;
    for (size_t r = 0; r < rows_.size(); ++r) {
      bool selected = true;
      for (auto const& [path, want] : d.baseline.items())
        selected = selected && column(r, path) == want;
      if (selected)
        index[match_key(r, d)].push_back(r);
    }
    return index;
  }

  std::optional<size_t> baseline_row(size_t r, size_t k) const
  {
    auto const& d = spec_.derived[k];
    auto it       = baselines_[k].find(match_key(r, d));
    if (it == baselines_[k].end())
      return std::nullopt;
    if (it->second.size() > 1)
      throw InputError(spec_.file, d.pointer,
                       std::to_string(it->second.size()) + " baseline rows match point " + rows_[r].point.id +
                           " (e.g. " + rows_[it->second[0]].point.id + " and " + rows_[it->second[1]].point.id +
                           "): list in \"match\" the columns a row shares with its one baseline");
    return it->second.front();
  }

  std::optional<double> lookup(size_t r, const std::string& name)
  {
    auto it = derived_index_.find(name);
    if (it != derived_index_.end())
      return number_of(derived(r, it->second));
    return number_of(column(r, name));
  }

  json derived(size_t r, size_t k)
  {
    if (state_[r][k] == 2)
      return values_[r][k];
    auto const& d = spec_.derived[k];
    if (state_[r][k] == 1)
      throw InputError(spec_.file, d.pointer, "derived columns refer to each other in a cycle");
    state_[r][k] = 1;
    std::optional<size_t> base;
    bool base_looked = false;
    auto v           = d.expr.eval([&](const std::string& name) -> std::optional<double> {
      if (name.rfind("baseline.", 0) != 0)
        return lookup(r, name);
      if (not base_looked) {
        base        = baseline_row(r, k);
        base_looked = true;
      }
      return base ? lookup(*base, name.substr(9)) : std::nullopt;
    });
    values_[r][k]    = v ? json(*v) : json(nullptr);
    state_[r][k]     = 2;
    return values_[r][k];
  }

  const SweepSpec& spec_;
  const std::vector<PointRow>& rows_;
  std::map<std::string, size_t> derived_index_;
  std::set<std::string> params_, metrics_;
  std::map<std::string, json> fixed_; ///< the "set" values, the same in every row
  std::vector<std::map<std::string, std::vector<size_t>>> baselines_;
  std::vector<std::vector<int>> state_; ///< 0 not computed, 1 being computed (cycle guard), 2 done
  std::vector<std::vector<json>> values_;
};

} // namespace

std::vector<std::vector<json>> compute_derived(const SweepSpec& spec, const std::vector<PointRow>& rows)
{
  if (spec.derived.empty())
    return std::vector<std::vector<json>>(rows.size());
  return Evaluator(spec, rows).run();
}

} // namespace cs
