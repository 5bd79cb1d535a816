#include "models/msglog/streams.hpp"
#include "models/msglog/trace_program.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace cs::msglog {

int adi_successor(int rank, int n, int d)
{
  int i = rank % n; // cell_coord(1): column
  int j = rank / n; // cell_coord(2): row
  switch (d) {
  case 0:
    return (i + 1) % n + n * j;
  case 1:
    return i + n * ((j + 1) % n);
  default:
    return (i - 1 + n) % n + n * ((j + 1) % n);
  }
}

int adi_predecessor(int rank, int n, int d)
{
  int i = rank % n;
  int j = rank / n;
  switch (d) {
  case 0:
    return (i - 1 + n) % n + n * j;
  case 1:
    return i + n * ((j - 1 + n) % n);
  default:
    return (i + 1) % n + n * ((j - 1 + n) % n);
  }
}

int adi_cell_coord(int rank, int n, int c, int d)
{
  int i = rank % n;
  int j = rank / n;
  switch (d) {
  case 0:
    return (i + c) % n;
  case 1:
    return (j - c % n + n) % n;
  default:
    return c;
  }
}

namespace {
/** The rank's cell whose coordinate in direction d is `coord` (NPB's slice). */
int adi_slice(int rank, int n, int d, int coord)
{
  for (int c = 0; c < n; ++c)
    if (adi_cell_coord(rank, n, c, d) == coord)
      return c;
  return -1;
}
} // namespace

double adi_face_message(const AdiParams& a, int rank, int n, int d, bool to_successor)
{
  double bytes = 0;
  for (int c = 0; c < n; ++c) {
    int coord = adi_cell_coord(rank, n, c, d);
    if (coord == (to_successor ? n - 1 : 0))
      continue; // a face on the global boundary has no neighbour
    double area = 1;
    for (int o = 0; o < 3; ++o)
      if (o != d)
        area *= static_cast<double>(block_extent(a.grid, n, adi_cell_coord(rank, n, c, o)));
    bytes += a.face_per_point * area;
  }
  return bytes;
}

double adi_solve_message(const AdiParams& a, int rank, int n, int d, int stage, bool forward)
{
  double area = 1;
  if (a.max_cell_buffers) {
    double max_cell = static_cast<double>(a.grid / n + 1); // NPB's MAX_CELL_DIM
    area            = max_cell * max_cell;
  } else {
    // SP packs the interior points of the cell's face: the global boundary points are not solved for.
    int c = adi_slice(rank, n, d, stage);
    for (int o = 0; o < 3; ++o)
      if (o != d) {
        int coord = adi_cell_coord(rank, n, c, o);
        area *= static_cast<double>(block_extent(a.grid, n, coord) - (coord == 0 ? 1 : 0) - (coord == n - 1 ? 1 : 0));
      }
  }
  return (forward ? a.forward_per_point : a.backward_per_point) * area;
}

long block_extent(long grid, long parts, long i)
{
  return grid / parts + (i < grid % parts ? 1 : 0);
}

long mg_extent(const MgParams& mg, int axis, long level)
{
  double local = static_cast<double>(mg.grid) / mg.procs[axis];
  double e     = local / std::ldexp(1.0, static_cast<int>(mg.levels - level));
  return std::max(1L, static_cast<long>(e));
}

int mg_neighbour(const MgParams& mg, int rank, int axis, int dir)
{
  long px = static_cast<long>(mg.procs[0]);
  long py = static_cast<long>(mg.procs[1]);
  std::array<long, 3> c{rank % px, (rank / px) % py, rank / (px * py)};
  long n  = static_cast<long>(mg.procs[axis]);
  c[axis] = (c[axis] + dir + n) % n;
  return static_cast<int>(c[0] + px * (c[1] + py * c[2]));
}

std::vector<long> mg_comm3_levels(long levels)
{
  std::vector<long> seq{levels}; // resid on the finest grid (main loop)
  for (long k = levels - 1; k >= 1; --k)
    seq.push_back(k); // rprj3 down to the coarsest level
  seq.push_back(1);   // psinv on the coarsest level
  for (long k = 2; k <= levels; ++k) {
    seq.push_back(k); // resid after interp
    seq.push_back(k); // psinv
  }
  return seq;
}

namespace {

constexpr double double_size = 8; // bytes of a Fortran double precision value

void adi_step(const AdiParams& a, int rank, int n, RankOps& ops)
{
  // copy_faces: 6 faces to the successor and predecessor of each direction, then compute_rhs.
  for (int d = 0; d < 3; ++d) {
    ops.send(adi_successor(rank, n, d), adi_face_message(a, rank, n, d, true), 1, true);
    ops.send(adi_predecessor(rank, n, d), adi_face_message(a, rank, n, d, false), 1, true);
  }
  for (int d = 0; d < 3; ++d) {
    ops.recv(adi_predecessor(rank, n, d));
    ops.recv(adi_successor(rank, n, d));
  }
  ops.compute(a.compute * a.rhs_fraction);
  double solve   = a.compute * (1 - a.rhs_fraction - a.add_fraction) / 3;
  double forward = solve * a.forward_share / n;
  double back    = solve * (1 - a.forward_share) / n;
  for (int d = 0; d < 3; ++d) {
    // Forward elimination pipelined over the n cells of the line: in stage s the rank solves its cell of
    // coordinate s, whose lower part the predecessor solved in stage s - 1.
    for (int stage = 0; stage < n; ++stage) {
      if (stage > 0)
        ops.recv(adi_predecessor(rank, n, d));
      ops.compute(forward);
      if (stage < n - 1)
        ops.send(adi_successor(rank, n, d), adi_solve_message(a, rank, n, d, stage, true), 1, true);
    }
    for (int stage = n - 1; stage >= 0; --stage) {
      if (stage < n - 1)
        ops.recv(adi_successor(rank, n, d));
      ops.compute(back);
      if (stage > 0)
        ops.send(adi_predecessor(rank, n, d), adi_solve_message(a, rank, n, d, stage, false), 1, true);
    }
  }
  ops.compute(a.compute * a.add_fraction);
}

void run_adi(const AdiParams& a, int rank, int ranks, RankOps& ops)
{
  int n = static_cast<int>(std::lround(std::sqrt(ranks)));
  for (long s = 0; s < a.steps; ++s)
    adi_step(a, rank, n, ops);
}

/** CG: recursive-doubling reduction of `bytes` across the process row (NPB's reduce_exch_proc: partners differ in
 *  one bit of the column; the model takes the bits from the lowest for every reduction). */
void cg_row_reduce(int rank, int npcols, double bytes, RankOps& ops)
{
  int row = rank / npcols;
  int col = rank % npcols;
  for (int bit = 1; bit < npcols; bit <<= 1) {
    int partner = row * npcols + (col ^ bit);
    ops.send(partner, bytes, 1, true);
    ops.recv(partner);
  }
}

void run_cg(const CgParams& cg, int rank, RankOps& ops)
{
  int npcols   = static_cast<int>(cg.grid.cols);
  int exchange = cg_exchange_partner(rank, cg.grid); // on a square grid's diagonal: itself
  double mv    = cg.compute * cg.matvec_share;
  double dot   = cg.compute * (1 - cg.matvec_share) / 2;
  auto matvec  = [&]() {
    ops.compute(mv);
    cg_row_reduce(rank, npcols, cg.vector_size, ops);
    ops.send(exchange, cg.vector_size, 1, true);
    ops.recv(exchange);
  };
  for (long outer = 0; outer < cg.outer; ++outer) {
    cg_row_reduce(rank, npcols, cg.scalar_size, ops); // rho = r.r
    for (long it = 0; it < cg.inner; ++it) {
      matvec();
      ops.compute(dot);
      cg_row_reduce(rank, npcols, cg.scalar_size, ops); // p.q
      ops.compute(dot);
      cg_row_reduce(rank, npcols, cg.scalar_size, ops); // new rho
    }
    matvec(); // residual norm ||r|| = ||x - A z||
    ops.compute(2 * dot);
    cg_row_reduce(rank, npcols, cg.scalar_size, ops);
    cg_row_reduce(rank, npcols, 2 * cg.scalar_size, ops); // norm_temp1, norm_temp2 of the outer loop
  }
}

void run_lu(const LuParams& lu, int rank, RankOps& ops)
{
  int px          = static_cast<int>(lu.procs.xdim);
  int py          = static_cast<int>(lu.procs.ydim);
  int row         = rank / px; // y index: north is row - 1
  int col         = rank % px; // x index (NPB's fastest): west is col - 1
  int north       = row > 0 ? rank - px : -1;
  int south       = row < py - 1 ? rank + px : -1;
  int west        = col > 0 ? rank - 1 : -1;
  int east        = col < px - 1 ? rank + 1 : -1;
  double nx       = static_cast<double>(block_extent(lu.grid, px, col));
  double ny       = static_cast<double>(block_extent(lu.grid, py, row));
  double ns_plane = static_cast<double>(lu.vars) * double_size * nx; // to north/south: the x-extent of the plane
  double ew_plane = static_cast<double>(lu.vars) * double_size * ny;
  double ns_halo  = static_cast<double>(lu.halo_layers * lu.vars) * double_size * nx * static_cast<double>(lu.grid);
  double ew_halo  = static_cast<double>(lu.halo_layers * lu.vars) * double_size * ny * static_cast<double>(lu.grid);
  double plane_compute = lu.compute * (1 - lu.rhs_fraction) / 2 / static_cast<double>(lu.planes);

  auto sweep = [&](int from_a, int from_b, int to_a, double size_a, int to_b, double size_b) {
    for (long k = 0; k < lu.planes; k += lu.plane_group) {
      long g = std::min(lu.plane_group, lu.planes - k);
      if (from_a >= 0)
        ops.recv(from_a);
      if (from_b >= 0)
        ops.recv(from_b);
      ops.compute(plane_compute * static_cast<double>(g));
      if (to_a >= 0)
        ops.send(to_a, size_a, g, true);
      if (to_b >= 0)
        ops.send(to_b, size_b, g, true);
    }
  };
  for (long it = 0; it < lu.iterations; ++it) {
    // exchange_3: north/south halos, then east/west.
    for (int nb : {north, south})
      if (nb >= 0)
        ops.send(nb, ns_halo, 1, true);
    for (int nb : {south, north})
      if (nb >= 0)
        ops.recv(nb);
    for (int nb : {west, east})
      if (nb >= 0)
        ops.send(nb, ew_halo, 1, true);
    for (int nb : {east, west})
      if (nb >= 0)
        ops.recv(nb);
    ops.compute(lu.compute * lu.rhs_fraction);
    sweep(north, west, south, ns_plane, east, ew_plane); // jacld/blts: lower triangle
    sweep(south, east, north, ns_plane, west, ew_plane); // jacu/buts: upper triangle
  }
}

/** One comm3: `compute` seconds of work on the level, then the ghost faces of each axis exchanged with both
 *  (periodic) neighbours: NPB's give3 to +1 and -1, take3 from -1 and +1. */
void mg_comm3(const MgParams& mg, int rank, long level, double compute, RankOps& ops)
{
  ops.compute(compute);
  for (int axis = 0; axis < 3; ++axis) {
    double e1   = static_cast<double>(mg_extent(mg, (axis + 1) % 3, level) + 2);
    double e2   = static_cast<double>(mg_extent(mg, (axis + 2) % 3, level) + 2);
    double face = e1 * e2 * double_size;
    int left    = mg_neighbour(mg, rank, axis, -1);
    int right   = mg_neighbour(mg, rank, axis, +1);
    ops.send(right, face, 1, true);
    ops.send(left, face, 1, true);
    ops.recv(left);
    ops.recv(right);
  }
}

void run_mg(const MgParams& mg, int rank, RankOps& ops)
{
  std::vector<long> seq = mg_comm3_levels(mg.levels);
  auto points           = [&](long level) {
    return static_cast<double>(mg_extent(mg, 0, level) * mg_extent(mg, 1, level) * mg_extent(mg, 2, level));
  };
  double total = 0;
  for (long level : seq)
    total += points(level);
  // A V-cycle's work is shared among its comm3 steps by the points of each step's level; a residual on the finest
  // grid outside the V-cycles costs what the V-cycle's own finest residual does.
  auto share        = [&](long level) { return mg.compute * points(level) / total; };
  double resid      = share(mg.levels);
  double zran3_work = 0; // zran3's random fill is not in NPB's operation count: the calibration holds its time
  // NPB's order: zran3, then the untimed V-cycle (resid, mg3P), its resid and zran3 again (the problem is reset
  // before the timer starts); the timed part is resid, (mg3P, resid) nit times: the same cycles, then one resid.
  mg_comm3(mg, rank, mg.levels, zran3_work, ops);
  for (long it = 0; it < mg.iterations; ++it) {
    for (long level : seq)
      mg_comm3(mg, rank, level, share(level), ops);
    if (it == 0) {
      mg_comm3(mg, rank, mg.levels, resid, ops);
      mg_comm3(mg, rank, mg.levels, zran3_work, ops);
    }
  }
  mg_comm3(mg, rank, mg.levels, resid, ops);
}

/** An allreduce by recursive doubling; with a rank count that is not a power of two, the ranks beyond the largest
 *  power of two first hand their part to a partner below it and get the result back at the end. */
void allreduce(int rank, int ranks, double bytes, RankOps& ops)
{
  int pow2 = 1;
  while (pow2 * 2 <= ranks)
    pow2 *= 2;
  if (rank >= pow2) {
    ops.send(rank - pow2, bytes, 1, false);
    ops.recv(rank - pow2);
    return;
  }
  bool partner = rank + pow2 < ranks;
  if (partner)
    ops.recv(rank + pow2);
  for (int bit = 1; bit < pow2; bit <<= 1) {
    ops.send(rank ^ bit, bytes, 1, false);
    ops.recv(rank ^ bit);
  }
  if (partner)
    ops.send(rank + pow2, bytes, 1, false);
}

void run_ep(const EpParams& ep, int rank, int ranks, RankOps& ops)
{
  ops.compute(ep.compute);
  for (long a = 0; a < ep.allreduces; ++a)
    allreduce(rank, ranks, ep.allreduce_size, ops);
}

/** The seed's bandwidth test: a page-sized log record per write, written synchronously (pages = 1). */
void run_disk_test(const Params& p, int rank, RankOps& ops)
{
  if (rank >= p.disk_test.writers)
    return; // only the first node's first ranks write
  for (long w = 0; w < p.disk_test.writes; ++w) {
    ops.compute(p.disk_test.gap);
    ops.send(rank, p.page_size, 1, true);
    ops.recv(rank);
  }
}

} // namespace

void RankOps::send_any(int dst, int tag, double)
{
  throw std::logic_error("a message to rank " + std::to_string(dst) + " with tag " + std::to_string(tag) +
                         " received from any source, which this rank program does not implement");
}

void RankOps::recv_any(int tag)
{
  throw std::logic_error("a receive of tag " + std::to_string(tag) +
                         " from any source, which this rank program does not implement");
}

void RankOps::trace_at(const ti::RankTrace&, const ti::Action*) {}

void run_program(const Params& p, int rank, RankOps& ops)
{
  int ranks = static_cast<int>(p.ranks);
  switch (p.bench) {
  case Bench::bt:
    run_adi(p.bt, rank, ranks, ops);
    break;
  case Bench::sp:
    run_adi(p.sp, rank, ranks, ops);
    break;
  case Bench::cg:
    run_cg(p.cg, rank, ops);
    break;
  case Bench::lu:
    run_lu(p.lu, rank, ops);
    break;
  case Bench::mg:
    run_mg(p.mg, rank, ops);
    break;
  case Bench::ep:
    run_ep(p.ep, rank, ranks, ops);
    break;
  case Bench::disk:
    run_disk_test(p, rank, ops);
    break;
  case Bench::trace:
    run_trace(p, rank, ops);
    break;
  }
}

} // namespace cs::msglog
