#include "app/cli/options.hpp"
#include "app/cli/sweep_commands.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/sweep/sweep.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace cs::cli {

namespace {

std::string cell(const json& v)
{
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string factor_text(const SweepFactor& f)
{
  std::string paths;
  for (auto const& p : f.paths)
    paths += (paths.empty() ? "" : ", ") + p;
  return f.kind + " " + paths + " (" + std::to_string(f.size()) + ")";
}

/** Status of a point in an output folder, as a resumed run would see it. */
std::string status_in(const std::string& out, const SweepPoint& p)
{
  if (file_exists(point_result(out, p)))
    return "done";
  if (file_exists(point_error(out, p)))
    return "failed";
  return "to run";
}

/** The points of the shard, one at a time: a sweep of 10^7 points is never held whole. */
template <class Visit> void each_point(const SweepSpec& spec, int shard_index, int shard_count, Visit visit)
{
  for (size_t i = static_cast<size_t>(shard_index), n = spec.size(); i < n; i += static_cast<size_t>(shard_count))
    visit(sweep_point(spec, i));
}

struct Shard {
  int index = 0, count = 1;
};

/** The points as `dump_json` prints an array of them, written element by element. */
void print_json(const SweepSpec& spec, Shard shard, const std::string& out)
{
  bool first = true;
  each_point(spec, shard.index, shard.count, [&](const SweepPoint& p) {
    json e{{"point", p.id}, {"rep", p.rep}, {"seed", p.seed}, {"params", json::object()}, {"sets", p.sets(spec)}};
    for (auto const& [path, v] : p.values)
      e["params"][path] = v;
    if (not out.empty())
      e["state"] = status_in(out, p);
    std::string text = e.dump(2), indented = "  ";
    for (char c : text)
      indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
    std::printf("%s%s", first ? "[\n" : ",\n", indented.c_str());
    first = false;
  });
  std::printf(first ? "[]\n" : "\n]\n");
}

/// Above this many rows a sample's column is as wide as its longest possible value, not its longest drawn one.
constexpr size_t widest_scanned = 100000;

/** Column widths of the table: from the factors' values and the extreme points, not from every row. */
std::vector<size_t> column_widths(const SweepSpec& spec, const std::vector<std::string>& header, Shard shard)
{
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c)
    width[c] = header[c].size();
  size_t n = spec.size();
  if (n == 0)
    return width;
  width[0]     = std::max(width[0], sweep_point(spec, n - 1).id.size());
  width[1]     = std::max(width[1], std::to_string(spec.repetitions - 1).size());
  size_t seeds = spec.distinct_seeds ? n : std::min(n, static_cast<size_t>(spec.repetitions));
  for (size_t i = spec.distinct_seeds ? static_cast<size_t>(shard.index) : 0; i < seeds;
       i += spec.distinct_seeds ? static_cast<size_t>(shard.count) : 1)
    width[2] = std::max(width[2], std::to_string(point_seed(spec, i)).size());
  size_t c = 3;
  for (auto const& f : spec.factors)
    for (size_t k = 0; k < f.paths.size(); ++k, ++c) {
      if (f.lazy && f.size() > widest_scanned) { // drawing every row twice (widths, then rows) took too long
        width[c] = std::max(width[c], f.lazy->widest(k));
        continue;
      }
      for (size_t row = 0; row < f.size(); ++row)
        width[c] = std::max(width[c], cell(f.value(row, k)).size());
    }
  return width;
}

/** The rows of the shard's points, from the grid and zip cells rendered once (a sample's rows drawn as they come,
 *  not held): no point built, no value copied. */
template <class PrintRow> void print_rows(const SweepSpec& spec, Shard shard, PrintRow print_row)
{
  std::vector<std::vector<std::vector<std::string>>> cells; // [factor][row][path]
  for (auto const& f : spec.factors) {
    cells.emplace_back();
    for (auto const& row : f.rows) {
      cells.back().emplace_back();
      for (auto const& v : row)
        cells.back().back().push_back(cell(v));
    }
  }
  std::vector<std::string> drawn;
  auto reps = static_cast<size_t>(spec.repetitions);
  std::vector<std::string> row;
  for (size_t i = static_cast<size_t>(shard.index), n = spec.size(); i < n; i += static_cast<size_t>(shard.count)) {
    char id[32];
    std::snprintf(id, sizeof id, "p%05zu", i); // as sweep_point names it
    row.assign({id, std::to_string(i % reps), std::to_string(point_seed(spec, i))});
    size_t at = row.size(), rest = i / reps;
    for (size_t g = spec.factors.size(); g-- > 0;) { // the last factor varies fastest
      const SweepFactor& f = spec.factors[g];
      size_t r             = rest % f.size();
      rest /= f.size();
      if (not f.lazy) {
        row.insert(row.begin() + static_cast<long>(at), cells[g][r].begin(), cells[g][r].end());
        continue;
      }
      drawn.clear();
      for (size_t k = 0; k < f.paths.size(); ++k)
        drawn.push_back(cell(f.value(r, k)));
      row.insert(row.begin() + static_cast<long>(at), drawn.begin(), drawn.end());
    }
    print_row(row);
  }
}

/** One row per point, columns as wide as their widest cell; with `out`, each point's state there. */
void print_table(const SweepSpec& spec, Shard shard, const std::string& out)
{
  std::vector<std::string> header{"point", "rep", "seed"};
  auto paths = spec.param_paths();
  header.insert(header.end(), paths.begin(), paths.end());
  if (not out.empty())
    header.push_back("state");
  std::vector<size_t> width = column_widths(spec, header, shard);
  std::string line; // reused: a sweep may list 10^7 rows
  auto print_row = [&](const std::vector<std::string>& row) {
    line.clear();
    for (size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      line.append(c + 1 < row.size() ? width[c] - row[c].size() + 2 : 0, ' ');
    }
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
  };
  std::printf("\n");
  print_row(header);
  if (out.empty()) {
    print_rows(spec, shard, print_row);
    return;
  }
  size_t done = 0, failed = 0, total = 0;
  each_point(spec, shard.index, shard.count, [&](const SweepPoint& p) {
    std::vector<std::string> row{p.id, std::to_string(p.rep), std::to_string(p.seed)};
    for (auto const& [_, v] : p.values)
      row.push_back(cell(v));
    if (not out.empty()) {
      row.push_back(status_in(out, p));
      done += row.back() == "done";
      failed += row.back() == "failed";
    }
    ++total;
    print_row(row);
  });
  if (not out.empty())
    std::printf("\nin %s: %zu done, %zu failed, %zu to run\n", out.c_str(), done, failed, total - done - failed);
}

} // namespace

int cmd_sweep_plan(const Args& args, const Args&)
{
  po::options_description desc("sweep plan options");
  std::string file, out, shard;
  bool as_json = false;
  desc.add_options()("sweep", po::value<std::string>(&file)->required(), "sweep JSON file")(
      "out,o", po::value<std::string>(&out), "also show each point's state in this output folder")(
      "shard", po::value<std::string>(&shard), "only slice K/N of the points")("json", po::bool_switch(&as_json),
                                                                               "the points as a JSON array on stdout");
  po::positional_options_description pos;
  pos.add("sweep", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim sweep plan SWEEP.json [--out DIR] [--shard K/N] [--json]\n"
                "Prints how many points the sweep has and which, without running any."))
    return 0;
  int shard_index = 0, shard_count = 1;
  if (not shard.empty())
    parse_shard(shard, &shard_index, &shard_count);
  SweepSpec spec = load_sweep(file);
  check_points(spec);
  Shard part{shard_index, shard_count};
  if (as_json) {
    print_json(spec, part, out);
    return 0;
  }

  std::string factors;
  for (auto const& f : spec.factors)
    factors += factor_text(f) + " x ";
  size_t in_part =
      (spec.size() + static_cast<size_t>(shard_count - 1 - shard_index)) / static_cast<size_t>(shard_count);
  std::printf("sweep %s (%s): base %s, sweep seed %llu%s\n", spec.name.empty() ? "-" : spec.name.c_str(), file.c_str(),
              spec.base.c_str(), static_cast<unsigned long long>(spec.seed),
              spec.distinct_seeds ? ", distinct seeds" : (spec.repetitions > 1 ? ", common random numbers" : ""));
  std::printf("%s%ld repetition(s) = %zu points%s\n", factors.c_str(), spec.repetitions, spec.size(),
              shard.empty() ? "" : (", shard " + shard + ": " + std::to_string(in_part)).c_str());
  for (auto const& d : spec.derived)
    std::printf("derived %s = %s\n", d.name.c_str(), d.expr.text().c_str());
  print_table(spec, part, out);
  return 0;
}

} // namespace cs::cli
