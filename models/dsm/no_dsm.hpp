/* The program without a DSM: one process whose every access is to its own memory. No page is protected, so no
 * access faults; nothing is twinned or diffed; locks and barriers of one process need nobody else, so no message
 * is sent. What remains of a run is the program's own computation (its compute() calls): the uniprocessor program a
 * DSM's speedups are measured against, run from the same workload code. */
#pragma once
#include "models/dsm/process.hpp"

namespace cs::dsm {

class NoDsm : public ConsistencyProtocol {
public:
  explicit NoDsm(Process& process) : ConsistencyProtocol(process) {}

  void read(long) override {}
  void write(long, double) override {}
  void acquire(long) override { counters().acquires++; }
  void release(long) override {}
  void barrier() override { counters().barriers++; }
  bool faults_on(long, bool) const override { return false; }
  /** Only jia_wait's own WAIT/WAITGRANT (Process::handle_wait) are ever sent; nothing reaches the protocol. */
  void handle(const MsgPtr&) override {}
};

} // namespace cs::dsm
