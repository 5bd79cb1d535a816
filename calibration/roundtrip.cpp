#include "calibration/roundtrip.hpp"
#include "calibration/figures.hpp"
#include "calibration/with_unit.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"

#include <map>

namespace cs::calib {

namespace {

std::string time_text(double s)
{
  if (s >= 1e-3)
    return format_number(s * 1e3) + " ms";
  return format_number(s * 1e6) + " us";
}

/** What the cost models leave out, found by investigating the round trip's misses on the reference machine
 *  (docs/calibration.md, "Known misses"). A cell that meets its 5% anyway is simply reported as passing. */
std::string known_limit(const Figure& f)
{
  if (f.bench == "thread_checkpoint")
    return "the copy follows system calls (the previous create and join): with page-table isolation and no PCID "
           "(this machine) every kernel entry flushes the TLB, so the copy refills it page by page (measured: a 1 MiB "
           "copy takes 15% longer right after a thread create); the additive model (memcpy figure + thread_create) "
           "has no such cost, as the memcpy benchmark never enters the kernel between copies";
  if (f.bench == "memcpy")
    return "the copy model has one bandwidth per cache level (that of the level's middle size), but within a level "
           "the bandwidth still varies: small copies pay the call's own cost (4 KiB runs 10% below the level), the "
           "largest of a level starts to spill (512 KiB: source and destination fill the 1 MiB L2)";
  if (f.bench == "fork")
    return "fork + exit + wait is not quite linear in the resident size here: between 32 and 128 MiB it runs up to "
           "7% above the line through 1 and 256 MiB (measured, pinned, 31 samples; cause not identified), which a "
           "fixed + per-MB cost cannot follow";
  return "";
}

} // namespace

void check_profile_shape(const json& profile, const std::string& path)
{
  if (not profile.is_object() || not profile.contains("raw") || not profile["raw"].is_object())
    throw InputError(path, "/raw", "no raw measurements: is this a host profile written by clustersim calibrate?");
  const json& raw = profile["raw"];
  if (not raw.contains("machine") || not raw["machine"].is_object())
    throw InputError(path, "/raw/machine", "expected an object describing the machine");
  if (not raw.contains("fits") || not raw["fits"].is_object())
    throw InputError(path, "/raw/fits", "expected an object of fits");
  for (auto const& [key, fit] : raw["fits"].items()) {
    const json* from = fit.is_object() && fit.contains("from") ? &fit["from"] : nullptr;
    bool ok          = from != nullptr && from->is_array();
    for (size_t i = 0; ok && i < from->size(); ++i)
      ok = (*from)[i].is_string();
    if (not ok)
      throw InputError(path, pointer_join(pointer_join("/raw/fits", key), "from"), "expected a list of figure ids");
    if (fit.contains("clamped") && not fit["clamped"].is_boolean())
      throw InputError(path, pointer_join(pointer_join("/raw/fits", key), "clamped"), "expected true or false");
  }
}

json make_roundtrip_validation(const json& profile, const std::string& profile_path)
{
  check_profile_shape(profile, profile_path);
  const json& raw = profile.at("raw");
  Figures figures = figures_from_json(raw.value("figures", json()), profile_path);
  // Which costs each figure was fitted from (a figure may feed several costs: fork_fixed and fork_per_mb).
  std::map<std::string, std::vector<std::string>> fitted, clamped;
  for (auto const& [key, fit] : raw.at("fits").items())
    for (auto const& id : fit.at("from")) {
      fitted[id.get<std::string>()].push_back(key == "speed" ? "/speed" : "/os_profile/costs/" + key);
      if (fit.value("clamped", false))
        clamped[id.get<std::string>()].push_back(key);
    }

  std::string host = raw.at("machine").value("hostname", "?");
  std::string date = raw.at("machine").value("date", "?");
  json runs        = json::object();
  json cells       = json::array();
  for (auto const& f : figures) {
    json set                     = json::object();
    set["platform.host_profile"] = profile_path;
    for (auto const& [k, v] : f.params.items())
      set["params." + k] = param_with_unit("microbench", k, v);
    runs[f.id] = {{"scenario", "scenarios/microbench/" + f.bench + ".json"}, {"set", set}};

    json cell;
    cell["id"]     = "calibration." + f.id;
    cell["table"]  = "microbenchmark round trip";
    cell["source"] = "microbenchmark " + f.bench + " on " + host + " (" + date + ")";
    cell["metric"] = f.what + ": seconds per operation (native median)";
    auto it        = fitted.find(f.id);
    if (it != fitted.end()) {
      cell["role"] = "calibration";
      std::string keys;
      for (auto const& k : it->second)
        keys += (keys.empty() ? "" : ", ") + k;
      cell["fits"] = profile_path + " " + keys;
      if (auto c = clamped.find(f.id); c != clamped.end()) {
        std::string names;
        for (auto const& k : c->second)
          names += (names.empty() ? "" : ", ") + k;
        cell["known_miss"] = "noise made the fit of " + names +
                             " impossible (a negative cost); it was clamped to a possible one (its source says how), "
                             "so the simulator cannot give this figure back: measure again on a quieter machine";
      }
    } else {
      cell["role"] = "validation";
      if (std::string why = known_limit(f); not why.empty())
        cell["known_miss"] = why;
    }
    cell["measured"]  = f.time.median;
    cell["tolerance"] = {{"rel", roundtrip_tolerance}};
    cell["note"]      = "native spread: quartiles " + time_text(f.time.q1) + " .. " + time_text(f.time.q3) + ", MAD " +
                   time_text(f.time.mad) + ", " + std::to_string(f.time.n) + " samples";
    cell["compute"] = {{"op", "value"}, {"run", f.id}, {"y", "op_time_s"}};
    cells.push_back(cell);
  }
  return {{"seed", "calibration"},
          {"title", "Microbenchmark round trip: the simulated microbenchmarks on the profile of " + host +
                        " against its native figures"},
          {"description", "Written by `clustersim calibrate --validation`; each run re-enacts one native figure with "
                          "models/microbench on " +
                              profile_path + "."},
          {"runs", runs},
          {"cells", cells}};
}

} // namespace cs::calib
