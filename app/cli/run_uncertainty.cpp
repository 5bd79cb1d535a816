#include "app/cli/run_uncertainty.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/run/plot.hpp"
#include "sim/run/run_output.hpp"
#include "sim/run/scenario.hpp"
#include "sim/sweep/sweep.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace cs::cli {

namespace {

/** The sweep object of the scenario's runs: its --set overrides (and --seed) fixed, with the sample factor or not. */
json run_sweep_doc(const RunOptions& run, const std::string& name, const UncertaintyRunOptions* u)
{
  // As a run applies them first: an override a later one replaces is refused before the object below, whose keys
  // are sorted, loses their order.
  json probe = json::object();
  apply_overrides(probe, run.sets, run.scenario);
  json set = json::object();
  for (auto const& item : run.sets) {
    auto eq = item.find('=');
    if (eq == std::string::npos)
      throw UsageError("--set expects key.path=value, got \"" + item + "\"");
    json value;
    try {
      value = json::parse(item.substr(eq + 1));
    } catch (const json::exception&) {
      value = item.substr(eq + 1); // a plain string, as `run --set` takes it
    }
    set[item.substr(0, eq)] = value;
  }
  if (run.seed)
    set["seed"] = *run.seed;
  json doc{{"name", name}, {"scenario", fs::absolute(run.scenario).lexically_normal().string()}, {"set", set}};
  if (u)
    add_uncertainty_factor(doc, u->samples, u->seed);
  return doc;
}

SweepJob make_job(const json& doc, const RunOptions& run, const std::string& out, const Args& simgrid_args)
{
  SweepJob job;
  job.spec = parse_sweep(doc, run.scenario, "");
  check_points(job.spec);
  job.options.out_dir  = out;
  job.options.quiet    = run.quiet;
  job.options.forward  = simgrid_args;
  job.options.self_exe = self_executable();
  return job;
}

/** Tab-separated "input<TAB>rho" rows, largest |rho| first: the tornado's bars. */
void write_tornado_data(const std::string& path, const json& sensitivity, size_t top)
{
  std::string text = "# input\trho (Spearman rank correlation of the input's quantile with the metric)\tbelow "
                     "chance (1: |rho| below what the samples give by chance)\n";
  for (size_t i = 0; i < sensitivity.size() && i < top; ++i) {
    char rho[32];
    std::snprintf(rho, sizeof rho, "%.4f", sensitivity[i]["rho"].get<double>());
    text += tsv_field(sensitivity[i]["input"].get<std::string>()) + "\t" + rho + "\t" +
            (sensitivity[i].value("below_chance", false) ? "1" : "0") + "\n";
  }
  write_file_atomic(path, text);
}

void plot_tornados(const std::string& out, const json& metrics, bool quiet)
{
  for (auto const& [name, m] : metrics.items()) {
    if (m.value("constant", false) || m["sensitivity"].empty() || not(m["p95"].get<double>() > m["p5"].get<double>()))
      continue; // no spread: no bar to draw
    std::string file = name;
    for (char& c : file)
      if (not(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
        c = '_'; // a metric's name becomes part of a file name
    std::string base = out + "/sensitivity_" + file;
    write_tornado_data(base + ".dat", m["sensitivity"], 10);
    render_plot(plots_dir() + "/sensitivity_tornado.gp", base,
                {{"datafile", plot_path(base + ".dat")},
                 {"metric", name},
                 {"chance", format_number(m["chance_level"].get<double>())}});
    if (not quiet)
      std::fprintf(stderr, "clustersim: tornado plot -> %s.png\n", base.c_str());
  }
}

void print_table(const json& metrics)
{
  std::printf("  %-32s %12s %12s %12s %12s  %s\n", "metric", "point", "median", "p5", "p95", "top input (rho)");
  for (auto const& [name, m] : metrics.items()) {
    std::string top = m.value("constant", false) ? "- (constant over the samples)"
                      : m["sensitivity"].empty()
                          ? "-"
                          : m["sensitivity"][0]["input"].get<std::string>() + " (" +
                                std::to_string(m["sensitivity"][0]["rho"].get<double>()).substr(0, 6) +
                                (m["sensitivity"][0].value("below_chance", false) ? ", below chance)" : ")");
    double point    = m.contains("point") && m["point"].is_number() ? m["point"].get<double>() : NAN;
    std::printf("  %-32s %12.6g %12.6g %12.6g %12.6g  %s\n", name.c_str(), point, m["median"].get<double>(),
                m["p5"].get<double>(), m["p95"].get<double>(), top.c_str());
  }
}

/** The ranged inputs the samples read: id, unit, point value, range and distribution (from the first sample). */
json input_list(const std::string& dir, const std::vector<PointRow>& rows)
{
  json list = json::array();
  if (rows.empty())
    return list;
  json drawn = load_json_file(point_dir(dir, rows[0].point) + "/result.json").value("uncertainty", json::object());
  for (auto in : drawn.value("inputs", json::array())) {
    in.erase("value");
    in.erase("quantile");
    list.push_back(in);
  }
  return list;
}

} // namespace

int run_uncertainty(const RunOptions& run, const UncertaintyRunOptions& u, const Args& simgrid_args)
{
  Scenario scenario = load_scenario(run.scenario, run.sets, run.seed); // bad input: exit 2 before anything runs
  std::string out   = run.out_dir.empty() ? "out/" + scenario.name : run.out_dir;
  check_output_dir(out);
  RunFolderLock lock(out); // a plain run or a sweep writing into the same folder would mix their files with ours
  std::vector<SweepJob> jobs;
  jobs.push_back(make_job(run_sweep_doc(run, scenario.name, nullptr), run, out + "/point", simgrid_args));
  jobs.push_back(make_job(run_sweep_doc(run, scenario.name + "-uncertainty", &u), run, out + "/samples", simgrid_args));
  run_sweeps(jobs, u.jobs);
  for (auto const& job : jobs)
    if (job.outcome.failed)
      throw std::runtime_error(std::to_string(job.outcome.failed) + " of the runs failed: their errors are in " +
                               job.options.out_dir + "/points/<id>.error");

  std::vector<PointRow> point   = read_points(jobs[0].spec, jobs[0].options.out_dir);
  std::vector<PointRow> samples = read_points(jobs[1].spec, jobs[1].options.out_dir);
  std::vector<SampleOutcome> outcomes;
  for (auto const& row : samples)
    outcomes.push_back(read_sample(jobs[1].options.out_dir, row));
  json summary{{"scenario", canonical_data_path(run.scenario)},
               {"samples", u.samples},
               {"seed", u.seed},
               {"sensitivity_method", "Spearman rank correlation between each input's quantile and the metric"},
               {"chance_level", chance_level(static_cast<size_t>(u.samples))},
               {"inputs", input_list(jobs[1].options.out_dir, samples)},
               {"metrics", metric_spreads(outcomes, point.empty() ? json() : point[0].metrics)}};
  write_file_atomic(out + "/uncertainty.json", dump_json(summary));
  if (not run.quiet) {
    std::fprintf(stderr, "clustersim: %s: %ld samples of %zu ranged inputs -> %s/uncertainty.json\n",
                 scenario.name.c_str(), u.samples, summary["inputs"].size(), out.c_str());
    print_table(summary["metrics"]);
  }
  if (u.plot)
    plot_tornados(out, summary["metrics"], run.quiet);
  return 0;
}

} // namespace cs::cli
