/* The network file system server of Brazos's checkpoints (seed 3.3): nodes copy their checkpoint files to it in
 * chunks, each acknowledged once written to the server's disk, and read them back at a recovery. The copies
 * compete for the server's link and disk. */
#pragma once
#include "models/checkpoint/params.hpp"

#include <simgrid/s4u.hpp>

#include <string>
#include <utility>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::checkpoint {

struct Chunk; ///< a piece of a file copied to the server

class FileServer {
public:
  /** `name`: its mailbox (one per server). */
  FileServer(const Params& p, sg4::Host* host, sg4::Disk* disk, const std::string& name = "file-server");
  sg4::Host* host() const { return host_; }
  /** The server's receiving loop (a daemon actor on its host). */
  void serve();
  /** From the calling actor on node `node`: copies `bytes` to the server, one chunk at a time, each acknowledged
   *  once written (a synchronous file copy). `file` names the copy among the node's copies in flight. */
  void send(size_t node, double bytes, const std::string& file);
  /** Reads each (node, bytes) back from the server into that node's host (in parallel), skipping nodes that are
   *  off; a node with a copy_bw entry copies each chunk it receives into its process at that rate. Returns when every
   *  read is done. */
  void read_into(const std::vector<sg4::Host*>& nodes, const std::vector<std::pair<size_t, double>>& reads,
                 const std::vector<double>& copy_bw = {});
  /** As read_into, without waiting: the actors of the reads, to join. */
  std::vector<sg4::ActorPtr> start_reads(const std::vector<sg4::Host*>& nodes,
                                         const std::vector<std::pair<size_t, double>>& reads,
                                         const std::vector<double>& copy_bw);

private:
  /** The server's side of one read: `bytes` from its disk to `to`, chunk by chunk. */
  void stream(double bytes, sg4::Mailbox* to);
  /** A node's side of one read: the chunks of `bytes` from `to`, each copied at copy_bw (0: not copied). */
  static void receive(double bytes, sg4::Mailbox* to, double copy_bw);
  /** One writer thread: writes the chunks handed to it, one at a time, and acknowledges. */
  void writer(size_t w);

  const Params& p_;
  sg4::Host* host_;
  sg4::Disk* disk_;
  sg4::Mailbox* box_;
  /** The writer threads: as many as chunks were ever in the server's hands at once (each chunk starts writing on
   *  arrival, as with a thread per chunk; reusing them spares a stack per chunk, thousands per run). */
  struct Writer {
    sg4::SemaphorePtr ready;
    Chunk* chunk = nullptr;
  };
  std::vector<Writer> writers_;
  std::vector<size_t> idle_;
};

} // namespace cs::checkpoint
