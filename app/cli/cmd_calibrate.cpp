/* `clustersim calibrate`: the native microbenchmarks (calibration/) -> a host profile, and optionally the round-trip
 * validation file of that profile. */
#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "calibration/calibrate.hpp"
#include "calibration/figures.hpp"
#include "calibration/profile.hpp"
#include "calibration/profile_ranges.hpp"
#include "calibration/roundtrip.hpp"
#include "calibration/with_unit.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_cache.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/platform/platform.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace cs::cli {

namespace {

std::string default_profile_path()
{
  char host[256] = "localhost";
  gethostname(host, sizeof host - 1);
  return "platforms/generated/" + std::string(host) + ".json";
}

void print_figure(const calib::Figure& f)
{
  const calib::Summary& s = f.time;
  double scale            = s.median >= 1e-3 ? 1e3 : 1e6;
  const char* unit        = s.median >= 1e-3 ? "ms" : "us";
  std::fprintf(stderr, "  %-26s %10.4g %s   IQR %5.1f%%  (%ld samples)\n", f.id.c_str(), s.median * scale, unit,
               100 * s.relative_iqr(), s.n);
}

/** A stored profile with the range of each value (calibration/profile_ranges.hpp); its values untouched. */
json profile_with_ranges(json profile, const std::string& path)
{
  try {
    calib::add_ranges(profile);
  } catch (const std::exception& e) { // a shape or a figure this version does not know: the file's fault
    throw InputError(path, "", "cannot give this host profile its ranges: " + json_error_text(e));
  }
  return profile;
}

void write_json(const std::string& path, const json& j)
{
  fs::path p(path);
  if (p.has_parent_path())
    fs::create_directories(p.parent_path());
  write_file_atomic(path, dump_json(j));
}

} // namespace

int cmd_calibrate(const Args& args, const Args&)
{
  po::options_description desc("calibrate options");
  std::string out, validation, from;
  calib::CalibrateOptions o;
  desc.add_options()("out,o", po::value<std::string>(&out),
                     "host profile to write (default: platforms/generated/<hostname>.json)")(
      "quick", po::bool_switch(&o.quick), "fewer, shorter samples (under 30 s); same figures, wider spread")(
      "dir", po::value<std::string>(&o.dir)->default_value("."),
      "folder on the disk the write benchmarks use (a scratch file, removed after)")(
      "validation", po::value<std::string>(&validation),
      "also write the round-trip validation file of the profile (docs/calibration.md)")(
      "from", po::value<std::string>(&from),
      "measure nothing: read this profile and write its --validation file, or (--out) the profile again with the "
      "range of each value from its stored figures");
  po::variables_map vm;
  if (not parse(args, desc, nullptr, vm,
                "usage: clustersim calibrate [--out FILE.json] [--quick] [--dir DIR] [--validation FILE.json]\n"
                "       clustersim calibrate --from PROFILE.json [--validation FILE.json] [--out FILE.json]"))
    return 0;

  for (auto const& path : {out, validation})
    if (not path.empty())
      check_replaceable(path); // before the microbenchmarks, not after
  json profile;
  std::string profile_path;
  if (not from.empty()) {
    if (validation.empty() && out.empty())
      throw UsageError("--from only makes sense with --validation or --out");
    profile      = load_input_json(from);
    profile_path = from;
    // Its raw part first (a file that is no profile at all is told so), then the profile as `run` would apply it
    // (speed, cores, every cost) and the measurements its ranges and round trip are made of: a profile `run`
    // refuses, or a measured time of -1 s, is refused here too.
    calib::check_profile_shape(profile, from);
    check_host_profile(profile, from);
    calib::figures_from_json(profile["raw"].value("figures", json()), from);
    if (not out.empty()) // the stored profile again, its values copied, each with the range its figures give
      write_json(out, profile_with_ranges(profile, from));
  } else {
    profile_path = out.empty() ? default_profile_path() : out;
    if (not fs::is_directory(o.dir))
      throw UsageError("--dir " + o.dir + ": no such folder");
    std::fprintf(stderr, "clustersim calibrate%s: microbenchmarks on this machine (disk tests in %s)\n",
                 o.quick ? " --quick" : "", o.dir.c_str());
    o.progress          = print_figure;
    auto start          = std::chrono::steady_clock::now();
    auto m              = calib::run_microbenchmarks(o);
    double wall         = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string command = "clustersim calibrate --out " + profile_path + (o.quick ? " --quick" : "");
    profile             = calib::make_host_profile(m, command);
    profile["raw"]["method"]["wall_time_s"] = wall;
    write_json(profile_path, profile);
    std::fprintf(stderr, "clustersim calibrate: %zu figures in %.1f s -> %s\n", m.figures.size(), wall,
                 profile_path.c_str());
    std::fprintf(stderr, "  speed %.4g Gflop/s, fork %.3g ms + %.3g ms/MB, thread %.3g us, switch %.3g us\n",
                 calib::without_unit(profile["speed"]["value"]) / 1e9,
                 calib::without_unit(profile["os_profile"]["costs"]["fork_fixed"]["value"]) * 1e3,
                 calib::without_unit(profile["os_profile"]["costs"]["fork_per_mb"]["value"]) * 1e3,
                 calib::without_unit(profile["os_profile"]["costs"]["thread_create"]["value"]) * 1e6,
                 calib::without_unit(profile["os_profile"]["costs"]["context_switch"]["value"]) * 1e6);
  }
  if (not validation.empty()) {
    json roundtrip;
    try {
      roundtrip = calib::make_roundtrip_validation(profile, profile_path);
    } catch (const json::exception& e) { // a shape the checks above did not foresee: still the file's fault
      throw InputError(profile_path, "", "not a host profile of clustersim calibrate: " + json_error_text(e));
    }
    write_json(validation, roundtrip);
    std::fprintf(stderr,
                 "clustersim calibrate: round trip of %s -> %s (run it: clustersim validate --only "
                 "calibration)\n",
                 profile_path.c_str(), validation.c_str());
  }
  return 0;
}

} // namespace cs::cli
