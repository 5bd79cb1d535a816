#include "sim/sweep/store.hpp"
#include "sim/input/errors.hpp"

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace cs {

std::string point_dir(const std::string& out, const SweepPoint& p)
{
  return out + "/points/" + p.id;
}
std::string point_result(const std::string& out, const SweepPoint& p)
{
  return point_dir(out, p) + "/result.json";
}
std::string point_error(const std::string& out, const SweepPoint& p)
{
  return out + "/points/" + p.id + ".error";
}
std::string point_log(const std::string& out, const SweepPoint& p)
{
  return out + "/logs/" + p.id + ".log";
}
std::string manifest_path(const std::string& out)
{
  return out + "/sweep.spec.json";
}

std::string output_fingerprint(const std::string& out)
{
  std::string path = manifest_path(out);
  if (not fs::exists(path))
    return "";
  json m = load_json_file(path);
  return m.value("fingerprint", "");
}

void claim_output(const SweepSpec& spec, const std::vector<std::string>& forward, const std::string& out)
{
  std::string fingerprint = sweep_fingerprint(spec, forward);
  std::string existing    = output_fingerprint(out);
  if (existing == fingerprint)
    return;
  if (not existing.empty())
    throw InputError(manifest_path(out), "",
                     "this folder holds the results of another sweep (or of this one before its points or the --cfg "
                     "options changed): choose another --out, or remove the folder");
  json doc        = spec.document;
  doc["scenario"] = fs::absolute(spec.base).lexically_normal().string(); // readable from any cwd (merge, plot)
  json manifest{{"sweep", doc},
                {"source", spec.file + (spec.pointer.empty() ? "" : "#" + spec.pointer)},
                {"fingerprint", fingerprint},
                {"points", spec.size()},
                {"simgrid_options", forward}};
  write_file_atomic(manifest_path(out), dump_json(manifest));
}

SweepSpec load_output_spec(const std::string& out)
{
  std::string path = manifest_path(out);
  if (not fs::exists(path))
    throw InputError(path, "", "no sweep manifest here: is " + out + " the output folder of a sweep?");
  json m = load_json_file(path);
  if (not m.is_object() || not m.contains("sweep"))
    throw InputError(path, "", "not a sweep manifest (no \"sweep\" object)");
  return parse_sweep(m["sweep"], path, "/sweep");
}

namespace {
/** Whether `v` holds a null anywhere: what a NaN or an infinity becomes in JSON. */
bool holds_null(const json& v)
{
  if (v.is_null())
    return true;
  if (v.is_structured())
    for (auto const& e : v)
      if (holds_null(e))
        return true;
  return false;
}

/** Why a point's result.json cannot be merged as an ok row ("" when it can): a run writes one only when its
 *  clock and every metric are finite numbers, so anything else was damaged after the run. */
std::string damage(const std::string& rfile, json* metrics)
{
  json r;
  try {
    r = load_json_file(rfile);
  } catch (const std::exception& e) {
    return e.what();
  }
  if (not r.is_object() || not r.contains("metrics") || not r["metrics"].is_object())
    return rfile + ": no \"metrics\" object";
  auto t = r.find("simulated_time_s");
  if (t != r.end() && (not t->is_number() || t->get<double>() < 0))
    return rfile + ": /simulated_time_s is not a time";
  for (auto const& [k, v] : r["metrics"].items())
    if (holds_null(v)) // metrics are numbers, strings, booleans, or lists and maps of them (msglog's digests)
      return rfile + ": /metrics/" + k + " is not finite (null)";
  *metrics = r["metrics"];
  return "";
}
} // namespace

std::vector<PointRow> read_points(const SweepSpec& spec, const std::vector<std::string>& dirs)
{
  std::vector<PointRow> rows;
  for (size_t i = 0, n = spec.size(); i < n; ++i) {
    SweepPoint p = sweep_point(spec, i);
    PointRow row;
    row.point  = p;
    row.status = "missing";
    for (auto const& dir : dirs) {
      std::string rfile = point_result(dir, p);
      if (fs::exists(rfile)) {
        json metrics;
        std::string why = damage(rfile, &metrics);
        row.status      = why.empty() ? "ok" : "failed";
        row.metrics     = why.empty() ? metrics : json(nullptr);
        row.error       = why.empty() ? "" : "damaged result: " + why;
        if (why.empty())
          break;
        continue;
      }
      std::string efile = point_error(dir, p);
      if (row.status == "missing" && fs::exists(efile)) {
        row.status = "failed";
        row.error  = read_own_output(efile);
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<PointRow> read_points(const SweepSpec& spec, const std::string& out_dir)
{
  return read_points(spec, std::vector<std::string>{out_dir});
}

} // namespace cs
