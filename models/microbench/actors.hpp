/* The simulated microbenchmarks as actors: each re-enacts its native counterpart (calibration/probes/*.cpp) step by
 * step, charging the OS-profile costs of the host it runs on, and reports the simulated time of the timed part. */
#pragma once
#include "models/microbench/costs.hpp"
#include "models/microbench/params.hpp"

#include <simgrid/s4u.hpp>
#include <vector>

namespace cs::microbench {

namespace sg4 = simgrid::s4u;

/** The timed part of a run, in simulated seconds, and how many operations it held. */
struct Span {
  double start = 0;
  double end   = 0;
  long ops     = 0;
  double per_op() const { return ops > 0 ? (end - start) / static_cast<double>(ops) : 0; }
};

/** Runs `seconds` of CPU time (the host's speed converts them to flops) on the calling actor's host. */
void compute(double seconds);

/** One actor repeating one operation: fork, thread create/checkpoint, syscall, signal, memcpy, fault, diff, flops,
 *  the kernels of the DSM (fault trap, page diff). */
class OpLoop {
public:
  OpLoop(const Params& p, const OsProfile& os, Span& span) : p_(p), os_(os), copy_(CopyModel::from(os)), span_(span) {}
  void operator()();

private:
  void operation();
  const Params& p_;
  const OsProfile& os_;
  CopyModel copy_;
  Span& span_;
};

/** A token handed round `threads` actors; the actor woken pays the hand-off (context_switch, or wakeup across
 *  CPUs) before passing the token on. */
class HandoffRing {
public:
  HandoffRing(const Params& p, const OsProfile& os, Span& span);
  void start(sg4::Host* host);

private:
  void member(long i);
  const Params& p_;
  double hop_cost_;
  Span& span_;
  std::vector<sg4::SemaphorePtr> token_;
};

/** UDP request-response: a client and a server process on the host. Each datagram costs its sender
 *  udp_oneway(bytes) of CPU (the loopback's cost is the hosts' work; the platform's loopback link is free). */
class UdpPingPong {
public:
  UdpPingPong(const Params& p, const OsProfile& os, Span& span) : p_(p), os_(os), span_(span) {}
  void start(sg4::Host* host);

private:
  const Params& p_;
  const OsProfile& os_;
  Span& span_;
};

/** Sequential page writes: each page is copied into the page cache (disk_buffered_write_bw of CPU); with fsync it
 *  then goes through the host's disk (whose write bandwidth is the profile's disk_write_bw). */
class PageWriter {
public:
  PageWriter(const Params& p, const OsProfile& os, Span& span) : p_(p), os_(os), span_(span) {}
  void operator()();

private:
  const Params& p_;
  const OsProfile& os_;
  Span& span_;
};

/** Seed 004's buffer pages with glibc POSIX AIO. The application waits for a free buffer page, computes, copies the
 *  page's messages in (buffer_fill_bw) and submits (aio_submit); one helper (glibc runs the requests of one file
 *  descriptor one at a time, in one thread) writes each page in turn (aio_write_bw: what a lone request costs from
 *  its submission to its completion). */
class AioPages {
public:
  AioPages(const Params& p, const OsProfile& os, Span& span);
  void start(sg4::Host* host);

private:
  void application();
  void helper();
  const Params& p_;
  const OsProfile& os_;
  Span& span_;
  std::vector<long> queue_;                 ///< pages submitted, not yet taken by the helper
  sg4::SemaphorePtr queued_;                ///< counts queue_
  std::vector<sg4::SemaphorePtr> complete_; ///< per buffer page: its write finished
};

} // namespace cs::microbench
