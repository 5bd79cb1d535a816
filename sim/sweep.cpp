#include "sim/sweep.hpp"
#include "sim/errors.hpp"
#include "sim/fields.hpp"
#include "sim/recorder.hpp"
#include "sim/rng.hpp"

#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

std::string self_executable()
{
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("clustersim") : p.string();
}

static std::string set_arg(const std::string& path, const json& v)
{
  return path + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
}

std::vector<std::string> SweepPoint::sets(const SweepSpec& spec) const
{
  std::vector<std::string> out = spec.set;
  for (auto const& [path, v] : values)
    out.push_back(set_arg(path, v));
  return out;
}

SweepSpec parse_sweep(const json& j, const std::string& file, const std::string& pointer)
{
  SweepSpec s;
  s.file    = file;
  s.pointer = pointer;
  Fields f(j, file, pointer);
  s.name = f.string("name", "", "sweep name");
  f.string("description", "", "what the sweep studies");
  std::string base = f.required_string("scenario", "base scenario file");
  s.base           = resolve_path(file, base);
  if (not fs::exists(s.base))
    f.fail("scenario", "no such scenario file \"" + base + "\"");
  if (const json* set = f.raw("set", "object", "fixed overrides (path: value) for every point")) {
    if (not set->is_object())
      f.fail("set", "expected an object of path: value, got " + quote_value(*set));
    for (auto const& [k, v] : set->items())
      s.set.push_back(set_arg(k, v));
  }
  if (const json* grid = f.raw("grid", "object", "path: [values] — the cartesian product is swept")) {
    if (not grid->is_object())
      f.fail("grid", "expected an object of path: [values], got " + quote_value(*grid));
    // Keys are kept in file order for readability of the CSV; nlohmann sorts them, so read the order from the
    // "order" field when given, else alphabetical (deterministic either way).
    for (auto const& [k, v] : grid->items()) {
      if (not v.is_array() || v.empty())
        throw InputError(file, pointer_join(pointer_join(pointer, "grid"), k),
                         "expected a non-empty list of values, got " + quote_value(v));
      s.grid.emplace_back(k, std::vector<json>(v.begin(), v.end()));
    }
  }
  s.repetitions = f.integer("repetitions", 1, "runs per point, with seeds derived from the sweep seed", 1, 1000000);
  if (f.has("seed")) {
    s.seed       = static_cast<uint64_t>(f.integer("seed", 1, "sweep seed (default: the scenario's)", 0));
    s.seed_given = true;
  } else {
    f.integer("seed", 1, "sweep seed (default: the scenario's)", 0);
  }
  f.finish();
  if (not s.seed_given) {
    json base_doc = load_json_file(s.base);
    if (base_doc.is_object() && base_doc.contains("seed") && base_doc["seed"].is_number_unsigned())
      s.seed = base_doc["seed"].get<uint64_t>();
  }
  return s;
}

SweepSpec load_sweep(const std::string& path)
{
  return parse_sweep(load_json_file(path), path, "");
}

std::vector<SweepPoint> expand_sweep(const SweepSpec& spec)
{
  std::vector<SweepPoint> points;
  size_t combos = 1;
  for (auto const& g : spec.grid)
    combos *= g.second.size();
  for (size_t c = 0; c < combos; ++c) {
    std::vector<std::pair<std::string, json>> values;
    size_t rest = c;
    // Last grid path varies fastest.
    std::vector<size_t> idx(spec.grid.size());
    for (size_t g = spec.grid.size(); g-- > 0;) {
      idx[g] = rest % spec.grid[g].second.size();
      rest /= spec.grid[g].second.size();
    }
    for (size_t g = 0; g < spec.grid.size(); ++g)
      values.emplace_back(spec.grid[g].first, spec.grid[g].second[idx[g]]);
    for (long r = 0; r < spec.repetitions; ++r) {
      SweepPoint p;
      p.index  = points.size();
      p.values = values;
      p.rep    = r;
      if (spec.repetitions > 1) {
        p.seed     = derive_seed(spec.seed, static_cast<uint64_t>(r));
        p.has_seed = true;
      } else if (spec.seed_given) {
        p.seed     = spec.seed;
        p.has_seed = true;
      }
      char id[32];
      std::snprintf(id, sizeof id, "p%05zu", p.index);
      p.id = id;
      points.push_back(std::move(p));
    }
  }
  return points;
}

namespace {

std::string point_dir(const std::string& out, const SweepPoint& p)
{
  return out + "/points/" + p.id;
}

pid_t spawn_point(const SweepSpec& spec, const SweepPoint& p, const SweepRunOptions& o)
{
  std::vector<std::string> args{o.self_exe, "run", spec.base, "--out", point_dir(o.out_dir, p), "--quiet"};
  if (p.has_seed) {
    args.push_back("--seed");
    args.push_back(std::to_string(p.seed));
  }
  for (auto const& s : p.sets(spec)) {
    args.push_back("--set");
    args.push_back(s);
  }
  for (auto const& f : o.forward)
    args.push_back(f);
  std::string log = o.out_dir + "/logs/" + p.id + ".log";
  pid_t pid       = fork();
  if (pid == 0) {
    int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

std::string read_text(const std::string& path)
{
  std::ifstream in(path);
  std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return s;
}

class Progress {
public:
  Progress(size_t total, bool quiet) : total_(total), quiet_(quiet), tty_(isatty(2)) {}
  void update(size_t done, size_t failed, bool final = false)
  {
    if (quiet_)
      return;
    auto now  = std::chrono::steady_clock::now();
    double el = std::chrono::duration<double>(now - start_).count();
    if (not final && not tty_ && el - last_ < 5.0)
      return; // plain periodic lines when not on a terminal
    last_       = el;
    double rate = el > 0 ? static_cast<double>(done) / el : 0;
    double eta  = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
    std::fprintf(stderr, "%s[sweep] %zu/%zu done, %zu failed, %.1f points/s, ETA %.0f s%s", tty_ ? "\r" : "", done,
                 total_, failed, rate, eta, (tty_ && not final) ? "   " : "\n");
    std::fflush(stderr);
  }

private:
  size_t total_;
  bool quiet_, tty_;
  double last_                                 = -1e9;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace

SweepOutcome run_sweep(const SweepSpec& spec, const SweepRunOptions& o)
{
  auto points = expand_sweep(spec);
  SweepOutcome outcome;
  std::vector<SweepPoint> todo;
  for (auto const& p : points) {
    if (static_cast<int>(p.index % static_cast<size_t>(o.shard_count)) != o.shard_index)
      continue;
    ++outcome.total;
    if (fs::exists(point_dir(o.out_dir, p) + "/result.json"))
      ++outcome.skipped;
    else
      todo.push_back(p);
  }
  fs::create_directories(o.out_dir + "/logs");
  fs::create_directories(o.out_dir + "/points");
  Progress progress(outcome.total, o.quiet);
  std::map<pid_t, SweepPoint> running;
  size_t next = 0;
  auto reap   = [&]() {
    int status = 0;
    pid_t pid  = waitpid(-1, &status, 0);
    if (pid <= 0)
      return;
    auto it = running.find(pid);
    if (it == running.end())
      return;
    SweepPoint p = it->second;
    running.erase(it);
    ++outcome.ran;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && fs::exists(point_dir(o.out_dir, p) + "/result.json");
    std::string errfile = o.out_dir + "/points/" + p.id + ".error";
    if (not ok) {
      ++outcome.failed;
      std::string log = read_text(o.out_dir + "/logs/" + p.id + ".log");
      write_file_atomic(errfile, log.empty() ? std::string("exit status ") + std::to_string(status) + "\n" : log);
    } else if (fs::exists(errfile)) {
      fs::remove(errfile);
    }
    progress.update(outcome.skipped + outcome.ran, outcome.failed);
  };
  while (next < todo.size() || not running.empty()) {
    while (next < todo.size() && running.size() < static_cast<size_t>(std::max(1, o.jobs))) {
      pid_t pid = spawn_point(spec, todo[next], o);
      if (pid < 0)
        throw std::runtime_error("fork failed");
      running[pid] = todo[next++];
    }
    reap();
  }
  progress.update(outcome.skipped + outcome.ran, outcome.failed, true);
  merge_sweep(spec, o.out_dir);
  return outcome;
}

std::vector<PointRow> read_points(const SweepSpec& spec, const std::string& out_dir)
{
  std::vector<PointRow> rows;
  for (auto const& p : expand_sweep(spec)) {
    PointRow row;
    row.point         = p;
    std::string rfile = point_dir(out_dir, p) + "/result.json";
    std::string efile = out_dir + "/points/" + p.id + ".error";
    if (fs::exists(rfile)) {
      row.status  = "ok";
      row.metrics = load_json_file(rfile)["metrics"];
    } else if (fs::exists(efile)) {
      row.status = "failed";
      row.error  = read_text(efile);
    } else {
      row.status = "missing";
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void merge_sweep(const SweepSpec& spec, const std::string& out_dir)
{
  auto rows = read_points(spec, out_dir);
  std::set<std::string> metric_names;
  for (auto const& r : rows)
    if (r.metrics.is_object())
      for (auto const& [k, v] : r.metrics.items())
        if (v.is_primitive())
          metric_names.insert(k);
  std::vector<std::string> columns{"point", "rep", "seed"};
  for (auto const& g : spec.grid)
    columns.push_back(g.first);
  columns.push_back("status");
  columns.insert(columns.end(), metric_names.begin(), metric_names.end());
  Table table(columns);
  json all = json::array();
  for (auto const& r : rows) {
    std::vector<json> fields{r.point.id, r.point.rep, r.point.has_seed ? json(r.point.seed) : json(nullptr)};
    json entry{{"point", r.point.id}, {"rep", r.point.rep}, {"status", r.status}};
    for (auto const& [path, v] : r.point.values) {
      fields.push_back(v);
      entry["params"][path] = v;
    }
    fields.push_back(r.status);
    for (auto const& m : metric_names)
      fields.push_back(r.metrics.is_object() && r.metrics.contains(m) ? r.metrics[m] : json(nullptr));
    table.add(fields);
    entry["metrics"] = r.metrics;
    all.push_back(entry);
  }
  write_file_atomic(out_dir + "/sweep.csv", table.to_csv());
  write_file_atomic(out_dir + "/sweep.json", dump_json(all));
}

} // namespace cs
