#include "sim/sweep/merge.hpp"
#include "sim/run/recorder.hpp"
#include "sim/sweep/derived.hpp"
#include "sim/sweep/stats.hpp"

#include <set>

namespace cs {

namespace {

/** A failed point's log can be long; the merged JSON keeps its end, where the error is. */
std::string error_tail(const std::string& text)
{
  const size_t keep = 2000;
  return text.size() <= keep ? text : "..." + text.substr(text.size() - keep);
}

} // namespace

MergedFiles render_merged(const SweepSpec& spec, const std::vector<PointRow>& rows)
{
  MergedFiles out;
  std::set<std::string> metric_names;
  for (auto const& r : rows)
    if (r.metrics.is_object())
      for (auto const& [k, v] : r.metrics.items())
        if (v.is_primitive())
          metric_names.insert(k);
  auto derived = compute_derived(spec, rows);

  std::vector<std::string> columns{"point", "rep", "seed"};
  auto params = spec.param_paths();
  columns.insert(columns.end(), params.begin(), params.end());
  columns.push_back("status");
  columns.insert(columns.end(), metric_names.begin(), metric_names.end());
  for (auto const& d : spec.derived)
    columns.push_back(d.name);
  Table table(columns);
  json all = json::array();
  for (size_t i = 0; i < rows.size(); ++i) {
    auto const& r = rows[i];
    ++out.summary.total;
    out.summary.ok += r.status == "ok";
    out.summary.failed += r.status == "failed";
    out.summary.missing += r.status == "missing";
    std::vector<json> fields{r.point.id, r.point.rep, r.point.seed};
    json entry{{"point", r.point.id},      {"rep", r.point.rep}, {"seed", r.point.seed},
               {"params", json::object()}, {"status", r.status}, {"metrics", r.metrics}};
    for (auto const& [path, v] : r.point.values) {
      fields.push_back(v);
      entry["params"][path] = v;
    }
    fields.push_back(r.status);
    for (auto const& m : metric_names)
      fields.push_back(r.metrics.is_object() && r.metrics.contains(m) ? r.metrics[m] : json(nullptr));
    if (not spec.derived.empty())
      entry["derived"] = json::object();
    for (size_t k = 0; k < spec.derived.size(); ++k) {
      fields.push_back(derived[i][k]);
      entry["derived"][spec.derived[k].name] = derived[i][k];
    }
    if (r.status == "failed")
      entry["error"] = error_tail(r.error);
    table.add(fields);
    all.push_back(entry);
  }
  out.csv          = table.to_csv();
  out.json_text    = dump_json(all);
  StatsFiles stats = render_stats(spec, rows, derived);
  out.stats_csv    = stats.csv;
  out.stats_json   = stats.json_text;
  return out;
}

MergeSummary merge_sweep(const SweepSpec& spec, const std::vector<std::string>& dirs, const std::string& out_dir)
{
  MergedFiles files = render_merged(spec, read_points(spec, dirs));
  write_file_atomic(out_dir + "/sweep.csv", files.csv);
  write_file_atomic(out_dir + "/sweep.json", files.json_text);
  write_file_atomic(out_dir + "/sweep_stats.csv", files.stats_csv);
  write_file_atomic(out_dir + "/sweep_stats.json", files.stats_json);
  return files.summary;
}

MergeSummary merge_sweep(const SweepSpec& spec, const std::string& out_dir)
{
  return merge_sweep(spec, std::vector<std::string>{out_dir}, out_dir);
}

} // namespace cs
