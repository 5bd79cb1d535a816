/* Brazos thread migration (seed section 2) as the runtime does it: MigrateMe(dest) suspends the calling thread and
 * wakes the node's Migration Agent, which takes the thread's context (GetThreadContext), finds its committed stack
 * (VirtualQuery x2), packs both into one UDP message and sends it; the destination's agent acknowledges the message
 * (Brazos' UDP transport is made reliable by explicit ACKs), injects the context (SetThreadContext), copies the
 * stack to the same virtual address and resumes its local copy of the thread (ResumeThread). Every Win32 call and
 * every message costs CPU time on the node that makes it, from the node's OS profile (seed Table 2 and fits). */
#pragma once
#include "models/checkpoint/params.hpp"
#include "sim/platform/platform.hpp"

#include <simgrid/s4u.hpp>

#include <memory>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace cs::checkpoint {

/** What one node's runtime pays, in seconds, read from its OS profile. */
struct NtCosts {
  double suspend_thread = 0, get_thread_context = 0, set_thread_context = 0, resume_thread = 0, virtual_query = 0;
  double context_switch = 0; ///< waking the Migration Agent thread
  double udp_message    = 0; ///< runtime software cost of one UDP message at one end
  double memcpy_bw      = 0; ///< the host's memory bandwidth (Platform::memory_bw): stacks and file pages copied
  /** Flop/s of the machine the application's CPU times were measured on (Platform::reference_speed): a thread's
   *  compute time t lasts t x that / the host's speed here. The Win32 and UDP costs above are the OS profile's
   *  times, taken as they are (a host profile or an override replaces them): they do not follow the speed. */
  double reference_speed = 0;
  static NtCosts from(const Platform& platform, const sg4::Host* host);
  /** The Win32 calls of one migration, both ends (seed Table 1's "Win32 calls" row). */
  double win32_per_migration() const
  {
    return suspend_thread + get_thread_context + 2 * virtual_query + set_thread_context + resume_thread;
  }
};

/** A user thread that can migrate: a SimGrid actor that really changes host. */
struct BrazosThread {
  sg4::ActorPtr actor;
  sg4::SemaphorePtr resumed = sg4::Semaphore::create(0); ///< released by the agent that resumes it
  double stack_bytes        = 0;
  size_t node               = 0; ///< index of the node it runs on
};

/** One node's Migration Agent and its costs. */
class MigrationAgent {
public:
  MigrationAgent(sg4::Host* host, NtCosts costs, const Params& p);
  sg4::Host* host() const { return host_; }
  /** MigrateMe(dest), called by `t` running on this agent's node: returns once `t` runs on `dest`. */
  void migrate_me(BrazosThread& t, MigrationAgent& dest);
  /** The agent thread: serves local requests, incoming migrations and acknowledgements forever (a daemon). */
  void serve();

  long migrations_out = 0, migrations_in = 0, acks = 0;

private:
  struct Msg;
  sg4::Host* host_;
  NtCosts c_;
  const Params& p_;
  sg4::Mailbox* box_;
  void cpu(double seconds) const;
  void send(MigrationAgent& to, Msg* m, double bytes) const;
};

} // namespace cs::checkpoint
