/* What the roles of a Brazos coordinated run (coordinated.hpp) share: the hardware they run on, the messages of the
 * application, one incarnation of it, and RunState — the few things every role reads or updates. */
#pragma once
#include "models/checkpoint/checkpoint_store.hpp"
#include "models/checkpoint/migration.hpp"
#include "models/checkpoint/params.hpp"
#include "models/checkpoint/trace_program.hpp"
#include "sim/run/rng.hpp"

#include <simgrid/s4u.hpp>

#include <string>
#include <utility>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::checkpoint {

struct CheckpointStats {
  long checkpoints       = 0;
  double stall_s         = 0; ///< summed over checkpoints: grant to the slowest node's local file written
  double file_bytes      = 0; ///< summed over the files written
  long files             = 0;
  double copy_s          = 0; ///< summed over complete checkpoints: grant to the last copy on the file server
  long complete          = 0; ///< checkpoints whose every copy reached the file server
  long failures          = 0;
  long recoveries        = 0;
  double detect_s        = 0; ///< summed: failure to detection
  double recovery_s      = 0; ///< summed: detection to the threads running again (initialisation + data recovery)
  double data_recovery_s = 0; ///< summed: reading the checkpoint files back
  double paged_out_bytes = 0; ///< summed over files: working set trimmed to the pagefile while the file was written
  double page_in_s       = 0; ///< summed over files (a thread per node): faulting the trimmed pages back in
  double lost_work_s     = 0; ///< summed: failure time minus the later of the checkpoint restarted from and the restart
                              ///< that last launched the application (work lost once is not lost again)
  long membership_changes = 0; ///< nodes removed or added (seed section 4)
  long nodes_in_use       = 0; ///< nodes running threads in the last incarnation
  double membership_s     = 0; ///< summed: barrier to the threads running again on the new set of nodes
  double exec_time_s      = 0; ///< until the last thread finished
  bool finished           = false;
  std::string gave_up; ///< why the application can never finish (restarts never get past one checkpoint); empty if not
};

/** What one rank of a trace workload did over the run, every incarnation's re-execution included. */
struct RankStats {
  double flops          = 0;
  long p2p              = 0; ///< point-to-point messages sent
  double p2p_bytes      = 0;
  long coll             = 0; ///< messages sent inside collectives
  double coll_bytes     = 0;
  long received         = 0; ///< messages received (both kinds)
  double received_bytes = 0;
  size_t furthest       = 0; ///< steps of its program run at least once (a step before it runs again after a rollback)
  long again_steps      = 0; ///< steps run again after a rollback
  long again_messages   = 0; ///< of them, messages sent again
  double again_bytes    = 0;
  double again_flops    = 0;
};

/** The hardware of a run. */
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
  std::vector<std::pair<sg4::Host*, sg4::Disk*>> pfs; ///< storage parallel: the file servers, each with its disk
  sg4::Host* monitor        = nullptr;                ///< the designated heartbeat node
  const TraceProgram* trace = nullptr;                ///< workload trace: the ranks' programs (null: the skeleton)
  Rng failures{0};                                    ///< draws of the failure times (MTBF)
};

/** A message between the user threads, the barrier manager and the Checkpoint Agents. */
struct Msg {
  enum class Kind { barr, go, checkpoint } kind;
  long instance  = -1; ///< checkpoint: which one
  double page_in = 0;  ///< go after a checkpoint: bytes of the thread's working set to fault back in
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
  /** What a node's Checkpoint Agent remembers from one checkpoint to the next (each is taken by a new agent). */
  struct AgentMemory {
    long previous; ///< barrier of the node's previous checkpoint in this incarnation
    bool had_one = false;
  };
  std::vector<AgentMemory> agent_memory; ///< per node
  std::vector<size_t> agent_slot;        ///< per node: where its current agent is in `actors`
  long finished = 0;
  double last   = 0; ///< the interval runs from here: the launch, then the end of the last checkpoint (trace workload)
  std::vector<long> arrived; ///< trace workload, per checkpoint point: ranks that entered it
  std::vector<long> decided; ///< trace workload, per checkpoint point: the checkpoint taken at its cut (-1: none)
};

/** The state every role of the run reads or updates, owned by the run and handed to each role. */
struct RunState {
  RunState(const Params& params, Setup setup);
  const Params& p;
  Setup s;
  CheckpointStore store;
  std::vector<bool> alive; ///< per node: a member of the application, as the heartbeat monitor sees it
  CheckpointStats stats;
  std::vector<RankStats> ranks; ///< trace workload: per rank
  /** User threads: the trace's ranks, or one per node. */
  size_t threads() const { return s.trace ? s.trace->ranks.size() : static_cast<size_t>(p.nodes); }
};

} // namespace cs::checkpoint
