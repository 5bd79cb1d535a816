/* The egress ports a datagram crosses in a fat tree of switches (the platform switch's "topology" of kind fat_tree,
 * docs/scenarios.md), for the UDP fabric's queues (lossy_udp.hpp). Leaf x sits under the level-l subtree x / P(l),
 * P(l) the product of down[0..l-1]; a subtree has R(l) = the product of up[0..l-1] switches at its top level, told
 * apart by the parent each level below chose. A datagram from a to b climbs to the lowest level whose subtree holds
 * both, choosing at each level the parent (b / R(l)) mod up[l] (destination mod k: the datagrams toward one host
 * share their way up, those toward different hosts spread over the parents), then descends through the one child
 * whose subtree holds b. One cable between a node and each parent. */
#pragma once
#include <cstddef>
#include <vector>

namespace cs::net {

class FatTreePaths {
public:
  /** `down[l]`: children of a level-(l+1) switch; `up[l]`: parents of a level-l node (level 0: the hosts); one
   *  entry per level, at least one level. */
  FatTreePaths(std::vector<unsigned> down, std::vector<unsigned> up);

  /** How many egress ports the switches have in all (the ids path() gives are below it). */
  long ports() const { return ports_; }
  /** Hosts at the leaves. */
  long leaves() const { return leaves_; }
  /** The egress ports from leaf `src` to leaf `dst` in the order the datagram meets them, into `out` (cleared);
   *  the last one is the port toward `dst`. */
  void path(long src, long dst, std::vector<long>& out) const;

private:
  /** The port id of port `port` of the switch of level `level` (1..) at the top of subtree `subtree`, replica
   *  `replica`. */
  long port_id(std::size_t level, long subtree, long replica, long port) const;

  std::vector<unsigned> down_, up_;
  std::vector<long> p_, r_;      ///< P(l) and R(l), l = 0..levels
  std::vector<long> offset_;     ///< first port id of each level's switches (index: level)
  std::vector<long> per_switch_; ///< ports of one switch of each level
  long leaves_ = 0, ports_ = 0;
};

} // namespace cs::net
