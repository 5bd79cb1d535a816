/* One rank of a TI trace (ti_trace.hpp) replayed as computations and point-to-point messages, through an abstract
 * sink that a model implements with its own actors (or a test with counters). Model-neutral.
 *
 * The sink's semantics, which the translation relies on:
 *   - send() never blocks the rank: the message flows at once (eager, as SMPI's sends below its detached threshold,
 *     64 KiB by default); a message to the rank itself is a local copy;
 *   - recv() blocks until the next message from `src` on that channel has arrived: messages of one ordered pair
 *     and channel are received in the order they were sent (MPI's non-overtaking rule; tags are not matched);
 *   - channel 0 carries the trace's own point-to-point messages, channel 1 the messages inside collectives (MPI
 *     keeps them apart: they never match an application's receive);
 *   - given the trace's any_source_tags, a message to a (destination, tag) received from any source goes through
 *     send_any, and a receive from any source is recv_any: it takes the next of the messages sent to the rank with
 *     that tag, whoever sent them (per sender in the order sent).
 *
 * Nonblocking actions follow SMPI 3.32's replay (smpi_replay.cpp): isend and irecv post a request keyed by (source,
 * destination, tag); wait pops the oldest request of its key (none: nothing to do, as SMPI); waitall completes every
 * posted request; test completes nothing (SMPI's test may complete a request early; here the next wait or waitall
 * does); requests left at the end are completed. A send request is complete at once (eager); completing a receive
 * request first completes the receive requests posted before it from the same source (per-pair order). */
#pragma once
#include "models/common/ti_trace.hpp"

namespace cs::ti {

class TransferSink {
public:
  virtual ~TransferSink() = default;
  /** Computes `flops` on the rank's host. */
  virtual void compute(double flops) = 0;
  /** Sleeps `seconds` (the trace's sleep action). */
  virtual void sleep(double seconds) = 0;
  /** Sends `bytes` to `dst` on `channel` (0: the trace's point-to-point messages, 1: inside a collective). */
  virtual void send(int dst, double bytes, int channel) = 0;
  /** Receives the next message from `src` on `channel`; `bytes` is what the receiver's trace expects. */
  virtual void recv(int src, double bytes, int channel) = 0;
  /** Sends `bytes` to `dst` on a tag that `dst` receives from any source (channel 0). Only replay_rank given
   *  any-source tags calls it; a sink that never is given them need not implement it (this one throws). */
  virtual void send_any(int dst, int tag, double bytes);
  /** Receives the next message sent to this rank with `tag` from any source (likewise); the sink knows its sender. */
  virtual void recv_any(int tag, double bytes);
  /** Called before each action of the rank's trace is replayed (before a collective's messages), and with `a` null
   *  before the requests left open at the trace's end are waited for: where the rank is, for a model that says
   *  where each rank stopped when a run cannot end. Does nothing by default. */
  virtual void at(const RankTrace& rt, const Action* a);
};

/** The channels of TransferSink. */
constexpr int p2p_channel        = 0;
constexpr int collective_channel = 1;

/** Runs rank `rank`'s actions of `t` through `sink`. `any`: the trace's any_source_tags (null: the trace has none;
 *  a receive from any source then reaches the sink's recv_any, which refuses it unless the sink implements it). */
void replay_rank(const Trace& t, int rank, TransferSink& sink, const AnySourceTags* any = nullptr);

/** One collective action of rank `rank` (of `t.size()` ranks) as the sends, receives and computation of SMPI 3.32's
 *  default algorithm for it (ti_collectives.cpp names each; docs/models/msglog.md, "Trace workloads"). Within each
 *  step of an algorithm the sends come before the receives, which is what SMPI's posting of every request of the
 *  step before waiting for them amounts to with eager sends. */
void decompose_collective(const RankTrace& rt, const Action& a, int rank, int ranks, TransferSink& sink);

} // namespace cs::ti
