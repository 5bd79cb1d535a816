/* A run's result taken from an earlier run of the same inputs (validate's uncertainty samples).
 *
 * Two runs whose inputs are the same simulate the same thing: the resolved scenario (after --set and the seed) with
 * each choice the draw made replaced by the value it chose, the scenario file's and the platform file's names
 * (a drawn input's id holds them: the draws of its ranged values follow from them and the draw), the contents of the
 * platform file and the host profile, the program, SimGrid's arguments and the uncertainty draw (seed, sample,
 * samples). Validate's JIAJIA apps/mm runs have such twins: a sample of the single machine that draws the
 * workstation platform is the same sample of the run set to the workstations. The key is that whole text, kept in
 * the stored file and compared in full, so only an exact twin reuses a result; the second run still reads its own
 * inputs and records its own draws (the simulation's draws are the twin's, which read the same values). */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/run/scenario.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cs {

class Recorder;
struct PlatformOverride;

/** What a twin run keeps of its simulation: its metrics, hardware rates, end time and the inputs it drew. */
struct ReusedResult {
  json metrics;
  json hardware_rates;
  double simulated_time_s = 0;
  json drawn; ///< every input drawn, with whether the run used it
};

/** A run's identity, and the inputs it had drawn when it was taken: what the run draws after that point (its
 *  model's parameters, its platform fields read late) is the same in its twins, what it drew before is its own. */
struct ReuseKey {
  std::string text;                  ///< "" when the run keeps and takes no result
  std::map<std::string, bool> drawn; ///< input id -> used, when the key was taken
};

/** The identity of a run whose scenario and platform are read (so that its choices are drawn). `engine_args`: the
 *  SimGrid arguments it starts its engine with. */
ReuseKey result_reuse_key(const Scenario& scenario, const std::vector<PlatformOverride>& overrides,
                          const std::vector<std::string>& engine_args);

/** The result kept in `dir` for exactly `key`, if any. */
std::optional<ReusedResult> reused_result(const std::string& dir, const ReuseKey& key);

/** Keeps this run's result in `dir` under `key` for its twins (written whole or not at all), with the inputs drawn
 *  or first used since the key was taken. */
void keep_result(const std::string& dir, const ReuseKey& key, const Recorder& recorder, double simulated_time_s);

/** Records as this run's the draws its twin made after its key was taken: this run's simulation would make them. */
void record_twin_draws(const json& drawn);

} // namespace cs
