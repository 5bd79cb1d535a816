/* What the QoS profile of appendix B can cost JavaParty's own traffic at the head's egress port, where the workers'
 * results converge: the packet-level port (models/common/net/egress_port.hpp) with the profile off (one FIFO of the
 * whole port buffer) and on (queue-set 2 of the platform: JavaParty's DSCP 40 in the expedite queue 1 with its
 * share of the buffer), and on with the text's reading of the split (15% of the buffer to queue 1, 65% to queue 2,
 * 10% each to the others: seed 001 VI.B.3). Each of `senders` workers sends one result of `chunk_rows` rows
 * (2000 B each + 200 B of RMI framing) as TCP sends it after an idle spell (rounds of 3, 6, 12... segments,
 * back to back at the sender's line rate, a round trip apart), all starting at the same instant (the worst case);
 * `burst` sends every segment at once instead (an upper bound). With `blast` a line-rate D-ITG blast (1466-B frames,
 * DSCP 0 -> queue 2) keeps the port full. Prints JavaParty's frames dropped and the longest wait of one of its
 * frames, and the smallest port buffer at which any of its frames is dropped.
 *   usage: bench_qos_fanin_probe SENDERS CHUNK_ROWS BURST(0/1) BLAST(0/1) */
#include "models/common/net/egress_port.hpp"
#include "models/common/net/traffic.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Outcome {
  long offered = 0, dropped = 0;
  double max_wait = 0;
};

cs::net::QueueSet queue_set_of(const cs::json& js)
{
  cs::net::QueueSet qs;
  for (size_t q = 0; q < cs::net::kQueues; ++q) {
    qs.buffers[q]    = js["buffers"][q].get<double>();
    qs.threshold1[q] = js["threshold1"][q].get<double>();
    qs.threshold2[q] = js["threshold2"][q].get<double>();
    qs.reserved[q]   = js["reserved"][q].get<double>();
    qs.maximum[q]    = js["maximum"][q].get<double>();
  }
  return qs;
}

// The arrival times of every JavaParty frame at the port: TCP's rounds after idle, senders side by side.
std::vector<std::pair<double, double>> fan_in(int senders, int rows, bool burst)
{
  const double line = 125e6, mss = 1448, header = 1538 - 1448, rtt = 100e-6;
  std::vector<std::pair<double, double>> frames; // (arrival, wire bytes)
  double payload = rows * 2000.0 + 200;
  for (int s = 0; s < senders; ++s) {
    double left = payload, t = 0;
    for (int window = 3; left > 0; window *= 2) {
      int n     = burst ? 1 << 20 : window;
      double at = t;
      for (int k = 0; k < n && left > 0; ++k) {
        double seg = std::min(mss, left);
        left -= seg;
        at += (seg + header) / line;
        frames.push_back({at, seg + header});
      }
      t = at + rtt;
    }
  }
  std::sort(frames.begin(), frames.end());
  return frames;
}

Outcome run(double buffer, const cs::net::QueueSet* qs, const cs::net::PortScheduler* sched, bool blast,
            const std::vector<std::pair<double, double>>& jp)
{
  const double line = 125e6, blast_frame = cs::net::udp_frame_on_wire(1400);
  cs::net::PacketPort port(line, buffer, 1538, qs, sched);
  Outcome out;
  double t = -0.05, next_blast = t;
  if (blast) // the blast fills its queue long before JavaParty's results arrive
    for (; next_blast < 0; next_blast += blast_frame / line)
      port.arrive(next_blast, blast_frame, 1);
  for (auto [at, size] : jp) {
    while (blast && next_blast <= at) {
      port.arrive(next_blast, blast_frame, 1);
      next_blast += blast_frame / line;
    }
    port.advance(at);
    const auto& st = port.stats(0);
    double ahead   = qs ? st.offered_bytes - st.sent_bytes - st.dropped_bytes : port.occupancy();
    out.offered++;
    if (not port.arrive(at, size, 0))
      out.dropped++;
    else
      out.max_wait = std::max(out.max_wait, ahead / line);
  }
  return out;
}

} // namespace

int main(int argc, char** argv)
{
  if (argc != 5) {
    std::fprintf(stderr, "usage: bench_qos_fanin_probe SENDERS CHUNK_ROWS BURST(0/1) BLAST(0/1)\n");
    return 2;
  }
  const int senders = std::atoi(argv[1]), rows = std::atoi(argv[2]);
  const bool burst = std::atoi(argv[3]) != 0, blast = std::atoi(argv[4]) != 0;
  auto qos            = cs::load_json_file(CS_SOURCE_DIR "/platforms/001_javaparty_cluster.json")["switches"][0]["qos"];
  const double buffer = *cs::parse_unit_string(qos["port_buffer"]["value"].get<std::string>(), cs::Unit::size);
  cs::net::QueueSet set2 = queue_set_of(qos["queue_sets"]["2"]), text = set2;
  text.buffers = {15, 65, 10, 10};
  cs::net::PortScheduler jp1;
  jp1.shared    = {97, 1, 1, 1};
  jp1.expedite  = true;
  jp1.queue_set = 2;
  auto jp       = fan_in(senders, rows, burst);
  std::printf("%d senders x %d rows%s%s, %zu frames:\n", senders, rows, burst ? " (all at once)" : " (slow start)",
              blast ? ", line-rate blast" : "", jp.size());
  struct Case {
    const char* name;
    const cs::net::QueueSet* qs;
  } cases[] = {
      {"profile off (FIFO)", nullptr}, {"queue-set 2 (50 40 5 5)", &set2}, {"text's split (15 65 10 10)", &text}};
  for (const auto& c : cases) {
    if (blast && c.qs == nullptr)
      continue; // the FIFO under the blast is bench_retx_probe's case
    const cs::net::PortScheduler* sched = c.qs ? &jp1 : nullptr;
    for (double b : {buffer, 0.5e6}) {
      Outcome o = run(b, c.qs, sched, blast, jp);
      std::printf("  %-27s buffer %4.2f MB: dropped %ld of %ld, longest wait %.1f us\n", c.name, b / 1e6, o.dropped,
                  o.offered, o.max_wait * 1e6);
    }
    double smallest = 0; // the smallest buffer (1 KB steps) at which no JavaParty frame is dropped
    for (double b = 1e3; b <= buffer; b += 1e3)
      if (run(b, c.qs, sched, blast, jp).dropped == 0) {
        smallest = b;
        break;
      }
    std::printf("  %-27s no drop from a port buffer of %.0f KB\n", c.name, smallest / 1e3);
  }
  return 0;
}
