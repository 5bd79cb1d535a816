/* A timeline's lanes: one per actor (its host and name), in an order that depends on the names only. */
#pragma once
#include "sim/run/recorder.hpp"

#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs {

class TimelineLanes {
public:
  /** The lanes of the events table's actors (rows of kind "actor"), by host then actor name in natural order
   *  (`node2` before `node10`), at most `max_lanes` of them. Only the actors with something to show in [from, to]
   *  (a CPU burst, a message, a model's event) get one, unless none has: a helper idle in the window takes no room. */
  TimelineLanes(const Table& events, long max_lanes, double from = 0,
                double to = std::numeric_limits<double>::infinity());

  /** The lane of a row done by `actor` on `node`: its own, or, for a row that no actor of the node did (an event
   *  injected on it from elsewhere, a row outside any actor), the node's first lane. -1 when not drawn. */
  long of(const std::string& node, const std::string& actor) const;
  /** The lane a message to `node` through `mailbox` ends on: the actor of that node named as the mailbox, else the
   *  node's first lane (SimGrid does not say which actor received it). */
  long receiver(const std::string& node, const std::string& mailbox) const { return of(node, mailbox); }

  /** "host/actor" labels, blanks replaced (the plot takes them as words). */
  const std::vector<std::string>& labels() const { return labels_; }
  size_t actors() const { return actors_; } ///< all the actors, drawn or not

private:
  std::map<std::pair<std::string, std::string>, long> lane_;
  std::map<std::string, long> first_;
  std::vector<std::string> labels_;
  size_t actors_ = 0;
};

/** a2 before a10: an order that depends on names only, so that two runs of a scenario draw each actor on the same
 *  lane and each kind in the same colour, whatever happened first. */
bool natural_less(const std::string& a, const std::string& b);

} // namespace cs
