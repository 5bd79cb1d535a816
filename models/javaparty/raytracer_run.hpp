/* The JavaParty RayTracer's run (seed 001): the state the model's wiring (model.cpp) sets up and the actors
 * (raytracer_actors.cpp) share. */
#pragma once
#include "models/common/net/qos_config.hpp"
#include "models/common/net/tcp.hpp"
#include "models/javaparty/congestion.hpp"
#include "models/javaparty/params.hpp"
#include "sim/run/model.hpp"

#include <map>
#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace cs::javaparty {

namespace sg4 = simgrid::s4u;

/** A worker's RMI call to the head: the rows it has rendered since its last call; the head answers with the next
 *  rows to render (chunks) or just returns (cyclic). */
struct Call {
  long rows_done;
  sg4::Mailbox* reply;
  bool local; ///< a call within the head's JVM
};
struct Next {
  long first, count; ///< count 0: no rows left
};

/** One run of the RayTracer: the hosts, switch ports and rows the wiring prepares, and what the actors record. */
class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx);

  void start() override;
  void finish() override;

private:
  std::vector<double> load_rows(Fields& f) const;
  /** The CPUs receiving the blast take on `host`: its OS profile's cost per frame. */
  double rx_share(sg4::Host* host, const PortState& s) const
  {
    return std::min<double>(host->get_core_count(), s.blast_fps * ctx_.platform.os(host).cost("frame_rx"));
  }
  /** Per machine, what the receive interrupts leave of the CPU that takes them (interrupt_cpu.cpp). */
  void interrupt_shares();
  /** The share of a CPU a worker's next chunk of rows gets: the scheduler places the woken thread (its RMI reply
   *  arrived) on any of the machine's CPUs alike, the interrupt CPU among them. */
  double chunk_cpu_share(long machine);
  sg4::Host* machine_of(long t) const { return hosts_[static_cast<size_t>(placement_[static_cast<size_t>(t)])]; }
  PortState port_of(const std::string& host) const
  {
    auto it = ports_.find(host);
    return it == ports_.end() ? PortState{} : it->second;
  }
  void worker(long t);
  void render(long row, long machine, double share);
  Next call_head(long rows_done, sg4::Mailbox* reply);
  void head();
  void rmi_leg(const std::string& from_host, const std::string& to_host, double bytes);

  Rng rng_;
  std::vector<sg4::Host*> hosts_;
  net::QosConfig qos_;
  double bandwidth_ = 0;
  std::vector<double> rows_;
  double speed_factor_ = 1;
  std::vector<long> placement_;         ///< machine index of each worker thread
  std::vector<sg4::SemaphorePtr> cpus_; ///< per machine: the CPUs its JVM's workers use
  Rng irq_rng_;                         ///< where the scheduler places a woken worker thread
  std::vector<double> irq_left_;        ///< per machine: what the receive interrupts leave of their CPU (1: none)
  long irq_chunks_ = 0, chunks_ = 0;    ///< chunks of rows rendered on the interrupt CPU, of all on blasted machines
  std::map<std::string, PortState> ports_;
  net::TcpOutcome wait_; ///< summed over every RMI leg of the run
  double end_     = 0;
  long rmi_calls_ = 0;
};

} // namespace cs::javaparty
