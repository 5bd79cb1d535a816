/* A rank's program read from a SimGrid time-independent trace (params.bench "trace"): the trace's actions replayed
 * through models/common/ti_replay.hpp onto the rank's operations. Point-to-point messages are the application's
 * (logged); the messages inside collectives are not, and travel on a channel of their own. */
#pragma once
#include "models/msglog/streams.hpp"

namespace cs::msglog {

/** Runs rank `rank`'s actions of `p.trace`. */
void run_trace(const Params& p, int rank, RankOps& ops);

/** Where one rank of a trace run stopped, for a run that cannot end: "rank1.txt:5 (recv from rank 0)", or its
 *  file's end when it waits for the requests it left open (`a` null). */
std::string trace_position(const ti::RankTrace& rt, const ti::Action* a);

} // namespace cs::msglog
