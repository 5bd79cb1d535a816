#include "models/msglog/params.hpp"
#include "models/common/ti_trace.hpp"
#include "sim/input/enum_names.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/run/no_sequential.hpp"

#include <optional>

namespace cs::msglog {

static const EnumNames<Bench>& bench_names()
{
  static const EnumNames<Bench> names{{"bt", Bench::bt},     {"cg", Bench::cg},      {"ep", Bench::ep},
                                      {"lu", Bench::lu},     {"mg", Bench::mg},      {"sp", Bench::sp},
                                      {"disk", Bench::disk}, {"trace", Bench::trace}};
  return names;
}

const char* bench_name(Bench b)
{
  return enum_name(bench_names(), b);
}

static const EnumNames<Scheme>& scheme_names()
{
  static const EnumNames<Scheme> names{
      {"base", Scheme::base}, {"buffering_only", Scheme::buffering_only}, {"logging", Scheme::logging}};
  return names;
}

const char* scheme_name(Scheme s)
{
  return enum_name(scheme_names(), s);
}

static const EnumNames<NasClass>& class_names()
{
  static const EnumNames<NasClass> names{
      {"S", NasClass::S}, {"W", NasClass::W}, {"A", NasClass::A}, {"B", NasClass::B}, {"C", NasClass::C}};
  return names;
}

namespace {

const char* calibrated = " (calibrated on the seed's base time: the scenario gives it with its source)";

AdiParams adi_from(Fields f, AdiParams d, const std::string& name)
{
  AdiParams p;
  p.steps = f.integer("steps", d.steps, "time steps incl. the untimed first one (counting wrapper: " + name + ")", 1);
  p.grid  = f.integer("grid", d.grid, "grid points per dimension (default: the class's; B: 102)", 4);
  p.face_per_point =
      f.quantity("face_per_point", Unit::size, d.face_per_point,
                 "copy_faces bytes per face point of a cell: 2 layers x 5 doubles (NPB copy_faces)", Range::positive());
  p.forward_per_point =
      f.quantity("forward_per_point", Unit::size, d.forward_per_point,
                 "bytes per face point sent to the successor after a forward-elimination stage (NPB x_solve: BT "
                 "(25 + 5) doubles, SP 22 doubles)",
                 Range::positive());
  p.backward_per_point =
      f.quantity("backward_per_point", Unit::size, d.backward_per_point,
                 "bytes per face point sent to the predecessor after a back-substitution stage (BT 5, SP 10 doubles)",
                 Range::positive());
  p.max_cell_buffers = f.boolean("max_cell_buffers", d.max_cell_buffers,
                                 "solve messages sized by MAX_CELL_DIM squared (BT) instead of the cell's interior "
                                 "face (SP)");
  p.compute       = f.quantity("compute", Unit::time, 0, std::string("CPU time of one step of one rank") + calibrated,
                               Range::non_negative());
  p.rhs_fraction  = f.number("rhs_fraction", d.rhs_fraction,
                             "share of a step's compute in compute_rhs, after copy_faces (assumed from NPB profiles)",
                             Range::unit_interval());
  p.add_fraction  = f.number("add_fraction", d.add_fraction, "share of a step's compute in add, after the solves",
                             Range::unit_interval());
  p.forward_share = f.number("forward_share", d.forward_share,
                             "share of each line solve's compute in its forward elimination (the rest: back "
                             "substitution)",
                             Range::unit_interval());
  f.finish();
  if (p.rhs_fraction + p.add_fraction > 1)
    f.fail("add_fraction", "rhs_fraction + add_fraction must not exceed 1");
  return p;
}

} // namespace

namespace {

/** The selected bench's compute value (null for the disk test, which computes nothing). */
template <class P> auto compute_of(P& p) -> decltype(&p.bt.compute)
{
  switch (p.bench) {
  case Bench::bt:
    return &p.bt.compute;
  case Bench::sp:
    return &p.sp.compute;
  case Bench::cg:
    return &p.cg.compute;
  case Bench::lu:
    return &p.lu.compute;
  case Bench::mg:
    return &p.mg.compute;
  case Bench::ep:
    return &p.ep.compute;
  default:
    return nullptr;
  }
}

/** The rank counts NPB's decomposition of the selected bench accepts (docs/models/msglog.md). */
void check_ranks(Fields& f, const Params& p)
{
  std::string bench = bench_name(p.bench);
  long n            = exact_sqrt(p.ranks);
  if ((p.bench == Bench::bt || p.bench == Bench::sp)) {
    long grid = p.bench == Bench::bt ? p.bt.grid : p.sp.grid;
    if (n < 0)
      f.fail("ranks",
             bench + " needs a square number of ranks (its cells form a square grid), not " + std::to_string(p.ranks));
    if (grid / n < 3)
      f.fail("ranks", bench + " with " + std::to_string(p.ranks) + " ranks would have cells of fewer than 3 points " +
                          "per side (grid " + std::to_string(grid) + "): use fewer ranks or a larger class");
  }
  if ((p.bench == Bench::cg || p.bench == Bench::lu || p.bench == Bench::mg) && not is_power_of_two(p.ranks))
    f.fail("ranks", bench + " needs a power of two ranks, not " + std::to_string(p.ranks));
  if (p.bench == Bench::lu && (p.lu.grid / p.lu.procs.xdim < 3 || p.lu.grid / p.lu.procs.ydim < 3))
    f.fail("ranks", "lu with " + std::to_string(p.ranks) + " ranks would have subdomains of fewer than 3 points " +
                        "per side (grid " + std::to_string(p.lu.grid) + "; NPB refuses them)");
  if (p.bench == Bench::mg)
    for (double procs : p.mg.procs)
      if (static_cast<double>(p.mg.grid) / procs < 2)
        f.fail("ranks", "mg with " + std::to_string(p.ranks) +
                            " ranks would have fewer than 2 points per side of "
                            "a rank's finest grid (grid " +
                            std::to_string(p.mg.grid) + ")");
}

void check(Fields& f, const Params& p)
{
  const double* compute = compute_of(p);
  if (compute != nullptr && *compute <= 0)
    f.fail(bench_name(p.bench), std::string("compute must be given (> 0) for the selected bench \"") +
                                    bench_name(p.bench) +
                                    "\": it is calibrated on the seed's base time (see scenarios/msglog/)");
  if (p.bench == Bench::disk && (p.scheme != Scheme::logging || p.pages != 1))
    f.fail("bench", "the disk test writes synchronously: it needs scheme logging and pages 1");
  if (p.bench == Bench::disk && p.disk_test.writers > p.ranks_per_node)
    f.fail("disk_test", "writers must not exceed ranks_per_node");
  if (p.recovery.crash_rank >= p.ranks)
    f.fail("recovery", "crash_rank must be below ranks");
  if (p.recovery.crash_rank >= 0 && p.scheme == Scheme::base)
    f.fail("recovery", "scheme base keeps no message log: a crashed rank cannot be replayed");
  if (p.ranks % p.ranks_per_node != 0)
    f.fail("ranks_per_node", "must divide ranks");
  double mg_ranks = p.mg.procs[0] * p.mg.procs[1] * p.mg.procs[2];
  if (p.bench == Bench::mg && mg_ranks != static_cast<double>(p.ranks))
    f.fail("mg", "procs must multiply to ranks");
  check_ranks(f, p);
}

/** A rank's compute at the run's class and ranks: the calibrated value times NPB's operation count of the class over
 *  that of the calibration class, times calibration ranks over ranks (the work split evenly). At the calibration
 *  point both factors are exactly 1, so the seed's runs keep their calibrated values bit for bit. */
void scale_compute(Params& p)
{
  if (p.bench == Bench::disk || p.bench == Bench::trace)
    return;
  std::string bench = bench_name(p.bench);
  double ops        = nas_ops(bench, p.nas_class) / nas_ops(bench, p.compute_class);
  *compute_of(p) *= ops * (static_cast<double>(p.compute_ranks) / static_cast<double>(p.ranks));
}

} // namespace

namespace {

/** What the message-logging replay of receives from any source does not take (docs/models/msglog.md, "Trace
 *  workloads"): a message a rank sends itself on a tag it receives from any source (a self-copy never enters the tag's
 *  mailbox), and a rank receiving from any source on two tags (its senders' logs keep one order per pair, which the
 *  receives of two tags could take out of order, so a recovery could not replay them exactly). */
void refuse_unsupported_any_source(const ti::Trace& t, const ti::AnySourceTags& any)
{
  if (any.empty())
    return;
  for (int r = 0; r < t.size(); ++r) {
    const ti::RankTrace& rt = t.ranks[static_cast<size_t>(r)];
    int first_tag = -1, first_line = 0;
    for (auto const& a : rt.actions) {
      auto fail = [&](const std::string& what) {
        throw InputError(rt.file + ":" + std::to_string(a.line), "",
                         std::string(ti::kind_name(a.kind)) + " " + what + " (docs/models/msglog.md, Trace workloads)");
      };
      bool send = a.kind == ti::Kind::send || a.kind == ti::Kind::isend || a.kind == ti::Kind::sendrecv;
      int tag   = a.kind == ti::Kind::sendrecv ? 0 : a.tag;
      if (send && a.peer == r && any.has(r, tag))
        fail("to itself with tag " + std::to_string(tag) + ", which rank " + std::to_string(r) +
             " receives from any rank (-333, MPI_ANY_SOURCE): the message-logging replay copies a message to itself "
             "outside that tag's mailbox");
      if ((a.kind != ti::Kind::recv && a.kind != ti::Kind::irecv) || a.peer != ti::any_source)
        continue;
      if (first_tag < 0) {
        first_tag  = a.tag;
        first_line = a.line;
      } else if (a.tag != first_tag)
        fail("from any rank (-333, MPI_ANY_SOURCE) with tag " + std::to_string(a.tag) + " after one with tag " +
             std::to_string(first_tag) + " at line " + std::to_string(first_line) +
             ": the message-logging replay takes one tag from any rank per rank (its logs keep one order per pair)");
    }
  }
}

/** The trace of bench trace, loaded and checked: its rank count is the run's (a given params.ranks must agree). */
void load_trace_workload(Fields& f, Params& p)
{
  if (p.bench != Bench::trace) {
    if (not p.trace_file.empty())
      f.fail("trace", "only bench \"trace\" replays a trace (bench is \"" + std::string(bench_name(p.bench)) + "\")");
    return;
  }
  if (p.trace_file.empty())
    f.fail("trace", "bench \"trace\" needs the trace to replay: its index file (smpirun -trace-ti)");
  auto trace = std::make_shared<ti::Trace>(ti::load_trace(resolve_path(f.file(), p.trace_file)));
  ti::check_matching(*trace);
  p.any_tags = std::make_shared<const ti::AnySourceTags>(ti::any_source_tags(*trace));
  refuse_unsupported_any_source(*trace, *p.any_tags);
  if (f.has("ranks") && p.ranks != trace->size())
    f.fail("ranks", "the trace " + p.trace_file + " has " + std::to_string(trace->size()) + " ranks, not " +
                        std::to_string(p.ranks) + " (leave ranks out to take the trace's)");
  p.ranks = trace->size();
  p.trace = std::move(trace);
}

} // namespace

Params Params::from(Fields& f)
{
  refuse_seq_time(
      f, "msglog",
      "its compute is fitted per step of one rank to the seed's measured parallel runs and scaled to other classes and "
      "rank counts by NPB's operation counts; a one-rank run of its NAS streams is not checked against NPB's serial "
      "code, so no measured serial time can stand for it: give compute itself (docs/models/msglog.md)");
  Params p;
  p.bench = f.choice<Bench>(
      "bench", Bench::bt, bench_names(),
      "NAS benchmark (at params.class and params.ranks; seed: class B, 16 ranks), or disk: the disk bandwidth test");
  p.scheme = f.choice<Scheme>("scheme", Scheme::base, scheme_names(),
                              "base: no logging; buffering_only: copy into the pages, never write; logging: copy and "
                              "write full pages through POSIX AIO (seed \"Experiments\")");
  p.pages  = f.integer("pages", p.pages, "k: buffer pages (seed: 1 = synchronous, 2, 3)", 1, 1024);
  p.page_size =
      f.quantity("page_size", Unit::size, p.page_size, "bytes of one buffer page (seed: 4MB)", Range::positive());
  p.ranks      = f.integer("ranks", p.ranks,
                           "MPI ranks (seed: 16 processes): a square for bt and sp, a power of two for cg, lu and mg, any "
                                "for ep",
                           1, 65536);
  p.trace_file = f.string("trace", "",
                          "bench trace: the SimGrid time-independent trace replayed (smpirun -trace-ti's index file, "
                          "or one file of every rank's lines), relative to the scenario file; ranks default to the "
                          "trace's (docs/models/msglog.md, Trace workloads)");
  if (not f.documenting())
    load_trace_workload(f, p);
  p.nas_class =
      f.choice<NasClass>("class", NasClass::B, class_names(),
                         "NAS problem class (NPB 3.3's sizes, docs/models/msglog.md; seed: B): sets the streams' "
                         "defaults and scales the calibrated compute by NPB's operation counts");
  p.compute_class = f.choice<NasClass>("compute_class", NasClass::B, class_names(),
                                       "class at which the benches' compute values were calibrated (seed 004 Table "
                                       "1: B)");
  p.compute_ranks =
      f.integer("compute_ranks", p.compute_ranks,
                "ranks at which the benches' compute values were calibrated (seed 004 Table 1: 16)", 1, 65536);
  p.ranks_per_node     = f.integer("ranks_per_node", p.ranks_per_node,
                                   "ranks per node, placed in blocks (seed: 8 nodes, 16 processes)", 1, 64);
  const NasProblem& pb = nas_problem(p.nas_class);
  p.hosts_group        = f.string("hosts_group", p.hosts_group, "platform host group the ranks run on");
  p.disk = f.string("disk", p.disk, "name of the local disk the logs are written to (platform hosts' disks)");
  p.aio_concurrency =
      f.integer("aio_concurrency", p.aio_concurrency,
                "pwrites of one file descriptor in flight at once (glibc POSIX AIO: 1, counting wrapper)", 1, 64);
  enum class Completion { when_blocked, immediate };
  p.aio_lazy_completion =
      f.choice<Completion>(
          "aio_completion", Completion::when_blocked,
          {{"when_blocked", Completion::when_blocked}, {"immediate", Completion::immediate}},
          "when the rank sees that a write completed: when_blocked = only while it is blocked in the library (its "
          "helper thread gets no CPU from a rank spinning in MPI; docs/models/msglog.md), immediate = at once") ==
      Completion::when_blocked;
  p.aio_sync_depth = f.integer("aio_sync_depth", p.aio_sync_depth,
                               "writes outstanding at which the next submission is performed synchronously (seed "
                               "Discussion 4: more than two outstanding; 0 = never)",
                               0, 1024);

  // Every bench's section is parsed and checked, but the run uses the selected one alone: the others' ranged values
  // are drawn as unused, so a sensitivity ranking never lists an input the run did not read.
  std::optional<DeferredReads> unused_benches(std::in_place);
  p.bt       = adi_from(f.object("bt", "BT stream (class B, 16 ranks: 201 steps, 24 isends/step)"),
                        {pb.bt_steps + 1, pb.adi_grid_bt, 80, 240, 40, true, 0, 0.25, 0.03, 0.9}, "bt");
  p.sp       = adi_from(f.object("sp", "SP stream (class B, 16 ranks: 401 steps, 24 isends/step, about 2.36 MB/step)"),
                        {pb.sp_steps + 1, pb.adi_grid_sp, 80, 176, 80, false, 0, 0.30, 0.03, 0.7}, "sp");
  p.cg.grid  = cg_grid(p.ranks);
  p.cg.outer = pb.cg_niter + 1;
  p.cg.vector_size = 8. * static_cast<double>((pb.cg_na + p.cg.grid.cols - 1) / p.cg.grid.cols);
  p.lu.procs       = lu_grid(p.ranks);
  p.lu.grid        = pb.lu_grid;
  p.lu.planes      = pb.lu_grid - 2;
  p.lu.iterations  = pb.lu_itmax + 1;
  p.mg.iterations  = pb.mg_nit + 1;
  p.mg.grid        = pb.mg_grid;
  p.mg.procs       = mg_procs(p.ranks);
  p.mg.levels      = log2_exact(pb.mg_grid);

  Fields cg  = f.object("cg", "CG stream (class B: 76 x 26 matvecs)");
  p.cg.outer = cg.integer("outer", p.cg.outer, "outer iterations incl. the untimed one (class B: 76)", 1);
  p.cg.inner = cg.integer("inner", p.cg.inner, "CG iterations per outer iteration (cgitmax), plus one residual", 1);
  p.cg.vector_size =
      cg.quantity("vector_size", Unit::size, p.cg.vector_size,
                  "bytes of a row-reduction or transpose exchange: na / cols doubles (class B, 16 ranks: "
                  "150000 B, the counting wrapper's)",
                  Range::positive());
  p.cg.scalar_size =
      cg.quantity("scalar_size", Unit::size, p.cg.scalar_size, "bytes of a dot-product exchange", Range::positive());
  p.cg.compute =
      cg.quantity("compute", Unit::time, 0, std::string("CPU time of one matvec iteration on one core") + calibrated,
                  Range::non_negative());
  p.cg.matvec_share = cg.number("matvec_share", p.cg.matvec_share,
                                "share of an iteration's compute in the local matvec (assumed: the sparse matvec "
                                "dominates CG)",
                                Range::unit_interval());
  cg.finish();

  Fields lu       = f.object("lu", "LU stream (class B: 251 SSOR iterations, two wavefronts and a halo exchange each)");
  p.lu.iterations = lu.integer("iterations", p.lu.iterations, "SSOR iterations incl. the untimed one (B: 251)", 1);
  p.lu.grid       = lu.integer("grid", p.lu.grid, "grid points per dimension (default: the class's; B: 102)", 8);
  p.lu.planes     = lu.integer("planes", p.lu.planes, "k-planes per wavefront sweep (grid - 2)", 1);
  p.lu.vars       = lu.integer("vars", p.lu.vars, "doubles per point in a wavefront message (5: 1000-1040 B)", 1);
  p.lu.halo_layers =
      lu.integer("halo_layers", p.lu.halo_layers, "layers per halo message (2: 204-212 KB, counting wrapper)", 1);
  p.lu.plane_group = lu.integer("plane_group", p.lu.plane_group,
                                "k-planes carried by one simulated message (speed; each plane is still logged as "
                                "its own message)",
                                1);
  p.lu.compute =
      lu.quantity("compute", Unit::time, 0, std::string("CPU time of one SSOR iteration on one core") + calibrated,
                  Range::non_negative());
  p.lu.rhs_fraction =
      lu.number("rhs_fraction", p.lu.rhs_fraction,
                "share of an iteration's compute in rhs (the rest: the two sweeps, assumed)", Range::unit_interval());
  lu.finish();

  Fields mg       = f.object("mg", "MG stream (class B: 21 V-cycles, comm3 ghost exchanges)");
  p.mg.iterations = mg.integer("iterations", p.mg.iterations, "V-cycles incl. the untimed one (class B: 21)", 1);
  p.mg.grid       = mg.integer("grid", p.mg.grid, "grid points per dimension (class B: 256)", 2);
  p.mg.procs      = mg.quantity_list("procs", Unit::none, p.mg.procs,
                                     "process grid x, y, z (default: NPB MG's for the ranks; 16 ranks: 4 x 2 x 2)",
                                     Range::at_least(1));
  p.mg.levels     = mg.integer("levels", p.mg.levels, "multigrid levels (log2 of grid)", 1, 30);
  p.mg.compute =
      mg.quantity("compute", Unit::time, 0, std::string("CPU time of one V-cycle and its residual") + calibrated,
                  Range::non_negative());
  mg.finish();
  if (p.mg.procs.size() != 3)
    f.fail("mg", "procs must list 3 dimensions");

  Fields ep = f.object("ep", "EP (no logged messages)");
  p.ep.compute =
      ep.quantity("compute", Unit::time, 0, std::string("CPU time of the run") + calibrated, Range::non_negative());
  p.ep.allreduces = ep.integer("allreduces", p.ep.allreduces, "MPI_Allreduce calls (counting wrapper: 4)", 0);
  p.ep.allreduce_size =
      ep.quantity("allreduce_size", Unit::size, p.ep.allreduce_size, "bytes of one allreduce step", Range::positive());
  ep.finish();

  Fields dt = f.object("disk_test", "the disk bandwidth test (bench disk; the write size is page_size, pages 1)");
  p.disk_test.writes = dt.integer("writes", p.disk_test.writes, "synchronous writes per writer", 1);
  p.disk_test.gap =
      dt.quantity("gap", Unit::time, p.disk_test.gap, "idle time before each write", Range::non_negative());
  p.disk_test.writers = dt.integer("writers", p.disk_test.writers, "ranks of the first node writing at once", 1, 16);
  dt.finish();

  unused_benches.reset();
  if (not f.documenting())
    mark_inputs_read(input_id(f.file(), f.pointer(p.bench == Bench::disk ? "disk_test" : bench_name(p.bench))));

  Fields w = f.object("disk_what_if", "what-if overrides of the platform's disk model (defaults: the platform's)");
  p.disk_what_if.write_cache =
      w.choice<WriteCache>("write_cache", WriteCache::platform,
                           {{"platform", WriteCache::platform}, {"on", WriteCache::on}, {"off", WriteCache::off}},
                           "write-back buffer: as the platform says, or forced on/off");
  p.disk_what_if.cache_size =
      w.quantity("cache_size", Unit::size, 0, "buffer size (0: the platform's)", Range::non_negative());
  p.disk_what_if.interface_bw =
      w.quantity("interface_bw", Unit::bandwidth, 0, "rate into the buffer (0: the platform's)", Range::non_negative());
  p.disk_what_if.platter_bw = w.quantity("platter_bw", Unit::bandwidth, 0,
                                         "platter write rate (0: the platform's write_bw)", Range::non_negative());
  w.finish();
  p.recovery = RecoveryParams::from(f.object("recovery", "crash and recovery of ranks by checkpoint and log replay"));
  f.finish();
  if (f.documenting())
    return p;

  check(f, p);
  scale_compute(p);
  return p;
}

} // namespace cs::msglog
