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
      {"app", "text", "the application run (params.app.name)"},
      {"finished", "bool", "whether every thread finished the application"},
      {"exec_time_s", "s", "until the last thread finished"},
      {"exec_time_min", "min", "exec_time_s / 60"},
      {"checkpoints", "1", "checkpoints begun (at a barrier, interval after the last)"},
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

} // namespace

const ModelDecl& decl()
{
  static const ModelDecl d{
      [] {
        auto m = migration_metrics();
        for (auto& c : checkpoint_metrics())
          m.push_back(c);
        return m;
      }(),
      {},
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
