#include "models/dsm/outputs.hpp"

namespace cs::dsm {

namespace {

std::vector<OutputDecl> run_metrics()
{
  return {
      {"bench", "text", "the benchmark program run (params.bench), or udp_rtt / basic for the round-trip runs"},
      {"system", "text", "the DSM system simulated (params.system)"},
      {"nodes", "1", "processes, one per node (params.nodes)"},
      {"page_size", "B", "the system's page size"},
      {"exec_time_s", "s", "from the first process's start to the last one's end"},
      {"size", "B", "udp_rtt: request size (params.udp_rtt.size)"},
      {"response_size", "B", "udp_rtt: response size (params.udp_rtt.response_size)"},
      {"rtt_us", "us", "udp_rtt: mean request-response round trip, x 10^6"},
      {"basic_us", "us", "basic: mean time of one timed basic operation (round trip, lock, page), x 10^6"},
      {"basic_timed", "1", "basic: operations timed"},
      {"tsp_min_tour_len", "1", "tsp: length of the shortest tour found"},
      {"tsp_tasks_solved", "1", "tsp: tasks taken from the shared pool and solved"},
      {"tsp_visit_nodes_calls", "1", "tsp: calls of the branch-and-bound search, all processes"},
  };
}

std::vector<OutputDecl> message_metrics()
{
  std::vector<OutputDecl> m{
      {"local_messages", "1", "messages a process handed itself (no datagram)"},
      {"messages", "1", "DSM messages sent, first transmissions, all types and nodes (sum of msgs_*)"},
      {"datagrams", "1", "UDP datagrams sent by the processes, re-sends and split pieces included"},
      {"datagrams_on_wire", "1", "datagrams the fabric carried"},
      {"frames", "1", "Ethernet frames sent (IP fragments)"},
      {"bytes_MB", "MB", "UDP payload sent, re-sends included, / 10^6"},
      {"lost_datagrams", "1", "lost_at_switch + lost_at_socket + lost_injected"},
      {"lost_at_switch", "1", "datagrams dropped at a switch: the egress port queue was full"},
      {"lost_at_socket", "1", "datagrams dropped at a host: its socket buffer was full"},
      {"lost_injected", "1", "datagrams dropped by the what-if injected loss"},
      {"errors", "1",
       "communication errors detected at all nodes (seed Table 1): errors_ack_timeout + errors_wrong_ack + "
       "errors_getpage_timeout"},
      {"errors_per_s", "1/s", "errors / exec_time_s"},
      {"errors_ack_timeout", "1", "ACK busy-waits that ended without an ACK"},
      {"errors_wrong_ack", "1", "ACK busy-waits ended by an ACK of another message"},
      {"errors_getpage_timeout", "1", "GETP sent again after the getpage timeout (omit_page_acks)"},
      {"errors_duplicate", "1", "deliveries of a message already handled (same as duplicates)"},
      {"errors_stale_grant", "1", "GETPGRANT arriving when no longer awaited (same as stale_grants)"},
      {"lost_per_s", "1/s", "lost_datagrams / exec_time_s"},
      {"resends", "1", "reliable messages sent again (after an ACK timeout or a wrong ACK)"},
      {"timeouts", "1", "ACK timeouts and getpage timeouts"},
      {"getpage_resends", "1", "GETP sent again after the getpage timeout"},
      {"duplicates", "1", "deliveries of a message already handled"},
      {"stale_grants", "1", "GETPGRANT arriving when no longer awaited"},
      {"gave_up", "1", "reliable messages never acknowledged after max_retries"},
      {"faults", "1", "page faults, all processes"},
      {"pages_fetched", "1", "pages fetched from their home, all processes"},
      {"diffs", "1", "pages diffed, all processes"},
      {"mean_ack_wait_s", "s", "time senders busy-waited for ACKs, summed over nodes, / nodes"},
      {"mean_page_wait_s", "s", "time the application waited for pages, summed over nodes, / nodes"},
      {"mean_sync_wait_s", "s", "time the application waited at locks and barriers, summed over nodes, / nodes"},
      {"peak_port_queue_KiB", "KiB",
       "most bytes an egress port had to send when a datagram came in (that datagram included), / 1024"},
      {"net_messages", "1", "LRC systems: datagrams sent (the TreadMarks study's messages)"},
      {"msgs_per_s", "1/s", "LRC systems: net_messages / exec_time_s"},
      {"kbytes_per_s", "KiB/s", "LRC systems: UDP payload bytes with the DSM header / 1024 / exec_time_s"},
      {"acquires", "1", "LRC systems: lock acquisitions by the program (local re-acquisitions included)"},
      {"locks_per_s", "1/s", "LRC systems: acquires / exec_time_s"},
      {"barriers", "1", "LRC systems: barriers entered, summed over processes, / processes"},
      {"barriers_per_s", "1/s", "LRC systems: barriers / exec_time_s"},
      {"remote_pages_per_proc", "1", "remote pages fetched (JIAJIA's statistics), summed over processes, / processes"},
      {"remote_pages_min_proc", "1", "fewest remote pages one process fetched"},
      {"remote_pages_max_proc", "1", "most remote pages one process fetched"},
      {"peak_remote_mapped", "1", "most remote pages one process held mapped at once"},
      {"cache_pages", "1", "the system's remote-page cache size in pages"},
      {"timeline_span_ms", "ms", "trace_barrier: the traced interval's length, x 10^3"},
  };
  // One counter per message type, named by the type (transport.cpp, op_name).
  for (const char* op : {"GETP", "GETPGRANT", "DIFF", "DIFFGRANT", "BARR", "BARRGRANT", "ACQ", "ACQGRANT", "WAIT",
                         "WAITGRANT", "INV", "WTNT", "REL", "ACK"})
    m.push_back({std::string("msgs_") + op, "1", std::string("messages of type ") + op + " sent, first transmissions"});
  return m;
}

std::vector<TableDecl> tables()
{
  return {
      {"nodes",
       "one row per node: its transport's counters",
       {{"node", "1", "the node"},
        {"messages", "1", "messages it sent, first transmissions"},
        {"datagrams", "1", "datagrams it sent, re-sends included"},
        {"bytes", "B", "UDP payload it sent, re-sends included"},
        {"resends", "1", "reliable messages it sent again"},
        {"timeouts", "1", "its ACK and getpage timeouts"},
        {"wrong_acks", "1", "its ACK waits ended by another message's ACK"},
        {"duplicates", "1", "deliveries of a message it had handled"},
        {"errors", "1", "errors it detected: ACK timeouts + wrong ACKs + getpage re-sends"},
        {"socket_drops", "1", "datagrams its two sockets dropped (buffer full)"},
        {"port_drops", "1", "datagrams to it dropped at a switch port"},
        {"faults", "1", "its page faults"},
        {"pages_fetched", "1", "pages it fetched"},
        {"diffs", "1", "pages it diffed"},
        {"ack_wait_s", "s", "time it busy-waited for ACKs"},
        {"page_wait_s", "s", "time its application waited for pages"},
        {"sync_wait_s", "s", "time its application waited at locks and barriers"}}},
      {"node_messages",
       "one row per node and message type it sent or received",
       {{"node", "1", "the node"},
        {"type", "text", "the message type (GETP, DIFF, ACK...)"},
        {"sent", "1", "messages of the type it sent, first transmissions"},
        {"received", "1", "datagrams of the type it received, duplicates included"}}},
      {"node_stats",
       "one row per process: JIAJIA's statistics and its remote-page cache",
       {{"node", "1", "the process"},
        {"remote_fetches", "1", "remote pages it fetched"},
        {"cache_replaced_clean", "1", "clean pages its cache evicted"},
        {"cache_replaced_dirty", "1", "dirty pages its cache evicted (written home first)"},
        {"peak_remote_mapped", "1", "most remote pages it held mapped at once"},
        {"start_s", "s", "its program's start"},
        {"end_s", "s", "its program's end"}}},
      {"timeline",
       "trace_barrier: one row per datagram or error in the traced interval",
       {{"start_ms", "ms", "its start, from the interval's start"},
        {"end_ms", "ms", "its end, from the interval's start"},
        {"node", "1", "the node sending or detecting it"},
        {"peer", "1", "the other node"},
        {"kind", "text", "msg, ack or duplicate (a datagram); ack_timeout, wrong_ack or getpage_timeout (an error)"},
        {"op", "text", "the message type"}}},
  };
}

} // namespace

const ModelDecl& decl()
{
  static const ModelDecl d{
      [] {
        auto m = run_metrics();
        for (auto& x : message_metrics())
          m.push_back(x);
        return m;
      }(),
      tables(),
      {// Processes compute at their host's speed, copy and diff pages at the OS costs (memory bandwidth), and send
       // datagrams through the UDP fabric: the switch's ports, backplane, topology and QoS queues, and the links.
       // memory_bw and reference: hosts' hardware rates, which its costs scale with once hosts carry them.
       "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/memory_bw", "/hosts/*/reference", "/switches/*/port",
       "/switches/*/backplane", "/switches/*/qos", "/links", "/os_profiles/*/costs"},
      {// What-ifs that replace the platform's figure when non-zero (params.cpp).
       {"/switches/*/qos/port_buffer", "/port_buffer", 0},
       {"/os_profiles/*/costs/udp_rcvbuf_size", "/socket_rcvbuf", 0}}};
  return d;
}

} // namespace cs::dsm
