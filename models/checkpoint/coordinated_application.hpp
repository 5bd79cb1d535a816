/* The application of a Brazos coordinated run: its incarnations (the first one, and each restart after a failure or a
 * membership change), each with its user threads, its barrier manager and its Checkpoint Agents. */
#pragma once
#include "models/checkpoint/coordinated_state.hpp"

#include <memory>
#include <vector>

namespace cs::checkpoint {

class Checkpoints;

class Application {
public:
  Application(RunState& st, Checkpoints& checkpoints) : st_(st), checkpoints_(checkpoints) {}
  /** Starts an incarnation whose threads resume after barrier `first_barrier`, thread t on node placement[t]. */
  void launch(long first_barrier, std::vector<size_t> placement);
  /** The incarnation running now (the last one launched). */
  Epoch& current() { return *epochs_.back(); }
  /** Stops every process of incarnation `e` (those on a dead node already stopped) and lets go of them: an actor
   *  held after its end keeps its stack, so a run that restarts often would hold every past incarnation's stacks. */
  static void end(Epoch& e);

private:
  void user_thread(Epoch& e, size_t thread);
  /** A rank of a trace workload replaying its program from the incarnation's checkpoint point
   *  (coordinated_trace_rank.cpp). */
  void trace_rank(Epoch& e, size_t rank);
  /** After a checkpoint: `thread` faults back in what NT trimmed from its working set while the file was written. */
  void page_in(Epoch& e, size_t thread, const Msg& go);
  /** One more thread of `e` reached its end (the last one ends the application). */
  void finished(Epoch& e);

  RunState& st_;
  Checkpoints& checkpoints_;
  std::vector<std::unique_ptr<Epoch>> epochs_;
};

} // namespace cs::checkpoint
