#include "sim/model.hpp"

#include <simgrid/s4u.hpp>

namespace cs {

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

} // namespace cs
