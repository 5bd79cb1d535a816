#include "sim/run/run_output.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

void check_output_dir(const std::string& dir)
{
  // The folder itself is created only when the results are written, so bad input found later leaves nothing; here
  // the nearest existing folder on its path must take a file.
  fs::path existing = fs::path(dir).lexically_normal();
  std::error_code ec;
  while (not existing.empty() && not fs::exists(existing, ec))
    existing = existing.parent_path();
  if (existing.empty())
    existing = ".";
  if (not fs::is_directory(existing, ec))
    throw UsageError("--out " + dir + ": " + existing.string() + " is not a folder");
  std::string probe = (existing / (".clustersim-probe." + std::to_string(::getpid()))).string();
  {
    std::ofstream out(probe, std::ios::trunc);
    if (not out)
      throw UsageError("--out " + dir + ": cannot write into " + existing.string() + ": " + std::strerror(errno));
  }
  fs::remove(probe, ec);
}

std::vector<std::string> run_files(const std::string& dir)
{
  std::vector<std::string> files;
  json result;
  try {
    result = load_json_file(dir + "/result.json");
  } catch (const InputError&) {
    return files; // no earlier run here, or none this program wrote
  }
  auto plain = [](const json& name) {
    if (not name.is_string())
      return false;
    auto s = name.get<std::string>();
    return not s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos;
  };
  if (result.is_object() && result.contains("tables") && result["tables"].is_object())
    for (auto const& [_, name] : result["tables"].items())
      if (plain(name))
        files.push_back(name.get<std::string>());
  // `run --plot` renders these beside result.json; a rerun without --plot must not leave the old picture.
  files.insert(files.end(), {"plot.png", "plot.svg", "timeline.png", "timeline.svg", "timeline.dat", "result.json"});
  return files;
}

void remove_stale_run_files(const std::string& dir, const std::vector<std::string>& previous,
                            const std::vector<std::string>& current)
{
  for (auto const& name : previous)
    if (std::find(current.begin(), current.end(), name) == current.end()) {
      std::error_code ec;
      fs::remove(dir + "/" + name, ec);
    }
}

} // namespace cs
