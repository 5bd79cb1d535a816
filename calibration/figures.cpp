#include "calibration/figures.hpp"
#include "sim/input/errors.hpp"

#include <cmath>

namespace cs::calib {

namespace {
Summary summary_from_json(const json& t)
{
  Summary s;
  s.median = t.at("median").get<double>();
  s.q1     = t.at("q1").get<double>();
  s.q3     = t.at("q3").get<double>();
  s.mad    = t.at("mad").get<double>();
  s.min    = t.at("min").get<double>();
  s.max    = t.at("max").get<double>();
  s.n      = t.at("n").get<long>();
  return s;
}
} // namespace

json figures_to_json(const Figures& figures)
{
  json out = json::array();
  for (auto const& f : figures) {
    json e = {{"id", f.id}, {"bench", f.bench}, {"params", f.params}, {"what", f.what}, {"time_s", f.time.to_json()}};
    for (auto const& [name, s] : f.parts)
      e["parts_s"][name] = s.to_json();
    out.push_back(e);
  }
  return out;
}

Figures figures_from_json(const json& j, const std::string& file)
{
  if (not j.is_array())
    throw InputError(file, "/raw/figures", "expected a list of figures");
  Figures out;
  for (size_t i = 0; i < j.size(); ++i) {
    const json& e = j[i];
    try {
      Figure f;
      f.id     = e.at("id").get<std::string>();
      f.bench  = e.at("bench").get<std::string>();
      f.params = e.at("params");
      f.what   = e.value("what", "");
      f.time   = summary_from_json(e.at("time_s"));
      if (e.contains("parts_s"))
        for (auto const& [name, t] : e.at("parts_s").items())
          f.parts[name] = summary_from_json(t);
      out.push_back(std::move(f));
    } catch (const json::exception& ex) {
      throw InputError(file, pointer_join("/raw/figures", i), std::string("malformed figure: ") + ex.what());
    }
  }
  return out;
}

const Figure& find_figure(const Figures& figures, const std::string& id, const std::string& file)
{
  for (auto const& f : figures)
    if (f.id == id)
      return f;
  throw InputError(file, "/raw/figures", "no figure \"" + id + "\" (was the profile written by another version?)");
}

std::string size_label(double bytes)
{
  const char* units[] = {"B", "KiB", "MiB", "GiB"};
  int u               = 0;
  while (u < 3 && bytes >= 1024 && std::fmod(bytes, 1024) == 0) {
    bytes /= 1024;
    ++u;
  }
  return std::to_string(static_cast<long long>(bytes)) + units[u];
}

} // namespace cs::calib
