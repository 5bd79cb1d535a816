/* Where the shipped data lives, so clustersim runs from any folder: the platforms, scenarios, validation files, plot
 * scripts and JSON Schemas are in the data directory — $CLUSTERSIM_HOME if set, else PREFIX/share/clustersim
 * beside an installed PREFIX/bin/clustersim, else the source tree the binary was built from. */
#pragma once
#include <string>

namespace cs {

std::string data_dir();

/** `path` itself when it exists (absolute, or relative to the current folder), else the same relative path under
 *  data_dir() when that exists, else `path` unchanged (the caller reports it missing). */
std::string find_data_file(const std::string& path);

/** One spelling of a file however it was typed (pp.json, ../x/pp.json, /abs/x/pp.json): relative to data_dir()
 *  when the file is inside it ("scenarios/dsm/speedup.json"), else absolute with no "." or ".." and no symlinks. */
std::string canonical_data_path(const std::string& path);

/** Whether `path` exists; a name the system refuses (longer than NAME_MAX, say) is a file that is not there, where
 *  std::filesystem::exists would throw (the fuzzer found such a platform name ending in exit 1). */
bool file_exists(const std::string& path);

} // namespace cs
