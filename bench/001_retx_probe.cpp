/* A quick test of a mechanism before building it into the model: is a TCP retransmission's fate at a FIFO port that a
 * constant-rate blast keeps full a fresh coin flip (what models/common/net/tcp.cpp draws), or does the queue's state
 * decide it, so that a lost segment's retransmission 200 ms later is more (or less) likely to be lost again? The
 * packet-level port (models/common/net/egress_port.hpp) meets a blast of 1504-B frames at (1 + eps) times the line
 * rate, each moved by up to +-jitter, and lone JavaParty frames (an RMI message after an idle spell) arriving at
 * random; a dropped frame is sent again after a doubling 200-ms timer. It prints the loss of first transmissions
 * and of retransmissions and how many timeouts each message waited.
 *   usage: bench_retx_probe EPS JITTER_S SECONDS   (eps: the blast generator's clock against the switch's; IEEE
 *          802.3 allows +-100 ppm per clock) */
#include "models/common/net/egress_port.hpp"
#include "models/common/net/traffic.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/units.hpp"
#include "sim/run/rng.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <queue>
#include <vector>

int main(int argc, char** argv)
{
  if (argc != 4) {
    std::fprintf(stderr, "usage: bench_retx_probe EPS JITTER_S SECONDS\n");
    return 2;
  }
  const double eps = std::atof(argv[1]), jitter = std::atof(argv[2]), seconds = std::atof(argv[3]);
  // Platform 001's port buffer; a gigabit line; D-ITG's 1400-B payload on the wire (seed V.C.1); full JavaParty frames.
  auto qos            = cs::load_json_file(CS_SOURCE_DIR "/platforms/001_javaparty_cluster.json")["switches"][0]["qos"];
  const double buffer = *cs::parse_unit_string(qos["port_buffer"]["value"].get<std::string>(), cs::Unit::size);
  const double line = 125e6, blast_frame = cs::net::udp_frame_on_wire(1400), jp_frame = 1538;
  cs::Rng rng(42);
  cs::net::PacketPort port(line, buffer, jp_frame);
  for (double b = 0; b + blast_frame <= buffer; b += blast_frame) // the blast has filled the buffer long before
    port.arrive(0, blast_frame, 0);
  using Try = std::pair<double, size_t>; // (when, message)
  std::priority_queue<Try, std::vector<Try>, std::greater<>> tries;
  std::vector<int> lost_in_a_row;
  std::map<int, long> timeouts_waited;
  long first = 0, first_lost = 0, retx = 0, retx_lost = 0;
  double next_message = 0.01, schedule = 0, now = 0;
  const double gap = blast_frame / (line * (1 + eps));
  while (schedule < seconds) {
    schedule += gap;
    double blast_at = schedule + (jitter > 0 ? rng.uniform(-jitter, jitter) : 0.0);
    while (std::min(next_message, tries.empty() ? 1e300 : tries.top().first) <= blast_at) {
      if (tries.empty() || next_message <= tries.top().first) { // a new RMI message, 50 a second on average
        lost_in_a_row.push_back(0);
        tries.push({next_message, lost_in_a_row.size() - 1});
        next_message += rng.exponential(0.02);
        continue;
      }
      auto [when, m] = tries.top();
      tries.pop();
      now      = std::max(now, when);
      bool in  = port.arrive(now, jp_frame, 1);
      int k    = lost_in_a_row[m];
      long& n  = k == 0 ? first : retx;
      long& nl = k == 0 ? first_lost : retx_lost;
      n++;
      if (in) {
        timeouts_waited[k]++;
        continue;
      }
      nl++;
      lost_in_a_row[m]++;
      tries.push({when + 0.2 * (1 << std::min(k, 12)), m});
    }
    now = std::max(now, blast_at);
    port.arrive(now, blast_frame, 0);
  }
  std::printf("blast at (1 %+g) x line, jitter %g s: loss of first transmissions %.3f (%ld), of retransmissions "
              "%.3f (%ld); messages by timeouts waited:",
              eps, jitter, first ? static_cast<double>(first_lost) / first : 0.0, first,
              retx ? static_cast<double>(retx_lost) / retx : 0.0, retx);
  for (auto [k, n] : timeouts_waited)
    std::printf(" %d:%ld", k, n);
  std::printf("\n");
  return 0;
}
