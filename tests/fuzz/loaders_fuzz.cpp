/* libFuzzer target over the input loaders: scenario (with its platform and the model's checks), platform, sweep
 * (and the check of its points), validation cells, SimGrid XML platforms, SimGrid options and
 * host profiles as `calibrate --from` reads them. The first byte picks the
 * loader, the rest is the file. Bad input must end in InputError or UsageError; any other exception, a crash or a
 * sanitizer report is a bug (libFuzzer stops on it). Run from the repository root so that shipped scenarios find their
 * platforms: scripts/fuzz.sh. */
#include "app/model_table.hpp"
#include "calibration/figures.hpp"
#include "calibration/roundtrip.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/platform/platform.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/model.hpp"
#include "sim/sweep/expr.hpp"
#include "sim/sweep/spec.hpp"
#include "sim/validate/validate.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/** The file the loaders read; `xml`: the XML platform's (load_platform tells the kinds apart by the extension). */
std::string input_path(bool xml = false)
{
  // In memory when the system has a tmpfs: the loaders read a path, and the file is rewritten at every execution.
  static const std::string stem = std::string(::access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") +
                                  "/clustersim-fuzz-" + std::to_string(::getpid());
  static const int removed_at_exit = std::atexit([] {
    ::unlink((stem + ".json").c_str());
    ::unlink((stem + ".xml").c_str());
  });
  (void)removed_at_exit;
  return stem + (xml ? ".xml" : ".json");
}

void validation_cells(const std::string& path)
{
  cs::json doc = cs::load_json_file(path);
  if (not doc.is_object() || not doc.contains("cells") || not doc["cells"].is_array())
    return;
  cs::ComputeInput none;
  for (size_t i = 0; i < doc["cells"].size(); ++i) {
    const cs::json& cell = doc["cells"][i];
    std::string ptr      = cs::pointer_join("/cells", i);
    if (not cell.is_object())
      continue;
    try {
      cs::json sim = cell.contains("compute") ? cs::compute_cell(cell["compute"], none, path, ptr) : cs::json(1.0);
      if (cell.contains("tolerance"))
        cs::within_tolerance(cell["tolerance"], cell.value("measured", cs::json(nullptr)),
                             sim.is_number() ? sim.get<double>() : 1.0, path, ptr);
    } catch (const cs::InputError&) {
    }
  }
}

void calibrate_from(const std::string& path)
{
  cs::json profile = cs::load_json_file(path);
  cs::calib::check_profile_shape(profile, path);
  cs::check_host_profile(profile, path);
  cs::calib::figures_from_json(profile["raw"].value("figures", cs::json()), path);
  cs::calib::make_roundtrip_validation(profile, path);
}

std::vector<std::string> lines(const char* text, size_t size)
{
  std::vector<std::string> out(1);
  for (size_t i = 0; i < size; ++i) {
    if (text[i] == '\n')
      out.emplace_back();
    else
      out.back() += text[i];
  }
  return out;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
  cs::use_models(cs::app::model_table());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  if (size < 1)
    return 0;
  const int kind = data[0] % 7;
  const bool xml = kind == 4;
  {
    std::ofstream out(input_path(xml), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  try {
    switch (kind) {
    case 0:
      cs::check_scenario(input_path(), {});
      break;
    case 1:
      cs::load_platform(input_path());
      break;
    case 2:
      cs::check_points(cs::load_sweep(input_path()));
      break;
    case 3:
      validation_cells(input_path());
      break;
    case 4:
      cs::load_platform(input_path(true));
      break;
    case 5: // SimGrid options, one per line, as on the command line (--cfg=KEY:VALUE, --log=...)
      cs::check_simgrid_args(lines(reinterpret_cast<const char*>(data + 1), size - 1));
      break;
    default: // a host profile as calibrate --from reads it, then the round-trip validation made from it
      calibrate_from(input_path());
    }
  } catch (const cs::InputError&) {
  } catch (const cs::UsageError&) {
  }
  return 0;
}
