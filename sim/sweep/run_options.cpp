#include "sim/sweep/run_options.hpp"
#include "sim/input/errors.hpp"
#include "sim/run/fingerprint.hpp"
#include "sim/run/scenario.hpp"

#include <optional>

namespace cs {

std::string SweepOutcome::rerun_text() const
{
  if (rerun == 0)
    return "";
  std::string why;
  for (auto const& [reason, n] : rerun_why)
    why += (why.empty() ? "" : "; ") + reason + (rerun_why.size() > 1 ? " (" + std::to_string(n) + ")" : "");
  return std::to_string(rerun) + " re-run: " + why;
}

std::string stale_reason(const SweepSpec& spec, const SweepPoint& p, const std::string& result_file)
{
  Scenario scenario;
  try {
    scenario = load_scenario(spec.base, p.sets(spec), p.has_seed ? std::optional<uint64_t>(p.seed) : std::nullopt);
  } catch (const InputError& e) {
    return std::string("its scenario is now invalid (") + e.what() + ")";
  }
  json stored;
  try {
    stored = load_json_file(result_file).value("inputs", json());
  } catch (const InputError&) {
    return "its result.json cannot be read";
  }
  return input_change(stored, input_fingerprint(scenario), scenario);
}

} // namespace cs
