/* The runs of `validate --uncertainty N`: the point runs and every grid point's first sample in one pool, then the
 * other samples, but none of a grid point whose first sample drew nothing (sim/sweep/uncertainty_sweep.hpp,
 * draws_nothing): each of its samples would read the values the first read and run the same simulation, so that
 * result stands for all of them (add_sampled_run, sim/validate/uncertainty_cells.hpp). docs/uncertainty.md, Cost. */
#pragma once
#include "sim/sweep/sweep.hpp"

#include <vector>

namespace cs {

/** Runs `sweeps` in a pool of `jobs` workers; the sweeps at the indices `sampled` are sample sweeps, run in the two
 *  passes above (their outcome and CPU time are those of both). Unless `quiet`, each pass shows one progress line
 *  for all its points. */
void run_sweeps_with_samples(std::vector<SweepJob>& sweeps, const std::vector<size_t>& sampled, int jobs, bool quiet);

} // namespace cs
