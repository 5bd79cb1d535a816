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
  return f.kind + " " + paths + " (" + std::to_string(f.rows.size()) + ")";
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

void print_json(const SweepSpec& spec, const std::vector<SweepPoint>& points, const std::string& out)
{
  json all = json::array();
  for (auto const& p : points) {
    json e{{"point", p.id}, {"rep", p.rep}, {"seed", p.seed}, {"params", json::object()}, {"sets", p.sets(spec)}};
    for (auto const& [path, v] : p.values)
      e["params"][path] = v;
    if (not out.empty())
      e["state"] = status_in(out, p);
    all.push_back(e);
  }
  std::fputs(dump_json(all).c_str(), stdout);
}

/** One row per point, columns as wide as their widest cell; with `out`, each point's state there. */
void print_table(const SweepSpec& spec, const std::vector<SweepPoint>& points, const std::string& out)
{
  std::vector<std::string> header{"point", "rep", "seed"};
  auto paths = spec.param_paths();
  header.insert(header.end(), paths.begin(), paths.end());
  if (not out.empty())
    header.push_back("state");
  std::vector<std::vector<std::string>> table;
  size_t done = 0, failed = 0;
  for (auto const& p : points) {
    std::vector<std::string> row{p.id, std::to_string(p.rep), std::to_string(p.seed)};
    for (auto const& [_, v] : p.values)
      row.push_back(cell(v));
    if (not out.empty()) {
      row.push_back(status_in(out, p));
      done += row.back() == "done";
      failed += row.back() == "failed";
    }
    table.push_back(std::move(row));
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (auto const& row : table)
      width[c] = std::max(width[c], row[c].size());
  }
  auto print_row = [&](const std::vector<std::string>& row) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c)
      line += row[c] + std::string(c + 1 < row.size() ? width[c] - row[c].size() + 2 : 0, ' ');
    std::printf("%s\n", line.c_str());
  };
  std::printf("\n");
  print_row(header);
  for (auto const& row : table)
    print_row(row);
  if (not out.empty())
    std::printf("\nin %s: %zu done, %zu failed, %zu to run\n", out.c_str(), done, failed,
                points.size() - done - failed);
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
  check_first_point(spec);
  std::vector<SweepPoint> points;
  for (auto const& p : expand_sweep(spec))
    if (in_shard(p, shard_index, shard_count))
      points.push_back(p);

  if (as_json) {
    print_json(spec, points, out);
    return 0;
  }

  std::string factors;
  for (auto const& f : spec.factors)
    factors += factor_text(f) + " x ";
  std::printf("sweep %s (%s): base %s, sweep seed %llu%s\n", spec.name.empty() ? "-" : spec.name.c_str(), file.c_str(),
              spec.base.c_str(), static_cast<unsigned long long>(spec.seed),
              spec.distinct_seeds ? ", distinct seeds" : (spec.repetitions > 1 ? ", common random numbers" : ""));
  std::printf("%s%ld repetition(s) = %zu points%s\n", factors.c_str(), spec.repetitions, spec.size(),
              shard.empty() ? "" : (", shard " + shard + ": " + std::to_string(points.size())).c_str());
  for (auto const& d : spec.derived)
    std::printf("derived %s = %s\n", d.name.c_str(), d.expr.text().c_str());
  print_table(spec, points, out);
  return 0;
}

} // namespace cs::cli
