/* Brazos coordinated checkpointing and recovery (seed 3.3-3.4).
 *
 * Checkpoints happen only at barriers. Every user thread arrives at the barrier (BARR to the barrier manager);
 * the manager releases them (BARRGRANT) or, when the interval has expired since the last checkpoint, first tells
 * every node's Checkpoint Agent to checkpoint: the agent writes the node's file — the shared pages its threads
 * modified (with their twins), their stacks and contexts, the barrier instance — to the local disk, resumes its
 * threads, and copies the file to the network file system in the background, where the copies compete for the
 * server's link and disk. A checkpoint is complete (usable for recovery) once every copy is on the server.
 *
 * A designated node sends heartbeats every period; a node that does not answer within the period is declared
 * dead. The application then restarts from the last complete checkpoint: every process of the old incarnation
 * is stopped, the runtime and the user program initialise again, every file is read back from the file server,
 * and the threads resume after the checkpoint's barrier, the dead node's threads spread round-robin over the
 * survivors (or on a replacement node). Work done since the checkpoint is executed again. */
#pragma once
#include "models/checkpoint/file_server.hpp"
#include "models/checkpoint/migration.hpp"
#include "models/checkpoint/params.hpp"
#include "sim/rng.hpp"

#include <simgrid/s4u.hpp>

#include <memory>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::checkpoint {

struct CheckpointStats {
  long checkpoints        = 0;
  double stall_s          = 0; ///< summed over checkpoints: grant to the slowest node's local file written
  double file_bytes       = 0; ///< summed over the files written
  long files              = 0;
  double copy_s           = 0; ///< summed over complete checkpoints: grant to the last copy on the file server
  long complete           = 0; ///< checkpoints whose every copy reached the file server
  long failures           = 0;
  long recoveries         = 0;
  double detect_s         = 0; ///< summed: failure to detection
  double recovery_s       = 0; ///< summed: detection to the threads running again (initialisation + data recovery)
  double data_recovery_s  = 0; ///< summed: reading the checkpoint files back
  double paged_out_bytes  = 0; ///< summed over files: working set trimmed to the pagefile while the file was written
  double page_in_s        = 0; ///< summed over files (a thread per node): faulting the trimmed pages back in
  double lost_work_s      = 0; ///< summed: failure time minus the time of the checkpoint restarted from
  long membership_changes = 0; ///< nodes removed or added (seed section 4)
  long nodes_in_use       = 0; ///< nodes running threads in the last incarnation
  double membership_s     = 0; ///< summed: barrier to the threads running again on the new set of nodes
  double exec_time_s      = 0; ///< until the last thread finished
  bool finished           = false;
};

class CoordinatedRun {
public:
  struct Setup {
    std::vector<sg4::Host*> nodes; ///< the first Params::nodes run the application; the others may join
    std::vector<NtCosts> costs;
    std::vector<sg4::Disk*> disks;
    sg4::Host* server = nullptr;
    std::vector<double> memory;        ///< per node: physical memory less what NT itself keeps resident
    std::vector<double> fault_cluster; ///< per node: bytes one hard page fault reads
    std::vector<double> write_cluster; ///< per node: bytes one page-out write carries
    std::vector<double> fault_wait;    ///< per node: the disk's rotational wait of one page-in or page-out I/O
    sg4::Disk* server_disk = nullptr;
    sg4::Host* monitor     = nullptr; ///< the designated heartbeat node
    Rng failures{0};                  ///< draws of the failure times (MTBF)
  };
  CoordinatedRun(const Params& p, Setup s);
  /** Creates the first incarnation, the file server, the heartbeat monitor and the failure injector. */
  void start();
  const CheckpointStats& stats() const { return stats_; }

private:
  struct Msg {
    enum class Kind { barr, go, checkpoint } kind;
    long instance  = -1; ///< checkpoint: which one
    double page_in = 0;  ///< go after a checkpoint: bytes of the thread's working set to fault back in
  };
  struct Checkpoint {
    long barrier; ///< threads resume after this barrier
    double at;    ///< when the manager decided it
    double local_done = 0;
    long copies       = 0;
    long files        = 0;
  };
  /** One incarnation of the application: its processes and where its threads run. */
  struct Epoch {
    long id;
    long first_barrier;            ///< the threads start after this many barriers
    std::vector<size_t> placement; ///< thread -> node
    std::vector<sg4::ActorPtr> actors;
    sg4::Mailbox* manager;
    std::vector<sg4::Mailbox*> threads;
    std::vector<sg4::Mailbox*> agents; ///< per node (null where no thread runs)
    long finished = 0;
  };

  void launch(long first_barrier, std::vector<size_t> placement);
  void user_thread(Epoch& e, size_t thread);
  void manager(Epoch& e);
  void agent(Epoch& e, size_t node);
  void copy_to_server(size_t node, double bytes, size_t ckpt);
  void responder(size_t node);
  void monitor();
  void injector();
  void recover(size_t dead, double failed_at, double detected_at);
  void read_back(const std::vector<size_t>& placement, long from);
  /** Seed section 4: at barrier `barrier` of epoch `e`, remove `node` (its threads and shared state move to the
   *  others) or add it (it takes a thread from the busiest node); then the application goes on. */
  void change_membership(Epoch& e, long barrier, bool add, size_t node);
  void migrate(size_t thread_from, size_t thread_to);
  /** Bytes a node's file holds for `threads` threads, `barriers` barriers after the previous checkpoint. */
  double file_bytes(long threads, long barriers) const;
  double share_bytes(long threads) const;
  /** What NT trims from the process's working set while a node writes a `bytes` file (see agent()). */
  double evicted_bytes(size_t node, long threads, double bytes) const;

  const Params& p_;
  Setup s_;
  FileServer server_;
  std::vector<std::unique_ptr<Epoch>> epochs_;
  std::vector<Checkpoint> ckpts_;
  std::vector<bool> alive_;                                ///< the monitor's view
  std::vector<double> failed_at_;                          ///< when each node actually failed (for the statistics)
  std::vector<std::unique_ptr<MigrationAgent>> migration_; ///< per node
  struct Change {
    bool add;
    size_t node;
  };
  std::vector<Change> due_; ///< membership changes waiting for the next barrier
  long requested_ = 0;      ///< checkpoint requests waiting for the next barrier
  CheckpointStats stats_;
};

} // namespace cs::checkpoint
