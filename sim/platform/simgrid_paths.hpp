/* SimGrid options that name a file: SimGrid opens them without a check of its own (a Paje trace file in a folder
 * that does not exist ended in a segmentation fault), so clustersim checks the path first. */
#pragma once
#include <string>

namespace cs {

/** Why the file SimGrid option `key` names by `value` cannot be used ("" when it can, or when `key` names no file):
 *  a file SimGrid writes needs an existing folder it may write in; one it reads must be a readable regular file. */
std::string simgrid_path_problem(const std::string& key, const std::string& value);

/** The same for the file of a log appender (`value`: file:PATH, rollfile:SIZE:PATH or splitfile:SIZE:PATH). */
std::string log_appender_path_problem(const std::string& value);

} // namespace cs
