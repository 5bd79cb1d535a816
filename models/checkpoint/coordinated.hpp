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
 * survivors (or on a replacement node). Work done since the checkpoint is executed again.
 *
 * Each role is a class of its own, sharing RunState (coordinated_state.hpp): Application (the incarnations and their
 * user threads), Checkpoints, Failures, Recovery and Membership; CoordinatedRun wires them. */
#pragma once
#include "models/checkpoint/coordinated_application.hpp"
#include "models/checkpoint/coordinated_checkpoint.hpp"
#include "models/checkpoint/coordinated_failures.hpp"
#include "models/checkpoint/coordinated_membership.hpp"
#include "models/checkpoint/coordinated_recovery.hpp"
#include "models/checkpoint/coordinated_state.hpp"

namespace cs::checkpoint {

class CoordinatedRun {
public:
  using Setup = checkpoint::Setup;
  CoordinatedRun(const Params& p, Setup s);
  /** Creates the first incarnation, the file server, the heartbeat monitor and the failure injector. */
  void start();
  const CheckpointStats& stats() const { return st_.stats; }
  /** Trace workload: what each rank did. */
  const std::vector<RankStats>& rank_stats() const { return st_.ranks; }
  /** The host each user thread ran on in the last incarnation. */
  std::vector<sg4::Host*> last_hosts();

private:
  RunState st_;
  // Each role holds the ones it calls; references to roles declared below are bound, not used, at construction.
  Application application_{st_, checkpoints_};
  Membership membership_{st_, application_};
  Checkpoints checkpoints_{st_, membership_};
  Recovery recovery_{st_, application_, checkpoints_};
  Failures failures_{st_, recovery_};
};

} // namespace cs::checkpoint
