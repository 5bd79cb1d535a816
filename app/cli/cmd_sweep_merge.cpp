#include "app/cli/options.hpp"
#include "app/cli/sweep_commands.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/sweep/sweep.hpp"

#include <cstdio>
#include <filesystem>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace cs::cli {

int cmd_sweep_merge(const Args& args, const Args&)
{
  po::options_description desc("sweep merge options");
  std::vector<std::string> dirs;
  std::string out, file;
  desc.add_options()("dirs", po::value<std::vector<std::string>>(&dirs)->required(), "output folders of the sweep")(
      "out,o", po::value<std::string>(&out), "where to write sweep.csv and sweep.json (default: the first folder)")(
      "sweep", po::value<std::string>(&file), "the sweep file (default: the manifest of the first folder)");
  po::positional_options_description pos;
  pos.add("dirs", -1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim sweep merge DIR... [--out DIR]\n"
                "Merges the points of one sweep's output folders (shards run apart, or one folder that Slurm tasks "
                "filled with --no-merge) into sweep.csv and sweep.json. Exit status 1 if a point failed or is "
                "missing."))
    return 0;
  SweepSpec spec = file.empty() ? load_output_spec(dirs.front()) : load_sweep(file);
  // Folders of different sweeps must not mix: their point ids would name different variants.
  std::string fingerprint = output_fingerprint(dirs.front());
  for (auto const& d : dirs) {
    if (not fs::is_directory(d))
      throw UsageError("no folder " + d);
    std::string f = output_fingerprint(d);
    if (not f.empty() && not fingerprint.empty() && f != fingerprint)
      throw InputError(manifest_path(d), "", "this folder holds another sweep than " + dirs.front());
  }
  if (out.empty())
    out = dirs.front();
  fs::create_directories(out);
  std::string target_fp = output_fingerprint(out);
  if (not target_fp.empty() && not fingerprint.empty() && target_fp != fingerprint)
    throw InputError(manifest_path(out), "", "this folder holds another sweep than " + dirs.front());
  if (target_fp.empty() && file_exists(manifest_path(dirs.front())))
    fs::copy_file(manifest_path(dirs.front()), manifest_path(out)); // plot and later merges read it there
  MergeSummary s = merge_sweep(spec, dirs, out);
  std::fprintf(stderr,
               "[sweep] merged %zu points from %zu folder(s): %zu ok, %zu failed, %zu missing -> %s/sweep.csv\n",
               s.total, dirs.size(), s.ok, s.failed, s.missing, out.c_str());
  return (s.failed || s.missing) ? 1 : 0;
}

} // namespace cs::cli
