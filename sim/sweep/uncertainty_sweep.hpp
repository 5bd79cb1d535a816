/* Uncertainty propagation through sweeps: the factor that runs every point once per Latin-hypercube sample
 * (the scenario field "uncertainty", sim/run/scenario.cpp), and the samples read back with their drawn inputs. */
#pragma once
#include "sim/run/uncertainty_stats.hpp"
#include "sim/sweep/spec.hpp"
#include "sim/sweep/store.hpp"

#include <cstdint>

namespace cs {

/** The swept path of the sample factor. */
inline const char* uncertainty_sample_path = "uncertainty.sample";

/** Adds to a sweep object (before parse_sweep, so that its manifest holds it) the grid factor `uncertainty.sample` =
 *  0..samples-1, with uncertainty.samples and .seed fixed for every point. */
void add_uncertainty_factor(json& sweep, long samples, uint64_t seed);

/** The sample a point runs (-1: the point has no sample factor). */
long point_sample(const SweepPoint& p);

/** Whether the sweep has the sample factor. */
bool is_sampled(const SweepSpec& spec);

/** What decides whether two points may run in one worker process: their --set arguments but the sample's. Points of
 *  one key differ only in their seed and in the values their ranged inputs draw, so a process's later engine starts
 *  from the state of its first (sim/platform/engine_reuse.hpp; a draw that would need other SimGrid options sends
 *  its point to a fresh process). */
std::string batch_key(const SweepSpec& spec, const SweepPoint& p);

/** batch_key and the seed: points of one reuse key run the same simulation when their draws are all of zero width. */
std::string reuse_key(const SweepSpec& spec, const SweepPoint& p);

/** Whether a finished sample drew nothing that another sample could draw otherwise: it read no ranged input, or only
 *  ranges of zero width and single choices (every sample then reads the values this one read). */
bool draws_nothing(const std::string& out_dir, const PointRow& row);

/** A finished point's metrics and the quantiles its ranged inputs were drawn at (from its result.json). */
SampleOutcome read_sample(const std::string& out_dir, const PointRow& row);

} // namespace cs
