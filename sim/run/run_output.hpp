/* The output folder of one run: checked before the simulation, and a rerun into it replaces that run's files only. */
#pragma once
#include "sim/input/interrupt.hpp"

#include <memory>
#include <string>
#include <vector>

namespace cs {

/** Proves that `dir` can be created and written (a probe file written and removed in its nearest existing
 *  folder), so that a read-only --out fails before the simulation rather than after it: so does a name longer
 *  than NAME_MAX, a path of PATH_MAX or more, or a symbolic link to nothing on the way. A UsageError (exit 2)
 *  naming `option`, the option the user gave the folder with (--out, --work). */
void check_output_dir(const std::string& dir, const std::string& option = "--out");

/** One writer at a time per output folder: creates the folder and holds an flock on it (released when the process
 *  ends, even by SIGKILL). A run and a run --uncertainty hold it exclusive; the shards of a sweep hold it shared
 *  (they share the folder by their own shard locks, sim/sweep/lock.hpp), so a run never writes beside a sweep.
 *  Another process holding it makes the constructor throw a UsageError (exit 2). A folder it created is removed
 *  again, if still empty, unless the run wrote into it (written()): on the way out, and by SIGINT/SIGTERM/SIGHUP. */
class RunFolderLock {
public:
  enum class Share { exclusive, shared };
  explicit RunFolderLock(const std::string& dir, Share share = Share::exclusive);
  ~RunFolderLock();
  RunFolderLock(const RunFolderLock&)            = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;
  void written();
  /** What the destructor does (the folder removed if this run made it and left it empty, the lock released), for a
   *  process about to end without unwinding. */
  void release();

private:
  std::string dir_;
  int fd_       = -1;
  bool created_ = false;
  std::unique_ptr<TempFileGuard> guard_;
};

/** The files of the run recorded in DIR/result.json (its CSV tables, its plot, result.json itself); empty when the
 *  folder holds no readable result. Only plain names directly in DIR are listed: a result file cannot point a
 *  later run at anything outside its own folder. */
std::vector<std::string> run_files(const std::string& dir);

/** Removes the files of `previous` that the new run did not write again (`current`). */
void remove_stale_run_files(const std::string& dir, const std::vector<std::string>& previous,
                            const std::vector<std::string>& current);

} // namespace cs
