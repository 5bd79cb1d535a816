#include "sim/run/timeline.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/run/events.hpp"
#include "sim/run/plot.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

namespace cs {

namespace {

double parse_time(const std::string& text, double def, const std::string& whole)
{
  if (text.empty())
    return def;
  char* end = nullptr;
  double v  = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || v < 0)
    throw UsageError("--window expects T0:T1 in simulated seconds (either side may be empty), got \"" + whole + "\"");
  return v;
}

/** Text for one tab-separated field: tabs and newlines would break the row. */
std::string field(const json& v)
{
  std::string s = v.is_string() ? v.get<std::string>() : csv_field(v);
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r')
      c = ' ';
  return s.empty() ? "-" : s;
}

size_t column(const Table& t, const std::string& name)
{
  for (size_t i = 0; i < t.columns().size(); ++i)
    if (t.columns()[i] == name)
      return i;
  throw std::logic_error("events table without column " + name);
}

/** a2 before a10: lanes and kinds in an order that depends on their names only, so that two runs of a scenario draw
 *  the same lane at the same place and a kind in the same colour, whatever happened first. */
bool natural_less(const std::string& a, const std::string& b)
{
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t i1 = a.find_first_not_of("0123456789", i), j1 = b.find_first_not_of("0123456789", j);
      std::string da = a.substr(i, i1 - i), db = b.substr(j, j1 - j);
      da.erase(0, std::min(da.find_first_not_of('0'), da.size() - 1));
      db.erase(0, std::min(db.find_first_not_of('0'), db.size() - 1));
      if (da.size() != db.size() || da != db)
        return da.size() != db.size() ? da.size() < db.size() : da < db;
      i = i1 == std::string::npos ? a.size() : i1;
      j = j1 == std::string::npos ? b.size() : j1;
    } else if (a[i] != b[j]) {
      return a[i] < b[j];
    } else {
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
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
  // Lanes: the nodes in the order of their names, at most max_lanes of them.
  std::set<std::string> all_nodes;
  for (auto const& r : events.rows())
    if (not r[c_node].get<std::string>().empty())
      all_nodes.insert(r[c_node].get<std::string>());
  std::vector<std::string> lanes(all_nodes.begin(), all_nodes.end());
  std::sort(lanes.begin(), lanes.end(), natural_less);
  if (static_cast<long>(lanes.size()) > o.max_lanes)
    lanes.resize(o.max_lanes);
  std::map<std::string, size_t> lane_of;
  for (size_t i = 0; i < lanes.size(); ++i)
    lane_of[lanes[i]] = i;
  // Kinds the model marked (the automatic ones have their own styles in the script), in order of appearance.
  static const std::set<std::string> automatic{"actor", "cpu", "msg"};
  std::vector<std::string> kinds;
  std::string data = "# lane\tstart_s\tend_s\tpeer_lane\tkind\tnode\tdetail\n";
  size_t drawn     = 0;
  for (auto const& r : events.rows()) {
    double t0 = r[c_time].get<double>(), t1 = r[c_end].get<double>();
    auto lane = lane_of.find(r[c_node].get<std::string>());
    if (lane == lane_of.end() || t1 < o.from || t0 > o.to)
      continue;
    std::string kind = r[c_kind].get<std::string>();
    if (not automatic.count(kind) && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
      kinds.push_back(kind);
    auto peer             = lane_of.find(r[c_peer].get<std::string>());
    std::string peer_lane = peer == lane_of.end() ? "NaN" : std::to_string(peer->second);
    data += std::to_string(lane->second) + "\t" + field(r[c_time]) + "\t" + field(r[c_end]) + "\t" + peer_lane + "\t" +
            kind + "\t" + field(r[c_node]) + "\t" + field(r[c_detail]) + "\n";
    ++drawn;
  }
  if (drawn == 0) {
    if (not quiet)
      std::fprintf(stderr, "clustersim: the timeline window holds no event: nothing drawn\n");
    return false;
  }
  write_file_atomic(run_dir + "/timeline.dat", data);
  std::sort(kinds.begin(), kinds.end()); // a kind's colour is its place in this list
  std::string lane_names, kind_names;
  for (auto const& l : lanes)
    lane_names += (lane_names.empty() ? "" : " ") + l;
  for (auto const& k : kinds)
    kind_names += (kind_names.empty() ? "" : " ") + k;
  std::string note = lanes.size() < all_nodes.size()
                         ? std::to_string(lanes.size()) + " of " + std::to_string(all_nodes.size()) + " nodes"
                         : std::to_string(lanes.size()) + " nodes";
  note += truncation_note(events, c_time, c_kind, c_detail);
  std::map<std::string, std::string> vars{
      {"datadir", plot_path(run_dir)}, {"lanes", lane_names}, {"kinds", kind_names}, {"note", note}};
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
