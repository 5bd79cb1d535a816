#include "sim/validate/validate.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_keys.hpp"
#include "sim/input/temp_dir.hpp"
#include "sim/run/fingerprint.hpp"
#include "sim/run/plot.hpp"
#include "sim/run/run_output.hpp"
#include "sim/run/uncertainty_stats.hpp"
#include "sim/sweep/store.hpp"
#include "sim/sweep/sweep.hpp"
#include "sim/sweep/uncertainty_sweep.hpp"
#include "sim/validate/failure_text.hpp"
#include "sim/validate/model_error.hpp"
#include "sim/validate/sample_runs.hpp"
#include "sim/validate/uncertainty_cells.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace cs {

namespace {

/** A cell's value as printed, or `missing` where it has none. */
std::string number_or(const json& v, const char* missing)
{
  return v.is_number() ? format_number(v.get<double>()) : std::string(missing);
}

double as_number(const json& v)
{
  if (v.is_number())
    return v.get<double>();
  if (v.is_string())
    return std::strtod(v.get<std::string>().c_str(), nullptr);
  return std::nan("");
}

bool matches(const PointRow& row, const json& where)
{
  if (where.is_null())
    return true;
  for (auto const& [path, want] : where.items()) {
    bool found = false;
    for (auto const& [p, v] : row.point.values)
      if (p == path) {
        found = true;
        if (v != want)
          return false;
      }
    if (not found)
      return false;
  }
  return true;
}

struct Ctx {
  const ComputeInput& in;
  std::string file;
};

enum class Op { value, mean, sd, min, max, median, p05, p95, ratio, diff, crossover, slope_ratio, ks };

/** A compute object read through Fields: each op declares the keys it uses, so a misspelt key ("wher" for "where")
 *  is an error instead of a filter silently left out. */
struct Compute {
  Op op = Op::value;
  std::string ptr;
  std::string run, x, y;
  json where = json::object();
  json a; ///< ratio: numerator, diff: first term (computes); crossover: first curve's filter
  json b; ///< the second of the same
  double x0 = 0, x1 = 0, x2 = 0;
  std::vector<double> samples;
};

bool is_stat(Op op)
{
  return op == Op::value || op == Op::mean || op == Op::sd || op == Op::min || op == Op::max || op == Op::median ||
         op == Op::p05 || op == Op::p95;
}

/** A copy: Fields holds its own copy of the object, gone when parsing ends. */
json required_object(Fields& f, const char* key, const char* doc)
{
  const json* v = f.raw(key, "object", doc, {{"type", "object"}});
  if (v == nullptr)
    f.missing(key, doc);
  if (not v->is_object())
    f.fail(key, "expected an object, got " + quote_value(*v));
  return *v;
}

/** The keys that pick rows of a run: "run", "y" (required) and the optional "where" filter. */
void parse_rows(Fields& f, Compute& c)
{
  c.run = f.required_string("run", "one of the file's runs");
  c.y   = f.required_string("y", "a metric of result.json");
  if (const json* w = f.raw("where", "object", "grid values the rows must have", {{"type", "object"}})) {
    if (not w->is_object())
      f.fail("where", "expected an object, got " + quote_value(*w));
    c.where = *w;
  }
}

Compute parse_compute(const Ctx& ctx, const json& spec, const std::string& ptr)
{
  if (not spec.is_object() || not spec.contains("op"))
    throw InputError(ctx.file, ptr, "expected a compute object with an \"op\"");
  Fields f(spec, ctx.file, ptr);
  Compute c;
  c.ptr = ptr;
  c.op  = f.choice<Op>("op", Op::value,
                      {{"value", Op::value},
                        {"mean", Op::mean},
                        {"sd", Op::sd},
                        {"min", Op::min},
                        {"max", Op::max},
                        {"median", Op::median},
                        {"p05", Op::p05},
                        {"p95", Op::p95},
                        {"ratio", Op::ratio},
                        {"diff", Op::diff},
                        {"crossover", Op::crossover},
                        {"slope_ratio", Op::slope_ratio},
                        {"ks", Op::ks}},
                      "how the value is computed");
  if (c.op == Op::ratio) {
    c.a = required_object(f, "num", "the numerator (a compute object)");
    c.b = required_object(f, "den", "the denominator (a compute object)");
  } else if (c.op == Op::diff) {
    c.a = required_object(f, "a", "the first term (a compute object)");
    c.b = required_object(f, "b", "the term subtracted (a compute object)");
  } else {
    parse_rows(f, c);
  }
  if (c.op == Op::crossover || c.op == Op::slope_ratio)
    c.x = f.required_string("x", "the grid path along which the curves run");
  if (c.op == Op::crossover) {
    c.a = required_object(f, "a", "grid values of the first curve (added to \"where\")");
    c.b = required_object(f, "b", "grid values of the second curve (added to \"where\")");
  }
  if (c.op == Op::slope_ratio) {
    c.x0 = f.required_quantity("x0", Unit::none, "first x of the two slopes");
    c.x1 = f.required_quantity("x1", Unit::none, "middle x: end of the first slope, start of the second");
    c.x2 = f.required_quantity("x2", Unit::none, "last x of the second slope");
  }
  if (c.op == Op::ks) {
    c.samples = f.quantity_list("samples", Unit::none, {}, "the measured values");
    if (c.samples.empty())
      f.fail("samples", "ks needs \"samples\": the measured values");
  }
  f.finish();
  return c;
}

const std::vector<PointRow>& rows_of(const Ctx& ctx, const Compute& c)
{
  auto it = ctx.in.runs.find(c.run);
  if (it == ctx.in.runs.end())
    throw InputError(ctx.file, pointer_join(c.ptr, "run"), "no run named " + quote_value(c.run));
  return it->second;
}

/** The rows of the cell's run that match `where`, each checked to have ended well and to report y. */
std::vector<const PointRow*> matching_rows(const Ctx& ctx, const Compute& c, const json& where)
{
  std::vector<const PointRow*> out;
  for (auto const& r : rows_of(ctx, c)) {
    if (not matches(r, where))
      continue;
    if (r.status != "ok")
      throw RunPointFailed(ctx.file + ": " + c.ptr + ": run point " + r.point.id + " " + r.status +
                           (r.error.empty() ? "" : ": " + own_lines_first(r.error).substr(0, 400)));
    if (not r.metrics.contains(c.y))
      throw InputError(ctx.file, pointer_join(c.ptr, "y"), "the model reports no metric \"" + c.y + "\"");
    out.push_back(&r);
  }
  if (out.empty())
    throw InputError(ctx.file, c.ptr, "no run point matches " + where.dump());
  return out;
}

std::vector<double> ys(const Ctx& ctx, const Compute& c)
{
  std::vector<double> out;
  for (const PointRow* r : matching_rows(ctx, c, c.where))
    out.push_back(as_number(r->metrics[c.y]));
  return out;
}

/** Mean y per x over rows matching `where` (x ascending). */
std::vector<std::pair<double, double>> curve(const Ctx& ctx, const Compute& c, const json& where)
{
  std::map<double, std::pair<double, int>> acc;
  for (const PointRow* r : matching_rows(ctx, c, where)) {
    double xv = std::nan("");
    for (auto const& [p, v] : r->point.values)
      if (p == c.x)
        xv = as_number(v);
    if (std::isnan(xv))
      throw InputError(ctx.file, pointer_join(c.ptr, "x"), "\"" + c.x + "\" is not a grid path of the run");
    auto& a = acc[xv];
    a.first += as_number(r->metrics[c.y]);
    a.second += 1;
  }
  std::vector<std::pair<double, double>> out;
  for (auto const& [xv, a] : acc)
    out.emplace_back(xv, a.first / a.second);
  return out;
}

json merged_where(const json& common, const json& extra)
{
  json w = common;
  for (auto const& [k, v] : extra.items())
    w[k] = v;
  return w;
}

double stat(Op op, std::vector<double> v)
{
  double n    = static_cast<double>(v.size());
  double mean = 0;
  for (double x : v)
    mean += x / n;
  if (op == Op::value || op == Op::mean)
    return mean;
  if (op == Op::sd) {
    if (v.size() < 2)
      return 0;
    double ss = 0;
    for (double x : v)
      ss += (x - mean) * (x - mean);
    return std::sqrt(ss / (n - 1));
  }
  std::sort(v.begin(), v.end());
  if (op == Op::min)
    return v.front();
  if (op == Op::max)
    return v.back();
  if (op == Op::p05 || op == Op::p95) { // linear between the order statistics around the rank
    double at = (op == Op::p05 ? 0.05 : 0.95) * (n - 1);
    auto lo   = static_cast<size_t>(at);
    size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (at - static_cast<double>(lo)) * (v[hi] - v[lo]);
  }
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

double ks_statistic(std::vector<double> a, std::vector<double> b)
{
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  size_t i = 0, j = 0;
  double d = 0;
  while (i < a.size() && j < b.size()) {
    double x = std::min(a[i], b[j]);
    while (i < a.size() && a[i] <= x)
      ++i;
    while (j < b.size() && b[j] <= x)
      ++j;
    d = std::max(d, std::fabs(static_cast<double>(i) / a.size() - static_cast<double>(j) / b.size()));
  }
  return d;
}

/** Where two curves cross, interpolated linearly between swept points; NaN if they do not within the range. */
double crossover(const Ctx& ctx, const Compute& c)
{
  auto ca = curve(ctx, c, merged_where(c.where, c.a));
  auto cb = curve(ctx, c, merged_where(c.where, c.b));
  if (ca.size() != cb.size())
    throw InputError(ctx.file, c.ptr, "crossover: the two curves have different x values");
  for (size_t k = 0; k + 1 < ca.size(); ++k) {
    double d0 = ca[k].second - cb[k].second;
    double d1 = ca[k + 1].second - cb[k + 1].second;
    if (d0 == 0)
      return ca[k].first;
    if ((d0 < 0) != (d1 < 0) || d1 == 0)
      return ca[k].first + (ca[k + 1].first - ca[k].first) * d0 / (d0 - d1);
  }
  return std::nan(""); // no crossing within the swept range
}

double slope_ratio(const Ctx& ctx, const Compute& c)
{
  auto cv = curve(ctx, c, c.where);
  auto at = [&](const char* key, double x) {
    for (auto const& [xv, yv] : cv)
      if (xv == x)
        return std::make_pair(xv, yv);
    throw InputError(ctx.file, pointer_join(c.ptr, key), "x value not among the run's points");
  };
  auto p0 = at("x0", c.x0), p1 = at("x1", c.x1), p2 = at("x2", c.x2);
  double s1 = (p1.second - p0.second) / (p1.first - p0.first);
  double s2 = (p2.second - p1.second) / (p2.first - p1.first);
  return s2 / s1;
}

double eval(const Ctx& ctx, const json& spec, const std::string& ptr)
{
  Compute c = parse_compute(ctx, spec, ptr);
  if (is_stat(c.op))
    return stat(c.op, ys(ctx, c));
  if (c.op == Op::ratio || c.op == Op::diff) {
    const char* ka = c.op == Op::ratio ? "num" : "a";
    const char* kb = c.op == Op::ratio ? "den" : "b";
    double x       = eval(ctx, c.a, pointer_join(ptr, ka));
    double y       = eval(ctx, c.b, pointer_join(ptr, kb));
    return c.op == Op::ratio ? x / y : x - y;
  }
  if (c.op == Op::crossover)
    return crossover(ctx, c);
  if (c.op == Op::slope_ratio)
    return slope_ratio(ctx, c);
  return ks_statistic(ys(ctx, c), c.samples);
}

} // namespace

std::string tolerance_text(const json& t)
{
  if (t.is_null())
    return "-";
  if (t.contains("rel"))
    return "rel " + format_number(t["rel"].get<double>() * 100) + "%";
  if (t.contains("abs"))
    return "abs " + format_number(t["abs"].get<double>());
  if (t.contains("min"))
    return ">= " + format_number(t["min"].get<double>());
  if (t.contains("max"))
    return "<= " + format_number(t["max"].get<double>());
  if (t.contains("range"))
    return "in [" + format_number(t["range"][0].get<double>()) + ", " + format_number(t["range"][1].get<double>()) +
           "]";
  return t.dump();
}

json compute_cell(const json& compute, const ComputeInput& input, const std::string& file, const std::string& pointer)
{
  Ctx c{input, file};
  double v = eval(c, compute, pointer);
  return std::isfinite(v) ? json(v) : json(nullptr);
}

void check_tolerance(const json& t, const json& measured, bool compared, const std::string& file,
                     const std::string& ptr, const std::string& measured_ptr)
{
  // The shape (one known kind, numbers): within_tolerance's own checks, on a simulated value any kind accepts.
  if (not t.is_object() || t.size() != 1 || (t.begin().key() != "rel" && t.begin().key() != "abs"))
    within_tolerance(t, measured, 0, file, ptr);
  const std::string kind = t.begin().key();
  const json val         = t.begin().value();
  std::string at         = pointer_join(ptr, kind);
  if (kind == "range" ? not(std::isfinite(val[0].get<double>()) && std::isfinite(val[1].get<double>()))
                      : not(val.is_number() && std::isfinite(val.get<double>())))
    throw InputError(file, at, "expected finite numbers, got " + quote_value(val));
  if ((kind == "rel" || kind == "abs") && val.get<double>() < 0)
    throw InputError(file, at, "a negative tolerance can never pass, got " + quote_value(val));
  if (kind == "range" && val[0].get<double>() > val[1].get<double>())
    throw InputError(file, at, "a range [a, b] with a > b can never pass, got " + quote_value(val));
  if (not compared || (kind != "rel" && kind != "abs"))
    return;
  if (not measured.is_number() || not std::isfinite(measured.get<double>()))
    throw InputError(file, measured_ptr,
                     "a " + kind + " tolerance needs a measured number, got " + quote_value(measured));
  if (kind == "rel" && measured.get<double>() == 0)
    throw InputError(file, measured_ptr, "a rel tolerance of a measured 0 can never pass (an abs tolerance can)");
}

bool within_tolerance(const json& t, const json& measured, double sim, const std::string& file, const std::string& ptr)
{
  if (not t.is_object() || t.size() != 1)
    throw InputError(file, ptr,
                     "expected one of {\"rel\": x}, {\"abs\": x}, {\"min\": x}, {\"max\": x}, {\"range\": [a, b]}");
  // Copies, not references: items() yields a temporary proxy, so a reference into it dangles (ASan's
  // stack-use-after-scope).
  const std::string kind = t.begin().key();
  const json val         = t.begin().value();
  bool is_range          = kind == "range";
  if (kind != "rel" && kind != "abs" && kind != "min" && kind != "max" && not is_range)
    throw InputError(file, pointer_join(ptr, kind), "unknown tolerance kind \"" + kind + "\"");
  if (is_range ? not(val.is_array() && val.size() == 2 && val[0].is_number() && val[1].is_number())
               : not val.is_number())
    throw InputError(file, pointer_join(ptr, kind),
                     std::string("expected ") + (is_range ? "[a, b] (two numbers)" : "a number") + ", got " +
                         quote_value(val));
  if (kind == "rel" || kind == "abs") {
    if (not measured.is_number())
      throw InputError(file, ptr, kind + " tolerance needs a measured number");
    double m   = measured.get<double>();
    double err = kind == "rel" ? std::fabs(sim - m) / std::fabs(m) : std::fabs(sim - m);
    return err <= val.get<double>() + 1e-12;
  }
  if (kind == "min")
    return sim >= val.get<double>();
  if (kind == "max")
    return sim <= val.get<double>();
  return sim >= val[0].get<double>() && sim <= val[1].get<double>();
}

namespace {

struct CellSpec {
  CellResult r;
  json compute;
  std::string pointer;
};

std::string validation_root(const ValidateOptions& o)
{
  if (not o.validation_dir.empty())
    return o.validation_dir;
  if (fs::exists("validation"))
    return "validation";
  return data_dir() + "/validation";
}

/** --only selects by prefix, never by substring: "000" is seed 000's files, not a seed-002 cell whose name happens
 *  to contain "000". A file name (its stem, or a prefix of it), the seed number, a cell-id prefix, or a role. */
bool selected(const ValidateOptions& o, const CellResult& r, const std::string& seed, const std::string& file)
{
  if (o.only.empty())
    return true;
  std::string stem = fs::path(file).stem().string();
  std::string name = fs::path(o.only).stem().string(); // "validation/000_graph_4_2.json" names the file too
  return stem.rfind(name, 0) == 0 || seed == o.only || r.id.rfind(o.only, 0) == 0 || r.role == o.only;
}

std::vector<std::string> validation_files(const std::string& root)
{
  std::vector<std::string> files;
  for (auto const& e : fs::directory_iterator(root))
    if (e.path().extension() == ".json")
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

CellSpec parse_cell(const json& cell, const std::string& file, const std::string& ptr)
{
  Fields cf(cell, file, ptr);
  CellSpec s;
  s.pointer      = ptr;
  s.r.id         = cf.required_string("id", "cell id");
  s.r.source     = cf.required_string("source", "seed number, table or section");
  s.r.metric     = cf.required_string("metric", "what is compared");
  s.r.table      = cf.string("table", s.r.source, "the table the cell belongs to (calibration share is per table)");
  s.r.role       = cf.choice("role", "validation", {"calibration", "validation", "prediction"}, "role of the cell");
  s.r.note       = cf.string("note", "", "how the cell was fitted, or what to know when reading it");
  s.r.known_miss = cf.string("known_miss", "",
                             "a documented miss: why the model cannot meet this cell (still compared and shown as "
                             "a MISS, but it does not fail the run)");
  cf.string("fits", "", "for calibration cells: the parameter this cell fitted");
  const json* m = cf.raw("measured", "number or null", "the seed's value (null for held-out cells)");
  s.r.measured  = m ? *m : json(nullptr);
  const json* t = cf.raw("tolerance", "object", "accepted difference");
  s.r.tolerance = t ? *t : json(nullptr);
  const json* c = cf.raw("compute", "object", "how the simulated value is computed");
  cf.finish();
  if (c == nullptr)
    cf.fail("compute", "missing required field");
  s.compute = *c;
  if (s.r.role == "prediction" && not s.r.measured.is_null())
    cf.fail("measured", "a prediction cell is a held-out value: measured must be null");
  if (s.r.role != "prediction" && (s.r.measured.is_null() && (t == nullptr)))
    cf.fail("measured", "a " + s.r.role + " cell needs a measured value or a tolerance");
  if (s.r.role != "prediction" && t == nullptr)
    cf.fail("tolerance", "a " + s.r.role + " cell needs a tolerance");
  if (t != nullptr)
    check_tolerance(*t, s.r.measured, s.r.role != "prediction", file, pointer_join(ptr, "tolerance"),
                    pointer_join(ptr, "measured"));
  return s;
}

/** At most a third of a table's cells may be calibration (fitted) cells. */
void check_calibration_share(const std::vector<CellSpec>& cells, const std::string& file)
{
  std::map<std::string, size_t> calib_per_table, cells_per_table;
  for (auto const& s : cells) {
    cells_per_table[s.r.table]++;
    if (s.r.role == "calibration")
      calib_per_table[s.r.table]++;
  }
  for (auto const& [table, n] : calib_per_table)
    if (3 * n > cells_per_table[table] && cells_per_table[table] > 0)
      throw InputError(file, "/cells",
                       "table \"" + table + "\" has " + std::to_string(n) + " calibration cells of " +
                           std::to_string(cells_per_table[table]) + ": at most a third may be fitted");
}

/** The runs (sweeps) a cell's compute object names, nested ones included. */
void collect_runs(const json& c, std::set<std::string>& needed)
{
  if (not c.is_object())
    return;
  if (c.contains("run") && c["run"].is_string())
    needed.insert(c["run"].get<std::string>());
  for (auto const& [k, v] : c.items())
    if (v.is_object())
      collect_runs(v, needed);
}

/** A validation file read and checked: its heading, the cells --only selects, and the runs those cells use. */
struct FilePlan {
  std::string file, stem, seed, title;
  std::string model; ///< the model its runs run (the first run's scenario's), which pools its cells' residuals
  json runs;         ///< the file's "runs" object (null if it has none)
  std::vector<CellSpec> specs;
  std::map<std::string, size_t> sweeps;        ///< run name -> its index among the validation's sweeps
  std::map<std::string, size_t> sample_sweeps; ///< under --uncertainty: run name -> its sampled sweep's index
};

/** Two cells of one id would be reported as one: each id once per file. */
void check_unique_ids(const std::vector<CellSpec>& cells, const std::string& file)
{
  std::map<std::string, size_t> first;
  for (size_t i = 0; i < cells.size(); ++i) {
    auto [at, fresh] = first.emplace(cells[i].r.id, i);
    if (not fresh)
      throw InputError(file, pointer_join(pointer_join("/cells", i), "id"),
                       "a second cell \"" + cells[i].r.id + "\" (/cells/" + std::to_string(at->second) + " has it)");
  }
}

/** The most points one run of a validation or lab file may have. Every point is a whole simulation, and the cells
 *  hold every point's row (its values and metrics) at once: a lab run of 24 million points grew to 22.5 GB before
 *  its first point ended. The largest shipped run has 2,000 points; 10^5 rows of a few KB stay under 1 GB. */
constexpr size_t max_validation_run_points = 100000;

/** Refuses a run with more points than max_validation_run_points, from the sizes of its factors, before any runs. */
void check_run_sizes(const json& runs, const std::string& file)
{
  if (not runs.is_object())
    return;
  for (auto const& [name, run] : runs.items()) {
    std::string ptr = pointer_join("/runs", name);
    size_t points   = parse_sweep(run, file, ptr).size();
    if (points > max_validation_run_points)
      throw InputError(file, ptr,
                       "a run of " + std::to_string(points) + " points: at most " +
                           std::to_string(max_validation_run_points) +
                           " (each is a simulation, and every point's row is held for the cells)");
  }
}

FilePlan plan_document(const json& doc, const std::string& file, const ValidateOptions& o)
{
  Fields f(doc, file, "");
  FilePlan plan;
  plan.file  = file;
  plan.stem  = fs::path(file).stem().string();
  plan.seed  = f.required_string("seed", "the seed document number (\"000\"...)");
  plan.title = f.string("title", "", "what the file validates");
  f.string("description", "", "free text");
  const json* runs  = f.raw("runs", "object", "named runs (sweeps) the cells compute from");
  const json* cells = f.raw("cells", "list", "the compared cells");
  f.finish();
  if (cells == nullptr || not cells->is_array())
    f.fail("cells", "expected a list of cells");
  plan.runs = runs ? *runs : json(nullptr);
  check_run_sizes(plan.runs, file);
  std::vector<CellSpec> all;
  for (size_t i = 0; i < cells->size(); ++i)
    all.push_back(parse_cell((*cells)[i], file, pointer_join("/cells", i)));
  check_unique_ids(all, file);
  check_calibration_share(all, file);
  for (auto& s : all)
    if (selected(o, s.r, plan.seed, file))
      plan.specs.push_back(std::move(s));
  return plan;
}

FilePlan plan_file(const std::string& file, const ValidateOptions& o)
{
  json doc = load_json_file(file);
  check_duplicate_keys(read_text(file), file);
  return plan_document(doc, file, o);
}

/** The run's sweep again with the sample factor (`uncertainty.sample` = 0..N-1), into NAME.samples beside it. */
void add_sampled_sweep(FilePlan& plan, const std::string& name, const std::string& work, const ValidateOptions& o,
                       std::vector<SweepJob>& sweeps)
{
  json doc = plan.runs[name];
  add_uncertainty_factor(doc, o.uncertainty, o.uncertainty_seed);
  SweepJob job                 = sweeps[plan.sweeps[name]];
  job.spec                     = parse_sweep(doc, plan.file, pointer_join("/runs", name));
  job.options.out_dir          = work + "/" + plan.stem + "/" + name + ".samples";
  job.options.out_option       = o.work_dir.empty() ? "--out" : "--work";
  job.options.tables           = false; // the cells read the samples' metrics only
  job.options.sequential_cache = work + "/sequential";
  job.options.result_cache     = work + "/twins"; // samples of the same inputs in two runs simulate once
  plan.sample_sweeps[name]     = sweeps.size();
  sweeps.push_back(std::move(job));
}

/** Adds the sweeps of the runs the file's selected cells use (only those) to `sweeps`. */
void add_sweeps(FilePlan& plan, const std::string& work, const ValidateOptions& o, std::vector<SweepJob>& sweeps)
{
  std::set<std::string> needed;
  for (auto const& s : plan.specs)
    collect_runs(s.compute, needed);
  for (auto const& name : needed) {
    if (not plan.runs.is_object() || not plan.runs.contains(name))
      throw InputError(plan.file, "/runs", "no run named \"" + name + "\"");
    SweepJob job;
    job.spec                     = parse_sweep(plan.runs[name], plan.file, pointer_join("/runs", name));
    job.options.out_dir          = work + "/" + plan.stem + "/" + name;
    job.options.out_option       = o.work_dir.empty() ? "--out" : "--work";
    job.options.quiet            = true;
    job.options.forward          = o.forward;
    job.options.self_exe         = self_executable();
    job.options.sequential_cache = work + "/sequential"; // points sharing a sequential program run it once
    if (not o.quiet)
      std::fprintf(stderr, "[validate] %s: running %s (%zu points)\n", plan.stem.c_str(), name.c_str(),
                   job.spec.size());
    plan.sweeps[name] = sweeps.size();
    sweeps.push_back(std::move(job));
    if (o.uncertainty > 0)
      add_sampled_sweep(plan, name, work, o, sweeps);
  }
}

/** The counts and the report of the whole validation. */
struct Tally {
  int failures = 0, compared = 0, known_misses = 0;
  json report = json::array();
};

void compare_cell(CellSpec& s, const ComputeInput& input, const SampledRuns* sampled, const std::string& file,
                  Tally& tally)
{
  CellResult& r = s.r;
  r.simulated   = compute_cell(s.compute, input, file, pointer_join(s.pointer, "compute"));
  if (sampled) {
    r.spread = cell_spread(s.compute, *sampled, file, pointer_join(s.pointer, "compute"));
    if (r.spread.is_null())
      r.spread = json::object(); // printed as such: no sample could compute it
  }
  if (r.measured.is_number() && r.simulated.is_number() && r.measured.get<double>() != 0)
    r.rel_error = (r.simulated.get<double>() - r.measured.get<double>()) / std::fabs(r.measured.get<double>());
  if (r.role == "prediction") {
    r.pass = nullptr;
    return;
  }
  bool ok = r.simulated.is_number() && within_tolerance(r.tolerance, r.measured, r.simulated.get<double>(), file,
                                                        pointer_join(s.pointer, "tolerance"));
  r.pass  = ok;
  ++tally.compared;
  if (not ok && r.known_miss.empty())
    ++tally.failures;
  if (not ok && not r.known_miss.empty())
    ++tally.known_misses;
}

void print_cell(const CellResult& r, int w)
{
  char err[32] = "-";
  if (r.rel_error.is_number())
    std::snprintf(err, sizeof err, "%+.1f%%", 100 * r.rel_error.get<double>());
  std::printf("  %-*s %-11s %12s %12s %9s  %-12s %s\n", w, r.id.c_str(), r.role.c_str(),
              number_or(r.measured, "-").c_str(), number_or(r.simulated, "-").c_str(), err,
              tolerance_text(r.tolerance).c_str(),
              r.pass.is_null() ? "predicted"
                               : (r.pass.get<bool>() ? "pass" : (r.known_miss.empty() ? "MISS" : "MISS (known)")));
  if (r.spread.is_object())
    std::printf("  %-*s %s\n", w, "", spread_text(r.spread).c_str());
  if (r.pass.is_boolean() && not r.pass.get<bool>()) {
    if (not r.known_miss.empty())
      std::printf("  %-*s known miss: %s\n", w, "", r.known_miss.c_str());
    else if (not r.note.empty())
      std::printf("  %-*s note: %s\n", w, "", r.note.c_str());
  }
}

json cell_fields(const CellResult& r);

json cell_report(const CellResult& r)
{
  json cell = cell_fields(r);
  if (r.spread.is_object())
    cell.update(r.spread);
  cell.erase("ranking"); // the plot's, not the report's
  return cell;
}

void print_uncertainty(const json& summary)
{
  auto percent = [](const json& v) {
    char text[32] = "-";
    if (v.is_number())
      std::snprintf(text, sizeof text, "%.1f%%", 100 * v.get<double>());
    return std::string(text);
  };
  std::printf("uncertainty: %ld samples (seed %s): coverage %s of %ld validation cells, median relative half-width "
              "%s\n",
              summary["samples"].get<long>(), summary["seed"].dump().c_str(), percent(summary["coverage"]).c_str(),
              summary["validation_cells"].get<long>(), percent(summary["median_rel_halfwidth"]).c_str());
  if (long failed = summary.value("failed_samples", 0L); failed > 0)
    std::printf("uncertainty: %ld cell samples could not be computed, their runs failed (first: %s); each such cell's "
                "interval is over the samples that ran\n",
                failed, summary.value("first_failure", std::string()).c_str());
}

json cell_fields(const CellResult& r)
{
  return {{"id", r.id},
          {"source", r.source},
          {"metric", r.metric},
          {"measured", r.measured},
          {"simulated", r.simulated},
          {"rel_error", r.rel_error},
          {"tolerance", r.tolerance},
          {"role", r.role},
          {"pass", r.pass},
          {"known_miss", r.known_miss.empty() ? json(nullptr) : json(r.known_miss)}};
}

/** The file's table: each selected cell computed from its runs' points, compared, printed and reported. */
void compare_file(FilePlan& plan, const ComputeInput& input, const SampledRuns* sampled, const ValidateOptions& o,
                  Tally& tally)
{
  int w = 2; // the id column fits the file's longest id
  for (auto const& s : plan.specs)
    w = std::max(w, static_cast<int>(s.r.id.size()));
  if (o.print_table) {
    std::printf("\n%s — %s (%s)\n", plan.seed.c_str(), plan.title.c_str(), plan.file.c_str());
    std::printf("  %-*s %-11s %12s %12s %9s  %-12s %s\n", w, "id", "role", o.measured_label.c_str(), "simulated",
                "rel.err", "tolerance", "result");
  }
  for (auto& s : plan.specs) {
    compare_cell(s, input, sampled, plan.file, tally);
    if (o.print_table)
      print_cell(s.r, w);
    json cell     = cell_report(s.r);
    cell["file"]  = plan.stem;
    cell["model"] = plan.model;
    tally.report.push_back(std::move(cell));
  }
}

/** The model of a file's runs: its first run's scenario's "model" ("" for a file without runs). */
std::string runs_model(const json& runs, const std::string& file)
{
  if (not runs.is_object())
    return "";
  for (auto const& [name, run] : runs.items())
    if (run.is_object() && run.contains("scenario") && run["scenario"].is_string())
      return load_json_file(resolve_path(file, run["scenario"].get<std::string>())).value("model", "");
  return "";
}

/** The stored residuals of a full validation (docs/uncertainty.md), none where the file is missing. */
std::vector<Residual> stored_residuals(const ValidateOptions& o)
{
  std::string path = validation_root(o) + "/data/residuals.json";
  return file_exists(path) ? read_residuals(load_json_file(path), path) : std::vector<Residual>{};
}

void print_model_error(const json& summary)
{
  if (summary.value("validation_cells", 0L) == 0)
    return;
  std::printf("model error: coverage %.1f%% of %ld validation cells with the model-error term (inputs alone %.1f%%), "
              "median relative half-width %.1f%% (inputs alone %.1f%%)\n",
              100 * summary["coverage"].get<double>(), summary["validation_cells"].get<long>(),
              100 * summary["coverage_inputs"].get<double>(), 100 * summary["median_rel_halfwidth"].get<double>(),
              100 * summary["median_rel_halfwidth_inputs"].get<double>());
}

/** Under --uncertainty: the file's tornado (one cell's inputs by rho, or, for several, by mean |rho| over them). */
void plot_tornado(const FilePlan& plan, const std::string& work, const ValidateOptions& o)
{
  std::vector<json> spreads;
  std::string what = plan.stem + " (mean |rho| over its cells)";
  for (auto const& s : plan.specs)
    if (s.r.spread.is_object() && s.r.spread.contains("ranking")) {
      spreads.push_back(s.r.spread);
      what = s.r.id; // kept when it is the only one
    }
  if (spreads.size() > 1)
    what = plan.stem + " (mean |rho| over its cells)";
  json bars = tornado_bars(spreads);
  if (bars.empty())
    return;
  std::string text = "# input\trho\tbelow chance\n";
  for (size_t i = 0; i < bars.size() && i < 10; ++i)
    text += bars[i]["input"].get<std::string>() + "\t" + format_number(bars[i]["rho"].get<double>()) + "\t" +
            (bars[i].value("below_chance", false) ? "1" : "0") + "\n";
  std::string data = plot_path(work + "/" + plan.stem + "/sensitivity.dat");
  write_file_atomic(data, text);
  std::string out =
      (o.report.empty() ? std::string("out") : dir_of(o.report)) + "/validate_" + plan.stem + "_sensitivity";
  fs::create_directories(dir_of(out + ".png"));
  std::map<std::string, std::string> vars{{"datafile", data}, {"metric", what}};
  if (spreads.size() == 1) // one cell's rhos: its chance level applies (a mean |rho| over cells has none of its own)
    vars["chance"] = format_number(chance_level(static_cast<size_t>(o.uncertainty)));
  if (render_plot(plots_dir() + "/sensitivity_tornado.gp", out, vars))
    std::fprintf(stderr, "[validate] tornado plot written to %s.png and %s.svg\n", out.c_str(), out.c_str());
}

/** Renders plots/validate_<stem>.gp, if there is one, from the file's runs and compared cells. */
void plot_file(const FilePlan& plan, const std::string& work, const ValidateOptions& o)
{
  if (o.uncertainty > 0)
    plot_tornado(plan, work, o);
  std::string script = plots_dir() + "/validate_" + plan.stem + ".gp";
  if (not fs::exists(script))
    return;
  std::map<std::string, std::string> vars;
  for (auto const& [name, index] : plan.sweeps)
    vars["run_" + name] = plot_path(work + "/" + plan.stem + "/" + name + "/sweep.csv");
  // The compared cells too (measured beside simulated), for figures that redraw a seed's table.
  std::string cells = "id,role,measured,simulated\n";
  for (auto const& s : plan.specs)
    cells +=
        s.r.id + "," + s.r.role + "," + number_or(s.r.measured, "NaN") + "," + number_or(s.r.simulated, "NaN") + "\n";
  vars["cells"] = plot_path(work + "/" + plan.stem + "/cells.csv");
  write_file_atomic(vars["cells"], cells);
  std::string out = (o.report.empty() ? std::string("out") : dir_of(o.report)) + "/validate_" + plan.stem;
  fs::create_directories(dir_of(out + ".png"));
  if (render_plot(script, out, vars))
    std::fprintf(stderr, "[validate] plot written to %s.png and %s.svg\n", out.c_str(), out.c_str());
}

/** Under --uncertainty: how many of the file's sample points ran (the others reuse a run that drew nothing) and their
 *  CPU time, beside the point runs' line (bench/uncertainty.sh). */
void print_sample_cost(const FilePlan& p, const std::vector<SweepJob>& sweeps)
{
  double cpu = 0;
  size_t all = 0, ran = 0;
  for (auto const& [name, index] : p.sample_sweeps) {
    cpu += sweeps[index].cpu_s;
    all += sweeps[index].spec.size();
    ran += sweeps[index].outcome.ran;
  }
  if (all > 0)
    std::fprintf(stderr,
                 "[validate] %s: %zu sample points, %zu run (the others reuse a run that drew nothing), in "
                 "%.2f CPU s\n",
                 p.stem.c_str(), all, ran, cpu);
}

/** Runs every file's sweeps in one pool (both cores busy to the end), then prints the time they took. */
void run_all(std::vector<FilePlan>& plans, std::vector<SweepJob>& sweeps, const ValidateOptions& o)
{
  auto start = std::chrono::steady_clock::now();
  std::vector<size_t> sampled;
  for (auto const& p : plans)
    for (auto const& [name, index] : p.sample_sweeps)
      sampled.push_back(index);
  run_sweeps_with_samples(sweeps, sampled, o.jobs, o.quiet);
  if (o.quiet) // the times below are for bench/validate_bench.sh; never in the report
    return;
  double cpu    = 0;
  size_t points = 0;
  for (auto const& p : plans) {
    double file_cpu = 0;
    size_t n        = 0;
    for (auto const& [name, index] : p.sweeps) {
      file_cpu += sweeps[index].cpu_s;
      n += sweeps[index].outcome.total;
    }
    if (not p.sweeps.empty())
      std::fprintf(stderr, "[validate] %s: %zu points in %.2f CPU s\n", p.stem.c_str(), n, file_cpu);
    print_sample_cost(p, sweeps);
    cpu += file_cpu;
    points += n;
  }
  std::fprintf(stderr, "[validate] all runs: %zu points, %.2f wall s, %.2f CPU s\n", points,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cpu);
}

} // namespace

void check_validation_document(const json& doc, const std::string& file)
{
  plan_document(doc, file, ValidateOptions{});
}

int run_validation(const ValidateOptions& o)
{
  std::vector<FilePlan> plans;
  size_t selected_cells = 0;
  for (auto const& file : validation_files(validation_root(o))) {
    plans.push_back(plan_file(file, o));
    selected_cells += plans.back().specs.size();
  }
  if (selected_cells == 0)
    throw UsageError("--only " + o.only + ": no cell's id, source, seed or role matches; nothing was compared");

  // The temporary runs go on every way out: a bad cell's exception, and SIGINT/SIGTERM (deferred while it lives).
  std::string work = o.work_dir;
  bool temporary   = work.empty();
  if (not temporary)
    check_output_dir(work, "--work"); // before any run: a folder that cannot be written is the option's fault
  std::optional<TempDir> temp;
  if (temporary) {
    temp.emplace("validate");
    work = temp->path();
    if (o.keep)
      temp->keep();
  }
  std::vector<SweepJob> sweeps;
  for (auto& plan : plans)
    add_sweeps(plan, work, o, sweeps);
  run_all(plans, sweeps, o);

  Tally tally;
  for (auto& plan : plans) {
    if (plan.specs.empty())
      continue;
    ComputeInput input;
    for (auto const& [name, index] : plan.sweeps)
      input.runs[name] = read_points(sweeps[index].spec, sweeps[index].options.out_dir);
    SampledRuns sampled{o.uncertainty, o.uncertainty_seed, {}, {}, {}};
    for (auto const& [name, index] : plan.sample_sweeps)
      add_sampled_run(sampled, name, sweeps[index].spec, sweeps[index].options.out_dir);
    plan.model = runs_model(plan.runs, plan.file);
    compare_file(plan, input, o.uncertainty > 0 ? &sampled : nullptr, o, tally);
    if (o.plot)
      plot_file(plan, work, o);
  }
  if (o.print_table)
    std::printf("\n%d compared cells, %d outside tolerance (%d of them documented misses); predictions are reported, "
                "never compared.\n",
                tally.compared, tally.failures + tally.known_misses, tally.known_misses);
  json spread = o.uncertainty > 0 ? uncertainty_summary(tally.report, o.uncertainty, o.uncertainty_seed) : json();
  json errors;
  if (o.model_error) {
    add_model_error(tally.report, stored_residuals(o));
    errors = model_error_summary(tally.report);
    if (o.print_table)
      print_model_error(errors);
  }
  if (not o.residuals_out.empty())
    write_file_atomic(o.residuals_out, dump_json(residuals_document(residuals_of(tally.report), program_identity())));
  json report = tally.report;
  if (o.uncertainty > 0) {
    // With samples the report is an object: the cells, and the coverage and width of their intervals (with the
    // model-error term; the inputs' alone as *_inputs).
    spread["coverage_inputs"]             = spread["coverage"];
    spread["median_rel_halfwidth_inputs"] = spread["median_rel_halfwidth"];
    if (errors.value("validation_cells", 0L) > 0)
      for (auto const& key : {"coverage", "median_rel_halfwidth"})
        spread[key] = errors[key];
    report = {{"cells", tally.report}, {"uncertainty", spread}};
    print_uncertainty(report["uncertainty"]);
  }
  if (not o.report.empty())
    write_file_atomic(o.report, dump_json(report));
  if (not temporary || o.keep)
    std::fprintf(stderr, "[validate] runs kept in %s\n", work.c_str());
  // A sampled run that failed is a run that did not end as its model expects: never exit 0.
  bool samples_failed = o.uncertainty > 0 && report["uncertainty"].value("failed_samples", 0L) > 0;
  return tally.failures == 0 && not samples_failed ? 0 : 1;
}

} // namespace cs
