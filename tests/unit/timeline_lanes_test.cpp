/* A timeline's lanes: one per actor, in an order that depends on the names only. */
#include "sim/run/events.hpp"
#include "sim/run/timeline_lanes.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

namespace {

cs::Table events(const std::vector<std::vector<std::string>>& rows)
{
  cs::Table t(std::vector<std::string>(std::begin(cs::event_columns), std::end(cs::event_columns)));
  for (auto const& r : rows) // node, actor, kind, peer, detail
    t.add({0.0, 1.0, r[0], r[1], r[2], r[3], r[4]});
  return t;
}

} // namespace

TEST_CASE("two workers on one host have a lane each, in the order of their names", "[unit]")
{
  auto rows = std::vector<std::vector<std::string>>{{"node10", "worker", "actor", "", ""},
                                                    {"node10", "worker", "cpu", "", ""},
                                                    {"node2", "worker-7", "actor", "", ""},
                                                    {"node2", "worker-7", "cpu", "", ""},
                                                    {"node2", "worker-3", "actor", "", ""},
                                                    {"node2", "helper", "actor", "", ""}, // idle: no lane
                                                    {"node2", "worker-3", "msg", "node10", "worker"},
                                                    {"node2", "injector", "fail", "node10", ""},
                                                    {"nfs", "", "down", "", ""}};
  cs::TimelineLanes lanes(events(rows), 12);
  REQUIRE(lanes.labels() == std::vector<std::string>{"nfs", "node2/worker-3", "node2/worker-7", "node10/worker"});
  REQUIRE(lanes.of("node2", "worker-7") == 2);
  REQUIRE(lanes.receiver("node10", "worker") == 3);
  REQUIRE(lanes.of("node2", "injector") == 1); // not an actor of node2: the node's first lane
  REQUIRE(lanes.of("node2", "helper") == 1);   // idle, not drawn: its rows go to the node's first lane
  REQUIRE(lanes.of("elsewhere", "x") == -1);
  // The same lanes whatever order the rows came in.
  std::reverse(rows.begin(), rows.end());
  REQUIRE(cs::TimelineLanes(events(rows), 12).labels() == lanes.labels());
  // At most max_lanes drawn; all of them counted.
  cs::TimelineLanes two(events(rows), 2);
  REQUIRE(two.labels().size() == 2);
  REQUIRE(two.actors() == 4);
  REQUIRE(two.of("node10", "worker") == -1);
}
