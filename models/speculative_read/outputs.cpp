#include "models/speculative_read/outputs.hpp"

namespace cs::speculative_read {

const ModelDecl& decl()
{
  static const ModelDecl d{
      {
          {"method", "text", "NR (no speculation), FR (fork checkpoints) or TR (thread checkpoints): params.method"},
          {"total_time_s", "s", "the timed loop, from its start to the end of the last iteration"},
          {"read_time_s", "s",
           "total_time_s - iterations x local_process: the loop time beyond the nominal local processing (seed Graph "
           "4.2; writes included in case 2)"},
          {"read_time_per_op_s", "s", "read_time_s / iterations"},
          {"remote_checks", "1", "version checks sent to the Data Server"},
          {"remote_reads", "1", "remote reads of the data (the untimed initial read not counted)"},
          {"remote_writes", "1", "remote writes"},
          {"connections", "1", "TCP connections opened (connect_per_op: one per request)"},
          {"mean_check_time_s", "s", "time of the version checks, summed, / remote_checks (0 if none)"},
          {"mean_remote_read_time_s", "s", "time of the remote reads, summed, / the reads, initial read included"},
          {"write_time_s", "s", "time of the remote writes, summed"},
          {"checkpoints", "1", "fork or thread checkpoints taken at remote reads"},
          {"speculation_wins", "1", "speculations the verdict confirmed (the optimistic branch went on)"},
          {"rollbacks", "1", "speculations the verdict refused (optimistic branch killed, remote read done)"},
          {"waits_at_next_checkpoint", "1",
           "times the optimistic branch reached its next checkpoint before the previous verdict and waited"},
          {"wait_time_s", "s", "time of those waits, summed"},
          {"checkpoint_time_s", "s", "time taking checkpoints (fork or thread create and hand-off), summed"},
          {"mean_checkpoint_time_s", "s", "checkpoint_time_s / checkpoints (0 if none)"},
      },
      {{"iterations",
        "one row per iteration of the timed loop",
        {{"iteration", "1", "its number, from 0"},
         {"write", "1", "1 if it wrote remotely first, else 0"},
         {"outcome", "text", "cache_hit, remote_read, speculation_won or rolled_back"},
         {"end_s", "s", "its end, from the loop's start"},
         {"iteration_time_s", "s", "its end minus the previous iteration's end"},
         {"overhead_s", "s", "iteration_time_s - local_process"}}}},
      {// The local program computes at its host's speed, forks or creates threads at the OS costs, and reads from the
       // Data Server through the switch and links.
       // memory_bw and reference: hosts' hardware rates, which its costs scale with once hosts carry them.
       "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/memory_bw", "/hosts/*/reference", "/switches/*/port",
       "/switches/*/backplane", "/links", "/os_profiles/*/costs"},
      {}};
  return d;
}

} // namespace cs::speculative_read
