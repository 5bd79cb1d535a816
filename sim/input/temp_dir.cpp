#include "sim/input/temp_dir.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace fs = std::filesystem;

namespace cs {

TempDir::TempDir(const std::string& what)
{
  const char* base = std::getenv("TMPDIR");
  std::string tmpl = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/clustersim-" + what + "-XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  if (mkdtemp(name.data()) == nullptr)
    throw std::runtime_error("cannot create a temporary folder " + tmpl + ": " + std::strerror(errno));
  path_ = name.data();
}

TempDir::~TempDir()
{
  std::error_code ec;
  if (not keep_)
    fs::remove_all(path_, ec);
}

} // namespace cs
