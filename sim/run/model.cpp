#include "sim/run/model.hpp"

#include <simgrid/s4u.hpp>

namespace cs {

namespace {
/** How to make a fixed list of hosts follow the run's size. */
std::string fixed_group_hint(const Platform& platform, const std::vector<simgrid::s4u::Host*>& hosts)
{
  return hosts.empty() || platform.host_spec(hosts[0]->get_name()).generated
             ? std::string()
             : " (a fixed list: give its host entry \"generated\": true to size the group to the run, "
               "docs/scenarios.md)";
}
} // namespace

simgrid::s4u::Host* ModelContext::host_param(Fields& f, const std::string& key, const std::string& name) const
{
  if (not platform.has_host(name))
    f.fail(key, "platform " + platform.spec().file + " has no host \"" + name + "\"");
  return platform.host(name);
}

simgrid::s4u::Disk* ModelContext::disk_param(Fields& f, const std::string& key, simgrid::s4u::Host* host,
                                             const std::string& name) const
{
  for (auto* d : host->get_disks())
    if (name.empty() || d->get_name() == name)
      return d;
  f.fail(key, "host " + host->get_name() + " of " + platform.spec().file + " has no disk" +
                  (name.empty() ? std::string() : " \"" + name + "\""));
}

std::vector<simgrid::s4u::Host*> ModelContext::group_hosts(Fields& f, const std::string& key, const std::string& group,
                                                           long need, const std::string& why) const
{
  auto hosts = platform.hosts(group);
  if (static_cast<long>(hosts.size()) < need)
    f.fail(key, "platform " + platform.spec().file + " has " + std::to_string(hosts.size()) + " hosts in group \"" +
                    group + "\", " + std::to_string(need) + " needed" + why + fixed_group_hint(platform, hosts));
  return hosts;
}

const SwitchSpec& ModelContext::switch_param(Fields& f, const std::string& key, const std::string& name) const
{
  const auto& switches = platform.spec().switches;
  if (name.empty()) { // the platform's only switch: a scenario whose platform is drawn among several names none
    if (switches.size() != 1)
      f.fail(key, "is empty (the platform's only switch), but platform " + platform.spec().file + " has " +
                      std::to_string(switches.size()) + " switches: name one");
    return switches.front();
  }
  const SwitchSpec* sw = platform.find_switch(name);
  if (sw == nullptr)
    f.fail(key, "platform " + platform.spec().file + " has no switch \"" + name + "\"");
  return *sw;
}

} // namespace cs
