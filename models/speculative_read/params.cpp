#include "models/speculative_read/params.hpp"
#include "sim/input/enum_names.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/run/no_sequential.hpp"

namespace cs::speculative_read {

static const EnumNames<Method>& method_names()
{
  static const EnumNames<Method> names{{"NR", Method::NR}, {"FR", Method::FR}, {"TR", Method::TR}};
  return names;
}

const char* method_name(Method m)
{
  return enum_name(method_names(), m);
}

Params Params::from(Fields& f)
{
  refuse_seq_time(f, "speculative_read",
                  "one client reads remote objects between stretches of local processing: there is no parallel program "
                  "to run sequentially; its CPU work is local_process_s itself (docs/models/speculative_read.md)");
  Params p;
  p.method          = f.choice<Method>("method", Method::NR, method_names(),
                              "NR normal read; FR fork checkpoint; TR thread checkpoint (seed §2.3, §3.1, §3.2)");
  p.client          = f.string("client", "client", "host of the local program, its Client Server and Local Cache");
  p.server          = f.string("server", "server", "host of the Data Server and the Original Data");
  p.iterations      = f.integer("iterations", p.iterations, "remote reads in the timed loop (seed §4: 100)", 1);
  p.local_process_s = f.quantity("local_process", Unit::time, p.local_process_s,
                                 "local processing between two reads, CPU time on an idle node (seed §4: 30/60 ms)",
                                 Range::non_negative());
  p.object_size     = f.quantity("object_size", Unit::size, p.object_size, "size of the remote object (seed §4: 10K)",
                                 Range::positive());
  p.write_probability =
      f.number("write_probability", p.write_probability,
               "p: probability of a remote write before each read (seed §4.2)", Range::unit_interval());
  p.request_size =
      f.quantity("request_size", Unit::size, p.request_size, "bytes of a request header", Range::positive());
  p.reply_size =
      f.quantity("reply_size", Unit::size, p.reply_size, "bytes of a check reply or write ack", Range::positive());
  p.resident_size =
      f.quantity("resident_size", Unit::size, p.resident_size,
                 "resident size of the client process (what fork() copies page tables for)", Range::non_negative());
  p.saved_state_size =
      f.quantity("saved_state_size", Unit::size, p.saved_state_size,
                 "program state the TR user code saves (and restores on rollback)", Range::non_negative());
  p.initial_read = f.boolean("initial_read", p.initial_read, "one untimed remote read fills the cache first");
  enum class Connection { persistent, per_operation };
  p.connect_per_op =
      f.choice<Connection>(
          "connection", Connection::persistent,
          {{"persistent", Connection::persistent}, {"per_operation", Connection::per_operation}},
          "persistent: one TCP connection serves every remote operation; per_operation: each opens its own "
          "(a SYN / SYN-ACK round trip before the request)") == Connection::per_operation;
  f.finish();
  if (p.client == p.server && not f.documenting())
    f.fail("server", "the server must be another host than the client (\"" + p.client + "\")");
  // The timed loop alone simulates iterations x local_process: past the horizon no run could end as it should.
  if (static_cast<double>(p.iterations) * p.local_process_s > max_duration_s && not f.documenting())
    f.fail("local_process", "iterations x local_process = " + format_number(p.iterations * p.local_process_s) +
                                " s, beyond the " + format_number(max_duration_s) +
                                " s any run may simulate (docs/scenarios.md, bounds)");
  return p;
}

} // namespace cs::speculative_read
