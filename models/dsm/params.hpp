/* Parameters of the software DSM model (seed 003), declared once with defaults, units and docs.
 *
 * The three systems differ only in data (page size, which messages are acknowledged, timeouts): the protocol code
 * is one. The benchmarks' sizes are the seed's (5.2); their CPU work is the seed's sequential time. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/run/group_sizes.hpp"
#include "sim/run/sequential.hpp"

#include <string>

namespace cs::dsm {

enum class Bench { nqueens, lu, water, sor, mm, udp_rtt, apps_mm, jacobi, quicksort, tsp, basic };
/** Bench basic's microbenchmark (models/dsm/basic_ping.hpp, workloads/basic.cpp). */
enum class BasicTest { roundtrip, roundtrip_signal, lock_manager_last, lock_other, barrier, page_fault };
/** The consistency protocol of a system. */
enum class Protocol {
  home, ///< home-based scope consistency (JIAJIA, Mocha)
  lrc,  ///< TreadMarks' lazy release consistency
  none  ///< no DSM: the uniprocessor program, one process (models/dsm/no_dsm.hpp)
};
/** Bench sor's data layout. */
enum class SorLayout {
  rows, ///< one grid, bands of rows homed at their owner
  apps  ///< JIAJIA 2.1's apps/sor (workloads/sor.cpp)
};
/** Bench apps_mm's loop order. */
enum class MmOrder {
  middle, ///< for j { for my i }
  inner   ///< for my i { for j }
};
/** Bench apps_mm's allocation of the matrices. */
enum class MmAlloc {
  alloc, ///< each matrix one jia_alloc
  alloc3 ///< jia_alloc3(N*N*4, N*N*4/P, 0)
};
const char* bench_name(Bench b);

/** How one DSM system sends: which messages wait for an acknowledgement, and its timeouts. */
struct System {
  std::string name       = "mocha";
  double page_size       = 8192; ///< bytes of a coherence unit
  bool omit_page_acks    = true; ///< GETP/GETPGRANT sent unreliable; the grant acknowledges the request (seed 3.2)
  double ack_timeout     = 0.05; ///< a reliable send is retried after this long without its ACK
  long max_retries       = 64;   ///< a reliable send gives up (the run fails) after this many retries
  double getpage_timeout = 0.05; ///< omit_page_acks: getpage re-sends GETP after this long (seed 4: 50 ms)
  long cache_pages       = 0;    ///< remote pages a node may map at once (JIAJIA's Cachepages); 0: unbounded
  Protocol protocol      = Protocol::home;
  bool direct_replies    = false; ///< the SIGIO handler sends its replies itself at once (not queued): Transport
};

struct NQueensParams {
  long n              = 17; ///< board size (seed 5.2)
  long task_depth     = 3;  ///< a task is a placement of the first task_depth rows
  long tasks_per_grab = 8;  ///< tasks taken from the shared pool per lock acquisition (seed: allocation size 8)
  long weight_depth   = 3;  ///< rows below a task explored to weigh its share of the work
  double seq_time     = 55; ///< seconds of the sequential program (seed 5.2)
};

struct LuParams {
  long n          = 1024; ///< matrix order (seed 5.2)
  long block      = 8;    ///< block size (seed 5.2)
  double seq_time = 267;
  /** rows: block rows dealt cyclically (seed 003's description alone); apps: JIAJIA 2.1's apps/lu (workloads/lu.cpp) */
  std::string layout = "rows";
  bool byte_stride   = true; ///< apps: consecutive blocks block*block bytes apart, as the port's pointer sum puts them
};

struct WaterParams {
  long molecules        = 1000; ///< seed 5.2
  long steps            = 3;
  double molecule_bytes = 172;  ///< shared bytes per molecule (position and force records)
  double force_bytes    = 72;   ///< bytes of a molecule's forces added under its lock (3 atoms x 3 doubles)
  long locks            = 1024; ///< molecule m is guarded by lock m % locks
  double seq_time       = 7.7;
  double interf_share   = 0.9; ///< share of a step's work in the pair-force phase (the rest: intra, update, energy)
  /** rows: molecules homed at their owner (a SPLASH-style skeleton); apps: JIAJIA 2.1's apps/water
   * (workloads/water.cpp) */
  std::string layout    = "rows";
  double position_bytes = 96;   ///< apps: mddata.h shared_type, Vm[3] and Disp[3][3] doubles
  double poteng_pair    = 0.8;  ///< apps: CPU of a POTENG pair, in INTERF pairs
  double predict_mol    = 0.5;  ///< apps: CPU of PREDIC and INTRAF per molecule, in INTERF pairs
  double correct_mol    = 0.1;  ///< apps: CPU of CORREC, BNDRY and KINETI per molecule, in INTERF pairs
  double poteng_mol     = 0.15; ///< apps: CPU of POTENG's intra-molecular part per molecule, in INTERF pairs
};

struct SorParams {
  long rows         = 4096; ///< seed 5.2: M
  long cols         = 4096; ///< seed 5.2: N
  double elem_bytes = 4;    ///< single precision (docs/models/dsm.md §Sources)
  long iterations   = 400;  ///< seed 5.2
  double seq_time   = 98.1;
  /** rows: one rows x cols grid, bands homed at their owner; apps: JIAJIA 2.1's apps/sor (workloads/sor.cpp) */
  SorLayout layout = SorLayout::rows;
};

struct MmParams {
  long n            = 2048; ///< seed 5.2
  double elem_bytes = 8;    ///< double precision (seed 5.2)
  double seq_time   = 39.7;
};

/** JIAJIA 2.1's apps/mm program: C = A x B^T in floats, rows of C in blocks of N/P per process, with its two loop
 *  orders and two ways of allocating the matrices (models/dsm/bench_apps_mm.cpp). */
struct AppsMmParams {
  long n              = 1024; ///< matrix order (apps/mm: N 1024)
  double elem_bytes   = 4;    ///< float
  MmOrder order       = MmOrder::middle;
  MmAlloc alloc       = MmAlloc::alloc3;
  double flops_per_it = 2; ///< one multiply-add of the k loop, executed at the host's speed
  /** Bytes the cache misses of one k loop (one element of c) move over the machine's memory bus, by loop order;
   *  the CPU stalls while they cross (models/dsm/memory_bus.hpp). 0: the operands stay in cache, no bus. */
  double bus_bytes_middle = 0;
  double bus_bytes_inner  = 0;
  double bus_bytes() const { return order == MmOrder::middle ? bus_bytes_middle : bus_bytes_inner; }
};

/** Not a DSM benchmark: UDPmon's request-response test between nodes 0 and 1 (blocking recvfrom, no DSM), to check
 *  the platform's UDP path against the measurement it was derived from (docs/models/dsm.md §Sources). */
struct UdpRttParams {
  double size          = 64; ///< bytes of the request (UDP payload)
  double response_size = 64; ///< bytes of the response
  long round_trips     = 1000;
};

/** The basic operations' costs, each timed as a program on the platform: a request-response of the smallest
 *  message between nodes 0 and 1 (received by a blocked process, or by a signal handler at both ends), a remote
 *  lock acquisition (its manager the last holder, or a third process), a barrier of every node, a remote page
 *  fault fetching a whole page. */
struct BasicParams {
  BasicTest test   = BasicTest::roundtrip;
  long repetitions = 20; ///< operations timed (their mean is reported)
  double size      = 4;  ///< roundtrips: bytes of the message (no DSM header)
};

/** A program's measured sequential time, which sets the run's compute scale (sim/run/sequential.hpp): its CPU costs
 *  then weigh its parts, the time fixes their sum. */
struct SeqTime {
  double seconds = 0; ///< 0: none given, the CPU costs are taken as they are
  std::string source;
};

/** Jacobi relaxation (workloads/jacobi.cpp): CPU work per grid element (scaled to a measured sequential time). */
struct JacobiParams {
  long rows          = 2000;
  long cols          = 1000;
  double elem_bytes  = 4;
  long iterations    = 100;
  double update_time = 1e-6; ///< seconds to compute one element's new value (four neighbours)
  double copy_time   = 1e-7; ///< seconds to copy one element from the scratch band into the grid
  SeqTime seq_time;
};

/** Quicksort with a shared task queue (workloads/quicksort.cpp). */
struct QuicksortParams {
  long n                = 262144; ///< integers to sort
  long threshold        = 1024;   ///< subarrays this short are bubble-sorted
  long seed             = 1;      ///< the keys' generator
  double partition_time = 2.5e-7; ///< seconds per element partitioned
  double bubble_time    = 2e-7;   ///< seconds per compare(-and-swap) of the bubble sort
  double poll_time      = 1e-3;   ///< pause before looking at an empty queue again (not scaled: a wait)
  SeqTime seq_time;
};

/** TSP by branch and bound (workloads/tsp.cpp). */
struct TspParams {
  long cities         = 18;
  long seed           = 1;    ///< the weight matrix's generator
  long max_weight     = 50;   ///< weights are integers 1..max_weight (apps/tsp's tspfiles)
  long nodes_from_end = 12;   ///< apps/tsp's NodesFromEnd: a tour this many cities short of complete is solved
  double node_time    = 4e-6; ///< seconds per visit_nodes() call (and per calc_bound())
  long max_tour_size  = 32;   ///< tsp.h MAX_TOUR_SIZE: the GlobalMemory layout
  long max_tours      = 5000; ///< tsp.h MAX_NUM_TOURS: the GlobalMemory layout
  SeqTime seq_time;
};

/** TreadMarks' lazy release consistency (models/dsm/tmk_*). */
struct TreadMarksParams {
  double request_timeout     = 0.1;   ///< a page or diff request is sent again after this long without its response
  double sync_timeout        = 1;     ///< a lock request or barrier arrival is sent again after this long
  double interval_bytes      = 8;     ///< an interval record's processor and index
  double vt_entry_bytes      = 4;     ///< one entry of a vector time
  bool track_data            = false; ///< carry real page contents (tests: the merge of concurrent writers)
  bool responses_wake        = false; ///< a response wakes its blocked requester (not only the SIGIO handler)
  bool responses_via_handler = false; ///< responses_wake: the handler reads the response, then wakes the requester
  bool handler_drains        = false; ///< one SIGIO serves every request already waiting
};

struct Params {
  Bench bench             = Bench::mm;
  long nodes              = 16;
  std::string hosts_group = "nodes";
  std::string switch_name = "gige";
  System system;
  double header_bytes   = 32;    ///< every DSM message's header (JIAJIA: 32 B)
  double ack_bytes      = 4;     ///< an ACK: the sequence number
  double max_message    = 40960; ///< largest datagram (JIAJIA: 40 KB); longer payloads are split
  double notice_bytes   = 4;     ///< one write notice (a page number)
  double diff_run_bytes = 8;     ///< per run of modified words in a diff (offset + length)
  double injected_loss  = 0;     ///< what-if: extra probability of losing each datagram
  long trace_barrier    = 0;     ///< record the message timeline of this barrier interval (1-based; 0: none)
  double port_buffer    = 0;     ///< what-if: the switch's per-port buffer instead of the platform's (0: platform)
  double socket_rcvbuf  = 0;     ///< what-if: every socket's receive buffer instead of the OS profile's (0: profile)
  NQueensParams nqueens;
  LuParams lu;
  WaterParams water;
  SorParams sor;
  MmParams mm;
  UdpRttParams udp_rtt;
  AppsMmParams apps_mm;
  TreadMarksParams treadmarks;
  JacobiParams jacobi;
  QuicksortParams quicksort;
  TspParams tsp;
  BasicParams basic;

  /** The nodes the run takes from its host group (a generated group is made that size). */
  GroupSizes group_sizes() const { return {{hosts_group, nodes}}; }
  /** jacobi, quicksort and tsp with a seq_time: the program on one node without a DSM (protocol none), whose
   *  exec_time_s is its compute() calls alone. */
  SequentialRun sequential() const;
  static Params from(Fields& f);
};

} // namespace cs::dsm
