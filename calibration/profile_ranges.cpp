#include "calibration/profile_ranges.hpp"
#include "calibration/figures.hpp"
#include "calibration/roundtrip.hpp"
#include "calibration/with_unit.hpp"
#include "sim/input/fields.hpp"
#include "sim/platform/os_costs.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>

namespace cs::calib {

namespace {

struct Span {
  double lo = 0, hi = 0;
  std::string why;
};

std::string quartiles_why(const std::string& what, const Summary& s)
{
  return "range: " + what + " at the first and third quartiles of its " + std::to_string(s.n) +
         " repetitions (measured: the middle half of them)";
}

/** A value that is a figure's (or a part's) median. */
Span median_span(double value, const Summary& s, const std::string& what)
{
  if (value != s.median)
    throw std::invalid_argument(what + ": the profile's value is not its median");
  return {s.q1, s.q3, quartiles_why(what, s)};
}

/** A value that is `k` / a figure's (or a part's) median: a bandwidth or a rate. */
Span inverse_span(double value, double k, const Summary& s, const std::string& what)
{
  if (value != k / s.median)
    throw std::invalid_argument(what + ": the profile's value is not " + format_number(k) + " / its median");
  return {k / s.q3, k / s.q1, quartiles_why(what, s)};
}

/** A figure a fitted cost enters: its median, and how many seconds of it one unit of the cost is (1 for a fixed
 *  time, the MB or bytes for a per-unit time, the bytes for the inverse of a bandwidth). */
struct Term {
  const Figure* fig;
  double per_unit;
};

/** How far the cost (or a bandwidth's inverse) may move alone with every term within the tolerance of its median. */
double allowed(const std::vector<Term>& terms, std::string& why)
{
  double d = std::numeric_limits<double>::infinity();
  std::string ids;
  for (auto const& t : terms) {
    d = std::min(d, roundtrip_tolerance * t.fig->time.median / t.per_unit);
    ids += (ids.empty() ? "" : " and ") + t.fig->id;
  }
  why = "range: the values of this cost alone that keep " + ids + " within the round trip's " +
        format_number(roundtrip_tolerance * 100) + "% of " + (terms.size() > 1 ? "their medians" : "its median") +
        " (fitted)";
  return d;
}

Span linear_span(double value, const std::vector<Term>& terms)
{
  Span s;
  double d = allowed(terms, s.why);
  s.lo     = std::max(0.0, value - d);
  s.hi     = value + d;
  if (value - d < 0)
    s.why += ", not below 0";
  return s;
}

Span bandwidth_span(double bw, const std::vector<Term>& terms)
{
  Span s;
  double u = 1 / bw;
  double d = allowed(terms, s.why);
  s.lo     = 1 / (u + d);
  s.hi     = u - d > u / 10 ? 1 / (u - d) : 10 * bw;
  if (u - d <= u / 10)
    s.why += ", at most ten times the value (the tolerance leaves it no upper end)";
  return s;
}

/** The figures the profile says `cost` came from. */
std::vector<const Figure*> sources(const Figures& F, const json& fits, const std::string& cost)
{
  std::vector<const Figure*> out;
  for (auto const& id : fits.at(cost).at("from"))
    out.push_back(&find_figure(F, id.get<std::string>(), "<profile>"));
  return out;
}

const Summary& part(const Figure& f, const std::string& name)
{
  auto it = f.parts.find(name);
  if (it == f.parts.end())
    throw std::invalid_argument("figure " + f.id + " lacks its part " + name);
  return it->second;
}

/** The memcpy figure whose bandwidth (size / median) is `bw`: a level's bandwidth is its middle size's. */
Span copy_span(double bw, const Figures& F)
{
  for (auto const& f : F)
    if (f.bench == "memcpy" && f.param("copy_size") / f.time.median == bw)
      return inverse_span(bw, f.param("copy_size"), f.time, f.id + "'s size / its time");
  throw std::invalid_argument("no memcpy figure copies at " + format_number(bw) + " B/s");
}

Span exact(double value, const std::string& why)
{
  return {value, value, "range zero-width: " + why};
}

Span cost_span(const std::string& cost, double v, const Figures& F, const json& fits)
{
  static const std::set<std::string> medians = {"thread_create", "context_switch", "wakeup",   "syscall",
                                                "signal",        "page_fault",     "page_diff"};
  if (medians.count(cost))
    return median_span(v, sources(F, fits, cost)[0]->time, sources(F, fits, cost)[0]->id);
  if (cost == "aio_submit")
    return median_span(v, part(*sources(F, fits, cost)[0], "aio_write_call"), "aio.1's aio_write() call");
  if (cost == "buffer_fill_bw") {
    const Figure& a = *sources(F, fits, cost)[0];
    return inverse_span(v, a.param("log_page"), part(a, "page_fill"), "the page / aio.1's page fill");
  }
  if (cost == "disk_buffered_write_bw") {
    const Figure& w = *sources(F, fits, cost)[0];
    return inverse_span(v, w.param("log_page"), w.time, "the page / " + w.id + "'s time");
  }
  if (cost == "memcpy_l1_bw" || cost == "memcpy_l2_bw" || cost == "memcpy_bw")
    return copy_span(v, F);
  if (cost == "memcpy_l1_size" || cost == "memcpy_l2_size")
    return exact(v, "a level's edge is one of the measured sizes, chosen where the bandwidth drops (a choice, not a "
                    "measurement)");
  auto figs = sources(F, fits, cost);
  std::vector<Term> terms;
  for (const Figure* f : figs) {
    if (cost == "fork_fixed")
      terms.push_back({f, 1});
    else if (cost == "fork_per_mb")
      terms.push_back({f, f->param("resident_size") / 1e6});
    else if (cost == "udp_fixed")
      terms.push_back({f, 2});
    else if (cost == "udp_per_byte")
      terms.push_back({f, f->param("request_size") + f->param("reply_size")});
    else if ((cost == "disk_write_bw" && f->id == "write_fsync") || cost == "aio_write_bw")
      terms.push_back({f, f->param("log_page")});
  }
  if (terms.empty())
    throw std::invalid_argument("no rule gives the cost " + cost + " a range");
  return cost == "disk_write_bw" || cost == "aio_write_bw" ? bandwidth_span(v, terms) : linear_span(v, terms);
}

void put(json& entry, const Span& s, Unit unit)
{
  if (entry.contains("range")) // given its range before: kept, its reason once
    return;
  entry["range"]  = {with_unit(s.lo, unit), with_unit(s.hi, unit)};
  entry["source"] = entry.at("source").get<std::string>() + "; " + s.why;
}

} // namespace

void add_ranges(json& profile)
{
  const json& raw     = profile.at("raw");
  Figures F           = figures_from_json(raw.at("figures"), "<profile>");
  const json& fits    = raw.at("fits");
  const Figure& flops = find_figure(F, fits.at("speed").at("from").at(0).get<std::string>(), "<profile>");
  double speed        = without_unit(profile.at("speed").at("value"));
  put(profile["speed"],
      inverse_span(speed, flops.param("flops"), flops.time, "the flops of " + flops.id + " / its time"), Unit::speed);
  json& cores = profile["cores"];
  if (not cores.contains("range")) {
    cores["range"]  = {cores.at("value"), cores.at("value")};
    cores["source"] = cores.at("source").get<std::string>() + "; range zero-width: counted, not measured";
  }
  for (auto& [cost, entry] : profile["os_profile"]["costs"].items())
    put(entry, cost_span(cost, without_unit(entry.at("value")), F, fits), unit_of_cost(cost));
}

} // namespace cs::calib
