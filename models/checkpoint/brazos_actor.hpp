/* Helpers the Brazos actors share: CPU time on a node, the model's mailbox names, and the rule that an actor talking
 * to a node that died ends quietly (the recovery takes over). */
#pragma once
#include <simgrid/Exception.hpp>
#include <simgrid/s4u.hpp>
#include <xbt/log.h>

#include <string>

XBT_LOG_EXTERNAL_CATEGORY(cs_checkpoint);

namespace cs::checkpoint {

/** CPU time `seconds` of the host's own costs (its OS profile's, a copy at its memory rate) on `h`. */
inline void cpu_on(simgrid::s4u::Host* h, double seconds)
{
  simgrid::s4u::this_actor::execute(seconds * h->get_speed());
}

/** Application work measured as `seconds` on a machine of `reference_speed` flop/s, run on the current host (which
 *  takes seconds x reference_speed / its speed). */
inline void work_on(double seconds, double reference_speed)
{
  simgrid::s4u::this_actor::execute(seconds * reference_speed);
}

inline simgrid::s4u::Mailbox* box(const std::string& name)
{
  return simgrid::s4u::Mailbox::by_name("brazos/" + name);
}

/** Runs an actor's body; a communication with a node that died ends it quietly (the recovery takes over). */
template <class F> void unless_peer_dies(const char* what, F&& body)
{
  try {
    body();
  } catch (const simgrid::Exception& e) {
    XBT_CVERB(cs_checkpoint, "%s ends: a peer failed (%s)", what, e.what());
  }
}

} // namespace cs::checkpoint
