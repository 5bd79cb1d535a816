#include "sim/platform/engine_reuse.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <stdexcept>

// SimGrid's own globals, reached through their exported symbols: simgrid::kernel::EngineImpl::now_ (the clock) and
// simgrid::kernel::actor::ActorIDTrait::maxpid_ (the last actor id given). Their headers are not installed, so the
// symbols are named directly; a SimGrid without them fails at link time, not silently. The batch test
// (sweep_batch_test) compares batched runs with one-process runs byte for byte, so a global missed here shows there.
extern double sg_engine_now asm("_ZN7simgrid6kernel10EngineImpl4now_E");
extern long sg_actor_maxpid asm("_ZN7simgrid6kernel5actor12ActorIDTrait7maxpid_E");

namespace cs {

namespace {
int created = 0;
}

void require_engine_options(const std::map<std::string, std::string>& options)
{
  static std::map<std::string, std::string> first;
  if (created <= 1) {
    first = options;
    return;
  }
  if (options != first)
    throw FreshProcessNeeded("this run's SimGrid options differ from those of the process's first run");
}

void prepare_engine()
{
  if (simgrid::s4u::Engine::has_instance())
    throw std::logic_error("prepare_engine: an engine exists already (one at a time per process)");
  if (created > 0) {
    sg_engine_now   = 0;
    sg_actor_maxpid = 0;
  }
  ++created;
}

int engines_created()
{
  return created;
}

} // namespace cs
