/* A temporary folder that goes on every way out: a return, an exception, and SIGINT/SIGTERM, which are deferred
 * while it lives (sim/input/interrupt.hpp) so that the unwinding removes it. */
#pragma once
#include "sim/input/interrupt.hpp"

#include <string>

namespace cs {

class TempDir {
public:
  /** Creates $TMPDIR/clustersim-<what>-XXXXXX (/tmp when TMPDIR is unset). */
  explicit TempDir(const std::string& what);
  ~TempDir();
  TempDir(const TempDir&)            = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  /** Leaves the folder in place at the end (validate --keep). */
  void keep() { keep_ = true; }

private:
  DeferInterrupts defer_;
  std::string path_;
  bool keep_ = false;
};

} // namespace cs
