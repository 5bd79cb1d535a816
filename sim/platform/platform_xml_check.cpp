#include "sim/platform/platform_xml_check.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/units.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace pt = boost::property_tree;

namespace cs {

namespace {

// The bounds of JSON platforms (sim/platform.cpp: rates SimGrid's solver can share, latencies up to an hour).
const Range rate_range    = Range::between(1, 1e15);
const Range latency_range = Range::between(0, 3600);

const std::set<std::string> routing_kinds{"Full",    "Floyd",   "Dijkstra",     "DijkstraCache",  "None",
                                          "Vivaldi", "Cluster", "ClusterTorus", "ClusterFatTree", "ClusterDragonfly",
                                          "Wifi"};
const std::set<std::string> sharing_policies{"SHARED", "SPLITDUPLEX", "FATPIPE", "WIFI"};

struct Route {
  std::string where, src, dst;
  bool symmetrical;
};

/** One zone: the names that must reach each other (its hosts, and its child zones that hold hosts), every name a
 *  route of it may end at, and its routes. */
struct Zone {
  std::string where, routing;
  std::vector<std::string> ends;
  std::set<std::string> members;
  std::vector<Route> routes;
};

class Checker {
public:
  explicit Checker(std::string file) : file_(std::move(file)) {}

  void check(const pt::ptree& root)
  {
    auto platform = root.get_child_optional("platform");
    if (not platform)
      fail("/platform", "not a SimGrid platform (no <platform> element)");
    Zone top{"/platform", "Full", {}, {}, {}};
    walk(*platform, top);
    for (auto const& [where, link] : link_refs_)
      if (not links_.count(link))
        fail(where, "no link \"" + link + "\" in this platform");
    for (auto const& [where, gateway] : gateways_)
      if (not hosts_.count(gateway) && not routers_.count(gateway))
        fail(where, "no host or router \"" + gateway + "\" in this platform");
    for (auto const& z : zones_)
      check_pairs(z);
  }

private:
  [[noreturn]] void fail(const std::string& where, const std::string& what) const
  {
    throw InputError(file_, where, what);
  }

  static std::string attr(const pt::ptree& e, const std::string& key)
  {
    return e.get<std::string>("<xmlattr>." + key, "");
  }

  /** A quantity attribute (a comma-separated list of them when `list`), parsed as JSON platforms parse units. */
  void quantity(const pt::ptree& e, const std::string& where, const std::string& key, Unit unit, Range range,
                bool required, bool list = false)
  {
    auto given = e.get_child_optional("<xmlattr>." + key);
    if (not given) {
      if (required)
        fail(where + "/@" + key, std::string("missing ") + unit_name(unit));
      return;
    }
    std::stringstream all(given->data());
    std::string text;
    while (std::getline(all, text, list ? ',' : '\0')) {
      std::string why = "out of range";
      auto v          = parse_unit_string(text, unit, &why);
      if (not v || not range.contains(*v))
        fail(where + "/@" + key, std::string("expected a ") + unit_name(unit) + " " + range.describe() + ", got \"" +
                                     given->data() + "\" (" + why + ")");
    }
  }

  /** The element's name attribute `key`, which must be new among `seen`. */
  std::string name(const pt::ptree& e, const std::string& tag, const std::string& parent, const std::string& key,
                   std::set<std::string>& seen)
  {
    std::string n = attr(e, key);
    if (n.empty())
      fail(parent + "/" + tag, "a <" + tag + "> without its \"" + key + "\"");
    if (not seen.insert(n).second)
      fail(parent + "/" + tag + "[" + n + "]", "a second <" + tag + "> named \"" + n + "\"");
    return n;
  }

  void sharing(const pt::ptree& e, const std::string& where, const std::string& key)
  {
    std::string policy = attr(e, key);
    if (not policy.empty() && not sharing_policies.count(policy))
      fail(where + "/@" + key, "\"" + policy + "\" is no sharing policy (SHARED, SPLITDUPLEX, FATPIPE, WIFI)");
  }

  void walk(const pt::ptree& zone_element, Zone& zone)
  {
    for (auto const& [tag, e] : zone_element)
      element(tag, e, zone);
  }

  void element(const std::string& tag, const pt::ptree& e, Zone& zone)
  {
    const std::string& parent = zone.where;
    if (tag == "config") {
      config(e, parent + "/config");
    } else if (tag == "host" || tag == "peer") {
      std::string n     = name(e, tag, parent, "id", hosts_);
      std::string where = parent + "/" + tag + "[" + n + "]";
      quantity(e, where, "speed", Unit::speed, rate_range, true, true);
      if (tag == "peer") {
        quantity(e, where, "bw_in", Unit::bandwidth, rate_range, true);
        quantity(e, where, "bw_out", Unit::bandwidth, rate_range, true);
        quantity(e, where, "lat", Unit::time, latency_range, false);
      }
      zone.ends.push_back(n);
      zone.members.insert(n);
    } else if (tag == "router") {
      zone.members.insert(name(e, tag, parent, "id", routers_));
    } else if (tag == "link" || tag == "backbone") {
      std::string where = parent + "/" + tag + "[" + name(e, tag, parent, "id", links_) + "]";
      quantity(e, where, "bandwidth", Unit::bandwidth, rate_range, true);
      quantity(e, where, "latency", Unit::time, latency_range, false);
      sharing(e, where, "sharing_policy");
    } else if (tag == "cluster" || tag == "cabinet") {
      cluster(tag, e, zone);
    } else if (tag == "zone" || tag == "AS") {
      child_zone(tag, e, zone);
    } else if (tag == "route" || tag == "ASroute" || tag == "zoneRoute") {
      route(tag, e, zone);
    } else if (tag == "host_link") {
      std::string where = parent + "/host_link[" + attr(e, "id") + "]";
      for (auto const* key : {"up", "down"})
        link_refs_.emplace_back(where + "/@" + key, attr(e, key));
    }
  }

  void config(const pt::ptree& c, const std::string& where)
  {
    for (auto const& [tag, prop] : c)
      if (tag == "prop") {
        std::string key = attr(prop, "id");
        std::string why = simgrid_option_problem(key, attr(prop, "value"));
        if (not why.empty())
          fail(where + "/prop[" + key + "]", why);
      }
  }

  void cluster(const std::string& tag, const pt::ptree& e, Zone& zone)
  {
    std::string n     = name(e, tag, zone.where, "id", zone_names_);
    std::string where = zone.where + "/" + tag + "[" + n + "]";
    quantity(e, where, "speed", Unit::speed, rate_range, true, true);
    quantity(e, where, "bw", Unit::bandwidth, rate_range, true);
    quantity(e, where, "lat", Unit::time, latency_range, false);
    for (auto const* key : {"bb_bw", "loopback_bw", "limiter_link"})
      quantity(e, where, key, Unit::bandwidth, rate_range, false);
    for (auto const* key : {"bb_lat", "loopback_lat"})
      quantity(e, where, key, Unit::time, latency_range, false);
    sharing(e, where, "sharing_policy");
    sharing(e, where, "bb_sharing_policy");
    if (attr(e, "radical").empty())
      fail(where + "/@radical", "a <" + tag + "> without hosts (no \"radical\")");
    if (not attr(e, "router_id").empty())
      routers_.insert(attr(e, "router_id"));
    zone.ends.push_back(n);
    zone.members.insert(n);
  }

  void child_zone(const std::string& tag, const pt::ptree& e, Zone& zone)
  {
    std::string n = name(e, tag, zone.where, "id", zone_names_);
    Zone child{zone.where + "/" + tag + "[" + n + "]", attr(e, "routing"), {}, {}, {}};
    if (child.routing.empty())
      child.routing = "None"; // SimGrid's default
    if (not routing_kinds.count(child.routing))
      fail(child.where + "/@routing", "\"" + child.routing + "\" is no SimGrid routing (Full, Floyd, Dijkstra, ...)");
    walk(e, child);
    if (not child.ends.empty())
      zone.ends.push_back(n);
    zone.members.insert(n);
    zones_.push_back(std::move(child));
  }

  void route(const std::string& tag, const pt::ptree& e, Zone& zone)
  {
    Route r{zone.where + "/" + tag + "[" + attr(e, "src") + "->" + attr(e, "dst") + "]", attr(e, "src"), attr(e, "dst"),
            attr(e, "symmetrical") != "NO" && attr(e, "symmetrical") != "no"};
    for (auto const* end : {"src", "dst"})
      if (not zone.members.count(attr(e, end)))
        fail(r.where + "/@" + end, "\"" + attr(e, end) + "\" is no host, router or zone declared before in this zone");
    for (auto const* gateway : {"gw_src", "gw_dst"})
      if (tag != "route" || not attr(e, gateway).empty())
        gateways_.emplace_back(r.where + "/@" + gateway, attr(e, gateway));
    int i = 0;
    for (auto const& [t, ctn] : e)
      if (t == "link_ctn")
        link_refs_.emplace_back(r.where + "/link_ctn[" + std::to_string(i++) + "]", attr(ctn, "id"));
    zone.routes.push_back(std::move(r));
  }

  /** Every two ends of the zone have a route (SimGrid aborts on the first message between two that have none). */
  void check_pairs(const Zone& z) const
  {
    if (z.ends.size() < 2)
      return;
    std::map<std::string, std::set<std::string>> next;
    for (auto const& r : z.routes) {
      next[r.src].insert(r.dst);
      if (r.symmetrical)
        next[r.dst].insert(r.src);
    }
    bool multi_hop = z.routing == "Floyd" || z.routing == "Dijkstra" || z.routing == "DijkstraCache";
    if (z.routing != "Full" && z.routing != "None" && not multi_hop)
      return; // the other routings compute every route themselves
    for (auto const& a : z.ends) {
      std::set<std::string> reached = multi_hop ? reachable(next, a) : next[a];
      for (auto const& b : z.ends)
        if (a != b && not reached.count(b))
          fail(z.where, "no route from \"" + a + "\" to \"" + b + "\" (routing " + z.routing + ")");
    }
  }

  static std::set<std::string> reachable(const std::map<std::string, std::set<std::string>>& next,
                                         const std::string& from)
  {
    std::set<std::string> seen{from};
    std::vector<std::string> todo{from};
    while (not todo.empty()) {
      std::string at = todo.back();
      todo.pop_back();
      auto it = next.find(at);
      if (it != next.end())
        for (auto const& n : it->second)
          if (seen.insert(n).second)
            todo.push_back(n);
    }
    return seen;
  }

  std::string file_;
  std::set<std::string> hosts_, links_, routers_, zone_names_;
  std::vector<Zone> zones_;
  std::vector<std::pair<std::string, std::string>> link_refs_, gateways_;
};

} // namespace

void check_xml_platform(const std::string& path)
{
  pt::ptree root;
  try {
    pt::read_xml(path, root);
  } catch (const pt::xml_parser_error& e) {
    throw InputError(
        path, "", "invalid SimGrid XML platform: Parse error at line " + std::to_string(e.line()) + ": " + e.message());
  }
  Checker(path).check(root);
}

} // namespace cs
