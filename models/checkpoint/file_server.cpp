#include "models/checkpoint/file_server.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "models/common/payload.hpp"
#include "sim/platform/platform.hpp"

#include <algorithm>
#include <memory>
#include <utility>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

struct Chunk {
  double bytes;
  sg4::Mailbox* reply;
};

FileServer::FileServer(const Params& p, sg4::Host* host, sg4::Disk* disk, const std::string& name)
    : p_(p), host_(host), disk_(disk), box_(box(name))
{
}

void FileServer::send(size_t node, double bytes, const std::string& file)
{
  // Named by what is copied, not by the copying actor's id: ids depend on how many actors a run has created.
  sg4::Mailbox* reply = box("node" + std::to_string(node) + "/copy-ack/" + file);
  for (double left = bytes; left > 0; left -= p_.copy_chunk) {
    double n = std::min(left, p_.copy_chunk);
    send_owned(box_, std::make_unique<Chunk>(Chunk{n, reply}), static_cast<uint64_t>(n * p_.wire_ratio));
    std::unique_ptr<bool>(reply->get<bool>());
  }
}

void FileServer::serve()
{
  while (true) {
    Chunk* c = nullptr;
    unless_peer_dies("file server receive", [&] { c = box_->get<Chunk>(); });
    if (c == nullptr)
      continue; // the sender died mid-transfer
    if (idle_.empty()) {
      size_t w = writers_.size();
      writers_.push_back({sg4::Semaphore::create(0), c});
      sg4::Actor::create("nfs-write", host_, [this, w] { writer(w); })->daemonize();
      continue;
    }
    size_t w = idle_.back();
    idle_.pop_back();
    writers_[w].chunk = c;
    writers_[w].ready->release();
  }
}

void FileServer::writer(size_t w)
{
  while (true) {
    std::unique_ptr<Chunk> chunk(std::exchange(writers_[w].chunk, nullptr));
    disk_->write(static_cast<sg_size_t>(chunk->bytes));
    send_detached(chunk->reply, new bool(true), static_cast<uint64_t>(p_.ack_bytes));
    idle_.push_back(w);
    writers_[w].ready->acquire();
  }
}

void FileServer::read_into(const std::vector<sg4::Host*>& nodes, const std::vector<std::pair<size_t, double>>& reads,
                           const std::vector<double>& copy_bw)
{
  for (auto& r : start_reads(nodes, reads, copy_bw))
    r->join();
}

std::vector<sg4::ActorPtr> FileServer::start_reads(const std::vector<sg4::Host*>& nodes,
                                                   const std::vector<std::pair<size_t, double>>& reads,
                                                   const std::vector<double>& copy_bw)
{
  std::vector<sg4::ActorPtr> readers;
  for (auto const& [n, bytes] : reads) {
    if (not nodes[n]->is_on())
      continue;
    sg4::Mailbox* to = box("node" + std::to_string(n) + "/read/" + box_->get_name() + std::to_string(readers.size()));
    readers.push_back(sg4::Actor::create(
        "nfs-read", host_, [this, bytes = bytes, to] { unless_peer_dies("server read", [&] { stream(bytes, to); }); }));
    double bw = copy_bw.empty() ? 0.0 : copy_bw[n];
    readers.push_back(sg4::Actor::create("node-read", nodes[n], [bytes = bytes, to, bw] {
      unless_peer_dies("node read", [&] { receive(bytes, to, bw); });
    }));
  }
  return readers;
}

void FileServer::stream(double bytes, sg4::Mailbox* to)
{
  // A sequential read: the server reads the next chunk ahead from its disk while the current one is on the wire.
  auto chunk  = [this](double left) { return std::min(left, p_.read_ahead); };
  double left = bytes;
  note_disk_read(disk_);
  sg4::IoPtr ahead = disk_->read_async(static_cast<sg_size_t>(chunk(left)));
  while (left > 0) {
    double c = chunk(left);
    ahead->wait();
    left -= c;
    if (left > 0)
      ahead = disk_->read_async(static_cast<sg_size_t>(chunk(left)));
    send_owned(to, std::make_unique<double>(c), static_cast<uint64_t>(c * p_.wire_ratio));
  }
}

void FileServer::receive(double bytes, sg4::Mailbox* to, double copy_bw)
{
  // NT's redirector takes the next chunk in while the runtime copies the last one into the process's pages.
  double* got       = nullptr;
  sg4::CommPtr next = to->get_async<double>(&got);
  for (double left = bytes; left > 0;) {
    next->wait();
    std::unique_ptr<double> chunk(std::exchange(got, nullptr));
    left -= *chunk;
    if (left > 0)
      next = to->get_async<double>(&got);
    if (copy_bw > 0)
      sg4::this_actor::execute(*chunk / copy_bw * sg4::this_actor::get_host()->get_speed());
  }
}

} // namespace cs::checkpoint
