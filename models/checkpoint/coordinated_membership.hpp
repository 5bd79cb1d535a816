/* The membership role of a Brazos coordinated run (seed section 4): at a barrier, a node is removed (its threads and
 * shared state move to the others) or added (it takes a thread from the busiest node), the threads moved by the
 * Migration Agents (migration.hpp); then a new incarnation goes on. */
#pragma once
#include "models/checkpoint/coordinated_state.hpp"

#include <memory>
#include <vector>

namespace cs::checkpoint {

class Application;

class Membership {
public:
  Membership(RunState& st, Application& app);
  /** Starts every node's Migration Agent. */
  void start_agents();
  /** Starts the actors that schedule Params' removal and addition for the next barrier. */
  void start_schedule();
  /** At barrier `barrier` of incarnation `e` (from its barrier manager): when a change is waiting, starts it and
   *  returns true (the incarnation ends there). */
  bool begin_at_barrier(Epoch& e, long barrier);

private:
  struct Change {
    bool add;
    size_t node;
  };
  void change(Epoch& e, long barrier, Change c);
  void add(std::vector<size_t>& placement, size_t node);
  void remove(std::vector<size_t>& placement, long barrier, size_t node);
  void migrate(size_t thread_from, size_t thread_to);

  RunState& st_;
  Application& app_;
  std::vector<std::unique_ptr<MigrationAgent>> migration_; ///< per node
  std::vector<Change> due_;                                ///< membership changes waiting for the next barrier
};

} // namespace cs::checkpoint
