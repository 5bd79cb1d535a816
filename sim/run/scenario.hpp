/* A scenario: which model, on which platform, with which parameters and seed. Parsed and checked at the edge. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/platform/platform.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cs {

struct Scenario {
  std::string file; ///< path as given
  json resolved;    ///< the document after --set overrides and --seed (written into result.json)
  std::string name;
  std::string description;
  std::string model;
  uint64_t seed = 1;
  PlatformOptions platform; ///< the platform file (as named and resolved) and what the scenario changes in it
  json params                = json::object(); ///< the model's own parameters, parsed by the model
  std::string params_pointer = "/params";
  json faults; ///< the fault schedule ("faults" list, parsed by sim/faults), null when none
  /** Factor on the program's CPU work, for the models that have one (sim/run/sequential.hpp): given, or fitted to
   *  the sequential time the model's parameters give. */
  double compute_scale = 1;
};

/** Applies "a.b.c=value" overrides to a scenario document (value parsed as JSON, else taken as a string). */
void apply_overrides(json& doc, const std::vector<std::string>& sets, const std::string& file);

/** Documents the scenario's own fields (the model's params excepted): the parser in documentation mode. */
void describe_scenario(std::vector<FieldDoc>& docs);

/** Loads, overrides and checks a scenario (the model's params are checked later by the model itself). */
Scenario load_scenario(const std::string& path, const std::vector<std::string>& sets,
                       std::optional<uint64_t> seed_override);

} // namespace cs
