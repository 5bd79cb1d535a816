/* The output folder of one run: checked before the simulation, and a rerun into it replaces that run's files only. */
#pragma once
#include <string>
#include <vector>

namespace cs {

/** Proves that `dir` can be created and written (a probe file written and removed in its nearest existing
 *  folder), so that a read-only --out fails before the simulation rather than after it: so does a name longer
 *  than NAME_MAX, a path of PATH_MAX or more, or a symbolic link to nothing on the way. A UsageError (exit 2)
 *  naming `option`, the option the user gave the folder with (--out, --work). */
void check_output_dir(const std::string& dir, const std::string& option = "--out");

/** One run at a time per output folder: creates the folder and holds an flock on it (released when the process
 *  ends, even by SIGKILL). Another process holding it makes the constructor throw a UsageError (exit 2). A folder
 *  it created is removed again, if still empty, unless the run wrote into it (written()). */
class RunFolderLock {
public:
  explicit RunFolderLock(const std::string& dir);
  ~RunFolderLock();
  RunFolderLock(const RunFolderLock&)            = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;
  void written() { created_ = false; }

private:
  std::string dir_;
  int fd_       = -1;
  bool created_ = false;
};

/** The files of the run recorded in DIR/result.json (its CSV tables, its plot, result.json itself); empty when the
 *  folder holds no readable result. Only plain names directly in DIR are listed: a result file cannot point a
 *  later run at anything outside its own folder. */
std::vector<std::string> run_files(const std::string& dir);

/** Removes the files of `previous` that the new run did not write again (`current`). */
void remove_stale_run_files(const std::string& dir, const std::vector<std::string>& previous,
                            const std::vector<std::string>& current);

} // namespace cs
