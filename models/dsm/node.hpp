/* A DSM process as its program sees it (the API the workloads call: JIAJIA's, with the faults of its memory
 * accesses): the process's runtime (models/dsm/process.hpp) and the consistency protocol its system runs, JIAJIA's
 * home-based one (models/dsm/home.hpp, with Mocha base and Mocha as variants) or TreadMarks' lazy release
 * consistency (models/dsm/tmk_lrc.hpp). The node receives its transport's messages: jia_wait's go to the process,
 * the others to the protocol. */
#pragma once
#include "models/dsm/memory_bus.hpp"
#include "models/dsm/process.hpp"

#include <memory>

namespace cs::dsm {

class Node {
public:
  /** A process under the protocol of `params.system`. */
  Node(int id, Memory& memory, Transport& transport, const Params& params);
  virtual ~Node()              = default;
  Node(const Node&)            = delete;
  Node& operator=(const Node&) = delete;

  void read(long page) { protocol_->read(page); }
  void write(long page, double bytes) { protocol_->write(page, bytes); }
  void read_span(long base, double offset, double length);
  void write_span(long base, double offset, double length);
  void acquire(long lock) { protocol_->acquire(lock); }
  void release(long lock) { protocol_->release(lock); }
  void barrier() { protocol_->barrier(); }
  void wait() { process_.wait(); }
  /** The program's CPU work: the compute times at this host's speed and the run's compute scale. */
  void compute(double seconds) { pause(seconds * process_.transport().costs().compute_scale); }
  /** CPU time that is not the program's work (a polling wait), which the compute scale leaves as it is. */
  void pause(double seconds) { process_.transport().cpu(seconds * process_.transport().costs().cpu_scale); }
  /** Computes for `seconds` of CPU whose cache misses move `bus_bytes` over the machine's memory bus: an in-order
   *  CPU stalls for each missed line, so alone the bus time adds to the CPU time, and other CPUs' lines on the same
   *  bus can stretch it further (models/dsm/memory_bus.hpp). */
  void compute(double seconds, double bus_bytes);
  /** The memory bus this process's CPU misses over (shared with the machine's other CPUs); null: none modelled. */
  void set_bus(MemoryBus* bus) { bus_ = bus; }
  double flop_time(double flops) const { return flops / process_.transport().costs().speed; }

  /** Bounds the remote-page cache to `pages` (JIAJIA's Cachepages; 0: unbounded), replacement drawn from `rng`. */
  void set_cache(long pages, const Rng& rng) { protocol_->set_cache(pages, rng); }
  const PageCache* cache() const { return protocol_->cache(); }
  /** jia_startstat(): statistics (and the program's timing) count from here. */
  void start_stat() { process_.start_stat(); }
  double stat_start() const { return process_.stat_start(); }
  /** Remote pages fetched since start_stat() (JIAJIA's getpcnt). */
  long stat_fetches() const { return process_.stat_fetches(); }
  /** Whether an access to `page` would fault (a program defers its computation only across accesses that do not). */
  bool faults_on(long page, bool write) const { return protocol_->faults_on(page, write); }
  /** Most remote pages valid here at once (what the cache bound must hold). */
  long peak_mapped() const { return protocol_->peak_mapped(); }

  /** The SIGIO handler's dispatch (and local delivery). */
  void handle(const MsgPtr& m);

  int id() const { return process_.id(); }
  int nodes() const { return process_.nodes(); }
  Counters& counters() { return process_.counters(); }

protected:
  /** A process under `protocol`, made by `make_protocol` from this node's process. */
  Node(int id, Memory& memory, Transport& transport, const Params& params,
       const std::function<std::unique_ptr<ConsistencyProtocol>(Process&)>& make_protocol);
  ConsistencyProtocol& protocol() { return *protocol_; }

private:
  Process process_;
  std::unique_ptr<ConsistencyProtocol> protocol_;
  MemoryBus* bus_ = nullptr;
};

} // namespace cs::dsm
