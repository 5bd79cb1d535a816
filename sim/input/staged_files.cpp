#include "sim/input/staged_files.hpp"
#include "sim/input/errors.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

namespace {

const char* file_kind(mode_t mode)
{
  switch (mode & S_IFMT) {
  case S_IFDIR:
    return "a folder";
  case S_IFLNK:
    return "a symbolic link";
  case S_IFCHR:
    return "a character device";
  case S_IFBLK:
    return "a block device";
  case S_IFIFO:
    return "a FIFO";
  case S_IFSOCK:
    return "a socket";
  default:
    return "not a regular file";
  }
}

/** Writes all of `data` to `fd`; the error text, or "" when every byte was written. */
std::string write_all(int fd, const char* data, size_t size)
{
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return n < 0 ? std::strerror(errno) : "nothing written";
    done += static_cast<size_t>(n);
  }
  return "";
}

/** Writes what `produce` gives to the new file open as `fd`, then closes it; the error text, or "" when every byte
 *  reached the file. */
std::string write_whole(int fd, const std::function<void(const ByteSink&)>& produce)
{
  std::string err;
  try {
    produce([&](const char* data, size_t size) {
      if (err.empty())
        err = write_all(fd, data, size);
      return err.empty();
    });
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0 && err.empty()) // NFS and some full disks report the failure only here
    err = std::strerror(errno);
  return err;
}

} // namespace

void check_replaceable(const std::string& path)
{
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0)
    return; // nothing there (or nothing we can see: the write itself reports it)
  if (not S_ISREG(st.st_mode))
    throw UsageError(path + ": is " + std::string(file_kind(st.st_mode)) +
                     "; clustersim writes an output only where nothing is, or over a regular file");
}

int open_regular_file(const std::string& path, int flags, std::string* why)
{
  // O_NONBLOCK: a FIFO with no reader fails at once instead of blocking; O_TRUNC waits until the kind is known.
  int fd = ::open(path.c_str(), (flags & ~O_TRUNC) | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) {
    *why = errno == ELOOP ? "is a symbolic link" : std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || not S_ISREG(st.st_mode)) {
    *why = std::string("is ") + file_kind(st.st_mode);
    ::close(fd);
    return -1;
  }
  if ((flags & O_TRUNC) && ::ftruncate(fd, 0) != 0) {
    *why = std::strerror(errno);
    ::close(fd);
    return -1;
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

StagedFiles::~StagedFiles()
{
  for (auto const& e : entries_) {
    std::error_code ec;
    fs::remove(e.tmp, ec);
  }
}

void StagedFiles::add(const std::string& path, const std::string& content)
{
  add_streamed(path, [&content](const ByteSink& put) { put(content.data(), content.size()); });
}

int StagedFiles::create_temporary(const std::string& path)
{
  check_replaceable(path);
  fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path())
    fs::create_directories(target.parent_path(), ec);
  if (ec)
    throw std::runtime_error("cannot write " + path + ": " + ec.message());
  // A name of our own, made by us: O_EXCL refuses anything already there (a file, or a symbolic link planted to
  // make us write through it, dangling or not), O_NOFOLLOW a link on the last step. The pid alone could be
  // guessed, so a taken name is skipped rather than reused.
  std::string stem = path + ".tmp." + std::to_string(::getpid()) + ".";
  for (int attempt = 0; attempt < 100; ++attempt) {
    Entry e{path, stem + std::to_string(entries_.size()) + "-" + std::to_string(attempt), nullptr};
    e.guard = std::make_unique<TempFileGuard>(e.tmp);
    int fd  = ::open(e.tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0) {
      entries_.push_back(std::move(e));
      return fd;
    }
    if (errno != EEXIST && errno != ELOOP)
      throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
  throw std::runtime_error("cannot write " + path + ": 100 temporary names beside it are taken");
}

std::string StagedFiles::reserve(const std::string& path)
{
  int fd = create_temporary(path);
  ::close(fd);
  return entries_.back().tmp;
}

void StagedFiles::add_streamed(const std::string& path, const std::function<void(const ByteSink&)>& produce)
{
  int fd          = create_temporary(path);
  std::string err = write_whole(fd, produce);
  if (not err.empty())
    throw std::runtime_error("cannot write " + path + ": " + err); // the destructor removes the temporary files
}

void StagedFiles::commit()
{
  for (auto const& e : entries_)
    check_replaceable(e.path); // again: the target may have changed while the files were written
  for (auto& e : entries_) {
    std::error_code ec;
    fs::rename(e.tmp, e.path, ec);
    if (ec)
      throw std::runtime_error("cannot write " + e.path + ": " + ec.message());
    e.tmp.clear();
    e.guard.reset();
  }
  entries_.clear();
}

} // namespace cs
