#include "models/checkpoint/outputs.hpp"

namespace cs::checkpoint {

namespace {

std::vector<OutputDecl> migration_metrics()
{
  return {
      {"migrations", "1", "thread migrations: 2 x params.round_trips (there and back)"},
      {"acks", "1", "acknowledgements the migration agents received, both nodes"},
      {"final_host", "text", "the host the migrated thread ended on"},
      {"migration_time_ms", "ms", "the user thread's elapsed time / migrations, x 10^3: one migration"},
      {"win32_calls_ms", "ms",
       "the Win32 calls of one migration from the OS costs: SuspendThread + GetThreadContext + 2 VirtualQuery + "
       "SetThreadContext + ResumeThread, x 10^3"},
      {"network_copy_sync_ms", "ms", "migration_time_ms - win32_calls_ms: the network copy and synchronisation"},
  };
}

std::vector<OutputDecl> checkpoint_metrics()
{
  return {
      {"app", "text", "the application run (params.app.name; workload trace: params.trace.index)"},
      {"finished", "bool", "whether every thread finished the application"},
      {"exec_time_s", "s", "until the last thread finished"},
      {"exec_time_min", "min", "exec_time_s / 60"},
      {"checkpoints", "1", "checkpoints begun (at a barrier or a trace's checkpoint point, interval after the last)"},
      {"checkpoints_complete", "1", "checkpoints whose every copy reached the file server"},
      {"ckpt_file_MB", "MB", "checkpoint file bytes summed over the files written, / files, / 10^6"},
      {"ckpt_time_s", "s",
       "per checkpoint, grant to the slowest node's local file written (the application's stall), mean over "
       "checkpoints"},
      {"nfs_copy_time_s", "s", "per complete checkpoint, grant to the last copy on the file server, mean"},
      {"failures", "1", "node failures that happened"},
      {"recoveries", "1", "recoveries from a failure"},
      {"detection_s", "s", "failure to its detection (a heartbeat unanswered), mean over recoveries"},
      {"recovery_s", "s",
       "detection to the threads running again (initialisation and data recovery), mean over recoveries"},
      {"data_recovery_s", "s", "reading the checkpoint files back, mean over recoveries"},
      {"paged_out_MB", "MB",
       "working set trimmed to the pagefile while a checkpoint file was written, summed over files, / files, / 10^6"},
      {"page_in_s", "s", "faulting the trimmed pages back in, summed over files, / files"},
      {"lost_work_s", "s", "failure time minus the time of the checkpoint restarted from, summed over failures"},
      {"membership_changes", "1", "nodes removed or added (seed section 4)"},
      {"nodes_in_use", "1", "nodes running threads in the last incarnation"},
      {"membership_time_s", "s",
       "barrier to the threads running again on the new set of nodes, summed, / membership_changes (0 if none)"},
  };
}

std::vector<OutputDecl> trace_metrics()
{
  return {
      {"ranks", "1", "workload trace: MPI ranks of the trace (one user thread each)"},
      {"checkpoint_points", "1",
       "workload trace: global collectives after which no message is in flight, where a checkpoint may be taken"},
      {"global_collectives", "1", "workload trace: collectives no rank leaves before every rank entered"},
      {"messages", "1",
       "workload trace: messages sent, point-to-point and inside collectives, summed over ranks, re-executions "
       "included"},
      {"message_MB", "MB", "workload trace: bytes of those messages / 10^6"},
      {"compute_Gflop", "Gflop", "workload trace: flops computed, summed over ranks, re-executions included / 10^9"},
      {"reexecuted_steps", "1", "workload trace: trace steps run again after rollbacks, summed over ranks"},
      {"reexecuted_messages", "1", "workload trace: messages sent again after rollbacks, summed over ranks"},
      {"reexecuted_Gflop", "Gflop", "workload trace: flops computed again after rollbacks, summed over ranks / 10^9"},
  };
}

TableDecl ranks_table()
{
  return {"ranks",
          "workload trace: one row per MPI rank, what it did over the run (re-executions after rollbacks included)",
          {
              {"rank", "1", "the rank (0-based, as in the trace)"},
              {"node", "text", "the host it ran on in the last incarnation"},
              {"flops", "flop", "flops computed"},
              {"p2p_messages", "1", "point-to-point messages sent (send, isend)"},
              {"p2p_bytes", "B", "their bytes (count x datatype size)"},
              {"coll_messages", "1", "messages sent inside its collectives (their decomposition)"},
              {"coll_bytes", "B", "their bytes"},
              {"received_messages", "1", "messages received, both kinds"},
              {"received_bytes", "B", "their bytes"},
              {"reexecuted_steps", "1", "trace steps run again after rollbacks"},
              {"reexecuted_messages", "1", "messages sent again after rollbacks"},
              {"reexecuted_bytes", "B", "their bytes"},
              {"reexecuted_flops", "flop", "flops computed again after rollbacks"},
          }};
}

} // namespace

const ModelDecl& decl()
{
  static const ModelDecl d{
      [] {
        auto m = migration_metrics();
        for (auto& c : checkpoint_metrics())
          m.push_back(c);
        for (auto& c : trace_metrics())
          m.push_back(c);
        return m;
      }(),
      {ranks_table()},
      {// Threads compute at their host's speed, migrate and copy files through the switches and
       // links, checkpoint to the nodes' and the file server's disks and read them back, at the
       // NT costs of the OS profile (host speed and disks: read once node costs scale with them).
       // memory_bw and reference: hosts' hardware rates, which its costs scale with once hosts carry them.
       "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/memory_bw", "/hosts/*/reference", "/switches/*/port",
       "/switches/*/backplane", "/links", "/os_profiles/*/costs", "/hosts/*/disks/*/write_bw",
       "/hosts/*/disks/*/read_bw", "/hosts/*/disks/*/model"},
      {}};
  return d;
}

} // namespace cs::checkpoint
