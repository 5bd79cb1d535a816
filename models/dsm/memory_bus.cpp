#include "models/dsm/memory_bus.hpp"
#include "sim/run/actor_lock.hpp"

#include <algorithm>
#include <vector>

namespace cs::dsm {

MemoryBus::MemoryBus(double bandwidth) : bw_(bandwidth) {}

void MemoryBus::advance(double now)
{
  for (auto& [id, f] : flows_)
    f.left = std::max(0.0, f.left - f.rate * (now - last_));
  last_ = now;
}

void MemoryBus::reshare()
{
  std::vector<Flow*> by_cap;
  for (auto& [id, f] : flows_)
    by_cap.push_back(&f);
  std::sort(by_cap.begin(), by_cap.end(), [](const Flow* a, const Flow* b) { return a->cap < b->cap; });
  double room = bw_;
  for (size_t i = 0; i < by_cap.size(); ++i) {
    by_cap[i]->rate = std::min(by_cap[i]->cap, room / static_cast<double>(by_cap.size() - i));
    room -= by_cap[i]->rate;
  }
}

void MemoryBus::transfer(double bytes, double cap)
{
  if (bytes <= 0)
    return;
  cs::ActorLock lock(*mutex_);
  advance(sg4::Engine::get_clock());
  long id    = next_++;
  flows_[id] = {bytes, std::min(cap, bw_)};
  reshare();
  cv_->notify_all(); // the others' rates may have changed: their finishing times move
  // Done when less than a nanosecond of this flow's time is left (the clock's rounding).
  while (flows_[id].left > flows_[id].rate * 1e-9) {
    cv_->wait_until(lock, sg4::Engine::get_clock() + flows_[id].left / flows_[id].rate);
    advance(sg4::Engine::get_clock());
  }
  flows_.erase(id);
  reshare();
  cv_->notify_all();
}

MemoryBus& MemoryBuses::of(const sg4::Host& host, double bandwidth)
{
  const char* shared = host.get_property("memory_bus");
  std::string name   = shared ? std::string("bus ") + shared : "host " + host.get_name();
  auto& bus          = buses_[name];
  if (not bus)
    bus = std::make_unique<MemoryBus>(bandwidth);
  return *bus;
}

} // namespace cs::dsm
