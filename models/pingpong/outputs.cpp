#include "models/pingpong/outputs.hpp"

namespace cs::pingpong {

const ModelDecl& decl()
{
  static const ModelDecl d{
      {{"round_trips", "1", "round trips made (params.round_trips)"},
       {"total_time_s", "s", "simulated time when the last pong arrived"},
       {"round_trip_time_s", "s", "total_time_s / round_trips: one round trip"}},
      {},
      // Two actors exchange messages and compute nothing: only the network between the two hosts counts.
      {"/switches/*/port", "/switches/*/backplane", "/links"},
      {}};
  return d;
}

} // namespace cs::pingpong
