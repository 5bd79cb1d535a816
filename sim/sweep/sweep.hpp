/* Sweeps: a base scenario and a set of variants (grid, zipped lists, random or Latin-hypercube samples, repetitions
 * with derived seeds). Each point runs in its own process (one SimGrid engine per process); results land atomically
 * in OUT/points/<id>/result.json, so a re-run skips what is finished; rows merge into OUT/sweep.csv and sweep.json.
 * docs/sweeps.md is the user's guide. The pieces:
 *   sweep_spec    the sweep file and its expansion into points     sweep_sample   random / Latin-hypercube draws
 *   sweep_store   the output folder (manifest, points, errors)     sweep_runner   worker processes, resume, shards
 *   sweep_merge   the merged table                                 sweep_derived  derived columns (sweep_expr)
 *   sweep_slurm   Slurm job-array scripts                          sweep_plot     line plots and heat maps */
#pragma once
#include "sim/sweep/merge.hpp"
#include "sim/sweep/runner.hpp"
#include "sim/sweep/spec.hpp"
#include "sim/sweep/store.hpp"
