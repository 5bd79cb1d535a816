#include "sim/platform/smpi_platform.hpp"
#include "sim/input/errors.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/simgrid_options.hpp"

#include <iomanip>
#include <map>
#include <set>
#include <simgrid/s4u.hpp>
#include <sstream>

namespace sg4 = simgrid::s4u;

namespace cs {

namespace {

/** The options whose values decide a message's time, whatever the platform's "simgrid" block says. The solver's
 *  precision (surf/precision) is left out unless the platform sets it: smpirun asks for 1e-9, SimGrid's default,
 *  which clustersim runs at too (and which its own check of an XML <config> refuses as too fine to ask for). */
const char* const timing_options[] = {"network/model",          "network/TCP-gamma",        "network/crosstraffic",
                                      "network/latency-factor", "network/bandwidth-factor", "network/weight-S",
                                      "network/loopback-bw",    "network/loopback-lat"};

/** Text as an XML attribute value or element content holds it. */
std::string xml_text(const std::string& s)
{
  std::string out;
  for (char c : s)
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&apos;";
      break;
    default:
      out += c;
    }
  return out;
}

/** Every digit: SimGrid reads back the double the engine held. */
std::string exact(double x)
{
  std::ostringstream out;
  out << std::setprecision(17) << x;
  return out.str();
}

std::string sharing_name(const sg4::Link* link, const PlatformSpec& spec)
{
  switch (link->get_sharing_policy()) {
  case sg4::Link::SharingPolicy::SHARED:
    return "SHARED";
  case sg4::Link::SharingPolicy::FATPIPE:
    return "FATPIPE";
  default:
    // A split-duplex link reaches a route as its two halves, each shared; Wi-Fi and non-linear links need rates
    // or callbacks an XML file cannot give.
    throw InputError(spec.file, "/links",
                     "link \"" + link->get_name() + "\" has a sharing policy SMPI's XML platforms cannot express");
  }
}

/** The route from `a` to `b` as the engine computes it; empty when it is SimGrid's own loopback of `a`. */
std::vector<sg4::Link*> route_of(const sg4::Host* a, const sg4::Host* b)
{
  std::vector<sg4::Link*> links;
  double latency = 0;
  a->route_to(b, links, &latency);
  if (a == b && links.size() == 1 && links[0]->get_name() == "__loopback__")
    links.clear();
  return links;
}

void write_hosts(std::ostringstream& out, const std::vector<sg4::Host*>& hosts)
{
  for (const sg4::Host* h : hosts) {
    out << "    <host id=\"" << xml_text(h->get_name()) << "\" speed=\"" << exact(h->get_speed()) << "f\" core=\""
        << h->get_core_count() << "\"";
    const auto* props = h->get_properties();
    if (props == nullptr || props->empty()) {
      out << "/>\n";
      continue;
    }
    out << ">\n";
    for (auto const& [k, v] : std::map<std::string, std::string>(props->begin(), props->end()))
      out << "      <prop id=\"" << xml_text(k) << "\" value=\"" << xml_text(v) << "\"/>\n";
    out << "    </host>\n";
  }
}

} // namespace

SmpiConfig smpi_network_config(const PlatformSpec& spec)
{
  SmpiConfig config;
  std::set<std::string> seen;
  auto add = [&](const std::string& key) {
    if (seen.insert(key).second)
      config.emplace_back(key, simgrid_option_value(key));
  };
  for (const char* key : timing_options)
    add(key);
  for (auto const& [key, _] : spec.simgrid_config)
    add(key);
  return config;
}

std::string smpi_platform_xml(const std::vector<sg4::Host*>& hosts, const SmpiConfig& config, const std::string& zone,
                              const PlatformSpec& spec)
{
  // The routes first: they say which links the file needs, each written once, in the order first met.
  std::vector<const sg4::Link*> links;
  std::set<const sg4::Link*> known;
  std::ostringstream routes;
  for (const sg4::Host* a : hosts)
    for (const sg4::Host* b : hosts) {
      auto path = route_of(a, b);
      if (path.empty())
        continue;
      routes << "    <route src=\"" << xml_text(a->get_name()) << "\" dst=\"" << xml_text(b->get_name())
             << "\" symmetrical=\"NO\">";
      for (const sg4::Link* l : path) {
        if (known.insert(l).second)
          links.push_back(l);
        routes << "<link_ctn id=\"" << xml_text(l->get_name()) << "\"/>";
      }
      routes << "</route>\n";
    }
  std::ostringstream out;
  out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      << "<!-- Written by clustersim smpi-platform: the hosts, links and routes of a built platform. -->\n"
      << "<platform version=\"4.1\">\n  <config>\n";
  for (auto const& [k, v] : config)
    out << "    <prop id=\"" << xml_text(k) << "\" value=\"" << xml_text(v) << "\"/>\n";
  out << "  </config>\n  <zone id=\"" << xml_text(zone) << "\" routing=\"Full\">\n";
  write_hosts(out, hosts);
  for (const sg4::Link* l : links)
    out << "    <link id=\"" << xml_text(l->get_name()) << "\" bandwidth=\"" << exact(l->get_bandwidth())
        << "Bps\" latency=\"" << exact(l->get_latency()) << "s\" sharing_policy=\"" << sharing_name(l, spec)
        << "\"/>\n";
  out << routes.str() << "  </zone>\n</platform>\n";
  return out.str();
}

std::string smpi_hostfile(const std::vector<std::string>& rank_hosts)
{
  std::string out;
  for (auto const& h : rank_hosts)
    out += h + "\n";
  return out;
}

std::string smpirun_cfg_args(const SmpiConfig& config)
{
  std::string out;
  for (auto const& [k, v] : config)
    out += "--cfg=" + k + ":" + v + "\n";
  return out;
}

} // namespace cs
