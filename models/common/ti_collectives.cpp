/* SMPI 3.32's default collective algorithms, as the replay of a TI trace runs them: the selector "default"
 * (smpi/coll-selector, smpi_config.cpp) picks src/smpi/colls/smpi_default_selector.cpp's functions, and the replay
 * passes MPI_OP_NULL and predefined datatypes, so:
 *   barrier        barrier__ompi_basic_linear: every rank to 0, then 0 to every rank (zero-byte messages)
 *   bcast          bcast__binomial_tree
 *   reduce         ireduce (smpi_nbc_impl.cpp): every rank sends its buffer to the root
 *   allreduce      reduce__default to rank 0, then bcast__default from rank 0
 *   scan, exscan   colls::scan / colls::exscan (smpi_coll.cpp): to every higher rank, from every lower one
 *   alltoall       alltoall__ompi (smpi_openmpi_selector.cpp): basic_linear, pair or bruck by ranks and bytes
 *   alltoallv      ialltoallv: from and to every other rank
 *   gather(v)      igather(v): every rank to the root;  scatter(v): iscatter(v), the root to every rank
 *   allgather(v)   iallgather(v): to and from every other rank
 *   reducescatter  equal counts: reduce__default to 0 then scatterv from 0; otherwise reduce_scatter__mpich:
 *                  pair above 524288 elements, else recursive doubling (rdb)
 * The computation of a reduction (the trace's comp_size) runs after the messages, as SMPI's replay does. */
#include "models/common/ti_replay.hpp"
#include "sim/input/errors.hpp"

#include <string>

namespace cs::ti {

namespace {

/** Both halves of a Request::sendrecv. */
void sendrecv(TransferSink& s, int dst, double sent, int src, double received)
{
  s.send(dst, sent, collective_channel);
  s.recv(src, received, collective_channel);
}

void barrier(int rank, int n, TransferSink& s)
{
  if (rank > 0) {
    s.send(0, 0, collective_channel);
    s.recv(0, 0, collective_channel);
    return;
  }
  for (int i = 1; i < n; ++i)
    s.recv(i, 0, collective_channel);
  for (int i = 1; i < n; ++i)
    s.send(i, 0, collective_channel);
}

void binomial_bcast(int rank, int n, int root, double bytes, TransferSink& s)
{
  int relative = rank >= root ? rank - root : rank - root + n;
  int mask     = 1;
  while (mask < n) {
    if (relative & mask) {
      s.recv((rank - mask + n) % n, bytes, collective_channel);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < n)
      s.send((rank + mask) % n, bytes, collective_channel);
}

void flat_reduce(int rank, int n, int root, double bytes, TransferSink& s)
{
  if (rank != root) {
    s.send(root, bytes, collective_channel);
    return;
  }
  for (int src = 0; src < n; ++src)
    if (src != root)
      s.recv(src, bytes, collective_channel);
}

/** Every rank sends its buffer to each higher rank and receives from each lower one. */
void linear_scan(int rank, int n, double bytes, TransferSink& s)
{
  for (int other = rank + 1; other < n; ++other)
    s.send(other, bytes, collective_channel);
  for (int other = 0; other < rank; ++other)
    s.recv(other, bytes, collective_channel);
}

/** alltoall__ompi's choice (1 basic_linear, 2 pair, 3 bruck; its 4 and 5 are basic_linear too) for `n` ranks and
 *  `bytes` sent to each. */
int ompi_alltoall_algorithm(int n, double bytes)
{
  struct Row {
    int below_ranks; ///< the row holds for fewer ranks than this (0: any); the first row for exactly 2
    std::vector<std::pair<double, int>> cuts; // (below this many bytes, algorithm), then the last for the rest
  };
  static const std::vector<Row> rows{
      {2, {{2, 2}, {4, 1}, {16, 2}, {64, 1}, {256, 2}, {4096, 1}, {32768, 2}, {262144, 1}, {1048576, 1}, {0, 2}}},
      {8, {{8192, 1}, {16384, 1}, {65536, 1}, {524288, 1}, {1048576, 2}, {0, 1}}},
      {16, {{262144, 1}, {0, 1}}},
      {32, {{4, 1}, {512, 3}, {8192, 1}, {32768, 1}, {262144, 1}, {524288, 1}, {0, 1}}},
      {64, {{512, 3}, {524288, 1}, {0, 1}}},
      {128, {{1024, 3}, {2048, 1}, {4096, 1}, {262144, 1}, {0, 2}}},
      {256, {{1024, 3}, {2048, 1}, {262144, 1}, {0, 2}}},
      {512, {{1024, 3}, {8192, 1}, {32768, 1}, {0, 2}}},
      {1024, {{512, 3}, {8192, 1}, {16384, 1}, {131072, 1}, {262144, 1}, {0, 2}}},
      {2048, {{512, 3}, {1024, 1}, {2048, 1}, {16384, 1}, {262144, 1}, {0, 1}}},
      {4096, {{1024, 3}, {4096, 1}, {8192, 1}, {131072, 1}, {0, 1}}},
      {0, {{2048, 3}, {8192, 1}, {16384, 1}, {32768, 1}, {65536, 1}, {0, 1}}}};
  for (size_t r = n == 2 ? 0 : 1; r < rows.size(); ++r) { // the first row is for exactly 2 ranks
    const Row& row = rows[r];
    if (r > 0 && row.below_ranks != 0 && n >= row.below_ranks)
      continue;
    for (auto const& [below, alg] : row.cuts)
      if (below == 0 || bytes < below)
        return alg;
  }
  return 1;
}

void alltoall_bruck(int rank, int n, double bytes, TransferSink& s)
{
  auto blocks = [&](int k) { return static_cast<double>(k) * bytes; };
  sendrecv(s, rank, blocks(n - rank), rank, blocks(n - rank)); // the local rotation, as messages to itself
  sendrecv(s, rank, blocks(rank), rank, blocks(rank));
  for (int pof2 = 1; pof2 < n; pof2 *= 2) {
    int count = 0;
    for (int block = 1; block < n; ++block)
      if (block & pof2)
        ++count;
    sendrecv(s, (rank + pof2) % n, blocks(count), (rank - pof2 + n) % n, blocks(count));
  }
  sendrecv(s, rank, blocks(n - rank - 1), rank, blocks(n - rank - 1));
  sendrecv(s, rank, blocks(rank + 1), rank, blocks(rank + 1));
  for (int i = 0; i < n; ++i)
    sendrecv(s, rank, bytes, rank, bytes);
}

void alltoall(const RankTrace& rt, const Action& a, int rank, int n, TransferSink& s)
{
  int alg = ompi_alltoall_algorithm(n, a.bytes);
  if (alg == 2) {
    if ((n & (n - 1)) != 0)
      throw InputError(rt.file + ":" + std::to_string(a.line), "",
                       "alltoall of " + std::to_string(static_cast<long>(a.bytes)) + " bytes per rank on " +
                           std::to_string(n) +
                           " ranks: SMPI 3.32's default picks its pair algorithm, which refuses a rank count that is "
                           "not a power of two");
    for (int i = 0; i < n; ++i)
      sendrecv(s, rank ^ i, a.bytes, rank ^ i, a.bytes2);
  } else if (alg == 3) {
    alltoall_bruck(rank, n, a.bytes, s);
  } else { // basic_linear: receives posted from rank + 1 upwards, sends from rank - 1 downwards
    for (int i = (rank + n - 1) % n; i != rank; i = (i + n - 1) % n)
      s.send(i, a.bytes, collective_channel);
    for (int i = (rank + 1) % n; i != rank; i = (i + 1) % n)
      s.recv(i, a.bytes2, collective_channel);
  }
}

/** reduce_scatter__mpich_rdb's messages (reduce_scatter-mpich.cpp): recursive doubling over blocks of ranks, with
 *  the non-power-of-two fix-up by recursive halving. `size(j)`: bytes of rank j's block. */
template <class Size> void reducescatter_rdb(int rank, int n, Size size, TransferSink& s)
{
  double total = 0;
  for (int j = 0; j < n; ++j)
    total += size(j);
  auto outside = [&](int root, int mask) { // every block but [root, root + mask)
    double in = 0;
    for (int j = root; j < root + mask && j < n; ++j)
      in += size(j);
    return total - in;
  };
  for (int mask = 1, i = 0; mask < n; mask <<= 1, ++i) {
    int dst           = rank ^ mask;
    int dst_tree_root = (dst >> i) << i;
    int my_tree_root  = (rank >> i) << i;
    double recv_bytes = outside(dst_tree_root, mask);
    if (dst < n)
      sendrecv(s, dst, outside(my_tree_root, mask), dst, recv_bytes);
    if (dst_tree_root + mask <= n)
      continue;
    int completed = n - my_tree_root - mask;
    int k         = 0;
    for (int j = mask; j != 0; j >>= 1)
      ++k;
    --k;
    for (int tmp_mask = mask >> 1; tmp_mask != 0; tmp_mask >>= 1, --k) {
      int peer      = rank ^ tmp_mask;
      int tree_root = (rank >> k) << k;
      if (peer > rank && rank < tree_root + completed && peer >= tree_root + completed)
        s.send(peer, recv_bytes, collective_channel);
      else if (peer < rank && peer < tree_root + completed && rank >= tree_root + completed)
        s.recv(peer, recv_bytes, collective_channel);
    }
  }
}

void reducescatter(const RankTrace& rt, const Action& a, int rank, int n, TransferSink& s)
{
  auto size    = [&](int j) { return rt.size_at(a.sizes, j); };
  bool regular = true;
  double total = 0;
  for (int j = 0; j < n; ++j) {
    regular = regular && size(j) == size(0);
    total += size(j);
  }
  if (regular) { // reduce__default of every block to 0, then colls::scatterv from 0
    flat_reduce(rank, n, 0, total, s);
    if (rank == 0) {
      for (int dst = 1; dst < n; ++dst)
        s.send(dst, size(dst), collective_channel);
    } else
      s.recv(0, size(rank), collective_channel);
  } else if (a.bytes > 0 && total / a.bytes > 524288) { // mpich_pair
    for (int i = 1; i < n; ++i)
      sendrecv(s, (rank + i) % n, size((rank + i) % n), (rank - i + n) % n, size(rank));
  } else {
    reducescatter_rdb(rank, n, size, s);
  }
}

/** gather, gatherv, scatter, scatterv: one message between the root and each other rank. */
void rooted(const RankTrace& rt, const Action& a, int rank, int n, TransferSink& s)
{
  bool to_root = a.kind == Kind::gather || a.kind == Kind::gatherv;
  for (int other = 0; other < n && rank == a.peer; ++other) {
    if (other == rank)
      continue;
    if (a.kind == Kind::gather)
      s.recv(other, a.bytes2, collective_channel);
    else if (a.kind == Kind::gatherv)
      s.recv(other, rt.size_at(a.sizes, other), collective_channel);
    else
      s.send(other, a.kind == Kind::scatter ? a.bytes : rt.size_at(a.sizes, other), collective_channel);
  }
  if (rank == a.peer)
    return;
  if (to_root)
    s.send(a.peer, a.bytes, collective_channel);
  else
    s.recv(a.peer, a.bytes2, collective_channel);
}

/** allgather, allgatherv, alltoallv: a message to and from every other rank (all sends posted, then waited). */
void all_to_all(const RankTrace& rt, const Action& a, int rank, int n, TransferSink& s)
{
  for (int other = 0; other < n; ++other)
    if (other != rank)
      s.send(other, a.kind == Kind::alltoallv ? rt.size_at(a.sizes, other) : a.bytes, collective_channel);
  for (int other = 0; other < n; ++other) {
    if (other == rank)
      continue;
    double bytes = a.kind == Kind::allgather    ? a.bytes2
                   : a.kind == Kind::allgatherv ? rt.size_at(a.sizes, other)
                                                : rt.size_at(a.sizes2, other);
    s.recv(other, bytes, collective_channel);
  }
}

} // namespace

void decompose_collective(const RankTrace& rt, const Action& a, int rank, int n, TransferSink& s)
{
  switch (a.kind) {
  case Kind::barrier:
    barrier(rank, n, s);
    break;
  case Kind::bcast:
    binomial_bcast(rank, n, a.peer, a.bytes, s);
    break;
  case Kind::reduce:
    flat_reduce(rank, n, a.peer, a.bytes, s);
    break;
  case Kind::allreduce:
    flat_reduce(rank, n, 0, a.bytes, s);
    binomial_bcast(rank, n, 0, a.bytes, s);
    break;
  case Kind::scan:
  case Kind::exscan:
    linear_scan(rank, n, a.bytes, s);
    break;
  case Kind::alltoall:
    alltoall(rt, a, rank, n, s);
    break;
  case Kind::reducescatter:
    reducescatter(rt, a, rank, n, s);
    break;
  case Kind::gather:
  case Kind::gatherv:
  case Kind::scatter:
  case Kind::scatterv:
    rooted(rt, a, rank, n, s);
    break;
  default: // allgather, allgatherv, alltoallv
    all_to_all(rt, a, rank, n, s);
  }
  if (a.amount > 0) // the reduction's computation (reduce, allreduce, scan, exscan, reducescatter)
    s.compute(a.amount);
}

} // namespace cs::ti
