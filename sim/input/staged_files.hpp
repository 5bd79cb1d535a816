/* Output files replaced together: each is written whole to a temporary file beside its target, and only when every
 * one is written are they renamed into place, in the order given (the file whose presence marks a finished run
 * last). A write that fails (a full disk, no permission) leaves the earlier files untouched and no temporary file.
 *
 * An output replaces only a regular file: a rename over a device, a FIFO, a socket, a folder or a symbolic link
 * would put a JSON file where /dev/null was (as root) or hide what the link named, so those are refused as bad
 * input. Temporary files are created new (O_EXCL | O_NOFOLLOW) under a name nobody else made: a link planted at a
 * predictable name is never written through. */
#pragma once
#include "sim/input/interrupt.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cs {

/** Takes one piece of a file's bytes; false once a write failed (the producer may stop early). */
using ByteSink = std::function<bool(const char* data, std::size_t size)>;

/** A UsageError (exit 2) naming `path` when something other than a regular file is there: the check every output
 *  makes before it is written, and which commands make up front for the outputs they name on their command line. */
void check_replaceable(const std::string& path);

/** Opens `path` for writing in place (a log, a lock file), creating it: never through a symbolic link, never a FIFO
 *  (opening one would block), a device or a folder. The descriptor, or -1 with the reason in `why`. `flags` is
 *  O_WRONLY or O_RDWR, with O_TRUNC or O_APPEND as needed. */
int open_regular_file(const std::string& path, int flags, std::string* why);

class StagedFiles {
public:
  StagedFiles() = default;
  /** Removes the temporary files not yet renamed (after a failed write or an exception). */
  ~StagedFiles();
  StagedFiles(const StagedFiles&)            = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;

  /** Writes `content` to a temporary file beside `path` (creating its folder); throws std::runtime_error naming
   *  `path` if any byte cannot be written. */
  void add(const std::string& path, const std::string& content);
  /** As add(), the content given piece by piece: `produce` passes each piece to its sink, so a file of any size is
   *  written without its whole text in memory. */
  void add_streamed(const std::string& path, const std::function<void(const ByteSink&)>& produce);
  /** An empty temporary file beside `path`, made as add() makes one, for another program to write (gnuplot); it is
   *  renamed onto `path` by commit() like the others. */
  std::string reserve(const std::string& path);
  /** Renames every temporary file onto its target, in the order added (each target checked again first). */
  void commit();

private:
  /** Creates a new temporary file for `path` (an Entry) and returns its descriptor. */
  int create_temporary(const std::string& path);
  struct Entry {
    std::string path, tmp;
    std::unique_ptr<TempFileGuard> guard; ///< removes the temporary file if a signal ends the process
  };
  std::vector<Entry> entries_;
};

} // namespace cs
