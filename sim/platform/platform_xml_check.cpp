#include "sim/platform/platform_xml_check.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/units.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <cmath>
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
  /// For the zones that route by themselves (Cluster, Vivaldi, Wifi): what gives each end its way out.
  std::set<std::string> linked;              ///< hosts with their own links (<host_link>, or a <peer>)
  std::map<std::string, std::string> coords; ///< host or peer -> its "coordinates" attribute
  std::set<std::string> zones;               ///< ends that are zones (<zone>, <cluster>) rather than hosts
  std::map<std::string, std::string> props;  ///< the zone's <prop> id -> value
  std::vector<std::string> links;            ///< the zone's own <link>s
};

class Checker {
public:
  explicit Checker(std::string file) : file_(std::move(file)) {}

  void check(const pt::ptree& root)
  {
    auto platform = root.get_child_optional("platform");
    if (not platform)
      fail("/platform", "not a SimGrid platform (no <platform> element)");
    Zone top;
    top.where   = "/platform";
    top.routing = "Full";
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

  /** A sharing policy; WIFI only for the radio of a Wifi zone (`in_wifi`): elsewhere its stations have no rate. */
  void sharing(const pt::ptree& e, const std::string& where, const std::string& key, bool in_wifi = false)
  {
    std::string policy = attr(e, key);
    if (not policy.empty() && not sharing_policies.count(policy))
      fail(where + "/@" + key, "\"" + policy + "\" is no sharing policy (SHARED, SPLITDUPLEX, FATPIPE, WIFI)");
    if (policy == "WIFI" && not in_wifi)
      fail(where + "/@" + key, "a WIFI link belongs in a Wifi zone (as its only link)");
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
        if (zone.routing != "Vivaldi") // SimGrid aborts
          fail(where, "a <peer> belongs in a Vivaldi zone, not in one routed " + zone.routing);
        quantity(e, where, "bw_in", Unit::bandwidth, rate_range, true);
        quantity(e, where, "bw_out", Unit::bandwidth, rate_range, true);
        quantity(e, where, "lat", Unit::time, latency_range, false);
      }
      zone.ends.push_back(n);
      zone.members.insert(n);
      if (auto c = e.get_child_optional("<xmlattr>.coordinates"))
        zone.coords[n] = c->data();
      if (tag == "peer")
        zone.linked.insert(n);
    } else if (tag == "router") {
      zone.members.insert(name(e, tag, parent, "id", routers_));
    } else if (tag == "link" || tag == "backbone") {
      std::string n     = name(e, tag, parent, "id", links_);
      std::string where = parent + "/" + tag + "[" + n + "]";
      zone.links.push_back(n);
      quantity(e, where, "bandwidth", Unit::bandwidth, rate_range, true);
      quantity(e, where, "latency", Unit::time, latency_range, false);
      sharing(e, where, "sharing_policy", zone.routing == "Wifi");
    } else if (tag == "cluster" || tag == "cabinet") {
      cluster(tag, e, zone);
    } else if (tag == "zone" || tag == "AS") {
      child_zone(tag, e, zone);
    } else if (tag == "route" || tag == "ASroute" || tag == "zoneRoute") {
      route(tag, e, zone);
    } else if (tag == "prop") {
      zone.props[attr(e, "id")] = attr(e, "value");
    } else if (tag == "host_link") {
      std::string where = parent + "/host_link[" + attr(e, "id") + "]";
      if (zone.routing != "Cluster" && zone.routing != "Vivaldi") // SimGrid aborts
        fail(where, "a <host_link> belongs in a Cluster or Vivaldi zone, not in one routed " + zone.routing);
      zone.linked.insert(attr(e, "id"));
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
    zone.zones.insert(n);
  }

  void child_zone(const std::string& tag, const pt::ptree& e, Zone& zone)
  {
    std::string n = name(e, tag, zone.where, "id", zone_names_);
    Zone child;
    child.where   = zone.where + "/" + tag + "[" + n + "]";
    child.routing = attr(e, "routing");
    if (child.routing.empty())
      child.routing = "None"; // SimGrid's default
    if (not routing_kinds.count(child.routing))
      fail(child.where + "/@routing", "\"" + child.routing + "\" is no SimGrid routing (Full, Floyd, Dijkstra, ...)");
    walk(e, child);
    if (not child.ends.empty()) {
      zone.ends.push_back(n);
      zone.zones.insert(n);
    }
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
    if (z.routing == "Wifi")
      return check_wifi(z); // a single station already aborts on its first message
    if (z.ends.size() < 2)
      return;
    std::map<std::string, std::set<std::string>> next;
    for (auto const& r : z.routes) {
      next[r.src].insert(r.dst);
      if (r.symmetrical)
        next[r.dst].insert(r.src);
    }
    if (z.routing == "Cluster" || z.routing == "Vivaldi") {
      check_star(z);
      return;
    }
    bool multi_hop = z.routing == "Floyd" || z.routing == "Dijkstra" || z.routing == "DijkstraCache";
    if (z.routing != "Full" && z.routing != "None" && not multi_hop)
      return; // the generated topologies (torus, fat tree, dragonfly) route every pair themselves
    for (auto const& a : z.ends) {
      std::set<std::string> reached = multi_hop ? reachable(next, a) : next[a];
      for (auto const& b : z.ends)
        if (a != b && not reached.count(b))
          fail(z.where, "no route from \"" + a + "\" to \"" + b + "\" (routing " + z.routing + ")");
    }
  }

  /** A Cluster, Vivaldi or Wifi zone routes each message from its source up to the zone's centre and down to its
   *  destination, by the links each end declares: an end without them has its messages cross no link at all (in no
   *  time: a wrong answer) or makes SimGrid abort (a child zone, which has no way up; a Vivaldi host without its
   *  three coordinates). */
  void check_star(const Zone& z) const
  {
    for (auto const& n : z.zones)
      fail(z.where, "\"" + n + "\" holds hosts, but a " + z.routing +
                        " zone routes its own hosts only (place both zones in a Full, Floyd or Dijkstra zone)");
    for (auto const& h : z.ends) {
      if (not z.linked.count(h))
        fail(z.where, "host \"" + h + "\" has no <host_link> (nor is it a <peer>): its messages would cross no link, " +
                          "in no time (routing " + z.routing + ")");
      if (z.routing == "Vivaldi")
        check_coordinates(z, h);
    }
  }

  void check_coordinates(const Zone& z, const std::string& host) const
  {
    auto c = z.coords.find(host);
    if (c == z.coords.end())
      fail(z.where, "host \"" + host + "\" has no \"coordinates\" (three numbers, in ms), which Vivaldi routing needs");
    std::stringstream in(c->second);
    std::string part;
    int n = 0;
    while (std::getline(in, part, ' ')) {
      char* end = nullptr;
      double v  = std::strtod(part.c_str(), &end);
      if (part.empty() || *end != '\0' || not std::isfinite(v) || std::fabs(v) > 3.6e6)
        n = -100; // not a plain number of at most an hour (the latency bound)
      ++n;
    }
    if (n != 3)
      fail(z.where, "host \"" + host +
                        "\": expected \"coordinates\" of three numbers (ms, at most 3.6e6) separated by " +
                        "single spaces, got \"" + c->second + "\"");
  }

  void check_wifi(const Zone& z) const
  {
    if (z.ends.empty() && z.links.empty())
      return; // nothing routed through it
    auto ap = z.props.find("access_point");
    if (ap == z.props.end())
      fail(z.where, "a Wifi zone without its access point (<prop id=\"access_point\" value=\"ROUTER\"/>)");
    if (not z.members.count(ap->second))
      fail(z.where + "/prop[access_point]", "no host or router \"" + ap->second + "\" in this zone");
    if (z.links.size() != 1)
      fail(z.where, "a Wifi zone needs exactly one <link> (its radio), got " + std::to_string(z.links.size()));
    for (auto const& n : z.zones)
      fail(z.where, "\"" + n + "\" holds hosts, but a Wifi zone routes its own stations only");
    for (auto const& h : z.ends)
      if (h != ap->second) // SimGrid 3.32 aborts at the station's first message ("does not seem attached")
        fail(z.where, "host \"" + h + "\" is a station of this Wifi zone: SimGrid needs its rate on the radio " +
                          "link (Link::set_host_wifi_rate), which an XML platform cannot declare");
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
