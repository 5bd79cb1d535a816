/* Sweeps: a base scenario and a set of variants (grid, zipped lists, random or Latin-hypercube samples, repetitions
 * with derived seeds). Each point runs in its own process (one SimGrid engine per process); results land atomically
 * in OUT/points/<id>/result.json, so a re-run skips what is finished; rows merge into OUT/sweep.csv and sweep.json.
 * docs/sweeps.md is the user's guide. The pieces (files of sim/sweep/):
 *   spec      the sweep file and its expansion into points     sample    random / Latin-hypercube draws
 *   store     the output folder (manifest, points, errors)     runner    one sweep: resume, shards, the plan
 *   pool      the worker processes of one or several sweeps    worker    a forked process running a batch of points
 *   lock      the output folder's lock                         progress  the progress line
 *   merge     the merged table (sweep.csv)                     stats     per-point statistics (sweep_stats.csv)
 *   derived   derived columns, expr their expressions          slurm     Slurm job-array scripts
 *   plot      line plots and heat maps, labels their axes */
#pragma once
#include "sim/sweep/merge.hpp"
#include "sim/sweep/runner.hpp"
#include "sim/sweep/spec.hpp"
#include "sim/sweep/store.hpp"
