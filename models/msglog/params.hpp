/* Parameters of the sender-based message logging model (seed 004), declared once with defaults, units and docs.
 *
 * The NAS message streams (sizes, counts, structure) default to NPB 3.3-MPI's for the run's class and rank count
 * (nas_class.hpp); at class B with 16 ranks they are the counting-wrapper figures (docs/models/msglog.md). The compute
 * time of each benchmark is calibrated on its base time (seed Table 1, class B, 16 ranks), given with its provenance
 * by the scenarios, and scaled to other classes and rank counts by NPB's operation counts. */
#pragma once
#include "models/common/ti_trace.hpp"
#include "models/msglog/nas_class.hpp"
#include "models/msglog/recovery_params.hpp"
#include "sim/input/fields.hpp"
#include "sim/run/group_sizes.hpp"

#include <memory>
#include <string>
#include <vector>

namespace cs::msglog {

enum class Bench {
  bt,
  cg,
  ep,
  lu,
  mg,
  sp,
  disk, ///< not a NAS code: the seed's disk bandwidth test (synchronous writes of one page size, with idle gaps)
  trace ///< an MPI program's SimGrid time-independent trace (params.trace), replayed
};
const char* bench_name(Bench b);

/** What the buffering library does with each sent message (seed "Experiments"). */
enum class Scheme {
  base,           ///< no message logging
  buffering_only, ///< messages are copied into the pages, full pages are recycled without being written
  logging         ///< copied, and full pages written to the local disk through POSIX AIO (pages = k)
};
const char* scheme_name(Scheme s);

/** BT and SP (multi-partition ADI solvers, NPB 3.3-MPI): per step copy_faces, then x, y and z line solves
 *  pipelined over the cells of the square process grid (forward elimination, then back substitution). */
struct AdiParams {
  long steps                = 0;   ///< time steps, including the untimed first one (class B: 201 / 401)
  long grid                 = 102; ///< grid points per dimension (class B: 102, cells of 26 or 25 points at 16 ranks)
  double face_per_point     = 80;  ///< copy_faces bytes per face point of a cell (2 layers x 5 doubles)
  double forward_per_point  = 0;   ///< bytes per face point sent after a forward-elimination stage
  double backward_per_point = 0;   ///< bytes per face point sent after a back-substitution stage
  bool max_cell_buffers =
      false;                ///< solve buffers sized by the largest cell (BT) instead of the cell's interior face (SP)
  double compute       = 0; ///< CPU seconds of one step of one rank (calibrated, then scaled to the class and ranks)
  double rhs_fraction  = 0; ///< share of a step's compute in compute_rhs (after copy_faces)
  double add_fraction  = 0; ///< share in the final add (after the three solves)
  double forward_share = 0; ///< share of a solve's compute in the forward elimination
};

/** CG (NPB 3.3-MPI, cols x rows process grid, 4 x 4 at 16 ranks): each matvec reduces across the process row
 *  (log2 cols exchanges) and exchanges with the transpose partner (diagonal ranks of a square grid send to themselves);
 *  dot products reduce with 8-byte exchanges. */
struct CgParams {
  CgGrid grid;                  ///< process grid (derived from the ranks)
  long outer          = 76;     ///< outer iterations (75 timed + the untimed one)
  long inner          = 25;     ///< CG iterations per outer iteration (plus one residual matvec)
  double vector_size  = 150000; ///< bytes of a reduce or transpose exchange (na / cols doubles)
  double scalar_size  = 8;      ///< bytes of a dot-product exchange
  double compute      = 0;      ///< CPU seconds of one matvec iteration (calibrated)
  double matvec_share = 0.8;    ///< share of an iteration's compute before the row reduction (the matvec)
};

/** LU (NPB 3.3-MPI, xdim x ydim grid, 4 x 4 at 16 ranks): SSOR iterations with a lower and an upper wavefront sweep
 * over the k-planes (one small message per plane and downstream neighbour) and a halo exchange (exchange_3) per
 * iteration. */
struct LuParams {
  LuGrid procs;               ///< process grid (derived from the ranks)
  long iterations     = 251;  ///< SSOR iterations (250 + the untimed one)
  long grid           = 102;  ///< class B grid points per dimension
  long planes         = 100;  ///< interior k-planes swept per wavefront
  long vars           = 5;    ///< doubles per grid point in a wavefront message
  long halo_layers    = 2;    ///< layers sent to each neighbour by exchange_3
  long plane_group    = 2;    ///< k-planes simulated per message batch (1 = exact; logging stays per plane)
  double compute      = 0;    ///< CPU seconds of one iteration (calibrated)
  double rhs_fraction = 0.25; ///< share of an iteration's compute in rhs (after the halo exchange)
};

/** MG (NPB 3.3-MPI, 4x2x2 grid at 16 ranks): V-cycles whose every smoothing/restriction step ends with comm3, a
 * ghost-face exchange with the 6 neighbours of the current level. */
struct MgParams {
  long iterations           = 21; ///< V-cycles, the untimed one included
  long grid                 = 256;
  std::vector<double> procs = {4, 2, 2}; ///< process grid (x, y, z)
  long levels               = 8;         ///< log2(grid)
  double compute            = 0;         ///< CPU seconds of one V-cycle and its residual (calibrated)
};

/** EP: independent computation and 4 MPI_Allreduce (collectives: not logged by the library). */
struct EpParams {
  double compute        = 0; ///< CPU seconds of the whole run (calibrated)
  long allreduces       = 4;
  double allreduce_size = 16; ///< bytes of each allreduce step
};

/** The disk bandwidth test ("disk"): ranks of the first node write pages synchronously, idle between writes. */
struct DiskTestParams {
  long writes  = 20; ///< synchronous writes per writer
  double gap   = 1;  ///< idle seconds before each write
  long writers = 1;  ///< ranks of the node writing at once (1 or 2: the node's disk is shared)
};

/** The disk's write-back buffer in a what-if: the platform's setting, or forced on or off. */
enum class WriteCache { platform, on, off };

/** What-if overrides of the platform's disk model (0 or "platform": keep the platform's value). */
struct DiskWhatIf {
  WriteCache write_cache = WriteCache::platform;
  double cache_size      = 0;
  double interface_bw    = 0;
  double platter_bw      = 0;
};

struct Params {
  Bench bench              = Bench::bt;
  Scheme scheme            = Scheme::base;
  long pages               = 1;       ///< k: buffer pages (k = 1: synchronous writes)
  double page_size         = 4194304; ///< bytes of a buffer page (seed: 4MB)
  long ranks               = 16;
  NasClass nas_class       = NasClass::B;
  NasClass compute_class   = NasClass::B; ///< the class each bench's `compute` was calibrated at
  long compute_ranks       = 16;          ///< the ranks each bench's `compute` was calibrated at
  long ranks_per_node      = 2;
  std::string hosts_group  = "cmi";
  std::string disk         = "hda";
  long aio_concurrency     = 1;    ///< pwrites of one fd in flight (glibc POSIX AIO: one helper thread, 1)
  bool aio_lazy_completion = true; ///< a completion is seen only while the rank is blocked in the library
  long aio_sync_depth      = 2;    ///< outstanding writes at which a submission runs synchronously (0: never)
  AdiParams bt;
  AdiParams sp;
  CgParams cg;
  LuParams lu;
  MgParams mg;
  EpParams ep;
  DiskTestParams disk_test;
  DiskWhatIf disk_what_if;
  RecoveryParams recovery;
  std::string trace_file;                            ///< params.trace as given (bench trace)
  std::shared_ptr<const ti::Trace> trace;            ///< the trace it names, loaded and checked (bench trace)
  std::shared_ptr<const ti::AnySourceTags> any_tags; ///< its (destination, tag) pairs received from any source

  /** The nodes the ranks run on, `ranks_per_node` each (a generated group is made that size). */
  GroupSizes group_sizes() const { return {{hosts_group, ranks / ranks_per_node}}; }
  static Params from(Fields& f);
};

} // namespace cs::msglog
