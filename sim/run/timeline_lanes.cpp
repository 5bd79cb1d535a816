#include "sim/run/timeline_lanes.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace cs {

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

namespace {

size_t column_of(const Table& t, const std::string& name)
{
  auto it = std::find(t.columns().begin(), t.columns().end(), name);
  if (it == t.columns().end())
    throw std::logic_error("events table without column " + name);
  return static_cast<size_t>(it - t.columns().begin());
}

using Who = std::pair<std::string, std::string>; // host, actor

/** The actors to draw: those with a row other than their life in [from, to] (all, if none has), and a host lane
 *  ("" actor) for a host with such rows and no actor drawn (a node failed from elsewhere). */
std::set<Who> lanes_wanted(const Table& events, double from, double to)
{
  const size_t c_node = column_of(events, "node"), c_actor = column_of(events, "actor"),
               c_kind = column_of(events, "kind"), c_time = column_of(events, "time_s"),
               c_end = column_of(events, "end_s");
  std::set<Who> all, busy;
  std::set<std::string> busy_hosts;
  for (auto const& r : events.rows()) {
    Who who{r[c_node].get<std::string>(), r[c_actor].get<std::string>()};
    if (who.first.empty())
      continue;
    if (r[c_kind] == "actor")
      all.insert(who);
    else if (r[c_end].get<double>() >= from && r[c_time].get<double>() <= to)
      busy.insert(who), busy_hosts.insert(who.first);
  }
  std::set<Who> shown;
  for (auto const& a : all)
    if (busy.count(a))
      shown.insert(a);
  if (shown.empty())
    shown = all;
  for (auto const& host : busy_hosts) {
    auto it = shown.lower_bound({host, ""});
    if (it == shown.end() || it->first != host)
      shown.insert({host, ""});
  }
  return shown;
}

} // namespace

TimelineLanes::TimelineLanes(const Table& events, long max_lanes, double from, double to)
{
  std::set<Who> actors = lanes_wanted(events, from, to);
  std::vector<Who> order(actors.begin(), actors.end());
  std::sort(order.begin(), order.end(), [](auto const& a, auto const& b) {
    return a.first != b.first ? natural_less(a.first, b.first) : natural_less(a.second, b.second);
  });
  actors_ = order.size();
  if (static_cast<long>(order.size()) > max_lanes)
    order.resize(static_cast<size_t>(std::max(0L, max_lanes)));
  for (auto const& [node, actor] : order) {
    long lane            = static_cast<long>(labels_.size());
    lane_[{node, actor}] = lane;
    first_.emplace(node, lane);
    std::string label = actor.empty() ? node : node + "/" + actor;
    std::replace_if(
        label.begin(), label.end(), [](unsigned char c) { return std::isspace(c); }, '_');
    labels_.push_back(label);
  }
}

long TimelineLanes::of(const std::string& node, const std::string& actor) const
{
  auto own = lane_.find({node, actor});
  if (own != lane_.end())
    return own->second;
  auto first = first_.find(node);
  return first == first_.end() ? -1 : first->second;
}

} // namespace cs
