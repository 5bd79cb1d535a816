#include "models/common/net/lossy_udp.hpp"
#include "sim/run/actor_lock.hpp"
#include "sim/run/events.hpp"
#include "sim/run/faults.hpp"

#include <algorithm>
#include <cmath>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_net, cs, "clustersim UDP fabric: queues and drops");

namespace cs::net {

bool Socket::offer(Datagram d, double charge)
{
  // Linux 2.4 sock_queue_rcv_skb: refused when the charged memory would pass rcvbuf.
  if (used_ + charge > cfg_.rcvbuf) {
    stats_.overflowed++;
    return false;
  }
  used_ += charge;
  stats_.peak_used = std::max(stats_.peak_used, used_);
  stats_.delivered++;
  queue_.emplace_back(std::move(d), charge);
  cv_->notify_all();
  return true;
}

Datagram Socket::take()
{
  auto [d, charge] = std::move(queue_.front());
  queue_.pop_front();
  used_ -= charge;
  return d;
}

Datagram Socket::recv()
{
  cs::ActorLock lock(*mutex_);
  while (queue_.empty())
    cv_->wait(lock);
  return take();
}

std::optional<Datagram> Socket::recv_until(double deadline)
{
  cs::ActorLock lock(*mutex_);
  while (queue_.empty())
    if (cv_->wait_until(lock, deadline) == std::cv_status::timeout && queue_.empty())
      return std::nullopt;
  return take();
}

Fabric::Fabric(FabricConfig cfg, SocketConfig socket, int hosts, int sockets_per_host, Rng rng)
    : cfg_(cfg), per_host_(sockets_per_host), rng_(rng), nic_free_(static_cast<size_t>(hosts), 0.0),
      port_free_(static_cast<size_t>(cfg.fat_tree ? cfg.fat_tree->ports() : hosts), 0.0),
      port_drops_(static_cast<size_t>(hosts), 0)
{
  for (int i = 0; i < hosts * sockets_per_host; ++i)
    sockets_.push_back(std::make_unique<Socket>(socket));
}

int Fabric::fragments(double bytes) const
{
  double per = cfg_.mtu - cfg_.ip_header;
  return std::max(1, static_cast<int>(std::ceil((bytes + cfg_.udp_header) / per)));
}

double Fabric::wire_bytes(double bytes) const
{
  int n = fragments(bytes);
  return bytes + cfg_.udp_header + n * (cfg_.ip_header + cfg_.frame_bytes);
}

std::string Fabric::name(int host) const
{
  auto h = static_cast<size_t>(host);
  return h < names_.size() ? names_[h] : "host" + std::to_string(host);
}

void Fabric::start(sg4::Host* where)
{
  sg4::Actor::create("udp-fabric", where, [this]() { loop(); })->daemonize();
}

void Fabric::push(Event e)
{
  e.order = order_++;
  events_.push(std::move(e));
  cv_->notify_all();
}

void Fabric::send_on_segment(Datagram d, double now)
{
  // The whole datagram holds the segment (its fragments back to back): frames of other senders wait for it.
  double wire  = wire_bytes(d.bytes);
  double start = std::max(now, medium_free_);
  medium_free_ = start + wire / cfg_.bandwidth;
  d.sent_at    = now;
  stats_.sent++;
  stats_.frames += fragments(d.bytes);
  stats_.bytes_on_wire += wire;
  push({medium_free_ + cfg_.latency, 0, Stage::at_host, 0, std::move(d)});
}

void Fabric::send(Datagram d)
{
  double now = sg4::Engine::get_clock();
  if (cfg_.shared_medium) {
    send_on_segment(std::move(d), now);
    return;
  }
  double wire                           = wire_bytes(d.bytes);
  double first                          = std::min(wire, cfg_.mtu + cfg_.frame_bytes) / cfg_.bandwidth;
  double start                          = std::max(now, nic_free_[static_cast<size_t>(d.src)]);
  double done                           = start + wire / cfg_.bandwidth;
  nic_free_[static_cast<size_t>(d.src)] = done;
  d.sent_at                             = now;
  stats_.sent++;
  stats_.frames += fragments(d.bytes);
  stats_.bytes_on_wire += wire;
  // The switch stores and forwards frame by frame: the egress port may start once the first fragment is in. The
  // port is served at that time (an event), so its queue is in the order frames reach the switch.
  push({start + first + cfg_.latency, 0, Stage::at_switch, done + cfg_.latency, std::move(d)});
}

std::pair<size_t, bool> Fabric::port_at(const Event& e)
{
  if (not cfg_.fat_tree)
    return {static_cast<size_t>(e.d.dst), true};
  cfg_.fat_tree->path(cfg_.leaf_of[static_cast<size_t>(e.d.src)], cfg_.leaf_of[static_cast<size_t>(e.d.dst)], path_);
  auto hop = static_cast<size_t>(e.hop);
  return {static_cast<size_t>(path_[hop]), hop + 1 == path_.size()};
}

void Fabric::at_switch(const Event& e)
{
  auto [port, last] = port_at(e);
  double wire       = wire_bytes(e.d.bytes);
  double backlog    = std::max(0.0, port_free_[port] - e.time) * cfg_.bandwidth;
  double frame      = std::min(wire, cfg_.mtu + cfg_.frame_bytes) / cfg_.bandwidth;
  // Tail drop frame by frame: the fragments stream in at the port's own rate while the port sends, so the queue a
  // datagram meets grows by one frame, not by the datagram (one larger than the buffer passes an idle port). The
  // backlog counts the fragments still streaming in from other senders: they arrive while this one does.
  if (backlog + frame * cfg_.bandwidth > cfg_.port_buffer) {
    XBT_VERB("switch port %zu toward %d full (%.0f B queued): datagram of %.0f B from %d lost", port, e.d.dst, backlog,
             e.d.bytes, e.d.src);
    stats_.port_drops++;
    port_drops_[static_cast<size_t>(e.d.dst)]++;
    event_on(name(e.d.dst), "loss", name(e.d.src), "switch port full");
    return;
  }
  stats_.peak_port_queue = std::max(stats_.peak_port_queue, backlog + wire);
  double begin           = std::max(e.time, port_free_[port]);
  double out             = std::max(begin + wire / cfg_.bandwidth, e.last_in + frame);
  port_free_[port]       = out;
  if (last)
    push({out + cfg_.latency, 0, Stage::at_host, 0, e.d});
  else // the next switch stores and forwards it as this one did: from its first fragment in to its last
    push({begin + frame + cfg_.latency, 0, Stage::at_switch, out + cfg_.latency, e.d, e.hop + 1});
}

void Fabric::at_host(const Event& e)
{
  if (cfg_.injected_loss > 0 && rng_.bernoulli(cfg_.injected_loss)) {
    stats_.injected_drops++;
    event_on(name(e.d.dst), "loss", name(e.d.src), "injected loss");
    return;
  }
  // A loss interval of the scenario's fault schedule on the port link toward the destination (drawn from the same
  // stream, and only while such an interval is on: runs without faults draw exactly as before).
  const FaultSchedule& faults = active_faults(); // no link name built per datagram when there is no fault at all
  double fault_loss = faults.faults.empty() ? 0 : faults.loss(cfg_.switch_name + ":" + name(e.d.dst) + ":down", e.time);
  if (fault_loss > 0 && rng_.bernoulli(fault_loss)) {
    stats_.injected_drops++;
    event_on(name(e.d.dst), "loss", name(e.d.src), "fault schedule: lossy link");
    return;
  }
  Socket& s     = socket(e.d.dst, e.d.port);
  double charge = fragments(e.d.bytes) * s.cfg_.truesize;
  if (not s.offer(e.d, charge)) {
    XBT_VERB("socket %d:%d full: datagram of %.0f B from %d lost", e.d.dst, e.d.port, e.d.bytes, e.d.src);
    stats_.socket_drops++;
    event_on(name(e.d.dst), "loss", name(e.d.src), "socket buffer full");
    return;
  }
  if (keep_message(e.d.sent_at))
    message_row(e.d.sent_at, name(e.d.src), name(e.d.dst), std::to_string(static_cast<long>(e.d.bytes)) + " B UDP");
}

void Fabric::loop()
{
  cs::ActorLock lock(*mutex_);
  while (true) {
    if (events_.empty()) {
      cv_->wait(lock);
      continue;
    }
    double next = events_.top().time;
    // A timed wait may wake a hair before its deadline (SimGrid's timing precision): close enough is now.
    if (next > sg4::Engine::get_clock() + 1e-9) {
      cv_->wait_until(lock, next);
      continue;
    }
    Event e = events_.top();
    events_.pop();
    if (e.stage == Stage::at_switch)
      at_switch(e);
    else
      at_host(e);
  }
}

} // namespace cs::net
