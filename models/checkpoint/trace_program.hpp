/* An MPI program's time-independent trace as the Brazos model replays it (docs/models/checkpoint.md, "An MPI trace as
 * the workload"): each rank a list of steps (compute, point-to-point messages, waits), its collectives already
 * decomposed into the messages they exchange, and the points where a coordinated checkpoint may be taken.
 *
 * A checkpoint point is a global collective (one that completes on no rank before every rank has entered it: barrier,
 * allreduce, allgather, alltoall, reduce-scatter) after which no message is in flight: no request is pending on any
 * rank and no message is sent on one side of it and received on the other. Brazos takes its checkpoints at barriers,
 * where no thread runs and no message travels; these are the trace's own such points, found before the run. */
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace cs::checkpoint {

/** One step of a rank's program. */
struct TraceStep {
  enum class Kind {
    compute, ///< `amount` flops on the rank's node
    sleep,   ///< `amount` seconds (the trace's sleep)
    send,    ///< blocking send of `amount` bytes to `peer` (completes at once below the eager limit, and always
             ///< inside a collective)
    isend,   ///< non-blocking send: a request
    recv,    ///< blocking receive of `amount` bytes from `peer` (-1: from any rank)
    irecv,   ///< non-blocking receive: a request
    wait,    ///< completes the oldest request with key (src, dst, tag) (none: nothing, as SMPI's replay)
    waitall, ///< completes every pending request
    enter,   ///< enters checkpoint point `point` (before the collective's messages)
    cut      ///< leaves checkpoint point `point`: a checkpoint decided there is taken here
  };
  Kind kind     = Kind::compute;
  double amount = 0;     ///< flops or bytes
  long peer     = -1;    ///< the other rank of a message (a receive from any rank: -1); wait: the request's sender
  long peer2    = -1;    ///< wait: the request's receiver (dst)
  long tag      = 0;     ///< message tag (collective messages: their own channel)
  bool coll     = false; ///< a message of a decomposed collective
  long point    = 0;     ///< enter/cut: which checkpoint point (1-based)
  std::string where;     ///< "file:line" of the trace line it comes from
  bool any = false;      ///< send: its receiver takes its messages of this tag from any rank (MPI_ANY_SOURCE), so
                         ///< every sender's go through one channel, matched in arrival order
};

/** One rank: its steps, and where each checkpoint point ends (step index of its cut). */
struct RankProgram {
  std::vector<TraceStep> steps;
  std::vector<size_t> cut_step; ///< cut_step[k - 1]: index of the cut of point k
  double flops      = 0;        ///< over the whole program
  long p2p          = 0;        ///< point-to-point messages sent (send, isend)
  double p2p_bytes  = 0;
  long coll         = 0; ///< messages sent inside collectives
  double coll_bytes = 0;
};

/** Every rank's program. */
struct TraceProgram {
  std::string index; ///< the trace's index file (as the scenario names it)
  std::vector<RankProgram> ranks;
  long points       = 0; ///< checkpoint points (the same on every rank)
  long global_colls = 0; ///< global collectives, checkpoint points or not
  /** The step a rank resumes at after checkpoint point `point` (0: the start). */
  size_t resume_step(size_t rank, long point) const
  {
    return point <= 0 ? 0 : ranks[rank].cut_step[static_cast<size_t>(point - 1)] + 1;
  }
};

/** A step that waits for something that never comes: where and why. Empty `why`: the program runs to its end. */
struct Deadlock {
  std::string why;
};

/** Plays the programs logically (no time: matches alone, sends of at least `eager_bytes` waiting for their receive)
 *  and says whether every rank reaches its end: matching is per (sender, receiver, tag) in order, so the outcome does
 *  not depend on timing. */
Deadlock find_deadlock(const TraceProgram& program, double eager_bytes);

/** Marks the global collectives of a program as checkpoint points where the cut is clean (see above): `global[r]`
 *  lists, per rank, the step index of each global collective's enter and leave, in order (the same count on every
 *  rank); adds enter/cut steps at the clean ones and fills cut_step and points. */
struct GlobalColl {
  size_t enter; ///< index of the collective's first step (its messages follow)
  size_t leave; ///< index one past its last step
};
void mark_points(TraceProgram& program, const std::vector<std::vector<GlobalColl>>& global);

} // namespace cs::checkpoint
