#include "sim/run/result_reuse.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/hash.hpp"
#include "sim/input/uncertain.hpp"
#include "sim/platform/platform_overrides.hpp"
#include "sim/run/fingerprint.hpp"
#include "sim/run/recorder.hpp"

#include <cstdio>
#include <filesystem>

namespace cs {

namespace {

std::string reuse_file(const std::string& dir, const std::string& key)
{
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.json", static_cast<unsigned long long>(fnv1a(key)));
  return dir + "/" + name;
}

json drawn_json(const DrawnInput& in)
{
  return {{"id", in.id},
          {"unit", in.unit},
          {"point", in.point},
          {"lo", in.lo},
          {"hi", in.hi},
          {"spread", in.spread == Spread::log_uniform},
          {"quantile", in.quantile},
          {"value", in.value},
          {"chosen", in.chosen},
          {"read", in.read}};
}

} // namespace

ReuseKey result_reuse_key(const Scenario& scenario, const std::vector<PlatformOverride>& overrides,
                          const std::vector<std::string>& engine_args)
{
  // A choice drawn from the scenario file stands as the value it chose: the runs that chose it, and the runs that
  // set that value, read the same scenario.
  json doc                 = scenario.resolved;
  std::string scenario_ids = canonical_data_path(scenario.file) + "#";
  for (auto const& in : drawn_inputs())
    if (not in.chosen.empty() && in.id.rfind(scenario_ids, 0) == 0) {
      json::json_pointer at(in.id.substr(scenario_ids.size()));
      if (doc.contains(at))
        doc[at] = json::parse(in.chosen);
    }
  const UncertaintyDraw& draw = uncertainty_draw();
  json key{{"scenario", doc},
           {"scenario_file", canonical_data_path(scenario.file)},
           {"platform_file", canonical_data_path(scenario.platform.path)},
           {"compute_scale", scenario.compute_scale},
           {"inputs", input_fingerprint(scenario)},
           {"platform_overrides", to_json(overrides)},
           {"engine_args", engine_args},
           {"draw", {{"seed", draw.seed}, {"sample", draw.sample}, {"samples", draw.samples}}}};
  key["inputs"].erase("scenario"); // the scenario itself is above, its choices as chosen
  ReuseKey out{dump_json(key), {}};
  for (auto const& in : drawn_inputs())
    out.drawn[in.id] = in.read;
  return out;
}

std::optional<ReusedResult> reused_result(const std::string& dir, const ReuseKey& key)
{
  std::string file = reuse_file(dir, key.text);
  if (dir.empty() || key.text.empty() || not std::filesystem::exists(file))
    return std::nullopt;
  json j = load_json_file(file);
  if (j.value("key", "") != key.text)
    return std::nullopt; // another key with the same hash: run it
  return ReusedResult{j.at("metrics"), j.at("hardware_rates"), j.at("simulated_time_s").get<double>(), j.at("drawn")};
}

void keep_result(const std::string& dir, const ReuseKey& key, const Recorder& recorder, double simulated_time_s)
{
  json metrics = json::object();
  for (auto const& [k, v] : recorder.metrics())
    metrics[k] = v;
  json drawn = json::array();
  for (auto const& in : drawn_inputs()) {
    auto before = key.drawn.find(in.id);
    if (before == key.drawn.end() || (in.read && not before->second)) // drawn, or first used, by the simulation
      drawn.push_back(drawn_json(in));
  }
  std::filesystem::create_directories(dir);
  write_file_atomic(reuse_file(dir, key.text), dump_json(json{{"key", key.text},
                                                              {"metrics", metrics},
                                                              {"hardware_rates", recorder.hardware_rates()},
                                                              {"simulated_time_s", simulated_time_s},
                                                              {"drawn", drawn}}));
}

void record_twin_draws(const json& drawn)
{
  for (auto const& d : drawn) {
    DrawnInput in;
    in.id       = d.at("id").get<std::string>();
    in.unit     = d.at("unit").get<std::string>();
    in.point    = d.at("point").get<double>();
    in.lo       = d.at("lo").get<double>();
    in.hi       = d.at("hi").get<double>();
    in.spread   = d.at("spread").get<bool>() ? Spread::log_uniform : Spread::uniform;
    in.quantile = d.at("quantile").get<double>();
    in.value    = d.at("value").get<double>();
    in.chosen   = d.at("chosen").get<std::string>();
    in.read     = d.at("read").get<bool>();
    record_drawn_input(in);
  }
}

} // namespace cs
