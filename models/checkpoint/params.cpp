#include "models/checkpoint/params.hpp"

namespace cs::checkpoint {

Params Params::from(Fields& f)
{
  Params p;
  p.experiment  = f.choice("experiment", p.experiment, {"migration"},
                           "migration: the seed's 1000 back-to-back MigrateMe() round trips between two nodes");
  p.node_a = f.string("from", p.node_a, "node the migrating thread starts on");
  p.node_b = f.string("to", p.node_b, "node it migrates to and back from");
  p.round_trips = f.integer("round_trips", p.round_trips, "iterations of two migrations each (seed: 1000)", 1);
  p.stack_bytes = f.quantity("stack_bytes", Unit::size, p.stack_bytes,
                             "committed stack of the thread (seed Table 1: 4 KB)", Range::non_negative());
  p.context_bytes = f.quantity("context_bytes", Unit::size, p.context_bytes,
                               "thread context shipped (Win32 CONTEXT on x86: 716 B)", Range::non_negative());
  p.tls_bytes = f.quantity("tls_bytes", Unit::size, p.tls_bytes, "user part of the Thread Local Storage shipped",
                           Range::non_negative());
  p.header_bytes = f.quantity("header_bytes", Unit::size, p.header_bytes, "Brazos message header",
                              Range::non_negative());
  p.ack_bytes    = f.quantity("ack_bytes", Unit::size, p.ack_bytes, "acknowledgement message", Range::non_negative());
  f.finish();
  if (p.node_a == p.node_b)
    f.fail("to", "the thread must migrate between two different nodes");
  return p;
}

} // namespace cs::checkpoint
