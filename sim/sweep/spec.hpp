/* A sweep file: a base scenario and the variants to run. The variants are the cartesian product of factors — each
 * grid path, each group of zipped lists, one random or Latin-hypercube sample — times the repetitions. Expansion is
 * a pure function of the file (and the sweep seed), so every machine, shard or Slurm task sees the same points. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"
#include "sim/sweep/expr.hpp"
#include "sim/sweep/factor.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs {

/** A named column computed at merge time from the other columns of a row (and of its baseline row). */
struct DerivedColumn {
  std::string name;
  Expr expr;
  json baseline = nullptr;        ///< {path: value} selecting the baseline rows, or null
  std::vector<std::string> match; ///< columns the baseline row shares with the row (default: other params, rep)
  std::string pointer;            ///< where it was declared (for errors)
};

/** The most points a sweep may have: the product of its factors is checked against it when the file is read, so
 *  that it never overflows. Points are computed one at a time (sweep_point), never held all at once. */
constexpr size_t max_sweep_points = 1000000000;

struct SweepSpec {
  std::string file;    ///< where the sweep was read from (for messages)
  std::string pointer; ///< JSON pointer of the sweep object in that file
  json document;       ///< the sweep object as written (frozen into the output folder's manifest)
  std::string name;
  std::string base;             ///< base scenario path
  std::vector<std::string> set; ///< fixed overrides for every point ("path=json")
  std::vector<SweepFactor> factors;
  long repetitions    = 1;
  uint64_t seed       = 1; ///< sweep seed: sampling, and derived seeds of repetitions
  bool seed_given     = false;
  bool distinct_seeds = false; ///< "seeds": "distinct": every point its own seed (else common random numbers)
  std::vector<DerivedColumn> derived;

  /** Every swept path, in factor order (the CSV's parameter columns). */
  std::vector<std::string> param_paths() const;
  /** Number of points (product of factor sizes times repetitions; at most max_sweep_points). */
  size_t size() const;
};

struct SweepPoint {
  size_t index = 0;
  std::string id;                                   ///< "p00042"
  std::vector<std::pair<std::string, json>> values; ///< swept path -> value as written
  long rep      = 0;
  uint64_t seed = 0;     ///< the seed this point runs with
  bool has_seed = false; ///< false: the scenario's own seed (seed holds it), not overridden on the command line
  /** --set arguments of this point (fixed ones first). */
  std::vector<std::string> sets(const SweepSpec& spec) const;
};

/** Parses a sweep object (from a sweep file, or a validation file's run). */
SweepSpec parse_sweep(const json& j, const std::string& file, const std::string& pointer);
SweepSpec load_sweep(const std::string& path);
/** Documents the sweep file's fields (the parser in documentation mode), for its JSON Schema. */
void describe_sweep(std::vector<FieldDoc>& docs);
/** The seed point `index` runs with (sweep_point's seed, without building the point). */
uint64_t point_seed(const SweepSpec& spec, size_t index);
/** Point `index` (< spec.size()), computed from the factors alone: a sweep of 10^7 points is never held whole. */
SweepPoint sweep_point(const SweepSpec& spec, size_t index);
/** Every point at once: for small sweeps and tests (the commands walk the points with sweep_point). */
std::vector<SweepPoint> expand_sweep(const SweepSpec& spec);
/** Checks, without running anything, the first point's scenario and then every grid and zip row in that point's
 *  place (a grid axis value or zipped row in the first point's other values): a mistyped path or a bad value in any
 *  point fails with exit 2, naming the point and the value, before anything runs. A sample's rows are drawn within
 *  their declared bounds: its first row is checked. */
void check_points(const SweepSpec& spec);

/** Identity of the points (their ids, overrides and seeds) and of the SimGrid options: a folder holding results of
 *  another sweep is never resumed by mistake. What each point's result depends on (the scenario, the platform, the
 *  program) is checked point by point when resuming (sweep_runner's stale_reason). */
std::string sweep_fingerprint(const SweepSpec& spec, const std::vector<std::string>& forward);

/** Shard K of N (0-based K) holds the points whose index is K modulo N: deterministic, and balanced across grid
 *  rows of unequal cost. */
inline bool in_shard(const SweepPoint& p, int shard_index, int shard_count)
{
  return static_cast<int>(p.index % static_cast<size_t>(shard_count)) == shard_index;
}

} // namespace cs
