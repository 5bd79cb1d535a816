#include "sim/run/timeline.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"
#include "sim/run/events.hpp"
#include "sim/run/plot.hpp"
#include "sim/run/timeline_lanes.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace cs {

namespace {

double parse_time(const std::string& text, double def, const std::string& whole)
{
  if (text.empty())
    return def;
  // The one parser of numbers and units: decimal and finite (no nan, inf or 0x1), seconds as a plain number or any
  // time unit ("20min").
  std::string why;
  std::optional<double> v = parse_unit_string(text, Unit::none, &why);
  if (not v)
    v = parse_unit_string(text, Unit::time, &why);
  if (not v || *v < 0 || *v > max_duration_s)
    throw UsageError("--window expects T0:T1 in simulated seconds in [0, " + format_number(max_duration_s) +
                     "] (either side may be empty), got \"" + whole + "\"" + (v ? "" : ": \"" + text + "\" " + why));
  return *v;
}

/** Text for one tab-separated field: tabs and newlines would break the row. */
std::string field(const json& v)
{
  std::string s = tsv_field(v.is_string() ? v.get<std::string>() : csv_field(v));
  return s.empty() ? "-" : s;
}

size_t column(const Table& t, const std::string& name)
{
  for (size_t i = 0; i < t.columns().size(); ++i)
    if (t.columns()[i] == name)
      return i;
  throw std::logic_error("events table without column " + name);
}

/** What the event budget left out, for the plot's title ("" when nothing), warned on stderr with the option to
 *  change: a cut timeline looks like a machine at rest after the cut. */
std::string truncation_note(const Table& events, size_t c_time, size_t c_kind, size_t c_detail)
{
  double last_kept = 0;
  std::string left_out;
  for (auto const& r : events.rows()) {
    std::string kind = r[c_kind].get<std::string>();
    if (kind == "truncated")
      left_out += (left_out.empty() ? "" : ", ") + r[c_detail].get<std::string>();
    else if (kind == "msg" || kind == "cpu" || kind == "actor")
      last_kept = std::max(last_kept, r[c_time].get<double>());
  }
  if (left_out.empty())
    return "";
  char at[32];
  std::snprintf(at, sizeof at, "%.6g", last_kept);
  std::fprintf(stderr,
               "clustersim: warning: the timeline is cut at %s s: %s left out by the event budget; give a larger "
               "--events or a narrower --window\n",
               at, left_out.c_str());
  return std::string(" - CUT at ") + at + " s: " + left_out + " left out (raise --events)";
}

} // namespace

void parse_window(const std::string& text, TimelineOptions& o)
{
  auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError("--window expects T0:T1 in simulated seconds, got \"" + text + "\"");
  o.from = parse_time(text.substr(0, colon), 0, text);
  o.to   = parse_time(text.substr(colon + 1), std::numeric_limits<double>::infinity(), text);
  if (o.to <= o.from)
    throw UsageError("--window " + text + ": the end must come after the start");
}

bool render_timeline(const std::string& run_dir, const Table& events, const TimelineOptions& o, bool quiet)
{
  const size_t c_time = column(events, "time_s"), c_end = column(events, "end_s"), c_node = column(events, "node"),
               c_kind = column(events, "kind"), c_peer = column(events, "peer"), c_detail = column(events, "detail");
  const size_t c_actor = column(events, "actor");
  TimelineLanes lanes(events, o.max_lanes, o.from, o.to);
  // Kinds the model marked (the automatic ones have their own styles in the script), in order of appearance.
  static const std::set<std::string> automatic{"actor", "cpu", "msg"};
  std::vector<std::string> kinds;
  std::set<std::string> spanning; // kinds with a duration: their key entry is a bar, the others' a point
  std::string data = "# lane\tstart_s\tend_s\tpeer_lane\tkind\tnode\tdetail\n";
  size_t drawn     = 0;
  for (auto const& r : events.rows()) {
    double t0 = r[c_time].get<double>(), t1 = r[c_end].get<double>();
    long lane = lanes.of(r[c_node].get<std::string>(), r[c_actor].get<std::string>());
    if (lane < 0 || t1 < o.from || t0 > o.to)
      continue;
    std::string kind = r[c_kind].get<std::string>();
    if (not automatic.count(kind) && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
      kinds.push_back(kind);
    if (not automatic.count(kind) && t1 > t0)
      spanning.insert(kind);
    long peer             = kind == "msg" ? lanes.receiver(r[c_peer].get<std::string>(), r[c_detail].get<std::string>())
                                          : lanes.of(r[c_peer].get<std::string>(), "");
    std::string peer_lane = peer < 0 ? "NaN" : std::to_string(peer);
    data += std::to_string(lane) + "\t" + field(r[c_time]) + "\t" + field(r[c_end]) + "\t" + peer_lane + "\t" + kind +
            "\t" + field(r[c_node]) + "\t" + field(r[c_detail]) + "\n";
    ++drawn;
  }
  if (drawn == 0) {
    if (not quiet)
      std::fprintf(stderr, "clustersim: the timeline window holds no event: nothing drawn\n");
    return false;
  }
  write_file_atomic(run_dir + "/timeline.dat", data);
  std::sort(kinds.begin(), kinds.end()); // a kind's colour is its place in this list
  std::string lane_names, kind_names, span_names;
  for (auto const& l : lanes.labels())
    lane_names += (lane_names.empty() ? "" : " ") + l;
  for (auto const& k : kinds)
    kind_names += (kind_names.empty() ? "" : " ") + k;
  for (auto const& k : spanning)
    span_names += (span_names.empty() ? "" : " ") + k;
  size_t drawn_lanes = lanes.labels().size();
  std::string note   = drawn_lanes < lanes.actors()
                           ? std::to_string(drawn_lanes) + " of " + std::to_string(lanes.actors()) + " actors"
                           : std::to_string(drawn_lanes) + " actors";
  note += truncation_note(events, c_time, c_kind, c_detail);
  std::map<std::string, std::string> vars{{"datadir", plot_path(run_dir)},
                                          {"lanes", lane_names},
                                          {"kinds", kind_names},
                                          {"span_kinds", span_names},
                                          {"note", note}};
  if (o.from > 0)
    vars["xmin"] = csv_field(o.from);
  if (o.to < std::numeric_limits<double>::infinity())
    vars["xmax"] = csv_field(o.to);
  std::string base = run_dir + "/timeline";
  bool ok          = render_plot(plots_dir() + "/run_timeline.gp", base, vars);
  if (ok && not quiet)
    std::fprintf(stderr, "clustersim: timeline written to %s.png and %s.svg\n", base.c_str(), base.c_str());
  return ok;
}

} // namespace cs
