/* Platforms as data: hosts with their OS cost tables, links (with the seed-000 "slowdown"), switches, disks
 * and explicit routes, read from platforms/NAME.json (or a SimGrid XML file) and built into SimGrid zones. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"

#include <map>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Engine;
class Host;
class Link;
class Disk;
} // namespace simgrid::s4u

namespace cs {

/** A number with its provenance (seed table/section, microbenchmark, fitted-from cell, or assumed + reference). */
struct Sourced {
  double value = 0;
  std::string source;
};

/** The OS cost table of a host kind. Keys are free-form; their suffix gives the unit:
 *  `_bw` bandwidth, `_size` bytes, `_factor` a number, anything else a duration in seconds. */
struct OsProfile {
  std::string name;
  std::string file;    ///< where it was defined (for error messages)
  std::string pointer; ///< JSON pointer of its costs object
  std::map<std::string, Sourced> costs;

  /** The cost `key`; a missing key is an InputError naming the profile, so models need no defaults for costs. */
  double cost(const std::string& key) const;
  bool has(const std::string& key) const { return costs.count(key) != 0; }
  double cost_or(const std::string& key, double def) const { return has(key) ? cost(key) : def; }
  /** fork() of a process with `resident_bytes` touched: fork_fixed + fork_per_mb x MB (page-table copy). */
  double fork_cost(double resident_bytes) const;
};

struct DiskSpec {
  std::string name;
  Sourced read_bw;
  Sourced write_bw;
  json model; ///< model-specific disk parameters (e.g. a write-back cache), parsed by the model that uses them
  std::string pointer;
  std::string read_bw_input; ///< read_bw's uncertainty input id: used only once a model reads the disk
};

struct HostSpec {
  std::string name;
  std::string group;      ///< free label ("jp-small", "compute") models may select hosts by
  bool generated = false; ///< its group is sized to the run (sim/platform_generator.hpp)
  Sourced speed;          ///< flop/s of one core
  long cores = 1;
  /** Bytes/s of a large memory copy on this host (`memory_bw`); value 0 when the entry gives none: the host's OS
   *  profile's `memcpy_bw` stands for it then (Platform::memory_bw). */
  Sourced memory_bw;
  /** The machine the models' measured costs were taken on (`reference`: its `speed` and `memory_bw`): a CPU time
   *  measured there takes t x reference_speed / speed here, a copy rate measured there is multiplied by
   *  memory_bw / reference_memory_bw. When the entry gives none: the host as its platform file declares it,
   *  before a scenario's overrides and host profile (resolve_reference_rates), so in a shipped platform the
   *  ratios are exactly 1 and a scenario that changes the hardware moves the costs with it. */
  Sourced reference_speed;
  Sourced reference_memory_bw; ///< value 0: unknown (no memory rate declared): copy rates are not scaled
  std::string os;
  std::vector<DiskSpec> disks;
  std::map<std::string, std::string> properties;
  std::string pointer;
};

struct LinkSpec {
  std::string name;
  Sourced bandwidth;
  Sourced latency;
  double slowdown     = 1;        ///< divides bandwidth and multiplies latency (the seed's software-slowed LAN)
  std::string sharing = "shared"; ///< shared | fatpipe | split-duplex
  std::string pointer;
  double effective_bandwidth(double extra_slowdown) const { return bandwidth.value / (slowdown * extra_slowdown); }
  double effective_latency(double extra_slowdown) const { return latency.value * slowdown * extra_slowdown; }
};

/** A switch connecting hosts: a full-duplex port link per host and a backplane shared by all flows. */
struct SwitchSpec {
  std::string name;
  std::vector<std::string> hosts;
  LinkSpec port;      ///< template of each host's port link
  LinkSpec backplane; ///< shared by every flow through the switch
  json qos;           ///< switch QoS configuration, parsed by models/common/net when a model needs it
  json topology;      ///< a fabric of SimGrid's cluster zones instead of one switch (sim/platform_topology.hpp)
  std::string pointer;
};

struct RouteSpec {
  std::string src, dst;
  std::vector<std::string> links;
  bool symmetrical = true;
  std::string pointer;
};

struct PlatformSpec {
  std::string file;
  std::string name;
  std::string description;
  std::map<std::string, std::string> simgrid_config; ///< --cfg items the platform needs (network model...)
  std::map<std::string, OsProfile> os_profiles;
  std::vector<HostSpec> hosts;
  std::vector<LinkSpec> links;
  std::vector<SwitchSpec> switches;
  std::vector<RouteSpec> routes;
  std::string xml_file; ///< set when the platform is a SimGrid XML file
};

/** Options a scenario applies on top of its platform file. */
struct PlatformOptions {
  double slowdown = 1;             ///< extra slowdown of every link (seed 000's nLAN)
  std::string host_profile;        ///< a calibrated host profile replacing every host's speed, cores and OS costs
  std::string file;                ///< the platform file as the scenario names it (for messages)
  std::string path;                ///< that file resolved (beside the scenario, here, or in the data directory)
  std::string host_profile_path;   ///< the host profile resolved the same way ("" when none)
  json overrides = json::object(); ///< platform fields the scenario sets: {"hosts"|"links"|...: {name: {...}}}
  std::string scenario_file;
  std::string pointer = "/platform";
};

/** A platform number with its provenance, {"value": ..., "source": "..."} (`def` when absent, else missing). */
Sourced read_sourced(Fields& f, const std::string& key, Unit unit, const std::string& doc, Range range,
                     const Sourced* def = nullptr);
/** A model is about to read from `disk`: its read bandwidth becomes an input the run used (until then a ranged
 *  read_bw is drawn as unused, and no sensitivity ranking lists it). */
void note_disk_read(const simgrid::s4u::Disk* disk);
/** Parses a platform file (JSON, or SimGrid XML when the name ends in .xml). */
PlatformSpec load_platform(const std::string& path);
/** Parses a platform document read from `path` (after a scenario's overrides were applied to it). */
PlatformSpec parse_platform(const json& root, const std::string& path);
/** Documents every field of a platform file (the parsers in documentation mode). In the pointers, the items of a
 *  list are the segment `*` and the entries of an object keyed by name the segment `<name>`. */
void describe_platform(std::vector<FieldDoc>& docs);
/** What `run` takes from a host profile (clustersim calibrate's output). */
struct HostProfile {
  Sourced speed;
  long cores = 1;
  OsProfile measured; ///< the measured OS cost table
};
/** Checks a host profile document read from `path` as `run` applies it (the one check of a profile, also made by
 *  `calibrate --from`); bad input is an InputError naming `path` and the pointer. */
HostProfile check_host_profile(const json& root, const std::string& path);
/** Gives every host of `spec` without a declared `reference` the rates its entry has in `declared` (the platform
 *  file as written, before overrides): a host of an overridden entry keeps the machine its costs were measured on. */
void resolve_reference_rates(PlatformSpec& spec, const PlatformSpec& declared);
/** Applies a host profile file (a machine calibrated by microbenchmarks) to every host. */
void apply_host_profile(PlatformSpec& spec, const std::string& profile_path, const std::string& scenario_file);
/** Parses an OS cost table object (used by platforms and host profiles). */
OsProfile parse_os_profile(const std::string& name, const json& j, const std::string& file, const std::string& ptr);
/** The platform fields apply_host_profile replaces with this profile's figures, as patterns ("/hosts/ * /speed"
 *  without the blanks; "/os_profiles/ * /costs/KEY" for each cost it measured): an override of one of them would
 *  be replaced in turn. Kept beside apply_host_profile so the two cannot disagree. */
std::vector<std::string> host_profile_replaces(const std::string& profile_path);

/** The built platform as models see it. */
class Platform {
public:
  Platform(PlatformSpec spec, PlatformOptions options) : spec_(std::move(spec)), options_(std::move(options)) {}
  /** Applies the platform's SimGrid config; call before building. */
  void configure(simgrid::s4u::Engine& e) const;
  /** Creates the zone, hosts, disks, links and routes. */
  void build(simgrid::s4u::Engine& e);

  const PlatformSpec& spec() const { return spec_; }
  const PlatformOptions& options() const { return options_; }
  simgrid::s4u::Host* host(const std::string& name) const;
  bool has_host(const std::string& name) const { return hosts_.count(name) != 0; }
  const HostSpec& host_spec(const std::string& name) const;
  /** Hosts in declaration order, optionally only those of a group. */
  std::vector<simgrid::s4u::Host*> hosts(const std::string& group = "") const;
  const OsProfile& os(const std::string& host) const;
  const OsProfile& os(const simgrid::s4u::Host* host) const;
  /** Flop/s that turn a CPU time measured on the host's reference machine into work: execute(t x this) lasts t on
   *  the reference machine and t x reference_speed / speed on this host (exactly t when they are equal). */
  double reference_speed(const simgrid::s4u::Host* host) const;
  /** Bytes/s of a large memory copy on the host: its `memory_bw`, else its OS profile's `memcpy_bw` (0: none). */
  double memory_bw(const simgrid::s4u::Host* host) const;
  /** memory_bw / reference_memory_bw: the factor a copy rate measured on the reference machine takes on this host
   *  (exactly 1 when they are equal or either is unknown). */
  double memory_scale(const simgrid::s4u::Host* host) const;
  /** True when a calibrated host profile replaced the hosts' speed and OS costs (platform.host_profile). */
  bool calibrated() const { return not options_.host_profile.empty(); }
  const SwitchSpec* find_switch(const std::string& name) const;
  /** The switch a host is attached to (nullptr if none). */
  const SwitchSpec* switch_of(const std::string& host) const;
  simgrid::s4u::Link* link(const std::string& name) const;
  /** The links a name stands for: the link of that name, or the parts of a link built as one per host (a star's
   *  fatpipe backplane, NAME:HOST each); empty if none. */
  std::vector<simgrid::s4u::Link*> links(const std::string& name) const;
  /** The port link of `host` on its switch (split-duplex: the UP side carries what the host sends). */
  std::string port_link_name(const std::string& sw, const std::string& host) const { return sw + ":" + host; }

private:
  PlatformSpec spec_;
  PlatformOptions options_;
  std::map<std::string, simgrid::s4u::Host*> hosts_;
  std::map<std::string, size_t> host_index_;
  std::map<std::string, simgrid::s4u::Link*> links_;
  std::map<std::string, std::vector<simgrid::s4u::Link*>> link_parts_; ///< a link built as one per host: its parts
};

} // namespace cs
