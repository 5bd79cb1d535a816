#include "sim/run/fingerprint.hpp"
#include "git_version.hpp" // generated at build time (cmake/git_version.cmake)
#include "sim/input/hash.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/version.hpp"

#include <xbt/base.h> // simgrid/version.h needs its macros, so it comes first

#include <simgrid/version.h>

#include <cstdio>
#include <map>

namespace cs {

namespace {

std::string hash_text(const std::string& text)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
  return buf;
}

/** A file's hash, read once per process: a sweep checks hundreds of points against the same few files. */
std::string hash_file(const std::string& path)
{
  static std::map<std::string, std::string> cache;
  auto it = cache.find(path);
  if (it != cache.end())
    return it->second;
  return cache[path] = hash_text(read_text(path));
}

} // namespace

std::string program_identity()
{
  return std::string("clustersim ") + version + " (git " + git_commit + ") SimGrid " +
         std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) + "." +
         std::to_string(SIMGRID_VERSION_PATCH);
}

json input_fingerprint(const Scenario& s)
{
  return {
      {"scenario", hash_text(dump_json(s.resolved))},
      {"platform", hash_file(s.platform.path)},
      {"host_profile", s.platform.host_profile.empty() ? std::string("none") : hash_file(s.platform.host_profile_path)},
      {"program", program_identity()}};
}

std::string input_change(const json& stored, const json& now, const Scenario& s)
{
  if (not stored.is_object())
    return "no input fingerprint (a result of an older clustersim)";
  std::string why;
  auto differs = [&](const char* key) { return stored.value(key, "") != now.value(key, ""); };
  auto add     = [&](const std::string& what) { why += (why.empty() ? "" : ", ") + what; };
  if (differs("program"))
    add("the program changed (" + stored.value("program", "?") + " -> " + now.value("program", "?") + ")");
  if (differs("scenario"))
    add("the scenario changed");
  if (differs("platform"))
    add("platform file " + s.platform.path + " changed");
  if (differs("host_profile"))
    add("host profile " + (s.platform.host_profile.empty() ? std::string("(none now)") : s.platform.host_profile) +
        " changed");
  return why;
}

} // namespace cs
