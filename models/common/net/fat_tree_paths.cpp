#include "models/common/net/fat_tree_paths.hpp"

#include <stdexcept>

namespace cs::net {

FatTreePaths::FatTreePaths(std::vector<unsigned> down, std::vector<unsigned> up)
    : down_(std::move(down)), up_(std::move(up))
{
  size_t levels = down_.size();
  if (levels == 0 || up_.size() != levels)
    throw std::invalid_argument("a fat tree needs as many up as down counts, at least one level");
  p_.assign(levels + 1, 1);
  r_.assign(levels + 1, 1);
  for (size_t l = 1; l <= levels; ++l) {
    p_[l] = p_[l - 1] * down_[l - 1];
    r_[l] = r_[l - 1] * up_[l - 1];
  }
  leaves_ = p_[levels];
  offset_.assign(levels + 2, 0);
  per_switch_.assign(levels + 1, 0);
  for (size_t l = 1; l <= levels; ++l) {
    // A switch of level l: its children below, its parents above (none at the top).
    per_switch_[l] = down_[l - 1] + (l < levels ? up_[l] : 0);
    long switches  = leaves_ / p_[l] * r_[l];
    offset_[l + 1] = offset_[l] + switches * per_switch_[l];
  }
  ports_ = offset_[levels + 1];
}

long FatTreePaths::port_id(size_t level, long subtree, long replica, long port) const
{
  return offset_[level] + (subtree * r_[level] + replica) * per_switch_[level] + port;
}

void FatTreePaths::path(long src, long dst, std::vector<long>& out) const
{
  out.clear();
  size_t top = 1;
  while (src / p_[top] != dst / p_[top])
    ++top;
  // Up: the host chooses its level-1 parent, each switch below `top` one of its parents; the replica index of a
  // switch is the mixed-radix number of the choices that led to it.
  long replica = dst % up_[0];
  for (size_t l = 1; l < top; ++l) {
    long parent = (dst / r_[l]) % up_[l];
    out.push_back(port_id(l, src / p_[l], replica, down_[l - 1] + parent));
    replica += r_[l] * parent;
  }
  // Down: each switch's child toward dst; the child's replica drops the last choice.
  for (size_t l = top; l >= 1; --l) {
    long child = (dst / p_[l - 1]) % down_[l - 1];
    out.push_back(port_id(l, dst / p_[l], replica, child));
    replica %= r_[l - 1];
  }
}

} // namespace cs::net
