/* The NAS message streams of one rank: the real sequence of computations, sends and receives of bt, cg, ep, lu, mg
 * and sp for the run's class and rank count (NPB 3.3-MPI's decompositions, nas_class.hpp; at class B with 16 ranks the
 * counting-wrapper figures of docs/models/msglog.md), written against an abstract rank so that the same code runs in
 * the simulation (SimGrid actors) and in unit tests that only count messages and bytes. */
#pragma once
#include "models/common/ti_trace.hpp"
#include "models/msglog/params.hpp"

#include <array>

namespace cs::msglog {

/** What a rank program does, as the message stream sees it. */
class RankOps {
public:
  virtual ~RankOps() = default;
  /** Computes for `seconds` of CPU time on an idle core. */
  virtual void compute(double seconds) = 0;
  /** Computes `flops` at the host's own speed (a trace's compute action). */
  virtual void compute_flops(double flops) = 0;
  /** Sleeps `seconds` (a trace's sleep action). */
  virtual void sleep(double seconds) = 0;
  /** MPI_Isend of `count` messages of `bytes` each to `dst`, simulated as one transfer of count x bytes.
   *  `logged`: an application point-to-point message, which the logging library copies (collectives are not).
   *  `channel`: messages of one ordered pair and channel are received in the order sent; channel 1 holds a trace's
   *  collective-internal messages apart from its point-to-point ones (the NAS streams use channel 0 alone). */
  virtual void send(int dst, double bytes, long count, bool logged, int channel = 0) = 0;
  /** Blocks until the next transfer from `src` on `channel` has arrived. */
  virtual void recv(int src, int channel = 0) = 0;
  /** A trace's logged message of `bytes` to `dst` on a tag `dst` receives from any source (the NAS streams have
   *  none; this default refuses it). Each sender's such messages to `dst` are per pair on channel any_channel. */
  virtual void send_any(int dst, int tag, double bytes);
  /** Blocks until the next message sent to this rank with `tag` from any source has arrived. */
  virtual void recv_any(int tag);
  /** A trace's replay is at action `a` of `rt` (null: waiting for the requests left at the trace's end); kept to say
   *  where the rank stopped if the run cannot end. The NAS streams never call it; this default ignores it. */
  virtual void trace_at(const ti::RankTrace& rt, const ti::Action* a);
};

/** Channels of a pair (RankOps::send): 0 the application's messages, 1 a trace's collective-internal ones, 2
 *  (any_channel) a trace's messages received from any source; their per-pair order keys the senders' logs. */
constexpr int channels    = 3;
constexpr int any_channel = 2;

/** Runs the program of `rank` for the selected benchmark. */
void run_program(const Params& p, int rank, RankOps& ops);

// Topologies (pure functions, unit-tested).

/** Square process grid of the BT/SP multi-partition (NPB make_set): successor/predecessor in direction d. */
int adi_successor(int rank, int n, int d);
int adi_predecessor(int rank, int n, int d);
/** Coordinate in direction d of cell c of a rank: cells (i + c, j - c, c) mod n for the rank at column i, row j,
 *  so that every rank owns one cell of each slice of each direction. */
int adi_cell_coord(int rank, int n, int c, int d);
/** Bytes of the copy_faces message of `rank` in direction d towards its successor (or predecessor): the faces of
 *  its cells that are not on that side's global boundary. */
double adi_face_message(const AdiParams& a, int rank, int n, int d, bool to_successor);
/** Bytes sent after solving, in direction d, the rank's cell of coordinate `stage` (forward or back). */
double adi_solve_message(const AdiParams& a, int rank, int n, int d, int stage, bool forward);
/** Points of `grid` owned by part `i` of `parts` (the first grid % parts parts get one more). */
long block_extent(long grid, long parts, long i);
/** MG local extent of axis `a` at `level` (levels = finest). */
long mg_extent(const MgParams& mg, int axis, long level);
/** MG neighbour of `rank` on axis `a`, direction dir = -1 or +1 (periodic). */
int mg_neighbour(const MgParams& mg, int rank, int axis, int dir);
/** MG per-iteration sequence of comm3 levels: top resid, restriction down, bottom smoothing, up (resid, psinv). */
std::vector<long> mg_comm3_levels(long levels);

} // namespace cs::msglog
