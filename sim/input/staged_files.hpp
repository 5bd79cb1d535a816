/* Output files replaced together: each is written whole to a temporary file beside its target, and only when every
 * one is written are they renamed into place, in the order given (the file whose presence marks a finished run
 * last). A write that fails (a full disk, no permission) leaves the earlier files untouched and no temporary file. */
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
  /** Renames every temporary file onto its target, in the order added. */
  void commit();

private:
  struct Entry {
    std::string path, tmp;
    std::unique_ptr<TempFileGuard> guard; ///< removes the temporary file if a signal ends the process
  };
  std::vector<Entry> entries_;
};

} // namespace cs
