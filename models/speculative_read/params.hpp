/* Parameters of the speculative remote read model (seed 000), declared once with defaults, units and docs. */
#pragma once
#include "sim/input/fields.hpp"

#include <string>

namespace cs::speculative_read {

/** How the client performs a remote read (seed §2.3, §3). */
enum class Method {
  NR, ///< normal read: remote check, then the cache or a remote read
  FR, ///< fork() checkpoint: optimistic parent, pessimistic child (§3.1)
  TR  ///< thread checkpoint: two threads, user-saved program state restored on rollback (§3.2)
};

const char* method_name(Method m);

struct Params {
  Method method = Method::NR;
  std::string client;               ///< host running the local program and its Client Server
  std::string server;               ///< host whose Data Server holds the Original Data
  long iterations          = 100;   ///< remote reads in the timed loop
  double local_process_s   = 0.03;  ///< CPU time of the local processing between two reads (unloaded node)
  double object_size       = 10240; ///< bytes of the remote object
  double write_probability = 0;     ///< p: chance of a remote write (cache invalidation) before each read
  double request_size      = 64;    ///< bytes of a check/read/write request header
  double reply_size        = 64;    ///< bytes of a check reply or write acknowledgement
  double resident_size     = 0;     ///< bytes of the client process that fork() must map (page tables)
  double saved_state_size  = 0;     ///< bytes the TR user code saves at a checkpoint and restores on rollback
  bool initial_read        = true;  ///< fill the cache with one untimed read before the loop (test case 1)
  bool connect_per_op      = false; ///< each remote operation opens its own TCP connection (a handshake first)

  static Params from(Fields& f);
};

} // namespace cs::speculative_read
