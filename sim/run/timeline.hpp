/* The timeline of a run: its event table laid out as lanes (one per actor) for plots/run_timeline.gp. */
#pragma once
#include "sim/run/recorder.hpp"

#include <limits>
#include <string>

namespace cs {

struct TimelineOptions {
  double from    = 0; ///< the window drawn, in simulated seconds
  double to      = std::numeric_limits<double>::infinity();
  long max_lanes = 12; ///< more lanes than this are not readable: the first ones (in order of names) are drawn
};

/** Parses "T0:T1" (simulated seconds, either side may be empty) into `o.from` / `o.to`; UsageError if malformed. */
void parse_window(const std::string& text, TimelineOptions& o);

/** Writes RUN_DIR/timeline.dat (tab-separated: lane, start, end, peer lane, kind, node, detail) from the events
 *  table and renders plots/run_timeline.gp into RUN_DIR/timeline.png and .svg. False if there is nothing to draw or
 *  gnuplot failed (plotting never fails a run). */
bool render_timeline(const std::string& run_dir, const Table& events, const TimelineOptions& o, bool quiet);

} // namespace cs
