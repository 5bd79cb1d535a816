/* The output folder of one run: checked before the simulation, and a rerun into it replaces that run's files only. */
#pragma once
#include <string>
#include <vector>

namespace cs {

/** Proves that `dir` can be created and written (a probe file written and removed in its nearest existing
 *  folder), so that a read-only --out fails before the simulation rather than after it. A UsageError (exit 2). */
void check_output_dir(const std::string& dir);

/** The files of the run recorded in DIR/result.json (its CSV tables, its plot, result.json itself); empty when the
 *  folder holds no readable result. Only plain names directly in DIR are listed: a result file cannot point a
 *  later run at anything outside its own folder. */
std::vector<std::string> run_files(const std::string& dir);

/** Removes the files of `previous` that the new run did not write again (`current`). */
void remove_stale_run_files(const std::string& dir, const std::vector<std::string>& previous,
                            const std::vector<std::string>& current);

} // namespace cs
