#include "sim/input/data_dir.hpp"

#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;

namespace cs {

std::string data_dir()
{
  if (const char* home = std::getenv("CLUSTERSIM_HOME"))
    return home;
  static const std::string found = [] {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (not ec) {
      fs::path share = exe.parent_path().parent_path() / "share" / "clustersim";
      if (fs::exists(share / "platforms", ec))
        return share.lexically_normal().string();
    }
    return std::string(CS_SOURCE_DIR);
  }();
  return found;
}

std::string canonical_data_path(const std::string& path)
{
  std::error_code ec;
  fs::path file = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec)
    return path;
  fs::path root = fs::weakly_canonical(data_dir(), ec);
  if (ec)
    return file.string();
  fs::path inside = file.lexically_relative(root);
  bool within     = not inside.empty() && *inside.begin() != ".." && not inside.is_absolute();
  return within ? inside.generic_string() : file.string();
}

bool file_exists(const std::string& path)
{
  std::error_code ec;
  return fs::exists(path, ec);
}

std::string find_data_file(const std::string& path)
{
  fs::path p(path);
  std::error_code ec;
  if (path.empty() || p.is_absolute() || fs::exists(p, ec))
    return path;
  fs::path in_data = fs::path(data_dir()) / p;
  return fs::exists(in_data, ec) ? in_data.lexically_normal().string() : path;
}

} // namespace cs
