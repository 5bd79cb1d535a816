#include "calibration/figures.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"

#include <cmath>

namespace cs::calib {

namespace {
/** A summary of timings (s), checked: each statistic a finite time >= 0 (the median > 0), in order, n >= 1. */
Summary summary_from_json(const json& t, const std::string& file, const std::string& ptr)
{
  if (not t.is_object())
    throw InputError(file, ptr,
                     "expected a summary of timings {median, q1, q3, iqr, mad, min, max, n}, got " + quote_value(t));
  Fields f(t, file, ptr);
  Summary s;
  s.median = f.required_quantity("median", Unit::none, "median (s)", Range::positive());
  s.q1     = f.required_quantity("q1", Unit::none, "first quartile (s)", Range::non_negative());
  s.q3     = f.required_quantity("q3", Unit::none, "third quartile (s)", Range::non_negative());
  f.number("iqr", 0, "q3 - q1 (s)", Range::non_negative());
  s.mad = f.required_quantity("mad", Unit::none, "median absolute deviation (s)", Range::non_negative());
  s.min = f.required_quantity("min", Unit::none, "fastest sample (s)", Range::non_negative());
  s.max = f.required_quantity("max", Unit::none, "slowest sample (s)", Range::non_negative());
  s.n   = f.integer("n", 1, "samples", 1);
  f.finish();
  if (not(s.min <= s.q1 && s.q1 <= s.median && s.median <= s.q3 && s.q3 <= s.max))
    throw InputError(file, ptr,
                     "expected min <= q1 <= median <= q3 <= max, got " + format_number(s.min) + ", " +
                         format_number(s.q1) + ", " + format_number(s.median) + ", " + format_number(s.q3) + ", " +
                         format_number(s.max));
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
    std::string ptr = pointer_join("/raw/figures", i);
    Fields e(j[i], file, ptr);
    Figure f;
    f.id               = e.required_string("id", "figure id");
    f.bench            = e.required_string("bench", "microbenchmark");
    const json* params = e.raw("params", "object", "the benchmark's parameters");
    f.params           = params ? *params : json::object();
    f.what             = e.string("what", "", "what was timed");
    const json* time   = e.raw("time_s", "object", "the timings' summary");
    if (time == nullptr)
      e.missing("time_s", "the timings' summary");
    f.time = summary_from_json(*time, file, e.pointer("time_s"));
    if (const json* parts = e.raw("parts_s", "object", "summaries of the timed parts")) {
      if (not parts->is_object())
        e.fail("parts_s", "expected an object of summaries, got " + quote_value(*parts));
      for (auto const& [name, t] : parts->items())
        f.parts[name] = summary_from_json(t, file, pointer_join(e.pointer("parts_s"), name));
    }
    e.finish();
    out.push_back(std::move(f));
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
