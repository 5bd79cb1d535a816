/* SimGrid XML platforms checked as strictly as JSON ones before SimGrid reads them. SimGrid 3.32 aborts (SIGABRT)
 * on a bandwidth of 0 or below, a missing route (when a message takes it) or an unknown model, and takes a negative
 * latency as given (a wrong answer with exit 0); here each is bad input naming the file and the element. */
#pragma once
#include <string>

namespace cs {

/** Checks the SimGrid XML platform `path`: its syntax; host speeds, link and cluster bandwidths in [1, 1e15] and
 *  latencies in [0, 3600 s] (the bounds of JSON platforms, docs/scenarios.md); unique names; known routing kinds,
 *  sharing policies and <config> options; routes that name known links and ends; and a route between every two
 *  hosts of a zone routed Full, Floyd, Dijkstra or None; in a Cluster or Vivaldi zone, every host with its own
 *  links (a <host_link>, or a <peer>) and, for Vivaldi, its three coordinates; a Wifi zone with its access point, one
 *  link and no station (SimGrid 3.32 needs each station's rate, which XML cannot give). Throws InputError naming
 *  `path` and the element as /platform/zone[ID]/link[ID]/@attribute. */
void check_xml_platform(const std::string& path);

} // namespace cs
