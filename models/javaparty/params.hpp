/* Parameters of the JavaParty RayTracer model (seed 001), declared once with defaults, units and docs. */
#pragma once
#include "models/common/net/tcp.hpp"
#include "sim/input/fields.hpp"
#include "sim/run/group_sizes.hpp"
#include "sim/run/sequential.hpp"

#include <string>
#include <vector>

namespace cs::javaparty {

enum class Placement { random, round_robin };
enum class Work { chunks, cyclic };
enum class BlastSources { cluster, outside };
enum class MlsQos { platform, on, off };
enum class SwitchModel { fluid, packet };

/** The most machines a run may ask for: the scale what-if's size (the seed's cluster has 8). */
constexpr long max_machines = 256;

struct Params {
  long machines            = 4;    ///< jp-1..jp-N run the RayTracer (seed: 2, 3, 4, 6, 8)
  std::string hosts_group  = "jp"; ///< the platform's hosts, in order jp-1, jp-2, ...
  std::string switch_name  = "c3750";
  std::string rows_file    = "scenarios/javaparty/raytracer_rows.json"; ///< per-row sphere tests (the scene)
  double test_cost         = 0;   ///< seconds per sphere test on one core of a reference_speed host (calibrated)
  double reference_speed   = 2e9; ///< flop/s of the core test_cost is CPU time on
  long threads_per_machine = 1;   ///< worker threads started per configured machine
  Placement placement      = Placement::random; ///< how JavaParty picks each thread's JVM
  Work work                = Work::chunks;      ///< rows handed out on request, or JGF's static rows
  long chunk_rows          = 10;   ///< rows per request (seed Figure 7: "req by <thread> @ <row>" every 10)
  long jvm_cpus            = 1;    ///< CPUs one JVM's worker threads use at once
  double run_noise         = 0;    ///< relative sd of a run's speed (JIT, OS), lognormal
  double result_bytes      = 2000; ///< a row's result: 500 ints
  double rmi_overhead      = 200;  ///< bytes of RMI call framing and serialisation around a result
  double reply_bytes       = 60;   ///< the RMI return
  double rmi_cost          = 0;    ///< CPU at each end of an RMI call
  double startup           = 0;    ///< runtime start and remote object creation before the rows
  // Congestion (chapter V.C): jp-(i+4) blasts UDP at jp-i.
  bool congestion            = false;
  double blast_payload       = 1400;                  ///< D-ITG payload
  double blast_rate          = 0;                     ///< frames/s (0: the line rate)
  double blast_offered       = 0;                     ///< the same as bytes/s on the wire (0: use blast_rate)
  double blast_jitter        = 0;                     ///< +- seconds around each departure (packet-level switch only)
  BlastSources blast_sources = BlastSources::cluster; ///< jp-(i+4) blasts jp-i, or a generator per machine
  MlsQos mls_qos             = MlsQos::platform;
  SwitchModel switch_model   = SwitchModel::fluid;
  double jp_load             = 0;    ///< bytes/s of JavaParty traffic into a port, for the switch's loss estimate
  double packet_seconds      = 2;    ///< packet-level switch: simulated seconds to estimate the losses
  double full_queue_loss     = 0;    ///< fluid switch: drop probability of a frame at a queue the blast keeps full
  double max_frame           = 1538; ///< wire bytes of a full Ethernet frame (preamble and gap included)
  double warmup_cap          = 60;   ///< packet switch: longest warm-up before the losses are measured
  double warmup_fills        = 1.5;  ///< packet switch: warm-up in times the buffer takes to fill
  net::TcpConfig tcp;                ///< the RMI connections' TCP (Linux 2.6)

  double seq_time = 0; ///< measured time of the RayTracer on one machine, one thread (0: test_cost as given)
  std::string seq_time_source;
  /** With a seq_time: the RayTracer on one machine, one worker thread, one CPU, no blast. */
  SequentialRun sequential() const;
  static Params from(Fields& f);
  /** The hosts of the group a run uses: the RayTracer's machines, and as many again when they blast each other
   *  (congestion sources cluster, seed V.C), so a generated group is made that size. */
  GroupSizes group_sizes() const
  {
    bool from_cluster = congestion && blast_sources == BlastSources::cluster;
    return {{hosts_group, from_cluster ? 2 * machines : machines}};
  }
};

} // namespace cs::javaparty
