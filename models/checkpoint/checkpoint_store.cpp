#include "models/checkpoint/checkpoint_store.hpp"
#include "models/checkpoint/brazos_actor.hpp"
#include "sim/platform/platform.hpp"

#include <map>
#include <string>

namespace cs::checkpoint {

CheckpointStore::CheckpointStore(const Params& p, std::pair<sg4::Host*, sg4::Disk*> main,
                                 const std::vector<std::pair<sg4::Host*, sg4::Disk*>>& pfs)
    : p_(p), main_(p, main.first, main.second, "file-server")
{
  for (size_t k = 0; k < pfs.size(); ++k)
    pfs_.push_back(std::make_unique<FileServer>(p, pfs[k].first, pfs[k].second, "pfs-server" + std::to_string(k)));
}

void CheckpointStore::start()
{
  if (p_.copy_to_nfs)
    sg4::Actor::create("file-server", main_.host(), [this] { main_.serve(); })->daemonize();
  for (auto& s : pfs_)
    sg4::Actor::create("pfs-server", s->host(), [server = s.get()] { server->serve(); })->daemonize();
}

FileServer& CheckpointStore::server_of(size_t node, size_t nodes)
{
  if (p_.storage != Storage::parallel || pfs_.empty())
    return main_;
  // One server per contiguous group of nodes: node n's group is n * K / nodes (groups differ by at most one node).
  return *pfs_[node * pfs_.size() / nodes];
}

void CheckpointStore::restore(const std::vector<sg4::Host*>& nodes, const std::vector<sg4::Disk*>& disks,
                              const std::vector<std::pair<size_t, double>>& reads, const std::vector<double>& copy_bw)
{
  std::vector<sg4::ActorPtr> readers;
  if (p_.storage == Storage::local) {
    // Each node reads its file from its own disk and copies it into the process's pages.
    for (auto const& [n, bytes] : reads)
      if (nodes[n]->is_on())
        readers.push_back(sg4::Actor::create("local-read", nodes[n], [disk = disks[n], bytes = bytes, bw = copy_bw[n]] {
          unless_peer_dies("local read", [&] {
            note_disk_read(disk);
            disk->read(static_cast<sg_size_t>(bytes));
            sg4::this_actor::execute(bytes / bw * sg4::this_actor::get_host()->get_speed());
          });
        }));
  } else {
    std::map<FileServer*, std::vector<std::pair<size_t, double>>> by_server;
    for (auto const& r : reads)
      by_server[&server_of(r.first, nodes.size())].push_back(r);
    for (auto& [server, group] : by_server)
      for (auto& a : server->start_reads(nodes, group, copy_bw))
        readers.push_back(a);
  }
  for (auto& r : readers)
    r->join();
}

} // namespace cs::checkpoint
