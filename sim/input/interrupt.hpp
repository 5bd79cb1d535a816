/* SIGINT, SIGTERM and SIGHUP end clustersim with one line and status 130 / 143 / 129, leaving no temporary file behind.
 *
 * SimGrid's engine installs its own SIGINT handler (an actor dump, then exit 1), so a run installs these after
 * creating its engine. Outputs are written as temp file + rename; the handler removes the temp files being
 * written, so an interrupted process leaves each output either absent, old, or whole.
 *
 * A temporary folder cannot be removed from a signal handler (a tree walk is not async-signal-safe, and the sweep
 * workers writing into it must be stopped first), so the code that owns one defers the signals instead: the handler
 * records the signal, the owner notices it (throw_if_interrupted), stops its workers and unwinds, and main() prints
 * the same line and exits with the same status. */
#pragma once
#include <stdexcept>
#include <string>

namespace cs {

/** Installs the handlers for SIGINT, SIGTERM and SIGHUP (again after anything that replaced them). */
void install_interrupt_handlers();

/** What a signal removes: a temporary file, or a folder the process created (removed only if it is still empty). */
enum class TempKind { file, empty_folder };

/** While alive, `path` is removed if a signal ends the process (temp files of write_file_atomic, a run's new output
 *  folder while nothing is in it). */
class TempFileGuard {
public:
  explicit TempFileGuard(const std::string& path, TempKind kind = TempKind::file);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&)            = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;

private:
  int slot_ = -1;
};

/** A signal deferred by DeferInterrupts, thrown where the owner can stop; main() exits with 128 + signal. */
class Interrupted : public std::runtime_error {
public:
  explicit Interrupted(int sig);
  int signal() const { return signal_; }

private:
  int signal_;
};

/** While alive, in the process that made it (not in its forked workers), the first SIGINT/SIGTERM/SIGHUP is recorded
 *  instead of ending the process; a second one ends it at once. Nests. */
class DeferInterrupts {
public:
  DeferInterrupts();
  ~DeferInterrupts();
  DeferInterrupts(const DeferInterrupts&)            = delete;
  DeferInterrupts& operator=(const DeferInterrupts&) = delete;
};

/** Throws Interrupted if a deferred signal came. */
void throw_if_interrupted();

/** The line clustersim prints when a signal ends it. */
const char* interrupt_message(int sig);

} // namespace cs
