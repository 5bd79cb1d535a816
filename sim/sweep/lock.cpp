#include "sim/sweep/lock.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/staged_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <numeric>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

namespace {

/** Opens (creating) a lock file and takes its flock; -1 when another process holds it (or on error, `errno`). */
int take(const std::string& path, bool wait)
{
  std::string why;
  int fd = open_regular_file(path, O_RDWR, &why);
  if (fd < 0) {
    errno = EINVAL; // a link, FIFO or device planted at a lock's name: refused, never opened through
    return -1;
  }
  if (::flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0) {
    int e = errno;
    ::close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

std::string read_pid(const std::string& path)
{
  char buf[32] = "";
  int fd       = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t n          = ::read(fd, buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = '\0';
    ::close(fd);
  }
  std::string s(buf);
  s = s.substr(0, s.find('\n'));
  while (not s.empty() && (s.back() == '\n' || s.back() == ' '))
    s.pop_back();
  return s.empty() ? "unknown" : s;
}

} // namespace

SweepLock::SweepLock(const std::string& out_dir, int shard_index, int shard_count, const std::string& option)
    : folder_(out_dir, RunFolderLock::Share::shared)
{
  std::string dir = out_dir + "/locks";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw UsageError(option + " " + out_dir + ": cannot create " + dir + ": " + ec.message());
  // The folder's own lock is held only while this sweep looks at the others: two sweeps starting together see
  // each other in turn, never both miss the other.
  int guard = take(dir + "/folder.lock", true);
  if (guard < 0)
    throw UsageError(option + " " + out_dir + ": cannot lock " + dir + "/folder.lock: " + std::strerror(errno));
  std::string mine = std::to_string(shard_index + 1) + "-of-" + std::to_string(shard_count) + ".lock";
  std::string held;
  for (auto const& e : fs::directory_iterator(dir, ec)) {
    int k = 0, n = 0;
    std::string name = e.path().filename().string();
    if (std::sscanf(name.c_str(), "%d-of-%d.lock", &k, &n) != 2 || n < 1)
      continue;
    int g = std::gcd(n, shard_count);
    if ((k - 1) % g != shard_index % g)
      continue; // shards with no point in common
    int fd = take(e.path().string(), false);
    if (fd >= 0) {
      ::close(fd); // nobody runs it any more: a lock left by a finished or killed sweep
      continue;
    }
    held = "another sweep (pid " + read_pid(e.path().string()) + ", shard " + std::to_string(k) + "/" +
           std::to_string(n) + ") is running into this folder";
    break;
  }
  if (held.empty()) {
    fd_ = take(dir + "/" + mine, false);
    if (fd_ < 0)
      held = "another sweep (pid " + read_pid(dir + "/" + mine) + ") is running into this folder";
  }
  if (fd_ >= 0) {
    std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) != 0 || ::write(fd_, pid.data(), pid.size()) != static_cast<ssize_t>(pid.size()))
      held = "cannot write " + dir + "/" + mine + ": " + std::strerror(errno);
  }
  ::close(guard);
  if (not held.empty()) {
    if (fd_ >= 0)
      ::close(fd_);
    throw UsageError(option + " " + out_dir + ": " + held);
  }
}

SweepLock::~SweepLock()
{
  if (fd_ >= 0)
    ::close(fd_);
}

} // namespace cs
