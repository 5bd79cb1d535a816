/* SIGINT and SIGTERM end clustersim with one line and status 130 / 143, leaving no temporary file behind.
 *
 * SimGrid's engine installs its own SIGINT handler (an actor dump, then exit 1), so a run installs these after
 * creating its engine. Outputs are written as temp file + rename; the handler removes the temp files being
 * written, so an interrupted process leaves each output either absent, old, or whole. */
#pragma once
#include <string>

namespace cs {

/** Installs the handlers for SIGINT and SIGTERM (again after anything that replaced them). */
void install_interrupt_handlers();

/** While alive, `path` is removed if a signal ends the process (temp files of write_file_atomic). */
class TempFileGuard {
public:
  explicit TempFileGuard(const std::string& path);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&)            = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;

private:
  int slot_ = -1;
};

} // namespace cs
