/* The checkpoint role of a Brazos coordinated run (seed 3.3): the barrier manager decides a checkpoint when the
 * interval has run out (or one was requested), each node's Checkpoint Agent writes the node's file to the local disk
 * and copies it to the file server in the background. */
#pragma once
#include "models/checkpoint/coordinated_state.hpp"

#include <vector>

namespace cs::checkpoint {

class Membership;

/** Bytes of shared pages a node's file holds for `threads` threads. */
double share_bytes(const Params& p, long threads);
/** Bytes a node's file holds for `threads` threads, `barriers` barriers after the previous checkpoint. */
double file_bytes(const Params& p, long threads, long barriers);

class Checkpoints {
public:
  Checkpoints(RunState& st, Membership& membership) : st_(st), membership_(membership) {}
  /** The barrier manager of incarnation `e` (an actor's body): grants barriers, begins checkpoints, or hands the
   *  barrier to a membership change. */
  void manager(Epoch& e);
  /** Starts the Checkpoint Agent of `node` in incarnation `e`: it takes one checkpoint, then a new agent takes the
   *  next (each in its slot of `e.actors`, Epoch::agent_slot). */
  sg4::ActorPtr start_agent(Epoch& e, size_t node);
  /** Trace workload: a rank enters checkpoint point `point` of incarnation `e`; the last one decides whether a
   *  checkpoint is taken at its cut (Epoch::decided). */
  void arrive(Epoch& e, long point);
  /** Starts the actor that requests checkpoints at Params::requests. */
  void start_requests();
  struct Restart {
    long barrier = 0; ///< the threads resume after it (0: from the beginning)
    double at    = 0; ///< when the checkpoint was decided
  };
  /** The last checkpoint whose every file is stored (copied to its server, or written to a local disk that can be
   *  read). */
  Restart last_complete() const;

private:
  struct Checkpoint {
    long barrier; ///< threads resume after this barrier
    double at;    ///< when the manager decided it
    double local_done = 0;
    long copies       = 0;
    long files        = 0;
    std::vector<size_t> writers; ///< the nodes that write a file of it
  };
  /** At `barrier` (a checkpoint point of a trace): begins a checkpoint if the interval since `last` has run out or
   *  one was requested, and returns its index (else -1); `last` then runs from it. */
  long begin_if_due(Epoch& e, long barrier, double& last);
  /** The agent's body: waits for a checkpoint order, writes the file. */
  void agent(Epoch& e, size_t node);
  /** Writes node's file of checkpoint `ckpt` to its disk, starts its copy, and lets the node's threads go on. */
  void write_file(Epoch& e, size_t node, size_t ckpt);
  void copy_to_server(size_t node, double bytes, size_t ckpt);
  /** One more file of checkpoint `ckpt` is where the storage keeps it. */
  void stored(size_t ckpt);
  /** Whether every file of `ck` can be read at a restart: always on servers; on local disks, while each writer is
   *  up or comes back with its disk (recovery: replacement). */
  bool readable(const Checkpoint& ck) const;
  /** What NT trims from the process's working set while a node writes a `bytes` file (see agent()). */
  double evicted_bytes(size_t node, long threads, double bytes) const;

  RunState& st_;
  Membership& membership_;
  std::vector<Checkpoint> ckpts_;
  long requested_ = 0; ///< checkpoint requests waiting for the next barrier
};

} // namespace cs::checkpoint
