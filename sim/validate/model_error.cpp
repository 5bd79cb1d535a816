#include "sim/validate/model_error.hpp"
#include "sim/input/errors.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace cs {

namespace {

/** A pool smaller than this falls back to a wider one: fewer residuals cannot place a 5% and a 95% point. */
constexpr size_t min_pool = 10;

bool is_seed_file(const std::string& stem)
{
  return stem.size() > 3 && std::isdigit(static_cast<unsigned char>(stem[0])) &&
         std::isdigit(static_cast<unsigned char>(stem[1])) && std::isdigit(static_cast<unsigned char>(stem[2]));
}

double positive_number(const json& v)
{
  return v.is_number() && v.get<double>() > 0 ? v.get<double>() : 0;
}

struct Pool {
  std::string from;
  std::vector<double> r;
};

/** The cell's pool by the rule's three steps, its own residual left out. */
Pool pool_for(const std::vector<Residual>& all, const std::string& id, const std::string& file,
              const std::string& model)
{
  auto collect = [&](auto keep) {
    std::vector<double> r;
    for (auto const& x : all)
      if (x.id != id && keep(x))
        r.push_back(x.r);
    return r;
  };
  Pool p{"file " + file, collect([&](const Residual& x) { return x.file == file; })};
  if (p.r.size() >= min_pool)
    return p;
  p = {"the seed files of model " + model,
       collect([&](const Residual& x) { return is_seed_file(x.file) && x.model == model; })};
  if (p.r.size() >= min_pool)
    return p;
  return {"every seed file", collect([](const Residual& x) { return is_seed_file(x.file); })};
}

double median(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

std::vector<Residual> residuals_of(const json& cells)
{
  std::vector<Residual> out;
  for (auto const& c : cells) {
    double m = positive_number(c.value("measured", json()));
    double s = positive_number(c.value("simulated", json()));
    if (c.value("role", "") == "validation" && m > 0 && s > 0)
      out.push_back({c.value("id", ""), c.value("file", ""), c.value("model", ""), std::log(s / m)});
  }
  return out;
}

std::pair<double, double> conformal_band(std::vector<double> pool)
{
  std::sort(pool.begin(), pool.end());
  auto n  = static_cast<double>(pool.size());
  auto at = [&](double rank) { return pool[static_cast<size_t>(std::clamp(rank, 1.0, n)) - 1]; };
  return {at(std::floor((n + 1) * 0.05)), at(std::ceil((n + 1) * 0.95))};
}

void add_model_error(json& cells, const std::vector<Residual>& stored)
{
  std::vector<Residual> all = residuals_of(cells);
  std::set<std::string> present;
  for (auto const& c : cells)
    present.insert(c.value("file", ""));
  for (auto const& x : stored)
    if (not present.count(x.file))
      all.push_back(x);
  for (auto& c : cells) {
    double point = positive_number(c.value("simulated", json()));
    if (point <= 0)
      continue;
    json inputs = c.contains("interval") && c["interval"].is_array() ? c["interval"] : json::array({point, point});
    Pool pool   = pool_for(all, c.value("id", ""), c.value("file", ""), c.value("model", ""));
    c["interval_inputs"] = inputs;
    if (pool.r.empty()) {
      c["model_error"] = {{"from", "no residual"}, {"n", 0}, {"q", nullptr}};
      c["interval"]    = inputs;
      continue;
    }
    auto [lo, hi]    = conformal_band(pool.r);
    c["model_error"] = {{"from", pool.from}, {"n", pool.r.size()}, {"q", {lo, hi}}};
    c["interval"]    = {inputs[0].get<double>() * std::exp(-hi), inputs[1].get<double>() * std::exp(-lo)};
  }
}

json model_error_summary(const json& cells)
{
  long n = 0, in = 0, in_inputs = 0;
  std::vector<double> width, width_inputs;
  for (auto const& c : cells) {
    double m     = positive_number(c.value("measured", json()));
    double point = positive_number(c.value("simulated", json()));
    if (c.value("role", "") != "validation" || m <= 0 || point <= 0 || not c.contains("interval_inputs"))
      continue;
    auto inside = [&](const json& iv) { return iv[0].get<double>() <= m && m <= iv[1].get<double>(); };
    auto half   = [&](const json& iv) { return (iv[1].get<double>() - iv[0].get<double>()) / 2 / point; };
    ++n;
    in += inside(c["interval"]);
    in_inputs += inside(c["interval_inputs"]);
    width.push_back(half(c["interval"]));
    width_inputs.push_back(half(c["interval_inputs"]));
  }
  if (n == 0)
    return {{"validation_cells", 0}};
  return {{"validation_cells", n},
          {"coverage", static_cast<double>(in) / n},
          {"coverage_inputs", static_cast<double>(in_inputs) / n},
          {"median_rel_halfwidth", median(width)},
          {"median_rel_halfwidth_inputs", median(width_inputs)}};
}

json residuals_document(const std::vector<Residual>& residuals, const std::string& commit)
{
  json list = json::array();
  for (auto const& x : residuals)
    list.push_back({{"id", x.id}, {"file", x.file}, {"model", x.model}, {"r", x.r}});
  return {{"description", "ln(simulated / measured) of every validation cell of a full validate, the model-error "
                          "term's residuals for files a run does not compute (docs/uncertainty.md)"},
          {"commit", commit},
          {"residuals", list}};
}

std::vector<Residual> read_residuals(const json& doc, const std::string& file)
{
  std::vector<Residual> out;
  if (not doc.is_object() || not doc.contains("residuals") || not doc["residuals"].is_array())
    throw InputError(file, "/residuals", "expected an array of residuals");
  for (size_t i = 0; i < doc["residuals"].size(); ++i) {
    const json& x = doc["residuals"][i];
    if (not x.is_object() || not x.contains("r") || not x["r"].is_number() || not std::isfinite(x["r"].get<double>()))
      throw InputError(file, "/residuals/" + std::to_string(i), "expected {id, file, model, r} with a finite r");
    out.push_back({x.value("id", ""), x.value("file", ""), x.value("model", ""), x["r"].get<double>()});
  }
  return out;
}

} // namespace cs
