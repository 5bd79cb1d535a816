#include "models/dsm/timeline.hpp"

namespace cs::dsm {

void Timeline::barrier_complete(double now)
{
  ++completed_;
  if (completed_ == target_ - 1)
    begin_ = now;
  else if (completed_ == target_)
    end_ = now;
}

void Timeline::datagram(double sent, double taken, int src, int dst, Op op, const char* kind)
{
  if (covers(sent))
    events_.push_back({sent, taken, src, dst, kind, op});
}

void Timeline::error(double now, int node, int peer, Op op, const char* kind)
{
  if (covers(now))
    events_.push_back({now, now, node, peer, kind, op});
}

} // namespace cs::dsm
