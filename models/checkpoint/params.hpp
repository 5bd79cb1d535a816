/* Parameters of the Brazos model (seed 002), declared once with defaults, units and docs: the migration benchmark
 * (seed section 2), and an application skeleton with coordinated checkpoints, failures, recovery and node
 * removal/addition (sections 3 and 4). */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/run/group_sizes.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace cs::checkpoint {

/** An application skeleton (seed 3.5): one user thread per node computing between barriers, and the shared pages
 *  each node modifies (what a checkpoint saves). */
/** Which shared pages each node modifies. */
enum class Writes {
  all, ///< every node modifies every shared page
  own  ///< each node its 1/nodes share
};
/** Where the dead node's threads go at a restart. */
enum class RecoveryMode {
  survivors,  ///< round-robin on the nodes left
  replacement ///< a new node takes the dead one's place
};
/** Where the checkpoint files go once written to the node's local disk (docs/models/checkpoint.md, Storage). */
enum class Storage {
  server,  ///< copied to the one file server (seed 3.3)
  local,   ///< kept on the node's local disk only
  parallel ///< copied to one of K file servers, each serving a contiguous group of nodes
};
/** What the user threads run (docs/models/checkpoint.md). */
enum class Workload {
  skeleton, ///< params.app: one thread per node computing between barriers
  trace     ///< an MPI program's time-independent trace (params.trace): one thread per rank
};
enum class Experiment {
  migration, ///< Table 1: back-to-back migrations
  checkpoint ///< Tables 3, 4: an application skeleton with coordinated checkpoints
};

struct AppSpec {
  std::string name         = "water";
  long barriers            = 100; ///< barriers of the whole run (the points where a checkpoint can happen)
  double compute           = 0;   ///< CPU seconds of one thread over the run, spread evenly between the barriers
  double shared_bytes      = 0;   ///< shared-memory footprint of the application
  Writes writes            = Writes::all;
  double stack_bytes       = 4096; ///< committed stack of the user thread
  double dirty_per_barrier = 1;    ///< fraction of a node's pages modified between two barriers (drawn afresh each)
  double process_bytes     = 0;    ///< resident size of a node's process, twins aside (memory pressure, seed 3.5)
};

/** An MPI program's SimGrid time-independent trace as the workload. */
struct TraceSpec {
  std::string index;          ///< the trace's index file, as the scenario names it (relative: beside the scenario)
  double rank_bytes  = 0;     ///< what a rank's checkpoint saves: its process image
  double eager_bytes = 65536; ///< sends below this complete without waiting for their receive (SMPI's default)
};

struct Params {
  Experiment experiment = Experiment::migration;
  std::string node_a    = "node1"; ///< where the migrating thread starts
  std::string node_b    = "node2"; ///< the other node of the back-to-back migrations
  long round_trips      = 1000;    ///< seed 2.5: 1000 iterations, each two MigrateMe() calls
  double stack_bytes    = 4096;    ///< committed stack the thread carries (seed Table 1: 4 KB stacks)
  double context_bytes  = 716;     ///< sizeof(CONTEXT) of Win32 on x86, with the floating-point save area
  double tls_bytes      = 64;      ///< the user part of the Thread Local Storage Brazos ships (runtime info)
  double header_bytes   = 32;      ///< Brazos message header
  double ack_bytes      = 32;      ///< the explicit acknowledgement of a UDP message (a header)

  // experiment "checkpoint"
  Workload workload = Workload::skeleton;
  AppSpec app;
  TraceSpec trace;
  long nodes      = 4;             ///< seed 3.5: four nodes, one user thread each
  double interval = 0;             ///< checkpoint at the first barrier after this much time since the last (0: none)
  std::vector<double> requests;    ///< checkpoints requested (user interface) at these times: taken at the next barrier
  bool twins              = true;  ///< a modified page is saved with its twin (multiple-writer protocol)
  bool copy_to_nfs        = true;  ///< copy each checkpoint file to the network file system in the background
  std::string file_server = "nfs"; ///< host of the network file system
  Storage storage         = Storage::server;
  long pfs_servers        = 4;        ///< parallel: file servers, K
  std::string pfs_group   = "pfs";    ///< parallel: the platform's host group of the servers
  double copy_chunk       = 4 << 20;  ///< bytes per request of a copy to or from the file server (model granularity)
  double read_ahead       = 64 << 10; ///< a file server streams a file read back in units of this size
  double wire_ratio       = 1538.0 / 1460; ///< Ethernet bytes per byte of a file carried by TCP (1500-byte MTU)
  bool incremental        = false; ///< save only the pages modified since the previous checkpoint (seed: future work)

  // failures and recovery (seed 3.4)
  std::string heartbeat_host = "nfs"; ///< the designated node sending heartbeats (assumed never to fail)
  double heartbeat           = 10;    ///< heartbeat period (seed: every 10 s, user-selectable)
  double fail_at             = -1;    ///< one failure at this time (< 0: none) ...
  long fail_node             = 2;     ///< ... of this node (1-based)
  double mtbf                = 0;     ///< or failures of every node with exponential times of this mean (0: none)
  RecoveryMode recovery      = RecoveryMode::survivors;
  double replace_delay       = 0;    ///< replacement: time until the replacement node is up
  double restart_init        = 17;   ///< runtime start of a restart, before the shared region is allocated
  double page_bytes          = 4096; ///< x86 page: the unit the runtime allocates and protects shared memory in
  double data_recovery_fixed = 0;    ///< per restart: the part of the data recovery no byte count explains

  // node removal and addition by migration (seed section 4), at the first barrier after the given times
  double remove_at = -1; ///< < 0: no removal
  long remove_node = 4;  ///< 1-based
  double add_at    = -1; ///< < 0: no addition (the new node starts its runtime at this time)
  long add_node    = 5;  ///< 1-based, a node of the platform beyond the first `nodes`

  /** The checkpoint experiment's nodes, with the one that joins (a generated group "nodes" is made that size). */
  GroupSizes group_sizes() const
  {
    if (experiment != Experiment::checkpoint)
      return {};
    GroupSizes sizes{{"nodes", add_at >= 0 ? std::max(nodes, add_node) : nodes}};
    if (storage == Storage::parallel)
      sizes[pfs_group] = pfs_servers;
    return sizes;
  }
  static Params from(Fields& f);
};

} // namespace cs::checkpoint
