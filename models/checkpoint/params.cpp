#include "models/checkpoint/params.hpp"
#include "sim/run/no_sequential.hpp"

namespace cs::checkpoint {

namespace {
/** The most nodes of a run: the platform's group may be generated to any size (docs/scenarios.md); the seed ran 4. */
constexpr long max_nodes = 16384;

/** params.workload and params.trace. */
void read_workload(Fields& f, Params& p)
{
  p.workload =
      f.choice<Workload>("workload", p.workload, {{"skeleton", Workload::skeleton}, {"trace", Workload::trace}},
                         "experiment checkpoint: skeleton: the application skeleton of params.app, one thread "
                         "per node; trace: an MPI program's SimGrid time-independent trace (params.trace), "
                         "one thread per rank");
  Fields t      = f.object("trace", "workload trace: the MPI program's trace (docs/models/checkpoint.md)");
  p.trace.index = t.string("index", p.trace.index,
                           "the trace's index file (smpirun -trace-ti: one rank's file a line), beside the scenario");
  p.trace.rank_bytes =
      t.quantity("rank_bytes", Unit::size, p.trace.rank_bytes,
                 "bytes a rank's checkpoint saves (its process image; the trace does not say)", Range::non_negative());
  p.trace.eager_bytes = t.quantity("eager_bytes", Unit::size, p.trace.eager_bytes,
                                   "sends of fewer bytes complete without waiting for their receive (SMPI's default "
                                   "smpi/send-is-detached-thresh, 65536 B, which the traced run had unless set)",
                                   Range::non_negative());
  t.string("source", "", "where the numbers come from");
  t.finish();
}

/** What a trace workload cannot take: the skeleton's application, increments, node changes. */
void check_workload(Fields& f, const Params& p)
{
  if (p.workload == Workload::skeleton) {
    if (f.has("trace"))
      f.fail("trace", "a trace is replayed only with \"workload\": \"trace\"");
    return;
  }
  if (p.experiment != Experiment::checkpoint)
    f.fail("workload", "a trace workload runs in experiment \"checkpoint\"");
  if (p.trace.index.empty())
    f.fail("trace", "workload trace needs trace.index, the trace's index file");
  if (f.has("app"))
    f.fail("app", "app describes the skeleton workload; a trace workload takes its program from params.trace");
  if (p.incremental)
    f.fail("incremental", "a trace says which bytes a rank modifies no more than its image size: no increments");
  if (p.remove_at >= 0 || p.add_at >= 0)
    f.fail("membership", "nodes are removed or added at the skeleton's barriers only, not in a trace workload");
}
} // namespace

Params Params::from(Fields& f)
{
  refuse_seq_time(f, "checkpoint",
                  "its compute is each node's own thread's CPU time over the run (params.app.compute), not one program "
                  "divided among the nodes, so a one-node run is not the program run sequentially: give compute itself "
                  "(docs/models/checkpoint.md)");
  Params p;
  p.experiment = f.choice<Experiment>(
      "experiment", p.experiment, {{"migration", Experiment::migration}, {"checkpoint", Experiment::checkpoint}},
      "migration: the seed's 1000 back-to-back MigrateMe() round trips between two nodes; "
      "checkpoint: an application skeleton with coordinated checkpoints at barriers");
  p.node_a        = f.string("from", p.node_a, "node the migrating thread starts on");
  p.node_b        = f.string("to", p.node_b, "node it migrates to and back from");
  p.round_trips   = f.integer("round_trips", p.round_trips, "iterations of two migrations each (seed: 1000)", 1);
  p.stack_bytes   = f.quantity("stack_bytes", Unit::size, p.stack_bytes,
                               "committed stack of the thread (seed Table 1: 4 KB)", Range::non_negative());
  p.context_bytes = f.quantity("context_bytes", Unit::size, p.context_bytes,
                               "thread context shipped (Win32 CONTEXT on x86: 716 B)", Range::non_negative());
  p.tls_bytes     = f.quantity("tls_bytes", Unit::size, p.tls_bytes, "user part of the Thread Local Storage shipped",
                               Range::non_negative());
  p.header_bytes =
      f.quantity("header_bytes", Unit::size, p.header_bytes, "Brazos message header", Range::non_negative());
  p.ack_bytes    = f.quantity("ack_bytes", Unit::size, p.ack_bytes, "acknowledgement message", Range::non_negative());
  Fields a       = f.object("app", "experiment checkpoint: the application skeleton");
  p.app.name     = a.string("name", p.app.name, "application name (reported)");
  p.app.barriers = a.integer("barriers", p.app.barriers, "barriers of the whole run", 1);
  p.app.compute =
      a.quantity("compute", Unit::time, p.app.compute, "CPU time of one thread over the run", Range::non_negative());
  p.app.shared_bytes =
      a.quantity("shared_bytes", Unit::size, p.app.shared_bytes, "shared-memory footprint", Range::non_negative());
  p.app.writes = a.choice<Writes>("writes", p.app.writes, {{"all", Writes::all}, {"own", Writes::own}},
                                  "all: every node modifies every shared page; own: each node its 1/nodes share");
  p.app.stack_bytes =
      a.quantity("stack_bytes", Unit::size, p.app.stack_bytes, "committed stack of the thread", Range::non_negative());
  p.app.dirty_per_barrier =
      a.number("dirty_per_barrier", p.app.dirty_per_barrier,
               "fraction of a node's pages modified between two barriers (1: all of them)", Range::unit_interval());
  p.app.process_bytes = a.quantity("process_bytes", Unit::size, p.app.process_bytes,
                                   "resident size of a node's process without the twins (seed 3.5: Water 45 MB, "
                                   "SOR 163 MB); 0: no memory pressure",
                                   Range::non_negative());
  a.string("source", "", "where the numbers come from");
  a.finish();
  read_workload(f, p);
  p.nodes    = f.integer("nodes", p.nodes,
                         "nodes, one user thread each (seed: 4); workload trace: the ranks are placed round-robin on them "
                            "(rank r on node r mod nodes)",
                         1, max_nodes);
  p.interval = f.quantity("interval", Unit::time, p.interval,
                          "checkpoint at the first barrier after this long since the last one (0: never)",
                          Range::non_negative());
  p.requests =
      f.quantity_list("requests", Unit::time, p.requests,
                      "times at which a checkpoint is requested (taken at the next barrier)", Range::non_negative());
  p.twins       = f.boolean("twins", p.twins, "save each modified page with its twin");
  p.copy_to_nfs = f.boolean("copy_to_nfs", p.copy_to_nfs, "copy checkpoint files to the network file system");
  p.file_server = f.string("file_server", p.file_server, "host of the network file system");
  p.storage     = f.choice<Storage>(
      "storage", p.storage, {{"server", Storage::server}, {"local", Storage::local}, {"parallel", Storage::parallel}},
      "where checkpoint files go after the local write: server: copied to the one file server (seed 3.3); local: "
          "kept on the node's disk (recovered only while every node that wrote one is up or comes back, see "
          "failures.recovery: replacement); parallel: copied to one of pfs_servers file servers, each serving a "
          "contiguous group of nodes");
  p.pfs_servers    = f.integer("pfs_servers", p.pfs_servers,
                               "storage parallel: file servers of the parallel file system (the platform's group "
                                  "pfs_group, generated to this size)",
                               1, max_nodes);
  p.pfs_group      = f.string("pfs_group", p.pfs_group, "storage parallel: the platform's host group of its servers");
  p.copy_chunk     = f.quantity("copy_chunk", Unit::size, p.copy_chunk,
                                "bytes per transfer of a file copy to or from the file server (model granularity: "
                                    "results move by under 1% from 1 to 16 MiB)",
                                Range::positive());
  p.read_ahead     = f.quantity("read_ahead", Unit::size, p.read_ahead,
                                "unit in which the file server reads a file being read back ahead of the network "
                                    "(assumed: NT's cache manager reads sequential files ahead 64 KB at a time)",
                                Range::positive());
  p.wire_ratio     = f.number("wire_ratio", p.wire_ratio,
                              "Ethernet bytes per byte of a file copied to or read from the file server (TCP over a "
                                  "1500-byte MTU: 1460 B of data in 1538 B of frame, preamble and gap)",
                              Range::at_least(1));
  p.incremental    = f.boolean("incremental", p.incremental,
                               "incremental checkpoints: only the pages modified since the previous one");
  Fields r         = f.object("failures", "failures and recovery (seed 3.4)");
  p.heartbeat_host = r.string("heartbeat_host", p.heartbeat_host, "designated node sending the heartbeats");
  p.heartbeat = r.quantity("heartbeat", Unit::time, p.heartbeat, "heartbeat period (seed: 10 s)", Range::positive());
  p.fail_at   = r.quantity("fail_at", Unit::time, p.fail_at, "time of one scheduled failure (negative: none)");
  p.fail_node = r.integer("fail_node", p.fail_node, "node (1-based) that fails at fail_at", 1, max_nodes);
  p.mtbf =
      r.quantity("mtbf", Unit::time, p.mtbf, "mean time between failures of one node (0: none)", Range::non_negative());
  p.recovery = r.choice<RecoveryMode>(
      "recovery", p.recovery, {{"survivors", RecoveryMode::survivors}, {"replacement", RecoveryMode::replacement}},
      "survivors: the dead node's threads go round-robin to the others; replacement: a new node "
      "takes its place");
  p.replace_delay = r.quantity("replace_delay", Unit::time, p.replace_delay,
                               "replacement: time until the new node is up", Range::non_negative());
  p.restart_init  = r.quantity("restart_init", Unit::time, p.restart_init,
                               "runtime system initialisation of a restart and the user program's start, before it "
                                "allocates its shared memory (seed 3.5: Water's 17 s, less its 2.6 MB region)",
                               Range::non_negative());
  p.page_bytes    = r.quantity("page_bytes", Unit::size, p.page_bytes,
                               "page of the shared region: a restart's allocation commits, protects and zero-fills "
                                  "each one (seed 2.1: x86 pages of 4 KB)",
                               Range::positive());
  p.data_recovery_fixed =
      r.quantity("data_recovery_fixed", Unit::time, p.data_recovery_fixed,
                 "per restart, beside streaming and copying the checkpoint files: opening them on the file server "
                 "and rebuilding the runtime's page and thread state",
                 Range::non_negative());
  r.string("source", "", "where the numbers come from");
  r.finish();
  if (p.fail_node > p.nodes)
    r.fail("fail_node",
           "node " + std::to_string(p.fail_node) + " is not one of the " + std::to_string(p.nodes) + " nodes");
  Fields m      = f.object("membership", "node removal and addition by migration (seed section 4)");
  p.remove_at   = m.quantity("remove_at", Unit::time, p.remove_at,
                             "remove a node at the first barrier after this time (negative: never)");
  p.remove_node = m.integer("remove_node", p.remove_node, "node (1-based) to remove", 1, max_nodes);
  p.add_at      = m.quantity("add_at", Unit::time, p.add_at,
                             "start a new node's runtime at this time; it joins at the next barrier (negative: never)");
  p.add_node    = m.integer("add_node", p.add_node, "node (1-based) of the platform that joins", 1, max_nodes);
  m.finish();
  if (p.remove_at >= 0 && p.remove_node > p.nodes)
    m.fail("remove_node",
           "node " + std::to_string(p.remove_node) + " is not one of the " + std::to_string(p.nodes) + " nodes");
  if (p.add_at >= 0 && p.add_node <= p.nodes && not(p.remove_at >= 0 && p.add_node == p.remove_node))
    m.fail("add_node", "node " + std::to_string(p.add_node) + " already runs the application");
  f.finish();
  check_workload(f, p);
  if (p.node_a == p.node_b)
    f.fail("to", "the thread must migrate between two different nodes");
  return p;
}

} // namespace cs::checkpoint
