#include "models/msglog/outputs.hpp"

namespace cs::msglog {

namespace {

std::vector<OutputDecl> metrics()
{
  return {
      {"bench", "text", "the NAS benchmark run, disk (the disk test) or trace (a replayed trace) (params.bench)"},
      {"scheme", "text", "base (no logging), buffering (pages recycled, never written) or logging (params.scheme)"},
      {"pages", "1", "log buffer pages per rank (params.pages); 0 for the base scheme"},
      {"exec_time_s", "s", "the latest rank's end: the program's execution time"},
      {"pages_filled", "1", "log pages sealed (full, the next message did not fit, or the final flush), all ranks"},
      {"waits", "1", "seals that found no free page, so the sender stopped (the seed's \"buffer full\"), all ranks"},
      {"sync_writes", "1", "page writes submitted synchronously (more than sync_depth outstanding), all ranks"},
      {"buffer_full_opportunities", "1",
       "seals that could have found every page outstanding: pages_filled - ranks x (pages - 1) (logging only, else 0)"},
      {"buffer_full_rate", "1", "waits / buffer_full_opportunities (seed Table 2's stop rate; 0 with no opportunity)"},
      {"buffer_full_per_page", "1", "waits / pages_filled: stops per sealed page (0 when no page was sealed)"},
      {"mean_wait_time_s", "s", "time ranks stood stopped for a free page, summed over ranks, divided by the ranks"},
      {"mean_copy_time_s", "s",
       "CPU time of the log copies (bytes / log_copy_bw) and per-record bookkeeping (log_record), summed over ranks, "
       "divided by the ranks"},
      {"msgs_logged_min", "1", "fewest messages one rank logged"},
      {"msgs_logged_max", "1", "most messages one rank logged"},
      {"volume_min_MiB", "MiB", "smallest volume one rank logged (message bytes / 2^20)"},
      {"volume_max_MiB", "MiB", "largest volume one rank logged (message bytes / 2^20)"},
      {"simulated_transfers", "1", "transfers the ranks sent, all ranks (a batch of lu planes counts once)"},
      {"disk_written_MiB", "MiB", "bytes the log pwrites wrote, all nodes' disks (/ 2^20); logging only"},
      {"disk_requests", "1", "disk requests (pwrites cut at the disk model's request_size), all disks"},
      {"disk_requests_buffer_full", "1", "requests that found the disk's write-back buffer full and waited"},
      {"disk_mean_page_write_s", "s",
       "time the pwrites spent in the disk (transfer and waits), summed, divided by the pwrites that carried data"},
      {"disk_effective_write_MBps", "MB/s",
       "disk_written bytes / the summed time pwrites spent in the disk, / 10^6: the rate one pwrite saw (0 without "
       "pwrites)"},
      {"aio_max_queued", "1", "most page writes queued at once on one rank's AIO file"},
      {"crashes", "1", "rank crashes simulated (params.recovery)"},
      {"checkpoints", "1", "checkpoints the ranks wrote"},
      {"checkpoint_time_s", "s", "time ranks spent writing checkpoints, summed"},
      {"lost_work_s", "s", "from the last checkpoint to the crash, summed over crashes"},
      {"restart_time_s", "s", "from a crash to the restarted process having read its checkpoint, summed over crashes"},
      {"recovery_time_s", "s",
       "from a crash to the restarted rank being back where it crashed (checkpoint read and log replay), summed"},
      {"replayed_messages", "1", "logged messages the senders replayed to restarted ranks"},
      {"replayed_MiB", "MiB", "bytes of those replayed messages / 2^20"},
      {"recovery_digest_mismatches", "1",
       "recoveries whose restarted rank, back where it crashed, had a receive digest other than the one it had at the "
       "crash (0 when replay is exact: the re-executed receives took the same messages in the same order)"},
      {"recv_digests", "text",
       "per rank, a hash of the messages it received in order (the same with and without crashes when replay is "
       "exact)"},
  };
}

std::vector<TableDecl> tables()
{
  return {
      {"ranks",
       "one row per rank",
       {{"rank", "1", "the rank"},
        {"node", "1", "its node: rank / ranks_per_node"},
        {"end_s", "s", "when the rank ended its program"},
        {"msgs_logged", "1", "messages it logged"},
        {"volume_MiB", "MiB", "bytes it logged / 2^20"},
        {"pages_filled", "1", "log pages it sealed"},
        {"waits", "1", "seals that found no free page (stops)"},
        {"sync_writes", "1", "page writes it submitted synchronously"},
        {"wait_s", "s", "time it stood stopped for a free page"},
        {"copy_s", "s", "CPU time of its log copies and per-record bookkeeping"},
        {"sends", "1",
         "transfers it sent to other ranks, collective-internal ones included (messages to itself, local copies, not "
         "counted; a re-executed send that its receiver already had is not sent)"},
        {"sent_bytes", "B", "bytes of those transfers"},
        {"recvs", "1", "transfers it received from other ranks, collective-internal and replayed ones included"},
        {"recv_bytes", "B", "bytes of those transfers"},
        {"peers", "1", "other ranks it sent to or received from"}}},
      {"recovery",
       "one row per rank, with crashes simulated",
       {{"rank", "1", "the rank"},
        {"crashes", "1", "how often it crashed"},
        {"recv_digest", "text", "hash of the messages it received, in order"}}},
  };
}

} // namespace

const ModelDecl& decl()
{
  static const ModelDecl d{
      metrics(),
      tables(),
      {// Ranks compute at their host's speed, send through the switches and links, copy into the log at the OS
       // costs, write pages and checkpoints to the node's disk (its write bandwidth and write-back model) and read
       // checkpoints back at recovery.
       // memory_bw and reference: hosts' hardware rates, which its costs scale with once hosts carry them.
       "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/memory_bw", "/hosts/*/reference", "/switches/*/port",
       "/switches/*/backplane", "/links", "/os_profiles/*/costs", "/hosts/*/disks/*/write_bw",
       "/hosts/*/disks/*/read_bw", "/hosts/*/disks/*/model"},
      {// params.disk_what_if replaces the platform's disk model field by field (params.cpp, Run::disk_model).
       {"/hosts/*/disks/*/write_bw", "/disk_what_if/platter_bw", 0},
       {"/hosts/*/disks/*/model/interface_bw", "/disk_what_if/interface_bw", 0},
       {"/hosts/*/disks/*/model/cache_size", "/disk_what_if/cache_size", 0},
       {"/hosts/*/disks/*/model/write_cache", "/disk_what_if/write_cache", "platform"}}};
  return d;
}

} // namespace cs::msglog
