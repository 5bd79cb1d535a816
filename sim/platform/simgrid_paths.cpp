#include "sim/platform/simgrid_paths.hpp"

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace cs {

namespace {

std::string written_file_problem(const std::string& what, const std::string& path)
{
  if (path.empty())
    return what + " is empty";
  std::string folder = fs::path(path).parent_path().string();
  if (folder.empty())
    folder = ".";
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0 || not S_ISDIR(st.st_mode))
    return "the folder \"" + folder + "\" of " + what + " \"" + path + "\" does not exist";
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return "the folder \"" + folder + "\" of " + what + " \"" + path + "\" is not writable";
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    return what + " \"" + path + "\" is a folder";
  return "";
}

std::string read_file_problem(const std::string& what, const std::string& path)
{
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || not S_ISREG(st.st_mode) || ::access(path.c_str(), R_OK) != 0)
    return what + " \"" + path + "\" is not a readable file";
  return "";
}

} // namespace

std::string simgrid_path_problem(const std::string& key, const std::string& value)
{
  if (key == "tracing/filename")
    return written_file_problem("the trace file", value);
  // Empty: no such file (SimGrid's default for these).
  if (value.empty())
    return "";
  if (key == "tracing/comment-file")
    return read_file_problem("the trace comment file", value);
  if (key == "smpi/hostfile" || key == "smpi/comp-adjustment-file")
    return read_file_problem("the file of \"" + key + "\"", value);
  return "";
}

std::string log_appender_path_problem(const std::string& value)
{
  // file:PATH; rollfile:SIZE:PATH and splitfile:SIZE:PATH carry a size first.
  std::string rest = value.substr(value.find(':') + 1);
  if (value.rfind("file:", 0) != 0) {
    auto colon = rest.find(':');
    if (colon == std::string::npos)
      return "a log appender is file:PATH, rollfile:SIZE:PATH or splitfile:SIZE:PATH, got \"" + value + "\"";
    rest = rest.substr(colon + 1);
  }
  return written_file_problem("the log file", rest);
}

} // namespace cs
