/* The output folder of a sweep, the only state a sweep has:
 *   OUT/sweep.spec.json       the sweep (scenario path made absolute) and the fingerprint of its points
 *   OUT/points/<id>/result.json   a finished point (written last and atomically: its presence means "done")
 *   OUT/points/<id>.error     a failed point's error (removed when the point later succeeds)
 *   OUT/logs/<id>.log         what a point printed, kept only when it printed something
 *   OUT/sweep.csv, sweep.json the merged table
 * Any number of processes (jobs, shards, Slurm tasks) may fill one folder: they touch disjoint points and every
 * file appears by rename, so a reader or a killed writer never leaves a half-written result behind. */
#pragma once
#include "sim/sweep/spec.hpp"

#include <string>
#include <vector>

namespace cs {

std::string point_dir(const std::string& out, const SweepPoint& p);
std::string point_result(const std::string& out, const SweepPoint& p);
std::string point_error(const std::string& out, const SweepPoint& p);
std::string point_log(const std::string& out, const SweepPoint& p);
std::string manifest_path(const std::string& out);

/** Writes OUT/sweep.spec.json, or, if the folder already has one, checks that it describes the same points (same
 *  base scenario text, overrides, seeds and SimGrid options): resuming somebody else's results is an error. */
void claim_output(const SweepSpec& spec, const std::vector<std::string>& forward, const std::string& out);

/** The sweep a folder was made by, read back from its manifest (for merge and plot). */
SweepSpec load_output_spec(const std::string& out);
/** The fingerprint stored in a folder's manifest ("" without one). */
std::string output_fingerprint(const std::string& out);

/** One finished (or failed) point, as read back from its folder. */
struct PointRow {
  SweepPoint point;
  std::string status; ///< "ok", "failed" or "missing"
  json metrics;       ///< result.json "metrics" (null unless ok)
  std::string error;
};
std::vector<PointRow> read_points(const SweepSpec& spec, const std::string& out_dir);
/** The points of several folders of one sweep (shards run apart): a result anywhere wins over an error. */
std::vector<PointRow> read_points(const SweepSpec& spec, const std::vector<std::string>& dirs);

} // namespace cs
