#include "models/microbench/actors.hpp"

#include <memory>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_microbench);

namespace cs::microbench {

void UdpPingPong::start(sg4::Host* host)
{
  auto* to_server = sg4::Mailbox::by_name("udp-server");
  auto* to_client = sg4::Mailbox::by_name("udp-client");
  static char datagram; // the payload's content does not matter, only its size
  sg4::Actor::create("udp-server", host, [this, to_server, to_client] {
    for (long i = 0; i < p_.operations; ++i) {
      to_server->get<char>();
      compute(udp_oneway(os_, p_.reply_size));
      to_client->put(&datagram, static_cast<uint64_t>(p_.reply_size));
    }
  });
  sg4::Actor::create("udp-client", host, [this, to_server, to_client] {
    span_.start = sg4::Engine::get_clock();
    for (long i = 0; i < p_.operations; ++i) {
      compute(udp_oneway(os_, p_.request_size));
      to_server->put(&datagram, static_cast<uint64_t>(p_.request_size));
      to_client->get<char>();
    }
    span_.end = sg4::Engine::get_clock();
    span_.ops = p_.operations;
  });
}

void PageWriter::operator()()
{
  const double copy_in = p_.log_page / os_.cost("disk_buffered_write_bw");
  sg4::Disk* disk      = nullptr;
  if (p_.write_mode == WriteMode::fsync) {
    auto disks = sg4::this_actor::get_host()->get_disks();
    xbt_assert(not disks.empty(), "write_mode fsync needs a disk on host %s", sg4::this_actor::get_host()->get_cname());
    disk = disks.front();
  }
  span_.start = sg4::Engine::get_clock();
  for (long p = 0; p < p_.pages; ++p) {
    compute(copy_in);
    if (disk)
      disk->write(static_cast<sg_size_t>(p_.log_page));
  }
  span_.end = sg4::Engine::get_clock();
  span_.ops = p_.pages;
}

AioPages::AioPages(const Params& p, const OsProfile& os, Span& span)
    : p_(p), os_(os), span_(span), queued_(sg4::Semaphore::create(0))
{
  for (long k = 0; k < p.outstanding; ++k)
    complete_.push_back(sg4::Semaphore::create(0));
}

void AioPages::start(sg4::Host* host)
{
  sg4::Actor::create("aio-helper", host, [this] { helper(); })->daemonize();
  sg4::Actor::create("application", host, [this] { application(); });
}

void AioPages::application()
{
  std::vector<bool> busy(static_cast<size_t>(p_.outstanding), false);
  const double submit = os_.cost("aio_submit");
  const double fill   = p_.log_page / os_.cost("buffer_fill_bw");
  span_.start         = sg4::Engine::get_clock();
  for (long page = 0; page < p_.pages; ++page) {
    auto slot = static_cast<size_t>(page % p_.outstanding);
    if (busy[slot]) // no free buffer page: wait for its write (seed 004's "buffer full")
      complete_[slot]->acquire();
    sg4::this_actor::execute(p_.work);
    compute(fill);
    compute(submit);
    queue_.push_back(page);
    queued_->release();
    busy[slot] = true;
  }
  for (size_t slot = 0; slot < busy.size(); ++slot)
    if (busy[slot])
      complete_[slot]->acquire();
  span_.end = sg4::Engine::get_clock();
  span_.ops = p_.pages;
}

void AioPages::helper()
{
  const double service = p_.log_page / os_.cost("aio_write_bw");
  while (true) {
    queued_->acquire();
    long page = queue_.front();
    queue_.erase(queue_.begin());
    compute(service);
    complete_[static_cast<size_t>(page % p_.outstanding)]->release();
  }
}

} // namespace cs::microbench
