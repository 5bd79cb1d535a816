#include "models/dsm/params.hpp"
#include "sim/input/enum_names.hpp"

namespace cs::dsm {

static const EnumNames<Bench>& bench_names()
{
  static const EnumNames<Bench> names{
      {"nqueens", Bench::nqueens}, {"lu", Bench::lu},         {"water", Bench::water},
      {"sor", Bench::sor},         {"mm", Bench::mm},         {"udp_rtt", Bench::udp_rtt},
      {"apps_mm", Bench::apps_mm}, {"jacobi", Bench::jacobi}, {"quicksort", Bench::quicksort},
      {"tsp", Bench::tsp},         {"basic", Bench::basic}};
  return names;
}

const char* bench_name(Bench b)
{
  return enum_name(bench_names(), b);
}

namespace {

System parse_system(Fields& all, const std::string& name, System s)
{
  Fields f    = all.object(name, "the " + name + " system's messaging");
  s.name      = name;
  s.page_size = f.quantity("page_size", Unit::size, s.page_size, "coherence unit (JIAJIA 2.2: 4 KiB, Mocha: 8 KiB)",
                           Range::at_least(512));
  s.omit_page_acks = f.boolean("omit_page_acks", s.omit_page_acks,
                               "send GETP and GETPGRANT without acknowledgement (seed 3.2: Mocha's method)");
  s.ack_timeout    = f.quantity("ack_timeout", Unit::time, s.ack_timeout,
                                "a reliable message is sent again after this long without its ACK", Range::positive());
  s.max_retries    = f.integer("max_retries", s.max_retries, "retries of one reliable message before the run fails", 1);
  s.getpage_timeout = f.quantity("getpage_timeout", Unit::time, s.getpage_timeout,
                                 "omit_page_acks: GETP is sent again after this long without its grant (seed 4: 50 ms)",
                                 Range::positive());
  s.cache_pages     = f.integer("cache_pages", s.cache_pages,
                                "remote pages mapped at once, random replacement (JIAJIA's Cachepages); 0: unbounded", 0);
  s.protocol        = f.choice<Protocol>(
      "protocol", s.protocol, {{"home", Protocol::home}, {"lrc", Protocol::lrc}, {"none", Protocol::none}},
      "home: home-based scope consistency (JIAJIA, Mocha); lrc: TreadMarks' lazy release consistency; none: the "
             "program without a DSM on one process (no faults, twins, diffs or messages: the speedups' baseline)");
  s.direct_replies = f.boolean("direct_replies", s.direct_replies,
                               "the SIGIO handler sends its replies itself, busy-waiting for their ACKs over a send "
                               "in progress (false: queued behind it, as JIAJIA 2.1's asendmsg does)");
  f.string("source", "", "where the numbers come from");
  f.finish();
  return s;
}

/** A bench's seq_time field: the measured sequential time its compute is scaled to. */
SeqTime parse_seq_time(Fields& f)
{
  SeqTime t;
  t.seconds =
      f.quantity("seq_time", Unit::time, 0,
                 "measured run time of the program without a DSM on one processor: the run's compute scale is "
                 "fitted so that the program on one node, protocol none, takes this long (docs/calibration.md); "
                 "0: the CPU costs as given",
                 Range::non_negative());
  t.source = f.source_of("seq_time");
  return t;
}

} // namespace

SequentialRun Params::sequential() const
{
  const SeqTime* t = bench == Bench::jacobi      ? &jacobi.seq_time
                     : bench == Bench::quicksort ? &quicksort.seq_time
                     : bench == Bench::tsp       ? &tsp.seq_time
                                                 : nullptr;
  if (t == nullptr || t->seconds <= 0)
    return {};
  return {t->seconds,    std::string("/params/") + bench_name(bench) + "/seq_time",
          t->source,     {"params.nodes=1", "params.systems." + system.name + ".protocol=none"},
          "exec_time_s", true};
}

Params Params::from(Fields& f)
{
  Params p;
  p.bench       = f.choice<Bench>("bench", Bench::mm, bench_names(),
                            "the benchmark (seed 5.2), udp_rtt: the platform's UDP request-response alone, or "
                                  "apps_mm: JIAJIA 2.1's apps/mm program; jacobi, quicksort, tsp: the TreadMarks "
                                  "studies' programs");
  p.nodes       = f.integer("nodes", p.nodes, "nodes, one DSM process each (seed: 1 to 16)", 1, 4096);
  p.hosts_group = f.string("hosts_group", p.hosts_group, "platform host group the nodes are taken from, in order");
  p.switch_name =
      f.string("switch", p.switch_name,
               "platform switch whose ports and buffers carry the datagrams (\"\": the platform's only switch)");
  enum class Which { jiajia, mocha_base, mocha, treadmarks };
  Which sys      = f.choice<Which>("system", Which::mocha,
                              {{"jiajia", Which::jiajia},
                                    {"mocha_base", Which::mocha_base},
                                    {"mocha", Which::mocha},
                                    {"treadmarks", Which::treadmarks}},
                              "jiajia: JIAJIA 2.2; mocha_base: Mocha without the method; mocha: with it (seed 5); "
                                   "treadmarks: lazy release consistency (models/dsm/tmk_*)");
  Fields systems = f.object("systems", "the three systems' messaging (defaults: JIAJIA 2.1's src/comm.h as "
                                       "docs/models/dsm_ext.md gives it, and seed 4)");
  System jiajia{"jiajia", 4096, false, 1.0, 64, 0.05};
  System base{"mocha_base", 8192, false, 0.05, 64, 0.05};
  System mocha{"mocha", 8192, true, 0.05, 64, 0.05};
  jiajia = parse_system(systems, "jiajia", jiajia);
  base   = parse_system(systems, "mocha_base", base);
  mocha  = parse_system(systems, "mocha", mocha);
  System tmk{"treadmarks", 4096, true, 0.1, 64, 0.1};
  tmk.protocol = Protocol::lrc;
  tmk          = parse_system(systems, "treadmarks", tmk);
  systems.string("source", "", "where the numbers come from");
  systems.finish();
  p.system = sys == Which::jiajia ? jiajia : sys == Which::mocha_base ? base : sys == Which::mocha ? mocha : tmk;

  Fields m = f.object("messages", "message format shared by the systems (JIAJIA's, which Mocha keeps)");
  p.header_bytes =
      m.quantity("header_bytes", Unit::size, p.header_bytes, "header of every message", Range::non_negative());
  p.ack_bytes    = m.quantity("ack_bytes", Unit::size, p.ack_bytes, "an acknowledgement", Range::positive());
  p.max_message  = m.quantity("max_message", Unit::size, p.max_message, "largest message; longer payloads split",
                              Range::at_least(1024));
  p.notice_bytes = m.quantity("notice_bytes", Unit::size, p.notice_bytes, "one write notice", Range::positive());
  p.diff_run_bytes =
      m.quantity("diff_run_bytes", Unit::size, p.diff_run_bytes, "per run of words in a diff", Range::non_negative());
  m.string("source", "", "where the numbers come from");
  m.finish();
  p.injected_loss =
      f.number("injected_loss", p.injected_loss,
               "what-if: probability of losing any datagram on top of buffer overflows", Range::unit_interval());
  p.trace_barrier = f.integer("trace_barrier", p.trace_barrier,
                              "record every datagram and error from the completion of barrier k-1 to that of barrier "
                              "k (table timeline; 0: none)",
                              0);
  p.port_buffer =
      f.quantity("port_buffer", Unit::size, p.port_buffer,
                 "what-if: the switch's per-port buffer (0: the platform's qos.port_buffer)", Range::non_negative());
  p.socket_rcvbuf =
      f.quantity("socket_rcvbuf", Unit::size, p.socket_rcvbuf,
                 "what-if: every socket's receive buffer (0: the OS profile's udp_rcvbuf_size)", Range::non_negative());

  Fields q             = f.object("nqueens", "bench nqueens: tasks from a shared pool under a lock");
  p.nqueens.n          = q.integer("n", p.nqueens.n, "board size (seed: 17)", 4, 24);
  p.nqueens.task_depth = q.integer("task_depth", p.nqueens.task_depth, "rows placed to make one task", 1, 6);
  p.nqueens.tasks_per_grab =
      q.integer("tasks_per_grab", p.nqueens.tasks_per_grab, "tasks taken per lock acquisition (seed: 8)", 1);
  p.nqueens.weight_depth = q.integer("weight_depth", p.nqueens.weight_depth,
                                     "rows below a task counted to weigh its work (search tree shape)", 0, 6);
  p.nqueens.seq_time =
      q.quantity("seq_time", Unit::time, p.nqueens.seq_time, "sequential run time (seed: 55 s)", Range::positive());
  q.string("source", "", "where the numbers come from");
  q.finish();

  Fields l   = f.object("lu", "bench lu: blocked LU without pivoting");
  p.lu.n     = l.integer("n", p.lu.n, "matrix order (seed: 1024)", 8);
  p.lu.block = l.integer("block", p.lu.block, "block size (seed: 8)", 1);
  p.lu.seq_time =
      l.quantity("seq_time", Unit::time, p.lu.seq_time, "sequential run time (seed: 267 s)", Range::positive());
  p.lu.layout      = l.choice("layout", p.lu.layout, {"rows", "apps"},
                              "rows: block rows dealt cyclically, homed at their owner; apps: JIAJIA 2.1's apps/lu "
                                   "(2-D grid of block owners, each process's blocks in one region homed at it)");
  p.lu.byte_stride = l.boolean("byte_stride", p.lu.byte_stride,
                               "apps: the port's block pointer advances block*block bytes (true, as its code does) "
                               "or block*block doubles (SPLASH-2's original)");
  l.string("source", "", "where the numbers come from");
  l.finish();
  if (p.lu.n % p.lu.block != 0)
    l.fail("block", "the block size must divide n = " + std::to_string(p.lu.n));

  Fields w               = f.object("water", "bench water: n-squared molecular dynamics with per-molecule locks");
  p.water.molecules      = w.integer("molecules", p.water.molecules, "molecules (seed: 1000)", 2);
  p.water.steps          = w.integer("steps", p.water.steps, "time steps", 1);
  p.water.molecule_bytes = w.quantity("molecule_bytes", Unit::size, p.water.molecule_bytes,
                                      "shared bytes of one molecule", Range::positive());
  p.water.force_bytes    = w.quantity("force_bytes", Unit::size, p.water.force_bytes,
                                      "bytes of a molecule's forces added under its lock", Range::positive());
  p.water.locks          = w.integer("locks", p.water.locks, "locks guarding the molecules' forces", 1);
  p.water.seq_time =
      w.quantity("seq_time", Unit::time, p.water.seq_time, "sequential run time (seed: 7.7 s)", Range::positive());
  p.water.interf_share   = w.number("interf_share", p.water.interf_share, "share of a step's work in the pair forces",
                                    Range::unit_interval());
  p.water.layout         = w.choice("layout", p.water.layout, {"rows", "apps", "splash"},
                                    "rows: molecules homed at their owner, forces added per molecule under its lock; apps: "
                                            "JIAJIA 2.1's apps/water (all shared data homed at node 0, forces summed privately and "
                                            "added under one lock per process, 7 barriers a step); splash: SPLASH's Water, forces "
                                            "summed privately and added once per molecule under its lock, 4 barriers a step "
                                            "(the apps layout's CPU parameters; molecule_bytes a record)");
  p.water.position_bytes = w.quantity("position_bytes", Unit::size, p.water.position_bytes,
                                      "apps: shared position record of one molecule", Range::positive());
  p.water.poteng_pair =
      w.number("poteng_pair", p.water.poteng_pair, "apps: CPU of a potential-energy pair over that of a force pair",
               Range::non_negative());
  p.water.predict_mol = w.number("predict_mol", p.water.predict_mol,
                                 "apps: CPU of prediction and intra-molecular forces per molecule, in force pairs",
                                 Range::non_negative());
  p.water.correct_mol = w.number("correct_mol", p.water.correct_mol,
                                 "apps: CPU of correction, boundary and kinetic energy per molecule, in force pairs",
                                 Range::non_negative());
  p.water.poteng_mol =
      w.number("poteng_mol", p.water.poteng_mol,
               "apps: CPU of the intra-molecular potential energy per molecule, in force pairs", Range::non_negative());
  w.string("source", "", "where the numbers come from");
  w.finish();

  Fields s         = f.object("sor", "bench sor: red-black successive over-relaxation");
  p.sor.rows       = s.integer("rows", p.sor.rows, "rows (seed: M = 4096)", 2);
  p.sor.cols       = s.integer("cols", p.sor.cols, "columns (seed: N = 4096)", 1);
  p.sor.elem_bytes = s.quantity("elem_bytes", Unit::size, p.sor.elem_bytes, "bytes per element", Range::positive());
  p.sor.iterations = s.integer("iterations", p.sor.iterations, "iterations (seed: 400)", 1);
  p.sor.seq_time =
      s.quantity("seq_time", Unit::time, p.sor.seq_time, "sequential run time (seed: 98.1 s)", Range::positive());
  p.sor.layout =
      s.choice<SorLayout>("layout", p.sor.layout, {{"rows", SorLayout::rows}, {"apps", SorLayout::apps}},
                          "rows: one grid, bands of rows homed at their owner; apps: JIAJIA 2.1's apps/sor (separate "
                          "red and black matrices of rows+2 rows of cols+1 elements, a row per allocation homed at "
                          "row / ((rows+2) / nodes), bands of (rows+2) / nodes rows)");
  s.string("source", "", "where the numbers come from");
  s.finish();

  Fields mm       = f.object("mm", "bench mm: C = A x B, rows of A and C owned");
  p.mm.n          = mm.integer("n", p.mm.n, "matrix order (seed: 2048)", 1);
  p.mm.elem_bytes = mm.quantity("elem_bytes", Unit::size, p.mm.elem_bytes, "bytes per element", Range::positive());
  p.mm.seq_time =
      mm.quantity("seq_time", Unit::time, p.mm.seq_time, "sequential run time (seed: 39.7 s)", Range::positive());
  mm.string("source", "", "where the numbers come from");
  mm.finish();
  Fields r       = f.object("udp_rtt", "bench udp_rtt: UDPmon-style request-response between nodes 0 and 1");
  p.udp_rtt.size = r.quantity("size", Unit::size, p.udp_rtt.size, "bytes of the request", Range::non_negative());
  p.udp_rtt.response_size =
      r.quantity("response_size", Unit::size, p.udp_rtt.response_size, "bytes of the response", Range::non_negative());
  p.udp_rtt.round_trips = r.integer("round_trips", p.udp_rtt.round_trips, "round trips timed", 1);
  r.string("source", "", "where the numbers come from");
  r.finish();
  Fields am   = f.object("apps_mm", "bench apps_mm: JIAJIA 2.1's apps/mm (b transposed)");
  p.apps_mm.n = am.integer("n", p.apps_mm.n, "matrix order (apps/mm: 1024)", 1);
  p.apps_mm.elem_bytes =
      am.quantity("elem_bytes", Unit::size, p.apps_mm.elem_bytes, "bytes per element (float)", Range::positive());
  p.apps_mm.order =
      am.choice<MmOrder>("order", p.apps_mm.order, {{"middle", MmOrder::middle}, {"inner", MmOrder::inner}},
                         "middle: for j { for my rows i }; inner: for my rows i { for j }");
  p.apps_mm.alloc =
      am.choice<MmAlloc>("alloc", p.apps_mm.alloc, {{"alloc", MmAlloc::alloc}, {"alloc3", MmAlloc::alloc3}},
                         "alloc: each matrix by one jia_alloc (whole on one home, the next host each call); "
                         "alloc3: jia_alloc3(size, size/P, 0) (blocks of N/P rows to hosts 0..P-1)");
  p.apps_mm.flops_per_it =
      am.number("flops_per_it", p.apps_mm.flops_per_it,
                "flops of one k iteration (the host's speed is its rate on this loop)", Range::positive());
  p.apps_mm.bus_bytes_middle =
      am.quantity("bus_bytes_middle", Unit::size, p.apps_mm.bus_bytes_middle,
                  "middle order: bytes the cache misses of one k loop move over the memory bus (the CPU stalls while "
                  "they cross, sharing the bus with the machine's other CPUs); 0: no misses, no bus",
                  Range::non_negative());
  p.apps_mm.bus_bytes_inner = am.quantity("bus_bytes_inner", Unit::size, p.apps_mm.bus_bytes_inner,
                                          "inner order: as bus_bytes_middle", Range::non_negative());
  am.string("source", "", "where the numbers come from");
  am.finish();
  Fields jb     = f.object("jacobi", "bench jacobi: grid relaxation, a band of rows per process");
  p.jacobi.rows = jb.integer("rows", p.jacobi.rows, "grid rows", 2);
  p.jacobi.cols = jb.integer("cols", p.jacobi.cols, "grid columns", 1);
  p.jacobi.elem_bytes =
      jb.quantity("elem_bytes", Unit::size, p.jacobi.elem_bytes, "bytes per element", Range::positive());
  p.jacobi.iterations  = jb.integer("iterations", p.jacobi.iterations, "iterations", 1);
  p.jacobi.update_time = jb.quantity("update_time", Unit::time, p.jacobi.update_time,
                                     "CPU time of one element's new value", Range::positive());
  p.jacobi.copy_time   = jb.quantity("copy_time", Unit::time, p.jacobi.copy_time,
                                     "CPU time of copying one element into the grid", Range::non_negative());
  p.jacobi.seq_time    = parse_seq_time(jb);
  jb.string("source", "", "where the numbers come from");
  jb.finish();
  Fields qs                  = f.object("quicksort", "bench quicksort: subarrays from a shared queue");
  p.quicksort.n              = qs.integer("n", p.quicksort.n, "integers to sort", 2);
  p.quicksort.threshold      = qs.integer("threshold", p.quicksort.threshold, "bubble-sort below this length", 2);
  p.quicksort.seed           = qs.integer("seed", p.quicksort.seed, "the keys' generator", 0);
  p.quicksort.partition_time = qs.quantity("partition_time", Unit::time, p.quicksort.partition_time,
                                           "CPU time per element partitioned", Range::positive());
  p.quicksort.bubble_time    = qs.quantity("bubble_time", Unit::time, p.quicksort.bubble_time,
                                           "CPU time per bubble-sort comparison", Range::positive());
  p.quicksort.poll_time      = qs.quantity("poll_time", Unit::time, p.quicksort.poll_time,
                                           "pause before looking at an empty queue again", Range::positive());
  p.quicksort.seq_time       = parse_seq_time(qs);
  qs.string("source", "", "where the numbers come from");
  qs.finish();
  Fields ts        = f.object("tsp", "bench tsp: JIAJIA 2.1's apps/tsp, branch and bound from a shared priority queue");
  p.tsp.cities     = ts.integer("cities", p.tsp.cities, "cities", 3, 24);
  p.tsp.seed       = ts.integer("seed", p.tsp.seed, "the weight matrix's generator", 0);
  p.tsp.max_weight = ts.integer("max_weight", p.tsp.max_weight, "weights are random integers 1..max_weight", 1);
  p.tsp.nodes_from_end = ts.integer("nodes_from_end", p.tsp.nodes_from_end,
                                    "a tour this many cities short of complete is solved by one process", 0);
  p.tsp.node_time      = ts.quantity("node_time", Unit::time, p.tsp.node_time,
                                     "CPU time per visit_nodes() call and per calc_bound()", Range::positive());
  p.tsp.max_tour_size =
      ts.integer("max_tour_size", p.tsp.max_tour_size,
                 "tsp.h MAX_TOUR_SIZE (above cities; the tour bit set is 32 bits)", p.tsp.cities + 1, 32);
  p.tsp.max_tours = ts.integer("max_tours", p.tsp.max_tours, "tsp.h MAX_NUM_TOURS: tours in shared memory", 2);
  p.tsp.seq_time  = parse_seq_time(ts);
  ts.string("source", "", "where the numbers come from");
  ts.finish();
  Fields tm = f.object("treadmarks", "TreadMarks' lazy release consistency (system treadmarks)");
  p.treadmarks.request_timeout =
      tm.quantity("request_timeout", Unit::time, p.treadmarks.request_timeout,
                  "a page or diff request is sent again after this long without its response", Range::positive());
  p.treadmarks.sync_timeout =
      tm.quantity("sync_timeout", Unit::time, p.treadmarks.sync_timeout,
                  "a lock request or barrier arrival is sent again after this long", Range::positive());
  p.treadmarks.interval_bytes = tm.quantity("interval_bytes", Unit::size, p.treadmarks.interval_bytes,
                                            "an interval record's processor and index", Range::non_negative());
  p.treadmarks.vt_entry_bytes = tm.quantity("vt_entry_bytes", Unit::size, p.treadmarks.vt_entry_bytes,
                                            "one entry of a vector time", Range::non_negative());
  p.treadmarks.track_data =
      tm.boolean("track_data", p.treadmarks.track_data, "carry real page contents through twins and diffs (tests)");
  p.treadmarks.responses_wake =
      tm.boolean("responses_wake", p.treadmarks.responses_wake,
                 "a response (page, diffs, lock grant, barrier departure) is taken by its requester blocked in a "
                 "receive (costs rx_interrupt + wakeup) rather than by the SIGIO handler (sigio)");
  p.treadmarks.responses_via_handler =
      tm.boolean("responses_via_handler", p.treadmarks.responses_via_handler,
                 "responses_wake: the SIGIO handler reads the response and then wakes the requester (sigio + wakeup)");
  p.treadmarks.handler_drains = tm.boolean("handler_drains", p.treadmarks.handler_drains,
                                           "the SIGIO handler reads every message already waiting before it returns "
                                           "(SIGIO is not queued): one signal for a burst");
  tm.string("source", "", "where the numbers come from");
  tm.finish();
  Fields bs = f.object("basic", "bench basic: one basic operation timed as a program (roundtrips: no DSM)");
  p.basic.test =
      bs.choice<BasicTest>("test", p.basic.test,
                           {{"roundtrip", BasicTest::roundtrip},
                            {"roundtrip_signal", BasicTest::roundtrip_signal},
                            {"lock_manager_last", BasicTest::lock_manager_last},
                            {"lock_other", BasicTest::lock_other},
                            {"barrier", BasicTest::barrier},
                            {"page_fault", BasicTest::page_fault}},
                           "roundtrip(_signal): smallest request-response between nodes 0 and 1, received blocked "
                           "(or by a signal handler at both ends); lock_manager_last / lock_other: node 3 acquires a "
                           "free lock managed by node 1, last held by node 1 / node 2; barrier: all nodes; "
                           "page_fault: node 1 reads pages it never had (node 0 sends them)");
  p.basic.repetitions = bs.integer("repetitions", p.basic.repetitions, "operations timed (mean reported)", 1);
  p.basic.size =
      bs.quantity("size", Unit::size, p.basic.size, "roundtrips: bytes of the message", Range::non_negative());
  bs.string("source", "", "where the numbers come from");
  bs.finish();
  bool lock_test = p.basic.test == BasicTest::lock_manager_last || p.basic.test == BasicTest::lock_other;
  if (p.bench == Bench::basic && p.nodes < (lock_test ? 4 : 2))
    f.fail("nodes", "bench basic needs 2 nodes (the lock tests: 4)");
  if (p.bench == Bench::apps_mm && p.apps_mm.n % p.nodes != 0)
    am.fail("n", "apps/mm gives each process N/P rows: n must be a multiple of nodes = " + std::to_string(p.nodes));
  if (p.bench == Bench::udp_rtt && p.nodes < 2)
    f.fail("nodes", "bench udp_rtt needs 2 nodes");
  if (p.system.protocol == Protocol::none && p.nodes != 1)
    f.fail("nodes", "system " + p.system.name + " has protocol none (the program without a DSM): it runs on 1 node");
  f.finish();
  return p;
}

} // namespace cs::dsm
