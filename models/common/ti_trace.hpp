/* SimGrid time-independent (TI) traces, as SMPI 3.32 writes them (`smpirun -trace-ti`) and replays them
 * (`smpirun -replay`), read into one list of actions per rank. Model-neutral: no model's types appear here.
 *
 * API (stable; docs/models/msglog.md, "Trace workloads", describes the format accepted):
 *   Trace t = ti::load_trace(path);   an index file (one rank file per line, rank k on line k + 1, paths absolute or
 *                                     relative to the index's folder, else to the current folder), or one file
 *                                     holding every rank's lines (ranks = the largest rank named + 1)
 *   ti::check_matching(t);            every receive has a send on its ordered pair with its tag (a receive from
 *                                     any_source: on any pair to its rank, beyond what the named receives take)
 *   ti::any_source_tags(t);           the (destination, tag) pairs received from any_source, for replay_rank; refuses
 *                                     a rank that receives one tag both from any_source and from named ranks
 *   t.ranks[r].actions                rank r's actions in trace order; sizes in bytes (count x the datatype's size),
 *                                     compute in flops, sleep in seconds
 *   ti::replay_rank(t, r, sink)       (ti_replay.hpp) rank r's actions as computations and point-to-point messages,
 *                                     collectives decomposed as SMPI 3.32's default algorithms (ti_collectives.hpp)
 * Every error is a cs::InputError naming the file and line ("trace/rank-1.txt:12: ..."), exit status 2. */
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs::ti {

/** The actions SMPI 3.32's replay knows (smpi_replay.cpp, smpi_replay_init); comm_size, comm_split, comm_dup and
 *  location do nothing there and are `no_op` here. */
enum class Kind : std::uint8_t {
  init,
  finalize,
  no_op,
  compute,
  sleep,
  send,
  isend,
  recv,
  irecv,
  sendrecv,
  test,
  wait,
  waitall,
  barrier,
  bcast,
  reduce,
  allreduce,
  scan,
  exscan,
  alltoall,
  alltoallv,
  gather,
  gatherv,
  allgather,
  allgatherv,
  scatter,
  scatterv,
  reducescatter
};
/** The action's name as a trace spells it ("sendRecv" for sendrecv, "comm_size" for no_op). */
const char* kind_name(Kind k);
/** A collective: every rank of the trace takes part. */
bool is_collective(Kind k);

/** One line of a rank's trace. Sizes are bytes: the traced count times its datatype's size. */
struct Action {
  Kind kind = Kind::no_op;
  int line  = 0;     ///< line in the rank's file (1-based)
  int peer  = -1;    ///< send, isend: destination; recv, irecv: source; sendrecv: destination; wait, test: the
                     ///< request's source; bcast, reduce, gather(v), scatter(v): the root
  int peer2    = -1; ///< sendrecv: source; wait, test: the request's destination
  int tag      = 0;  ///< send, isend, recv, irecv, wait, test
  double bytes = 0;  ///< point-to-point: the message; sendrecv: sent; bcast, reduce, allreduce, scan, exscan: the
                     ///< buffer; alltoall, gather, allgather, scatter: sent to each peer; gatherv, allgatherv: sent;
                     ///< reducescatter: the datatype's size
  double bytes2 = 0; ///< sendrecv: received; alltoall, gather, allgather, scatter: received from each peer;
                     ///< scatterv: received
  double amount = 0; ///< compute: flops; sleep: seconds; reduce, allreduce, scan, exscan, reducescatter: flops of the
                     ///< reduction, computed after the messages
  std::uint32_t sizes = 0;  ///< gatherv, allgatherv, reducescatter: received from each rank; scatterv, alltoallv:
                            ///< sent to each rank (index of the first of `ranks` values in RankTrace::sizes)
  std::uint32_t sizes2 = 0; ///< alltoallv: received from each rank (likewise)
};

struct RankTrace {
  std::string file;            ///< the file its lines came from
  std::vector<Action> actions; ///< in trace order
  std::vector<double> sizes;   ///< per-rank byte sizes of its v-collectives (Action::sizes)
  /** Per-rank size k of the v-collective whose sizes start at `first`. */
  double size_at(std::uint32_t first, int k) const { return sizes[first + static_cast<std::uint32_t>(k)]; }
};

struct Trace {
  std::string file; ///< the index (or the single file) loaded
  std::vector<RankTrace> ranks;
  int size() const { return static_cast<int>(ranks.size()); }
};

/** Bytes of SMPI 3.32's predefined datatype of index `id` (smpi_datatype.cpp, LP64), or -1 if it has none. */
int datatype_size(int id);

/** The source SMPI 3.32's tracer writes for a receive from MPI_ANY_SOURCE (recv, irecv, and the wait or test of such
 *  a receive): Action::peer holds it as written. replay_rank takes it given any_source_tags; first_any_source finds
 *  the first. */
constexpr int any_source = -333;

/** The largest rank count a trace may have (the largest msglog run). */
constexpr int max_trace_ranks = 65536;

/** Loads an index file or a single file of all ranks (see the header comment). */
Trace load_trace(const std::string& path);

/** Parses the text of rank `rank`'s file of a trace of `ranks` ranks (`file` names it in errors). A single file of
 *  all ranks is parsed with `rank` -1: each line is kept by the rank it names. */
std::vector<RankTrace> parse_rank_text(const std::string& text, const std::string& file, int rank, int ranks);

/** Every receive (recv, irecv, the receive of sendRecv) has a send on its ordered pair with the same tag: counted
 *  per (source, destination, tag), the first receive beyond the sends is an InputError at its file and line. */
void check_matching(const Trace& t);

/** The first receive, wait or test from any_source, and (in `*in`) its rank's trace; null if there is none. */
const Action* first_any_source(const Trace& t, const RankTrace** in);

/** The (destination, tag) pairs whose receives are from any_source: every message sent to that destination with that
 *  tag is received from any source (replay_rank's TransferSink::send_any and recv_any). */
class AnySourceTags {
public:
  bool has(int dst, int tag) const;
  bool empty() const { return keys_.empty(); }
  size_t size() const { return keys_.size(); }

private:
  friend AnySourceTags any_source_tags(const Trace& t);
  std::vector<std::pair<int, int>> keys_; ///< sorted (destination, tag)
};

/** The trace's any-source (destination, tag) pairs. A rank that receives one tag both from any_source and from a
 *  named rank (recv, irecv, or sendRecv's receive, whose tag is 0) is an InputError at the later of the two lines:
 *  which message a named receive takes would then depend on which messages the any-source receives took before it,
 *  which per-tag mailboxes cannot reproduce exactly. */
AnySourceTags any_source_tags(const Trace& t);

} // namespace cs::ti
