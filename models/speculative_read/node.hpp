/* The node components of the seed's Figure 2.2: Original Data + Data Server on the remote node; Local Cache and
 * Client Server (the remote check / read / write interface) on the local node. */
#pragma once
#include "models/speculative_read/params.hpp"
#include "models/speculative_read/reply_boxes.hpp"
#include "sim/platform/platform.hpp"

#include <cstdint>
#include <simgrid/s4u.hpp>
#include <string>

namespace cs::speculative_read {

namespace sg4 = simgrid::s4u;

/** A request to the Data Server. */
struct Request {
  enum class Kind { connect, check, read, write } kind;
  uint64_t cached_version; ///< for a check: the version held by the requester's Local Cache
  sg4::Mailbox* reply_to;
};

/** The Data Server's answer. */
struct Reply {
  bool valid;       ///< for a check: the cached version is the current one
  uint64_t version; ///< current version of the Original Data
};

/** Original Data (a versioned object) served by the Data Server actor on the remote node. */
class DataServer {
public:
  DataServer(const Params& p, const OsProfile& os, sg4::Mailbox* inbox) : p_(p), os_(os), inbox_(inbox) {}
  void operator()();

private:
  const Params& p_;
  const OsProfile& os_;
  sg4::Mailbox* inbox_;
  uint64_t version_ = 1;
};

/** Local Cache: the copy of the object and its version. */
struct LocalCache {
  uint64_t version = 0; ///< 0: empty
};

/** Statistics of the remote operations, as the Client Server sees them. */
struct RpcStats {
  long checks = 0, reads = 0, writes = 0, connections = 0;
  double check_time = 0, read_time = 0, write_time = 0;
};

/** Client Server: remote operations on behalf of whichever branch calls them (a reply mailbox per branch, reused once
 * it ends). */
class ClientServer {
public:
  ClientServer(const Params& p, const OsProfile& os, sg4::Mailbox* server) : p_(p), os_(os), server_(server) {}
  /** Remote check: is the cached version still the Original Data's? */
  bool check(uint64_t cached_version);
  /** Remote read: brings the object; returns its version. */
  uint64_t read();
  /** Remote write: sends a new version of the object (the Local Cache becomes stale). */
  void write();
  const RpcStats& stats() const { return stats_; }
  const ReplyBoxes& reply_boxes() const { return boxes_; }

private:
  Reply call(Request::Kind kind, uint64_t cached_version, double request_bytes);
  const Params& p_;
  const OsProfile& os_;
  sg4::Mailbox* server_;
  ReplyBoxes boxes_;
  RpcStats stats_;
};

/** Runs `seconds` of CPU work of an idle node on the calling actor's host (slower when branches share a core). */
void compute(double seconds);

} // namespace cs::speculative_read
