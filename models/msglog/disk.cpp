#include "models/msglog/disk.hpp"
#include "sim/run/actor_lock.hpp"

#include <xbt/log.h>

#include <algorithm>
#include <mutex>

XBT_LOG_EXTERNAL_CATEGORY(cs_msglog);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog_disk, cs_msglog, "msglog: write-back disk model");

namespace cs::msglog {

namespace {
double sourced(Fields& f, const std::string& key, Unit unit, const std::string& doc, Range range)
{
  double v = f.required_quantity(key, unit, doc, range);
  if (f.source_of(key).empty())
    f.fail(key, "give the value as {\"value\": ..., \"source\": \"...\"}: say where the number comes from");
  return v;
}
} // namespace

DiskModel DiskModel::from(const DiskSpec& spec, const std::string& platform_file)
{
  DiskModel m;
  Fields f(spec.model, platform_file, spec.pointer + "/model");
  m.write_cache  = f.boolean("write_cache", true, "write-back buffer in front of the platter enabled");
  m.cache_size   = sourced(f, "cache_size", Unit::size, "bytes of the write-back buffer", Range::positive());
  m.interface_bw = sourced(f, "interface_bw", Unit::bandwidth,
                           "rate requests are accepted into the buffer while it has room", Range::positive());
  // A drive takes whole sectors, and 512 B is the smallest sector of any drive: no kernel sends a smaller request.
  // The bound also bounds the work of a write: each request is a SimGrid I/O and a few events, and requests of 1 B
  // made a run grow to 3 GB in a minute. A 4 MiB page is at most 8,192 requests.
  m.request_size =
      sourced(f, "request_size", Unit::size, "largest request the kernel sends to the drive (at least a 512 B sector)",
              Range::at_least(512));
  m.io_slice = sourced(f, "io_slice", Unit::time,
                       "time one writer keeps the drive for its consecutive requests before another writer's turn",
                       Range::non_negative());
  f.string("description", "", "free text");
  f.finish();
  if (m.request_size > m.cache_size)
    f.fail("request_size", "must not exceed cache_size (a request is accepted whole)");
  m.platter_bw = spec.write_bw.value;
  return m;
}

WriteBackDisk::WriteBackDisk(const DiskModel& m, sg4::Disk* platter)
    : m_(m), platter_(platter), drive_(sg4::Mutex::create()), state_(sg4::Mutex::create()),
      room_(sg4::ConditionVariable::create()), work_(sg4::ConditionVariable::create())
{
}

void WriteBackDisk::write(double bytes)
{
  double start = sg4::Engine::get_clock();
  double left  = bytes;
  cs::ActorLock drive(*drive_, std::defer_lock);
  double turn = 0;
  while (left > 0) {
    // The I/O scheduler serves one writer's requests for a slice before turning to the other writer of the node
    // (a zero slice: one request each, in turn).
    if (drive.owns_lock() && sg4::Engine::get_clock() - turn >= m_.io_slice)
      drive.unlock();
    if (not drive.owns_lock()) {
      drive.lock();
      turn = sg4::Engine::get_clock();
    }
    double req = std::min(left, m_.request_size);
    if (not m_.write_cache) {
      platter_->write(static_cast<sg_size_t>(req));
    } else {
      {
        cs::ActorLock lock(*state_);
        if (used_ + req > m_.cache_size) {
          double t0 = sg4::Engine::get_clock();
          ++stats_.full_waits;
          while (used_ + req > m_.cache_size)
            room_->wait(lock);
          stats_.full_wait_s += sg4::Engine::get_clock() - t0;
        }
        used_ += req; // reserved now, so that the other writer of the node cannot overbook the buffer
      }
      sg4::this_actor::sleep_for(req / m_.interface_bw);
      cs::ActorLock lock(*state_);
      pending_ += req;
      work_->notify_all();
    }
    ++stats_.requests;
    left -= req;
  }
  stats_.bytes += bytes;
  stats_.writes += bytes > 0 ? 1 : 0;
  stats_.pwrite_s += sg4::Engine::get_clock() - start;
}

void WriteBackDisk::flusher()
{
  // SimGrid 3.32 keeps every I/O an actor started in that actor's list of activities until the actor ends, so one
  // flusher living for the whole run kept one per request: 232 MB after 40 s of a run of 512 B requests, gigabytes
  // later. A flusher writes at most flushes_per_actor requests, then hands the buffer over to a new one on the same
  // host, at the same simulated time (the buffer, its accounting and the platter are this object's, not the actor's).
  constexpr long flushes_per_actor = 4096;
  cs::ActorLock lock(*state_);
  for (long n = 0; n < flushes_per_actor; ++n) {
    while (pending_ <= 0)
      work_->wait(lock);
    double chunk = std::min(pending_, m_.request_size);
    pending_ -= chunk;
    lock.unlock();
    platter_->write(static_cast<sg_size_t>(chunk));
    lock.lock();
    used_ -= chunk;
    XBT_VERB("flushed %.0f bytes, %.0f left in the buffer", chunk, used_);
    room_->notify_all();
  }
  lock.unlock();
  sg4::Actor::create(sg4::this_actor::get_name(), sg4::this_actor::get_host(), [this]() { flusher(); })->daemonize();
}

} // namespace cs::msglog
