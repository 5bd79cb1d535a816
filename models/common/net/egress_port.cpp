#include "models/common/net/egress_port.hpp"

#include <algorithm>
#include <limits>

namespace cs::net {

PacketPort::PacketPort(double bandwidth, double buffer, double max_frame, const QueueSet* qs,
                       const PortScheduler* sched)
    : bw_(bandwidth), buffer_(buffer), burst_(2 * max_frame), qos_(qs != nullptr && sched != nullptr)
{
  if (not qos_)
    return;
  sched_          = *sched;
  double reserved = 0;
  for (size_t q = 0; q < kQueues; ++q) {
    alloc_[q]    = buffer * qs->buffers[q] / 100;
    reserved_[q] = alloc_[q] * qs->reserved[q] / 100;
    limit1_[q]   = alloc_[q] * qs->threshold1[q] / 100;
    limit2_[q]   = alloc_[q] * qs->threshold2[q] / 100;
    limit3_[q]   = alloc_[q] * qs->maximum[q] / 100;
    reserved += reserved_[q];
    // One quantum per round is the weight in full frames: DRR shares the line in proportion to the weights.
    quantum_[q] = sched_.shared[q] * max_frame;
    tokens_[q]  = burst_; // a shaped queue's token bucket holds two full frames
  }
  pool_ = std::max(0.0, buffer - reserved);
}

bool PacketPort::admit(int q, double size, int threshold) const
{
  if (not qos_)
    return used_ + size <= buffer_;
  size_t i     = static_cast<size_t>(q);
  double limit = threshold == 1 ? limit1_[i] : threshold == 2 ? limit2_[i] : limit3_[i];
  double after = occ_[i] + size;
  if (after > limit)
    return false;
  if (after <= reserved_[i])
    return true;
  // Beyond its reservation a queue draws on the common pool.
  double pool_used = 0;
  for (size_t k = 0; k < kQueues; ++k)
    pool_used += std::max(0.0, occ_[k] - reserved_[k]);
  return pool_used + (after - std::max(occ_[i], reserved_[i])) <= pool_;
}

bool PacketPort::arrive(double t, double size, int queue, int threshold)
{
  advance(t);
  int q          = qos_ ? queue : 0;
  QueueStats& st = stats_[static_cast<size_t>(queue)];
  st.offered++;
  st.offered_bytes += size;
  if (not admit(q, size, threshold)) {
    st.dropped++;
    st.dropped_bytes += size;
    return false;
  }
  if (used_ == 0 && busy_until_ < t)
    busy_until_ = t;
  q_[static_cast<size_t>(q)].push_back({size});
  occ_[static_cast<size_t>(q)] += size;
  used_ += size;
  // FIFO keeps each frame's own statistics queue: the frame is counted where it was offered.
  if (not qos_)
    fifo_class_.push_back(queue);
  advance(t);
  return true;
}

void PacketPort::refill(double now)
{
  double dt = now - tokens_at_;
  if (dt <= 0)
    return;
  for (size_t q = 0; q < kQueues; ++q)
    if (sched_.shaped[q] > 0)
      tokens_[q] = std::min(burst_, tokens_[q] + dt * bw_ / sched_.shaped[q]);
  tokens_at_ = now;
}

double PacketPort::next_shaped_time() const
{
  double best = std::numeric_limits<double>::infinity();
  for (size_t q = 0; q < kQueues; ++q)
    if (sched_.shaped[q] > 0 && not q_[q].empty() && not(sched_.expedite && q == 0)) {
      double need = q_[q].front().size - tokens_[q];
      best        = std::min(best, tokens_at_ + std::max(0.0, need) * sched_.shaped[q] / bw_);
    }
  return best;
}

int PacketPort::pick(double now)
{
  if (not qos_)
    return q_[0].empty() ? -1 : 0;
  if (sched_.expedite && not q_[0].empty())
    return 0;
  refill(now);
  for (size_t q = 0; q < kQueues; ++q)
    if (sched_.shaped[q] > 0 && not(sched_.expedite && q == 0) && not q_[q].empty() &&
        tokens_[q] >= q_[q].front().size - 1e-6) { // (a hair of rounding must not stall the line)
      tokens_[q] -= q_[q].front().size;
      return static_cast<int>(q);
    }
  // Deficit round robin over the shared queues with frames.
  bool any = false;
  for (size_t q = 0; q < kQueues; ++q)
    any = any || (sched_.shaped[q] == 0 && not(sched_.expedite && q == 0) && not q_[q].empty());
  if (not any)
    return -1;
  while (true) {
    size_t q = static_cast<size_t>(rr_);
    if (sched_.shaped[q] == 0 && not(sched_.expedite && q == 0) && not q_[q].empty()) {
      if (not credited_) { // one quantum per visit of the round
        deficit_[q] += quantum_[q];
        credited_ = true;
      }
      if (deficit_[q] >= q_[q].front().size) {
        deficit_[q] -= q_[q].front().size;
        return rr_;
      }
    } else {
      deficit_[q] = 0;
    }
    rr_       = (rr_ + 1) % kQueues;
    credited_ = false;
  }
}

void PacketPort::advance(double t)
{
  while (used_ > 0 && busy_until_ <= t) {
    int q = pick(busy_until_);
    if (q < 0) { // only shaped queues wait for tokens: the line idles until the first may go
      double when = next_shaped_time();
      if (when > t)
        return;
      busy_until_ = std::max(busy_until_, when);
      continue;
    }
    size_t i = static_cast<size_t>(q);
    Frame f  = q_[i].front();
    q_[i].pop_front();
    occ_[i] -= f.size;
    used_ -= f.size;
    int counted = q;
    if (not qos_) {
      counted = fifo_class_.front();
      fifo_class_.pop_front();
    }
    QueueStats& st = stats_[static_cast<size_t>(counted)];
    st.sent++;
    st.sent_bytes += f.size;
    busy_until_ += f.size / bw_;
  }
  if (used_ == 0 && busy_until_ < t)
    busy_until_ = t;
}

FluidShare fluid_share(double bandwidth, const std::array<double, kQueues>& offered, const PortScheduler* sched)
{
  FluidShare r;
  double total = 0;
  for (double l : offered)
    total += l;
  if (sched == nullptr) {
    double p = total > bandwidth ? 1 - bandwidth / total : 0.0;
    for (size_t q = 0; q < kQueues; ++q) {
      r.rate[q] = offered[q] * (1 - p);
      r.loss[q] = offered[q] > 0 ? p : 0.0;
    }
    return r;
  }
  double left = bandwidth;
  std::array<bool, kQueues> done{};
  if (sched->expedite) {
    r.rate[0] = std::min(offered[0], left);
    left -= r.rate[0];
    done[0] = true;
  }
  for (size_t q = 0; q < kQueues; ++q)
    if (not done[q] && sched->shaped[q] > 0) {
      r.rate[q] = std::min({offered[q], bandwidth / sched->shaped[q], left});
      left -= r.rate[q];
      done[q] = true;
    }
  // Water-filling of the shared queues by weight: a queue asking less than its share gives the rest away.
  while (left > 1e-9) {
    double weights = 0;
    for (size_t q = 0; q < kQueues; ++q)
      if (not done[q] && offered[q] > r.rate[q])
        weights += sched->shared[q];
    if (weights == 0)
      break;
    bool capped = false;
    for (size_t q = 0; q < kQueues; ++q)
      if (not done[q] && offered[q] > r.rate[q] && offered[q] - r.rate[q] <= left * sched->shared[q] / weights) {
        left -= offered[q] - r.rate[q];
        r.rate[q] = offered[q];
        capped    = true;
      }
    if (capped)
      continue;
    for (size_t q = 0; q < kQueues; ++q)
      if (not done[q] && offered[q] > r.rate[q])
        r.rate[q] += left * sched->shared[q] / weights;
    left = 0;
  }
  for (size_t q = 0; q < kQueues; ++q)
    r.loss[q] = offered[q] > 0 ? 1 - r.rate[q] / offered[q] : 0.0;
  return r;
}

} // namespace cs::net
