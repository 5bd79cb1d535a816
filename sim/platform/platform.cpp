#include "sim/platform/platform.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/platform/engine_reuse.hpp"
#include "sim/platform/os_costs.hpp"
#include "sim/platform/platform_star.hpp"
#include "sim/platform/platform_topology.hpp"
#include "sim/platform/platform_xml_check.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/platform/xml_host_count.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <simgrid/s4u.hpp>
#include <vector>
#include <xbt/config.hpp>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_platform, cs, "clustersim platform loading and building");

namespace sg4 = simgrid::s4u;

namespace cs {

Sourced read_sourced(Fields& f, const std::string& key, Unit unit, const std::string& doc, Range range,
                     const Sourced* def)
{
  // The schema serves `describe` alone: a platform reads hundreds of these fields per run.
  const json* raw = f.documenting() ? f.raw(key, std::string(unit_name(unit)) + " with source", doc,
                                            quantity_schema(unit, range, true))
                                    : f.raw(key, "", doc);
  if (raw == nullptr) {
    if (def)
      return *def;
    if (f.documenting())
      return {};
    f.missing(key, doc);
  }
  if (not raw->is_object() || not raw->contains("source"))
    f.fail(key, "expected {\"value\": ..., \"source\": \"...\"} (every platform number needs its provenance), got " +
                    quote_value(*raw));
  Fields one(json{{key, *raw}}, f.file(), f.pointer());
  Sourced s;
  s.value  = one.quantity(key, unit, 0, doc, range);
  s.source = one.source_of(key);
  if (s.source.empty())
    f.fail(key, "empty \"source\": say where the number comes from");
  return s;
}

namespace {

/** Speeds (flop/s) and bandwidths (B/s) SimGrid can share. Its max-min solver resolves rates to 1e-5 (its
 *  maxmin/precision), so a rate below 1 is mostly rounding; above 1e15 (10^4 to 10^5 times any host or link of
 *  today) it sums rates close to where doubles lose the digits that precision needs, and a speed of 1e308 ends
 *  in SimGrid's "The Impossible Did Happen" abort. Assumed bounds, documented in docs/scenarios.md. */
const Range simgrid_rate_range = Range::between(1, 1e15);
/** The most hosts a platform may have: a star routes each by itself (sim/platform_star.hpp), 16 bytes of routing
 *  per host instead of a table growing as the square (the largest shipped fixed platform has 256 hosts). */
constexpr size_t max_hosts = 65536;
/** The most hosts of a platform routed by a full table (explicit routes, several switches): 4,096 hosts are 16.7
 *  million routes and about 1.8 GB before the first event. */
constexpr size_t max_full_table_hosts = 4096;
/** The longest name of a host, link, switch, disk or platform, in bytes: the NAME_MAX of file names. Names are
 *  copied into SimGrid's tables, every route's links, every event row and result.json; a 400 KB host name, times
 *  the hosts and routes, took gigabytes before the first event. No shipped name is longer than 40 bytes. */
constexpr size_t max_name_bytes = 255;

std::string element_name(Fields& f, const std::string& key, const std::string& doc)
{
  std::string name = f.required_string(key, doc);
  if (name.size() > max_name_bytes)
    f.fail(key, "a name of " + std::to_string(name.size()) + " bytes: at most " + std::to_string(max_name_bytes));
  return name;
}

/** An hour: any larger one-way latency is no network clustersim simulates, and it keeps latency x slowdown finite. */
constexpr double max_latency_s = 3600;

/** Every ordered pair of hosts has exactly one route, from /routes or from a switch both hosts are plugged into.
 *  SimGrid finds out only when a message takes the pair: no route aborts it, and a second one for the same pair
 *  aborts it too. Any pair may be the one a model uses, so all are checked here. */
void check_routing(const PlatformSpec& spec)
{
  bool fabric = is_single_switch(spec) && not spec.switches[0].topology.is_null();
  if (not is_star_platform(spec) && not fabric && spec.hosts.size() > max_full_table_hosts)
    throw InputError(spec.file, "/hosts",
                     std::to_string(spec.hosts.size()) + " hosts, more than the " +
                         std::to_string(max_full_table_hosts) +
                         " a platform with explicit routes or several switches may have (its routing table holds a "
                         "route per pair of hosts): one switch carrying every host has no such bound");
  if (is_single_switch(spec))
    return; // the one switch (or its fabric) routes every pair, once
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < spec.hosts.size(); ++i)
    index[spec.hosts[i].name] = i;
  size_t n = spec.hosts.size();
  std::vector<const std::string*> entries; // pointers of the routing entries
  std::vector<int> routed_by(n * n, -1);   // which entry routes (src, dst); n <= max_hosts keeps this small
  // By host index: a switch routes the square of its hosts, so names are looked up once per host, not per pair (a
  // 4096-host switch is 16.8 million pairs).
  auto claim = [&](size_t a, size_t b, const std::string& pointer) {
    int& by = routed_by[a * n + b];
    if (by >= 0)
      throw InputError(spec.file, pointer,
                       "a second route from \"" + spec.hosts[a].name + "\" to \"" + spec.hosts[b].name + "\" (" +
                           *entries[by] + " routes it already): SimGrid allows one");
    if (entries.empty() || entries.back() != &pointer)
      entries.push_back(&pointer);
    by = static_cast<int>(entries.size()) - 1;
  };
  for (auto const& r : spec.routes) {
    claim(index.at(r.src), index.at(r.dst), r.pointer);
    if (r.symmetrical)
      claim(index.at(r.dst), index.at(r.src), r.pointer);
  }
  for (auto const& sw : spec.switches) {
    std::vector<size_t> on;
    for (auto const& h : sw.hosts)
      on.push_back(index.at(h));
    for (size_t a : on)
      for (size_t b : on)
        if (a != b)
          claim(a, b, sw.pointer);
  }
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j && routed_by[i * n + j] < 0)
        throw InputError(spec.file, "/routes",
                         "no route from \"" + spec.hosts[i].name + "\" to \"" + spec.hosts[j].name +
                             "\": every pair of hosts needs one (an entry of /routes, or a switch both are on)");
}

} // namespace

Unit unit_of_cost(const std::string& key)
{
  auto ends = [&](const char* suffix) {
    std::string s(suffix);
    return key.size() >= s.size() && key.compare(key.size() - s.size(), s.size(), s) == 0;
  };
  if (ends("_bw"))
    return Unit::bandwidth;
  if (ends("_size"))
    return Unit::size;
  if (ends("_factor") || ends("_count"))
    return Unit::none;
  return Unit::time;
}

namespace {

LinkSpec parse_link(Fields& f, bool named)
{
  LinkSpec l;
  l.pointer = f.pointer();
  if (named)
    l.name = element_name(f, "name", "link name");
  l.bandwidth = read_sourced(f, "bandwidth", Unit::bandwidth, "bandwidth", simgrid_rate_range);
  l.latency   = read_sourced(f, "latency", Unit::time, "latency", Range::between(0, max_latency_s));
  l.slowdown  = f.number("slowdown", 1, "divides the bandwidth and multiplies the latency (software-slowed network)",
                         Range::at_least(1));
  l.sharing   = f.choice("sharing", "shared", {"shared", "fatpipe", "split-duplex"},
                         "how flows share the link: shared (max-min), fatpipe (each flow gets it all), split-duplex");
  f.string("description", "", "free text");
  f.finish();
  return l;
}

std::string expand_name(const std::string& pattern, long i)
{
  auto pos = pattern.find("{i}");
  if (pos == std::string::npos)
    return pattern + std::to_string(i);
  return pattern.substr(0, pos) + std::to_string(i) + pattern.substr(pos + 3);
}

} // namespace

double OsProfile::cost(const std::string& key) const
{
  auto it = costs.find(key);
  if (it == costs.end()) {
    std::vector<std::string> keys;
    for (auto const& [k, _] : costs)
      keys.push_back(k);
    std::string near = nearest(key, keys);
    throw InputError(file, pointer,
                     "OS profile \"" + name + "\" has no cost \"" + key + "\", which this model needs" +
                         (near.empty() ? "" : " (it has \"" + near + "\")"));
  }
  return it->second.value;
}

double OsProfile::fork_cost(double resident_bytes) const
{
  return cost("fork_fixed") + cost("fork_per_mb") * resident_bytes / 1e6;
}

static json os_costs_schema()
{
  json cost           = quantity_schema(Unit::time, Range::non_negative(), true);
  cost["description"] = "a cost; the key's suffix gives its unit: _bw bandwidth, _size bytes, _factor/_count a "
                        "number, anything else seconds";
  // The schema gives each suffix its unit, as unit_of_cost does when the file is read.
  json by_suffix = {{"_bw$", quantity_schema(Unit::bandwidth, Range::non_negative(), true)},
                    {"_size$", quantity_schema(Unit::size, Range::non_negative(), true)},
                    {"_(factor|count)$", quantity_schema(Unit::none, Range::non_negative(), true)}};
  return {{"type", "object"}, {"patternProperties", by_suffix}, {"additionalProperties", cost}};
}

static void parse_os_profile_fields(Fields& f, OsProfile& p)
{
  f.string("description", "", "what this OS kind is");
  const char* costs_doc = "named costs; the key suffix gives the unit";
  const json* costs =
      f.documenting() ? f.raw("costs", "object", costs_doc, os_costs_schema()) : f.raw("costs", "object", costs_doc);
  f.finish();
  p.pointer = f.pointer("costs");
  if (costs == nullptr)
    return;
  if (not costs->is_object())
    throw InputError(f.file(), p.pointer, "expected an object of costs, got " + quote_value(*costs));
  Fields cf(*costs, f.file(), p.pointer);
  for (auto const& [key, _] : costs->items())
    p.costs[key] = read_sourced(cf, key, unit_of_cost(key), key, Range::non_negative());
  cf.finish();
}

OsProfile parse_os_profile(const std::string& name, const json& j, const std::string& file, const std::string& ptr)
{
  OsProfile p;
  p.name = name;
  p.file = file;
  Fields f(j, file, ptr);
  parse_os_profile_fields(f, p);
  return p;
}

namespace {

/** The top level of a platform file: every key declared here (parsing and `describe_platform` share this). */
struct PlatformTop {
  const json *simgrid, *os_profiles, *hosts, *links, *switches, *routes;
};

PlatformTop parse_top(Fields& f, PlatformSpec& spec)
{
  spec.name        = element_name(f, "name", "platform name");
  spec.description = f.string("description", "", "what this platform is");
  f.string("source", "", "where the platform as a whole comes from");
  PlatformTop t{};
  t.simgrid     = f.raw("simgrid", "object", "SimGrid --cfg items this platform needs",
                        {{"type", "object"}, {"additionalProperties", {{"type", json::array({"string", "number"})}}}});
  t.os_profiles = f.raw("os_profiles", "object", "OS cost tables by name", {{"type", "object"}});
  t.hosts =
      f.raw("hosts", "list", "hosts (a \"count\" makes several from one entry)", {{"type", "array"}, {"minItems", 1}});
  t.links    = f.raw("links", "list", "named links used by explicit routes", {{"type", "array"}});
  t.switches = f.raw("switches", "list", "switches: a port link per host plus a backplane", {{"type", "array"}});
  t.routes   = f.raw("routes", "list", "explicit routes as lists of link names", {{"type", "array"}});
  return t;
}

DiskSpec parse_disk(Fields& df)
{
  DiskSpec disk;
  disk.pointer = df.pointer();
  disk.name    = element_name(df, "name", "disk name");
  {
    DeferredReads until_read; // a model that never reads the disk never uses its read bandwidth
    disk.read_bw = read_sourced(df, "read_bw", Unit::bandwidth, "read bandwidth", simgrid_rate_range);
  }
  disk.read_bw_input = input_id(df.file(), df.pointer("read_bw"));
  disk.write_bw      = read_sourced(df, "write_bw", Unit::bandwidth, "write bandwidth", simgrid_rate_range);
  if (const json* m = df.raw("model", "object", "model-specific disk parameters", {{"type", "object"}}))
    disk.model = *m;
  df.string("description", "", "free text");
  df.finish();
  return disk;
}

/** One entry of "hosts" (a group of `count` hosts); `os_profiles` checks its OS (not when documenting). */
struct HostEntry {
  HostSpec proto;
  std::string name;
  long count = 1, first = 1;
};

HostEntry parse_host_entry(Fields& h, const PlatformSpec& spec)
{
  HostEntry e;
  HostSpec& proto = e.proto;
  proto.pointer   = h.pointer();
  e.name          = element_name(h, "name", "host name (with {i} when count > 1)");
  e.count         = h.integer("count", 1, "how many such hosts", 1, static_cast<long>(max_hosts));
  e.first         = h.integer("first", 1, "index of the first host when count > 1", 0);
  proto.group     = h.string("group", "", "label models may select hosts by");
  proto.generated = h.boolean("generated", false,
                              "the run sets count: the entry makes as many hosts as the model asks of its group "
                              "(count is the size when none asks); the entry must be its group's only one");
  proto.speed     = read_sourced(h, "speed", Unit::speed, "speed of one core", simgrid_rate_range);
  proto.cores     = h.integer("cores", 1, "cores (CPUs) of the host", 1, 1024);
  const Sourced none;
  proto.memory_bw = read_sourced(h, "memory_bw", Unit::bandwidth,
                                 "memory bandwidth: bytes/s of a large copy (absent: the OS profile's memcpy_bw)",
                                 simgrid_rate_range, &none);
  if (const json* ref = h.raw("reference", "object",
                              "the machine the models' measured CPU times and copy rates were taken on: speed, "
                              "memory_bw (absent: this entry as the platform file declares it, before overrides and "
                              "host profiles)",
                              {{"type", "object"}})) {
    if (not ref->is_object())
      h.fail("reference", "expected an object, got " + quote_value(*ref));
    Fields rf(*ref, h.file(), h.pointer("reference"));
    proto.reference_speed =
        read_sourced(rf, "speed", Unit::speed, "speed of one core of the reference machine", simgrid_rate_range, &none);
    proto.reference_memory_bw = read_sourced(rf, "memory_bw", Unit::bandwidth,
                                             "memory bandwidth of the reference machine", simgrid_rate_range, &none);
    rf.finish();
  }
  proto.os = h.required_string("os", "name of an OS profile in os_profiles");
  if (not h.documenting() && not spec.os_profiles.count(proto.os)) {
    std::vector<std::string> known;
    for (auto const& [k, _] : spec.os_profiles)
      known.push_back(k);
    h.fail("os", "no OS profile \"" + proto.os + "\" in /os_profiles" + did_you_mean(proto.os, known));
  }
  if (const json* disks = h.raw("disks", "list", "local disks", {{"type", "array"}})) {
    if (not disks->is_array())
      h.fail("disks", "expected a list, got " + quote_value(*disks));
    for (size_t d = 0; d < disks->size(); ++d) {
      Fields df((*disks)[d], h.file(), pointer_join(h.pointer("disks"), d));
      proto.disks.push_back(parse_disk(df));
    }
  }
  if (const json* props = h.raw("properties", "object", "free string properties", {{"type", "object"}})) {
    if (not props->is_object())
      h.fail("properties", "expected an object, got " + quote_value(*props));
    for (auto const& [k, v] : props->items())
      proto.properties[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
  h.string("description", "", "free text");
  h.finish();
  return e;
}

/** One entry of "switches"; `hosts` are the platform's host names (the switch's "all" means every one). */
SwitchSpec parse_switch(Fields& s, const std::vector<std::string>& hosts)
{
  SwitchSpec sw;
  sw.pointer = s.pointer();
  sw.name    = element_name(s, "name", "switch name");
  const json* hs =
      s.raw("hosts", "\"all\" or list of host names", "hosts plugged into the switch",
            {{"anyOf", json::array({{{"const", "all"}}, {{"type", "array"}, {"items", {{"type", "string"}}}}})}});
  if (hs == nullptr || (hs->is_string() && hs->get<std::string>() == "all")) {
    sw.hosts = hosts;
  } else if (hs->is_array()) {
    for (size_t k = 0; k < hs->size(); ++k) {
      std::string hp = pointer_join(s.pointer("hosts"), k);
      if (not(*hs)[k].is_string() || std::find(hosts.begin(), hosts.end(), (*hs)[k].get<std::string>()) == hosts.end())
        throw InputError(s.file(), hp, "expected the name of a host, got " + quote_value((*hs)[k]));
      sw.hosts.push_back((*hs)[k].get<std::string>());
    }
  } else {
    s.fail("hosts", "expected \"all\" or a list of host names, got " + quote_value(*hs));
  }
  Fields port       = s.object("port", "each host's port link (full duplex)");
  sw.port           = parse_link(port, false);
  Fields backplane  = s.object("backplane", "the switching fabric, shared by all flows");
  sw.backplane      = parse_link(backplane, false);
  sw.port.name      = sw.name + ":port";
  sw.backplane.name = sw.name + ":backplane";
  if (const json* q = s.raw("qos", "object", "QoS configuration (models/common/net parses it)", {{"type", "object"}}))
    sw.qos = *q;
  if (const json* t = s.raw("topology", "object",
                            "a fabric of SimGrid's cluster zones (fat_tree, torus, dragonfly) whose every cable is the "
                            "port link, instead of one switch (docs/scenarios.md)",
                            {{"type", "object"}}))
    sw.topology = *t;
  s.string("description", "", "free text");
  s.finish();
  return sw;
}

RouteSpec parse_route(Fields& r)
{
  RouteSpec route;
  route.pointer     = r.pointer();
  route.src         = r.required_string("src", "source host");
  route.dst         = r.required_string("dst", "destination host");
  route.links       = r.string_list("links", {}, "links crossed, in order");
  route.symmetrical = r.boolean("symmetrical", true, "also add the reverse route");
  r.finish();
  return route;
}

void check_route(Fields& r, const RouteSpec& route, const std::set<std::string>& names,
                 const std::set<std::string>& link_names)
{
  for (auto const* end : {&route.src, &route.dst})
    if (not names.count(*end))
      r.fail(end == &route.src ? "src" : "dst", "no host named \"" + *end + "\"");
  if (route.src == route.dst)
    r.fail("dst", "a route from a host to itself is implicit (loopback)");
  if (route.links.empty())
    r.fail("links", "a route needs at least one link");
  std::set<std::string> seen;
  for (size_t k = 0; k < route.links.size(); ++k) {
    std::string lp = pointer_join(r.pointer("links"), k);
    if (not link_names.count(route.links[k]))
      throw InputError(r.file(), lp, "no link named \"" + route.links[k] + "\" in /links");
    if (not seen.insert(route.links[k]).second)
      throw InputError(r.file(), lp, "link \"" + route.links[k] + "\" appears twice: the route is cyclic");
  }
}

} // namespace

void describe_platform(std::vector<FieldDoc>& docs)
{
  const std::string file = "<platform>";
  PlatformSpec spec;
  Fields top(json::object(), file, "", &docs);
  parse_top(top, spec);
  auto part = [&](const std::string& prefix) { return Fields(json::object(), file, prefix, &docs, prefix); };
  Fields os = part("/os_profiles/<name>");
  OsProfile profile;
  parse_os_profile_fields(os, profile);
  Fields host = part("/hosts/*");
  parse_host_entry(host, spec);
  Fields disk = part("/hosts/*/disks/*");
  parse_disk(disk);
  Fields link = part("/links/*");
  parse_link(link, true);
  Fields sw = part("/switches/*");
  parse_switch(sw, {});
  Fields topology = part("/switches/*/topology");
  parse_topology(topology);
  Fields route = part("/routes/*");
  parse_route(route);
}

PlatformSpec load_platform(const std::string& path)
{
  if (path.size() > 4 && path.compare(path.size() - 4, 4, ".xml") == 0) {
    PlatformSpec spec;
    spec.file = path;
    // Missing, too large, a FIFO or a device: refused here, before SimGrid reads it; so is a platform of more hosts
    // than a JSON one may have, before SimGrid builds them one by one.
    size_t hosts = xml_host_count(read_input_file(path));
    if (hosts > max_hosts)
      throw InputError(path, "",
                       "declares " + (hosts == SIZE_MAX ? std::string("too many") : std::to_string(hosts)) +
                           " hosts (its <host> elements and <cluster> radicals), more than the " +
                           std::to_string(max_hosts) + " a platform may have");
    check_xml_platform(path); // SimGrid aborts on much that is wrong in it
    spec.xml_file = path;
    spec.name     = path;
    return spec;
  }
  return parse_platform(load_input_json(path), path);
}

namespace {

/** A list field of the platform's top level: each entry read by `entry(fields_of_entry, index)`. */
template <class Entry> void each_entry(Fields& f, const json* list, const char* key, Entry entry)
{
  if (list == nullptr)
    return;
  if (not list->is_array())
    f.fail(key, "expected a list, got " + quote_value(*list));
  for (size_t i = 0; i < list->size(); ++i) {
    Fields e((*list)[i], f.file(), pointer_join(std::string("/") + key, i));
    entry(e);
  }
}

void parse_simgrid_block(Fields& f, const json* cfg, PlatformSpec& spec)
{
  if (cfg == nullptr)
    return;
  if (not cfg->is_object())
    f.fail("simgrid", "expected an object of SimGrid config items, got " + quote_value(*cfg));
  for (auto const& [k, v] : cfg->items()) {
    if (not v.is_string() && not v.is_number())
      throw InputError(f.file(), pointer_join("/simgrid", k), "expected a string or number, got " + quote_value(v));
    spec.simgrid_config[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
}

void parse_os_profiles(Fields& f, const json* profiles, PlatformSpec& spec)
{
  if (profiles == nullptr)
    return;
  if (not profiles->is_object())
    f.fail("os_profiles", "expected an object, got " + quote_value(*profiles));
  for (auto const& [name, p] : profiles->items())
    spec.os_profiles[name] = parse_os_profile(name, p, f.file(), pointer_join("/os_profiles", name));
}

/** The hosts, each entry expanded by its count; their names in declaration order. */
std::vector<std::string> parse_hosts(Fields& f, const json* hosts, PlatformSpec& spec)
{
  if (hosts == nullptr)
    f.fail("hosts", "missing required field (the hosts of the platform)");
  if (not hosts->is_array() || hosts->empty())
    f.fail("hosts", "expected a non-empty list of hosts, got " + quote_value(*hosts));
  std::set<std::string> names;
  std::vector<std::string> ordered;
  each_entry(f, hosts, "hosts", [&](Fields& h) {
    HostEntry e = parse_host_entry(h, spec);
    for (long k = 0; k < e.count; ++k) {
      HostSpec host = e.proto;
      host.name     = e.count == 1 ? e.name : expand_name(e.name, e.first + k);
      if (host.name.size() > max_name_bytes)
        throw InputError(f.file(), pointer_join(e.proto.pointer, "name"),
                         "host name \"" + host.name.substr(0, 40) + "...\" is " + std::to_string(host.name.size()) +
                             " bytes once numbered: at most " + std::to_string(max_name_bytes));
      if (not names.insert(host.name).second)
        throw InputError(f.file(), e.proto.pointer, "duplicate host name \"" + host.name + "\"");
      if (names.size() > max_hosts)
        throw InputError(f.file(), pointer_join(e.proto.pointer, "count"),
                         "more than " + std::to_string(max_hosts) + " hosts in the platform (the bound of clustersim)");
      ordered.push_back(host.name);
      spec.hosts.push_back(std::move(host));
    }
  });
  return ordered;
}

} // namespace

PlatformSpec parse_platform(const json& root, const std::string& path)
{
  PlatformSpec spec;
  spec.file = path;
  Fields f(root, path, "");
  PlatformTop top = parse_top(f, spec);
  parse_simgrid_block(f, top.simgrid, spec);
  parse_os_profiles(f, top.os_profiles, spec);
  std::vector<std::string> host_names = parse_hosts(f, top.hosts, spec);
  std::set<std::string> names(host_names.begin(), host_names.end());

  std::set<std::string> link_names;
  each_entry(f, top.links, "links", [&](Fields& lf) {
    LinkSpec l = parse_link(lf, true);
    if (not link_names.insert(l.name).second)
      throw InputError(path, l.pointer, "duplicate link name \"" + l.name + "\"");
    spec.links.push_back(l);
  });
  std::set<std::string> attached;
  each_entry(f, top.switches, "switches", [&](Fields& s) {
    SwitchSpec sw = parse_switch(s, host_names);
    for (auto const& h : sw.hosts)
      if (not attached.insert(h).second)
        s.fail("hosts", "host \"" + h + "\" is already plugged into another switch");
    spec.switches.push_back(sw);
  });
  each_entry(f, top.routes, "routes", [&](Fields& r) {
    RouteSpec route = parse_route(r);
    check_route(r, route, names, link_names);
    spec.routes.push_back(route);
  });
  f.finish();
  if (spec.os_profiles.empty())
    f.fail("os_profiles", "missing: every host needs an OS profile");
  check_topologies(spec);
  check_routing(spec);
  return spec;
}

std::vector<std::string> host_profile_replaces(const std::string& profile_path)
{
  // The same precedences as apply_host_profile: speed and cores always, the OS costs and disk bandwidths it measured.
  std::vector<std::string> out{"/hosts/*/speed", "/hosts/*/cores"};
  json root = load_input_json(profile_path);
  if (root.is_object() && root.contains("os_profile") && root["os_profile"].is_object()) {
    const json& os    = root["os_profile"];
    const json& costs = os.contains("costs") && os["costs"].is_object() ? os["costs"] : os;
    for (auto const& [k, _] : costs.items())
      out.push_back("/os_profiles/*/costs/" + k);
    // A measured copy rate is also the hosts' memory bandwidth, and a measured disk replaces the whole disk
    // (bandwidth and write cache), once hosts carry their hardware rates.
    if (costs.contains("memcpy_bw"))
      out.push_back("/hosts/*/memory_bw");
    if (costs.contains("disk_write_bw")) {
      out.push_back("/hosts/*/disks/*/write_bw");
      out.push_back("/hosts/*/disks/*/model/write_cache");
    }
    if (costs.contains("disk_read_bw"))
      out.push_back("/hosts/*/disks/*/read_bw");
  }
  return out;
}

HostProfile check_host_profile(const json& root, const std::string& profile_path)
{
  Fields f(root, profile_path, "");
  f.string("name", "", "profile name (usually the host name)");
  f.string("description", "", "free text");
  f.raw("raw", "object", "raw microbenchmark figures (informative)");
  f.raw("generated_by", "string", "the command that wrote the profile");
  HostProfile hp;
  hp.speed       = read_sourced(f, "speed", Unit::speed, "speed of one core", simgrid_rate_range);
  hp.cores       = f.integer("cores", 1, "cores", 1, 1024);
  const json* os = f.raw("os_profile", "object", "OS cost table measured on this machine");
  if (os == nullptr)
    f.fail("os_profile", "missing required field (the measured OS cost table)");
  hp.measured = parse_os_profile(f.string("name", "calibrated", ""), *os, profile_path, "/os_profile");
  f.finish();
  return hp;
}

void apply_host_profile(PlatformSpec& spec, const std::string& profile_path, const std::string& scenario_file)
{
  (void)scenario_file;
  HostProfile hp            = check_host_profile(load_input_json(profile_path), profile_path);
  const Sourced& speed      = hp.speed;
  long cores                = hp.cores;
  const OsProfile& measured = hp.measured;
  // Costs the microbenchmarks do not cover (e.g. Win32 calls) stay those of the platform's own profiles.
  for (auto& [name, prof] : spec.os_profiles)
    for (auto const& [k, v] : measured.costs)
      prof.costs[k] = v;
  for (auto& h : spec.hosts) {
    h.speed = speed;
    h.cores = cores;
    // The measured large-copy rate is the host's memory bandwidth: every copy rate of the models follows it.
    if (measured.has("memcpy_bw"))
      h.memory_bw = measured.costs.at("memcpy_bw");
    // A measured disk replaces the hosts' disks too (calibration: the fsync'ed write bandwidth of the machine).
    for (auto& d : h.disks) {
      if (measured.has("disk_write_bw")) {
        d.write_bw = measured.costs.at("disk_write_bw");
        // The whole disk is replaced: the profile timed write()+fsync() end to end, so no write-back buffer or
        // interface of the old drive stands in front of that rate.
        if (d.model.is_object() && not d.model.empty())
          d.model["write_cache"] = false;
      }
      if (measured.has("disk_read_bw"))
        d.read_bw = measured.costs.at("disk_read_bw");
    }
  }
}

void resolve_reference_rates(PlatformSpec& spec, const PlatformSpec& declared)
{
  std::map<std::string, const HostSpec*> entry; // a host entry's pointer -> its first host as declared
  for (auto const& h : declared.hosts)
    entry.emplace(h.pointer, &h);
  for (auto& h : spec.hosts) {
    auto it                 = entry.find(h.pointer);
    const HostSpec& d       = it != entry.end() ? *it->second : h;
    const std::string where = " as " + declared.file + d.pointer + " declares it";
    if (h.reference_speed.value <= 0)
      h.reference_speed = {d.speed.value, "the host's own speed" + where + " (" + d.speed.source + ")"};
    if (h.reference_memory_bw.value <= 0) {
      auto os = declared.os_profiles.find(d.os);
      if (d.memory_bw.value > 0)
        h.reference_memory_bw = {d.memory_bw.value, "the host's own memory_bw" + where};
      else if (os != declared.os_profiles.end() && os->second.has("memcpy_bw"))
        h.reference_memory_bw = {os->second.cost("memcpy_bw"),
                                 "the memcpy_bw of the host's OS profile \"" + d.os + "\"" + where};
    }
  }
}

void Platform::configure(sg4::Engine& e) const
{
  require_engine_options(spec_.simgrid_config);
  // By name and value for strings: the "KEY:VALUE" form splits a value at its blanks into two options.
  for (auto const& [k, v] : spec_.simgrid_config)
    if (simgrid_option_is_string(k)) {
      // In a process that ran an engine before (a batch of repetitions), SimGrid keeps the options and refuses a
      // model option set again, even to the value it has: an unchanged one is left alone.
      if (engines_created() > 1 && simgrid::config::get_value<std::string>(k) == v)
        continue;
      e.set_config(k, v);
    } else
      e.set_config(k + ":" + v);
}

namespace {

/** A SimGrid XML platform: its hosts (OS profile from their "os" property) and links, as the JSON ones are seen. */
void load_xml_platform(sg4::Engine& e, PlatformSpec& spec, std::map<std::string, sg4::Host*>& hosts,
                       std::map<std::string, size_t>& host_index, std::map<std::string, sg4::Link*>& links)
{
  try {
    e.load_platform(spec.xml_file);
  } catch (const std::exception& ex) { // SimGrid's XML parser throws on a malformed file
    throw InputError(spec.xml_file, "", std::string("invalid SimGrid XML platform: ") + ex.what());
  }
  for (auto* h : e.get_all_hosts()) {
    hosts[h->get_name()] = h;
    HostSpec hs;
    hs.name             = h->get_name();
    hs.speed            = {h->get_speed(), "SimGrid XML platform " + spec.xml_file};
    hs.cores            = h->get_core_count();
    const char* os      = h->get_property("os");
    hs.os               = os ? os : "generic";
    host_index[hs.name] = spec.hosts.size();
    spec.hosts.push_back(hs);
  }
  if (not spec.os_profiles.count("generic"))
    spec.os_profiles["generic"] = OsProfile{"generic", spec.xml_file, "", {}};
  for (auto* l : e.get_all_links())
    links[l->get_name()] = l;
}

} // namespace

namespace {
const std::string read_bw_input_property = "clustersim.read_bw_input";
}

void note_disk_read(const sg4::Disk* disk)
{
  if (const char* id = disk->get_property(read_bw_input_property))
    mark_inputs_read(id);
}

void Platform::build(sg4::Engine& e)
{
  if (not spec_.xml_file.empty()) {
    load_xml_platform(e, spec_, hosts_, host_index_, links_);
    return;
  }
  double extra   = options_.slowdown;
  auto make_host = [this](sg4::NetZone* z, size_t i) {
    auto const& hs = spec_.hosts[i];
    sg4::Host* h   = z->create_host(hs.name, hs.speed.value)->set_core_count(static_cast<int>(hs.cores));
    for (auto const& [k, v] : hs.properties)
      h->set_property(k, v);
    for (auto const& d : hs.disks)
      h->create_disk(d.name, d.read_bw.value, d.write_bw.value)
          ->set_property(read_bw_input_property, d.read_bw_input)
          ->seal();
    h->seal();
    hosts_[hs.name]      = h;
    host_index_[hs.name] = i;
    return h;
  };
  if (is_single_switch(spec_) && not spec_.switches[0].topology.is_null()) {
    build_topology_zone(spec_, extra, make_host)->seal();
    return;
  }
  bool star  = is_star_platform(spec_);
  auto* zone = star ? sg4::create_star_zone(spec_.name) : sg4::create_full_zone(spec_.name);
  for (size_t i = 0; i < spec_.hosts.size(); ++i)
    make_host(zone, i);
  auto make_link = [&](const LinkSpec& l, const std::string& name) {
    sg4::Link* link = zone->create_link(name, l.effective_bandwidth(extra))->set_latency(l.effective_latency(extra));
    if (l.sharing == "fatpipe")
      link->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE);
    // Not sealed here: the zone's seal() below seals its links, and a link sealed twice is announced twice to
    // SimGrid's tracer, which then aborts on a duplicate container ("lan:backplane already present").
    links_[name] = link;
    return link;
  };
  for (auto const& l : spec_.links)
    make_link(l, l.name);
  for (auto const& r : spec_.routes) {
    std::vector<sg4::LinkInRoute> path;
    for (auto const& n : r.links)
      path.emplace_back(links_.at(n));
    zone->add_route(hosts_.at(r.src)->get_netpoint(), hosts_.at(r.dst)->get_netpoint(), nullptr, nullptr, path,
                    r.symmetrical);
  }
  for (auto const& sw : spec_.switches) {
    std::string bp_name = sw.name + ":backplane";
    // A fatpipe backplane gives each flow all its bandwidth, so on a star a copy per sending host is the same share
    // for every flow and keeps the switch's flows from all being one system to SimGrid's solver (platform_star.hpp).
    bool bp_per_host     = star && sw.backplane.sharing == "fatpipe";
    sg4::Link* backplane = bp_per_host ? nullptr : make_link(sw.backplane, bp_name);
    std::map<std::string, std::pair<sg4::Link*, sg4::Link*>> ports; // host -> (up: host->switch, down)
    for (auto const& h : sw.hosts)
      ports[h] = {make_link(sw.port, sw.name + ":" + h + ":up"), make_link(sw.port, sw.name + ":" + h + ":down")};
    if (star) {
      for (auto const& h : sw.hosts) {
        sg4::Link* bp = bp_per_host ? make_link(sw.backplane, bp_name + ":" + h) : backplane;
        if (bp_per_host)
          link_parts_[bp_name].push_back(bp);
        add_star_routes(zone, hosts_.at(h), ports[h].first, bp, ports[h].second);
      }
      continue;
    }
    for (auto const& a : sw.hosts)
      for (auto const& b : sw.hosts)
        if (a != b)
          zone->add_route(
              hosts_.at(a)->get_netpoint(), hosts_.at(b)->get_netpoint(), nullptr, nullptr,
              {sg4::LinkInRoute(ports[a].first), sg4::LinkInRoute(backplane), sg4::LinkInRoute(ports[b].second)},
              false);
  }
  zone->seal();
  XBT_VERB("platform %s: %zu hosts, %zu links", spec_.name.c_str(), hosts_.size(), links_.size());
}

sg4::Host* Platform::host(const std::string& name) const
{
  auto it = hosts_.find(name);
  if (it == hosts_.end())
    throw InputError(options_.scenario_file, "", "platform " + spec_.file + " has no host \"" + name + "\"");
  return it->second;
}

const HostSpec& Platform::host_spec(const std::string& name) const
{
  auto it = host_index_.find(name);
  if (it == host_index_.end())
    throw InputError(options_.scenario_file, "", "platform " + spec_.file + " has no host \"" + name + "\"");
  return spec_.hosts[it->second];
}

std::vector<sg4::Host*> Platform::hosts(const std::string& group) const
{
  std::vector<sg4::Host*> out;
  for (auto const& h : spec_.hosts)
    if (group.empty() || h.group == group)
      out.push_back(hosts_.at(h.name));
  return out;
}

const OsProfile& Platform::os(const std::string& host) const
{
  return spec_.os_profiles.at(host_spec(host).os);
}

const OsProfile& Platform::os(const sg4::Host* host) const
{
  return os(host->get_name());
}

double Platform::reference_speed(const sg4::Host* host) const
{
  const HostSpec& h = host_spec(host->get_name());
  return h.reference_speed.value > 0 ? h.reference_speed.value : h.speed.value;
}

double Platform::memory_bw(const sg4::Host* host) const
{
  const HostSpec& h = host_spec(host->get_name());
  return h.memory_bw.value > 0 ? h.memory_bw.value : os(h.name).cost_or("memcpy_bw", 0);
}

double Platform::memory_scale(const sg4::Host* host) const
{
  double ref = host_spec(host->get_name()).reference_memory_bw.value;
  double bw  = memory_bw(host);
  return ref > 0 && bw > 0 && bw != ref ? bw / ref : 1.0;
}

const SwitchSpec* Platform::find_switch(const std::string& name) const
{
  for (auto const& s : spec_.switches)
    if (s.name == name)
      return &s;
  return nullptr;
}

const SwitchSpec* Platform::switch_of(const std::string& host) const
{
  for (auto const& s : spec_.switches)
    for (auto const& h : s.hosts)
      if (h == host)
        return &s;
  return nullptr;
}

sg4::Link* Platform::link(const std::string& name) const
{
  auto it = links_.find(name);
  return it == links_.end() ? nullptr : it->second;
}

std::vector<sg4::Link*> Platform::links(const std::string& name) const
{
  auto parts = link_parts_.find(name);
  if (parts != link_parts_.end())
    return parts->second;
  sg4::Link* l = link(name);
  return l == nullptr ? std::vector<sg4::Link*>{} : std::vector<sg4::Link*>{l};
}

} // namespace cs
