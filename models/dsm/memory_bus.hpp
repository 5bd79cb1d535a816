/* A memory bus shared by the processors of one machine (a SPARCstation 20's MBus carrying four CPUs' cache
 * misses). A process's stretch of computation misses its cache now and then: its lines cross the bus between its
 * instructions, and the CPU stalls for each (an in-order CPU). Alone, the stretch takes its CPU time plus its lines'
 * bus time; its lines then cross at an average rate `cap` = bytes / (CPU time + bytes / bandwidth). Several
 * processes' stretches at once share the bus max-min fairly with those caps (as a fluid: the bus serves one line at
 * a time, so one process computes while another's line crosses): a process whose demand fits its fair share keeps
 * its own pace; when the processes together ask for more than the bus carries, each gets an equal share and the
 * stretches stretch. */
#pragma once
#include <simgrid/s4u.hpp>

#include <limits>
#include <map>
#include <memory>
#include <string>

namespace cs::dsm {

namespace sg4 = simgrid::s4u;

class MemoryBus {
public:
  /** `bandwidth`: bytes per second the bus sustains, shared by whatever crosses it at once. */
  explicit MemoryBus(double bandwidth);

  /** Moves `bytes` across the bus at no more than `cap` bytes/s (the caller's own pace); the calling actor waits
   *  until they have all crossed. */
  void transfer(double bytes, double cap = std::numeric_limits<double>::infinity());
  double bandwidth() const { return bw_; }

private:
  struct Flow {
    double left, cap, rate = 0;
  };
  /** Takes the bytes moved since the last change off every transfer in progress. */
  void advance(double now);
  /** Max-min fair rates: the bandwidth water-filled over the flows, none above its cap. */
  void reshare();

  double bw_;
  double last_ = 0;
  long next_   = 0;
  std::map<long, Flow> flows_; ///< transfers in progress
  sg4::MutexPtr mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr cv_ = sg4::ConditionVariable::create();
};

/** The machines' buses: hosts whose property `memory_bus` names the same bus are CPUs of one machine and share it;
 *  a host without the property is a machine of its own. */
class MemoryBuses {
public:
  /** The bus of `host`, made at `bandwidth` bytes/s by the first of its CPUs asked for. */
  MemoryBus& of(const sg4::Host& host, double bandwidth);

private:
  std::map<std::string, std::unique_ptr<MemoryBus>> buses_;
};

} // namespace cs::dsm
