#include "sim/run/run_output.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

namespace {

void check_output_name(const std::string& dir, const std::string& option)
{
  if (dir.empty())
    throw UsageError(option + " is empty");
  if (dir.size() >= PATH_MAX)
    throw UsageError(option + " is " + std::to_string(dir.size()) + " bytes long, the system takes paths below " +
                     std::to_string(PATH_MAX));
  for (auto const& part : fs::path(dir))
    if (part.native().size() > NAME_MAX)
      throw UsageError(option + " " + dir.substr(0, 60) + "...: the name " + part.native().substr(0, 40) +
                       "... is longer than the " + std::to_string(NAME_MAX) + " bytes a file name may have");
}

} // namespace

void check_output_dir(const std::string& dir, const std::string& option)
{
  // The folder itself is created only when the results are written, so bad input found later leaves nothing; here
  // the nearest existing folder on its path must take a file.
  check_output_name(dir, option);
  fs::path existing = fs::path(dir).lexically_normal();
  std::error_code ec;
  while (not existing.empty() && not fs::exists(existing, ec)) {
    if (fs::is_symlink(fs::symlink_status(existing, ec)))
      throw UsageError(option + " " + dir + ": " + existing.string() + " is a symbolic link to nothing");
    existing = existing.parent_path();
  }
  if (existing.empty())
    existing = ".";
  if (not fs::is_directory(existing, ec))
    throw UsageError(option + " " + dir + ": " + existing.string() + " is not a folder");
  // A new file of our own (never through a link planted at the name), removed at once.
  std::string probe = (existing / (".clustersim-probe." + std::to_string(::getpid()))).string();
  int fd            = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0 && errno != EEXIST)
    throw UsageError(option + " " + dir + ": cannot write into " + existing.string() + ": " + std::strerror(errno));
  if (fd >= 0) {
    ::close(fd);
    fs::remove(probe, ec);
  }
}

RunFolderLock::RunFolderLock(const std::string& dir, Share share) : dir_(dir)
{
  std::error_code ec;
  created_ = not fs::exists(dir, ec);
  fs::create_directories(dir, ec);
  if (ec)
    throw UsageError("--out " + dir + ": cannot create it: " + ec.message());
  if (created_) // a signal, too, takes away a folder that nothing was written into
    guard_ = std::make_unique<TempFileGuard>(dir, TempKind::empty_folder);
  fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0)
    throw UsageError("--out " + dir + ": cannot open it: " + std::strerror(errno));
  if (::flock(fd_, (share == Share::shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0) {
    int e = errno;
    ::close(fd_);
    fd_ = -1;
    throw UsageError("--out " + dir + ": " +
                     (e == EWOULDBLOCK
                          ? std::string("another clustersim command (a run, a sweep or a run --uncertainty) is "
                                        "writing into this folder")
                          : std::string("cannot lock it: ") + std::strerror(e)));
  }
}

RunFolderLock::~RunFolderLock()
{
  release();
}

void RunFolderLock::release()
{
  if (created_)
    ::rmdir(dir_.c_str()); // only if empty: bad input found during the run leaves nothing behind
  created_ = false;
  guard_.reset();
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
}

void RunFolderLock::written()
{
  created_ = false;
  guard_.reset();
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
