/* models/net: one egress port simulated frame by frame and as a fluid give the same throughput and loss per
 * queue under sustained load (within 2% over a few simulated seconds). */
#include "models/common/net/tcp.hpp"
#include "models/common/net/traffic.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace cs::net;

namespace {

constexpr double kFullFrame = 1538; // IEEE 802.3: a 1518-B frame, 8 B of preamble and a 12-B gap on the wire

/** Sources into a packet-level port for `seconds`; returns per-queue rates (bytes/s) and losses. */
std::array<double, kQueues> run_packets(PacketPort& port, const std::vector<Source>& sources, double seconds,
                                        std::array<double, kQueues>& loss)
{
  cs::Rng rng(7);
  feed(port, sources, seconds, rng);
  std::array<double, kQueues> rate{};
  for (int q = 0; q < kQueues; ++q) {
    rate[static_cast<size_t>(q)] = port.stats(q).sent_bytes / seconds;
    loss[static_cast<size_t>(q)] = port.stats(q).loss();
  }
  return rate;
}

void agree(const FluidShare& f, const std::array<double, kQueues>& rate, const std::array<double, kQueues>& loss,
           const std::array<double, kQueues>& offered)
{
  for (size_t q = 0; q < kQueues; ++q) {
    if (offered[q] == 0)
      continue;
    CAPTURE(q, rate[q], f.rate[q], loss[q], f.loss[q]);
    REQUIRE(std::abs(rate[q] - f.rate[q]) <= 0.02 * f.rate[q] + 1e3); // throughput within 2%
    REQUIRE(std::abs(loss[q] - f.loss[q]) <= 0.02);                   // loss within 2 points
  }
}

} // namespace

TEST_CASE("A FIFO port overloaded by two sources drops the same share of each as the fluid model", "[unit][net]")
{
  double C = 125e6;
  PacketPort port(C, 128 * 1024, kFullFrame);
  std::vector<Source> src{{100e6, 1538, 1, true}, {50e6, 1538, 0, true}}; // 1.2 x the line, both many-flow traffic
  std::array<double, kQueues> loss{}, offered{50e6, 100e6, 0, 0};
  auto rate = run_packets(port, src, 3.0, loss);
  agree(fluid_share(C, offered), rate, loss, offered);
  REQUIRE(loss[0] == Approx(1 - 1 / 1.2).margin(0.02));
}

TEST_CASE("Against a blast at exactly line rate a FIFO port starves other traffic by phase", "[unit][net]")
{
  // Where the fluid model sees a 1/6 loss for everyone, frame by frame the blast refills each freed slot at the
  // instant it frees: random traffic gets in only in the blast's gaps. The fluid form cannot show this.
  double C = 125e6;
  PacketPort port(C, 128 * 1024, kFullFrame);
  std::vector<Source> src{{125e6, 1538, 1}, {25e6, 1538, 0, true}};
  std::array<double, kQueues> loss{};
  run_packets(port, src, 3.0, loss);
  REQUIRE(loss[0] > 0.9);
  REQUIRE(loss[1] < 0.05);
}

TEST_CASE("An expedite queue keeps its traffic whole while shared queues split the rest by weight", "[unit][net]")
{
  // A port like appendix B's (priority-queue out, share 97 1 1 1, queue-set 2's buffers 50 40 5 5).
  double C = 125e6;
  QueueSet qs;
  qs.buffers    = {50, 40, 5, 5};
  qs.threshold1 = {400, 400, 100, 400};
  qs.threshold2 = {400, 400, 100, 400};
  qs.reserved   = {100, 100, 100, 100};
  qs.maximum    = {400, 400, 100, 400};
  PortScheduler ps;
  ps.shared   = {97, 1, 1, 1};
  ps.expedite = true;
  PacketPort port(C, 1.3e6, kFullFrame, &qs, &ps);
  std::vector<Source> src{{20e6, 1538, 0, true}, {125e6, 1466 + 38, 1}, {30e6, 1538, 2, true}};
  std::array<double, kQueues> loss{}, offered{20e6, 125e6, 30e6, 0};
  auto rate    = run_packets(port, src, 3.0, loss);
  FluidShare f = fluid_share(C, offered, &ps);
  agree(f, rate, loss, offered);
  REQUIRE(loss[0] == 0);
  REQUIRE(f.rate[1] == Approx(C - 20e6 - 30e6)); // queue 3 asks less than its equal share: queue 2 gets the rest
}

TEST_CASE("A shaped queue is held to C over its weight even when the line is idle", "[unit][net]")
{
  double C = 125e6;
  QueueSet qs;
  PortScheduler ps;
  ps.shaped = {0, 0, 0, 4}; // queue 4 capped at a quarter of the line
  PacketPort port(C, 1.3e6, kFullFrame, &qs, &ps);
  std::vector<Source> src{{60e6, 1538, 3, true}, {20e6, 1538, 1, true}};
  std::array<double, kQueues> loss{}, offered{0, 20e6, 0, 60e6};
  auto rate    = run_packets(port, src, 3.0, loss);
  FluidShare f = fluid_share(C, offered, &ps);
  agree(f, rate, loss, offered);
  REQUIRE(f.rate[3] == Approx(C / 4));
}

TEST_CASE("A one-segment TCP message waits a doubling timer for each loss", "[unit][net]")
{
  TcpConfig c;
  cs::Rng rng(3);
  REQUIRE(segments(2000, c) == 2);
  REQUIRE(tcp_message(20000, TcpPath{}, c, rng).extra() == 0);
  long lost    = 0;
  double total = 0;
  for (int i = 0; i < 20000; ++i) {
    TcpOutcome o = tcp_message(1000, {0.1, 0, 0, 0}, c, rng);
    total += o.timeouts;
    lost += o.lost_data;
    REQUIRE(o.rto_count == o.lost_data); // one segment never raises duplicate ACKs
  }
  // Expected wait: sum over k of P(k losses in a row) x 0.2 x 2^(k-1) = 0.2 x 0.1 / (1 - 0.2) = 0.025 s.
  REQUIRE(total / 20000 == Approx(0.025).epsilon(0.1));
  REQUIRE(static_cast<double>(lost) / 20000 == Approx(0.1 / 0.9).epsilon(0.05));
  REQUIRE(mathis_rate(1448, 0.001, 0.01) == Approx(1448 / 0.001 * std::sqrt(1.5) / 0.1));
}

TEST_CASE("A longer TCP message climbs slow start through the queues and fast-retransmits early losses", "[unit][net]")
{
  TcpConfig c;
  cs::Rng rng(5);
  // 14 segments in rounds of 3, 6 and 5: two round trips of queueing and the last one-way trip.
  TcpOutcome quiet = tcp_message(20200, {0, 0.01, 0, 0.01}, c, rng);
  REQUIRE(quiet.queueing == Approx(2 * 0.02 + 0.01));
  REQUIRE(quiet.rto_count == 0);
  long fast = 0, rto = 0;
  for (int i = 0; i < 5000; ++i) {
    TcpOutcome o = tcp_message(20200, {0.05, 0, 0, 0}, c, rng);
    fast += o.fast_retransmits;
    rto += o.rto_count;
  }
  REQUIRE(fast > 0); // a hole followed by three delivered segments is repaired in a round
  REQUIRE(rto > 0);  // a hole near the end, or in a small window, waits for the timer
  // A lost ACK alone delays the receiver only when a whole round's ACKs are lost.
  TcpOutcome acks = tcp_message(1000, {0, 0, 1.0, 0}, c, rng);
  REQUIRE(acks.extra() == 0);
}

TEST_CASE("Jitter breaks a line-rate blast's phase lock on a FIFO port", "[unit][net]")
{
  double C = 125e6;
  PacketPort port(C, 128 * 1024, kFullFrame);
  std::vector<Source> src{{125e6, 1538, 1, false, 2e-6}, {25e6, 1538, 0, true}};
  std::array<double, kQueues> loss{};
  run_packets(port, src, 3.0, loss);
  REQUIRE(loss[0] < 0.9); // the random traffic now finds room now and then
  REQUIRE(loss[0] > 0.1);
}
