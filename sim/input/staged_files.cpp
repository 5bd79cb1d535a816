#include "sim/input/staged_files.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

namespace {

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

/** Writes what `produce` gives to a new file `tmp`; the error text, or "" when every byte reached the file. */
std::string write_whole(const std::string& tmp, const std::function<void(const ByteSink&)>& produce)
{
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return std::strerror(errno);
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

void StagedFiles::add_streamed(const std::string& path, const std::function<void(const ByteSink&)>& produce)
{
  fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path())
    fs::create_directories(target.parent_path(), ec);
  if (ec)
    throw std::runtime_error("cannot write " + path + ": " + ec.message());
  Entry e{path, path + ".tmp." + std::to_string(::getpid()), nullptr};
  e.guard = std::make_unique<TempFileGuard>(e.tmp);
  entries_.push_back(std::move(e));
  std::string err = write_whole(entries_.back().tmp, produce);
  if (not err.empty())
    throw std::runtime_error("cannot write " + path + ": " + err); // the destructor removes the temporary files
}

void StagedFiles::commit()
{
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
