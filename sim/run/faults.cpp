#include "sim/run/faults.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/platform/platform.hpp"
#include "sim/run/events.hpp"
#include "sim/run/rng.hpp"

#include <simgrid/s4u.hpp>

#include <functional>
#include <map>
#include <set>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_faults, cs, "clustersim fault schedule: hosts off, links and disks slowed");

namespace sg4 = simgrid::s4u;

namespace cs {

namespace {

sg4::Disk* disk_of(sg4::Host* h, const std::string& name)
{
  for (auto* d : h->get_disks())
    if (d->get_name() == name)
      return d;
  return nullptr;
}

/** The models whose protocol survives a host switched off (they detect it and recover). A host fault kills the
 *  actors on it, and a model without recovery would wait forever for them or fail on a broken communication. */
const std::set<std::string> models_that_recover{"checkpoint"};
/** The models that crash and restart the processes of a host off themselves, at their own operation boundaries
 *  (msglog: the node's disk, which holds the message logs and checkpoints, survives). The schedule records the
 *  fault and `fault_off_since` tells the model, but does not switch the host off. */
const std::set<std::string> models_that_restart{"msglog"};

/** The schedule of the running engine (one per process) and when each host went off. */
FaultSchedule running;
std::map<std::string, double> off_since;

std::string fault_text(const Fault& f)
{
  switch (f.kind) {
  case Fault::Kind::host:
    return "host " + f.host;
  case Fault::Kind::link:
    return "link " + f.link;
  case Fault::Kind::disk:
    return "disk " + f.host + ":" + f.disk;
  }
  return "";
}

Fault parse_fault(Fields& f)
{
  Fault x;
  x.pointer = f.pointer();
  x.host    = f.string("host", "", "host switched off, or whose disk is slowed");
  x.link    = f.string("link", "", "link slowed or made lossy (platform link name, e.g. lan:jp-2:down)");
  x.disk    = f.string("disk", "", "with host: the disk slowed");
  x.at      = f.quantity("at", Unit::time, -1, "host: when it is switched off");
  x.mtbf    = f.quantity("mtbf", Unit::time, 0, "host: mean of its exponential lifetime", Range::non_negative());
  x.from    = f.quantity("from", Unit::time, 0, "link/disk: start of the interval", Range::non_negative());
  x.to      = f.quantity("to", Unit::time, std::numeric_limits<double>::infinity(),
                         "link/disk: end of the interval; host: when it is switched on again", Range::non_negative());
  x.slowdown =
      f.number("slowdown", 1, "link/disk: bandwidth divided (and latency multiplied) by this", Range::at_least(1));
  x.loss = f.number("loss", 0, "link: probability that a datagram crossing it is lost", Range::unit_interval());
  f.finish();
  if (not x.link.empty()) {
    x.kind = Fault::Kind::link;
    if (not x.host.empty())
      f.fail("host", "a fault names a link or a host, not both");
    if (x.slowdown == 1 && x.loss == 0)
      f.fail("slowdown", "a link fault needs a slowdown > 1 or a loss > 0");
  } else if (not x.disk.empty()) {
    x.kind = Fault::Kind::disk;
    if (x.host.empty())
      f.fail("host", "a disk fault names the disk's host");
    if (x.slowdown == 1)
      f.fail("slowdown", "a disk fault needs a slowdown > 1");
  } else if (not x.host.empty()) {
    x.kind = Fault::Kind::host;
    if ((x.at >= 0) == (x.mtbf > 0))
      f.fail("at", "a host fault needs either \"at\" (a time) or \"mtbf\" (a mean lifetime)");
    if (x.to <= x.at)
      f.fail("to", "the host must come back after it went off");
  } else {
    f.fail("host", "a fault names a host (off, or its disk slowed) or a link");
  }
  if (x.kind != Fault::Kind::host && x.to <= x.from)
    f.fail("to", "the interval must end after it starts");
  return x;
}

void check_target(const Fault& f, const Platform& p, const std::string& file)
{
  if (not f.host.empty() && not p.has_host(f.host))
    throw InputError(file, pointer_join(f.pointer, "host"),
                     "platform " + p.spec().file + " has no host \"" + f.host + "\"");
  if (f.kind == Fault::Kind::link && p.links(f.link).empty())
    throw InputError(file, pointer_join(f.pointer, "link"),
                     "platform " + p.spec().file + " has no link \"" + f.link + "\"");
  if (f.kind == Fault::Kind::disk && disk_of(p.host(f.host), f.disk) == nullptr)
    throw InputError(file, pointer_join(f.pointer, "disk"), "host " + f.host + " has no disk \"" + f.disk + "\"");
}

/** Applies one interval's slowdown (link or disk) and takes it back at its end. */
void slow_down(const Fault& f, Platform& p)
{
  sg4::this_actor::sleep_until(f.from);
  XBT_VERB("%s slowed %g times until %g s", fault_text(f).c_str(), f.slowdown, f.to);
  event_on(f.host.empty() ? "" : f.host, "fault_begin", "", fault_text(f) + " x" + format_number(f.slowdown));
  std::function<void()> restore;
  if (f.kind == Fault::Kind::link) {
    std::vector<sg4::Link*> parts = p.links(f.link); // a star's fatpipe backplane is a link per host
    double bw = parts.front()->get_bandwidth(), lat = parts.front()->get_latency();
    for (sg4::Link* l : parts)
      l->set_bandwidth(bw / f.slowdown)->set_latency(lat * f.slowdown);
    restore = [parts, bw, lat] {
      for (sg4::Link* l : parts)
        l->set_bandwidth(bw)->set_latency(lat);
    };
  } else {
    sg4::Disk* d = disk_of(p.host(f.host), f.disk);
    double r = d->get_read_bandwidth(), w = d->get_write_bandwidth();
    d->set_read_bandwidth(r / f.slowdown);
    d->set_write_bandwidth(w / f.slowdown);
    restore = [d, r, w] {
      d->set_read_bandwidth(r);
      d->set_write_bandwidth(w);
    };
  }
  if (f.to == std::numeric_limits<double>::infinity())
    return;
  sg4::this_actor::sleep_until(f.to);
  restore();
  XBT_VERB("%s back to its speed", fault_text(f).c_str());
  event_on(f.host.empty() ? "" : f.host, "fault_end", "", fault_text(f));
}

void host_off(const Fault& f, Platform& p, Rng rng, bool power_off)
{
  sg4::Host* h = p.host(f.host);
  double at    = f.at >= 0 ? f.at : rng.exponential(f.mtbf);
  sg4::this_actor::sleep_until(at);
  XBT_VERB("host %s switched off (%s)", f.host.c_str(), f.at >= 0 ? "scheduled" : "its lifetime ended");
  off_since[f.host] = sg4::Engine::get_clock();
  event_on(f.host, "fault_host_off", "", f.at >= 0 ? "scheduled" : "mtbf");
  if (not power_off)
    return;
  h->turn_off();
  if (f.to == std::numeric_limits<double>::infinity())
    return;
  sg4::this_actor::sleep_until(f.to);
  h->turn_on();
  XBT_VERB("host %s switched on again", f.host.c_str());
}

} // namespace

bool FaultSchedule::has_host_faults() const
{
  for (auto const& f : faults)
    if (f.kind == Fault::Kind::host)
      return true;
  return false;
}

double FaultSchedule::loss(const std::string& link, double now) const
{
  double p = 0;
  for (auto const& f : faults)
    if (f.kind == Fault::Kind::link && f.link == link && f.loss > 0 && now >= f.from && now < f.to)
      p = 1 - (1 - p) * (1 - f.loss); // two overlapping intervals: lost by either
  return p;
}

FaultSchedule parse_faults(const json* list, const std::string& file)
{
  FaultSchedule s;
  s.file = file;
  if (list == nullptr)
    return s;
  if (not list->is_array())
    throw InputError(file, "/faults", "expected a list of faults, got " + quote_value(*list));
  for (size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], file, pointer_join("/faults", i));
    s.faults.push_back(parse_fault(f));
  }
  return s;
}

void start_faults(const FaultSchedule& schedule, Platform& platform, const RngStreams& rng, const std::string& model)
{
  running = schedule;
  off_since.clear();
  if (schedule.faults.empty())
    return;
  std::set<std::string> doomed; // hosts that may go off: the schedule's actors must not run there
  for (auto const& f : schedule.faults) {
    check_target(f, platform, schedule.file);
    if (f.kind == Fault::Kind::host) {
      if (not models_that_recover.count(model) && not models_that_restart.count(model))
        throw InputError(schedule.file, f.pointer,
                         "model " + model +
                             " does not recover from a host failure (its actors would wait forever): "
                             "use link or disk faults, or a model with recovery (checkpoint)");
      doomed.insert(f.host);
    }
  }
  sg4::Host* safe = nullptr;
  for (auto* h : platform.hosts())
    if (not doomed.count(h->get_name())) {
      safe = h;
      break;
    }
  if (safe == nullptr)
    throw InputError(schedule.file, "/faults", "every host of the platform may fail: nothing would be left to run");
  for (size_t i = 0; i < schedule.faults.size(); ++i) {
    const Fault& f = schedule.faults[i];
    if (f.kind == Fault::Kind::host)
      sg4::Actor::create("fault-host-" + std::to_string(i), safe,
                         [f, &platform, r = rng.stream("faults/" + std::to_string(i)),
                          power = not models_that_restart.count(model)] { host_off(f, platform, r, power); })
          ->daemonize();
    else if (f.slowdown > 1)
      sg4::Actor::create("fault-slow-" + std::to_string(i), safe, [f, &platform] {
        slow_down(f, platform);
      })->daemonize();
  }
}

const FaultSchedule& active_faults()
{
  return running;
}

double fault_off_since(const std::string& host)
{
  auto it = off_since.find(host);
  return it == off_since.end() ? -1 : it->second;
}

} // namespace cs
