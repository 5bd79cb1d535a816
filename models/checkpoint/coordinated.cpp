/* The wiring of Brazos coordinated checkpointing (coordinated.hpp): the roles' actors started in order. The roles live
 * beside it: coordinated_application.cpp (incarnations and user threads), coordinated_checkpoint.cpp (barrier manager
 * and Checkpoint Agents), file_server.cpp, coordinated_failures.cpp (heartbeats and failure injection),
 * coordinated_recovery.cpp and coordinated_membership.cpp (nodes removed or added, with migration.cpp). */
#include "models/checkpoint/coordinated.hpp"

#include <utility>
#include <vector>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_checkpoint, cs, "Brazos coordinated checkpoint and recovery");

namespace cs::checkpoint {

RunState::RunState(const Params& params, Setup setup)
    : p(params), s(std::move(setup)), store(p, {s.server, s.server_disk}, s.pfs), alive(s.nodes.size(), false)
{
  for (long n = 0; n < p.nodes; ++n)
    alive[static_cast<size_t>(n)] = true; // members of the application, as the monitor sees them
  if (s.trace)
    ranks.resize(s.trace->ranks.size());
}

CoordinatedRun::CoordinatedRun(const Params& p, Setup s) : st_(p, std::move(s)) {}

std::vector<sg4::Host*> CoordinatedRun::last_hosts()
{
  std::vector<sg4::Host*> hosts;
  for (size_t n : application_.current().placement)
    hosts.push_back(st_.s.nodes[n]);
  return hosts;
}

void CoordinatedRun::start()
{
  std::vector<size_t> placement;
  for (size_t t = 0; t < st_.threads(); ++t) // as smpirun places ranks on a host file's hosts: round-robin
    placement.push_back(t % static_cast<size_t>(st_.p.nodes));
  application_.launch(0, placement);
  st_.store.start();
  failures_.start_responders();
  membership_.start_agents();
  checkpoints_.start_requests();
  membership_.start_schedule();
  failures_.start_detection();
}

} // namespace cs::checkpoint
