/* Where a Brazos run's checkpoint files go once each node has written its own to its local disk (Params::storage):
 * copied to the one file server of the seed, kept on the nodes' own disks, or copied to one of K file servers of a
 * parallel file system, each serving a contiguous group of nodes (docs/models/checkpoint.md, Storage). */
#pragma once
#include "models/checkpoint/file_server.hpp"
#include "models/checkpoint/params.hpp"

#include <simgrid/s4u.hpp>

#include <memory>
#include <utility>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::checkpoint {

class CheckpointStore {
public:
  /** `main`: the file server (also the one node removals go through, whatever the storage); `pfs`: the servers of
   *  storage parallel (host and disk each); `disks`: each node's local disk; `nodes`: the hosts of those disks. */
  CheckpointStore(const Params& p, std::pair<sg4::Host*, sg4::Disk*> main,
                  const std::vector<std::pair<sg4::Host*, sg4::Disk*>>& pfs);
  /** Starts the servers' receiving loops. */
  void start();
  /** Whether a file is complete only once copied to a server (not for local storage). */
  bool remote() const { return p_.storage != Storage::local; }
  /** The server that holds `node`'s files: the file server, or its group's server of a parallel file system. */
  FileServer& server_of(size_t node, size_t nodes);
  /** Reads each (node, bytes) back into that node (in parallel; nodes that are off skipped), from the servers that
   *  hold them, or from each node's own disk (local storage); each node copies what it reads at its copy_bw. */
  void restore(const std::vector<sg4::Host*>& nodes, const std::vector<sg4::Disk*>& disks,
               const std::vector<std::pair<size_t, double>>& reads, const std::vector<double>& copy_bw);

private:
  const Params& p_;
  FileServer main_;
  std::vector<std::unique_ptr<FileServer>> pfs_;
};

} // namespace cs::checkpoint
