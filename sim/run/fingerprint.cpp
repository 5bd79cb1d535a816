#include "sim/run/fingerprint.hpp"
#include "git_version.hpp" // generated at build time (cmake/git_version.cmake)
#include "sim/sweep/store.hpp"
#include "sim/input/version.hpp"

#include <xbt/base.h> // simgrid/version.h needs its macros, so it comes first

#include <simgrid/version.h>

#include <cstdio>
#include <map>

namespace cs {

namespace {

std::string hash_text(const std::string& text)
{
  uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a: stable across machines and runs, unlike std::hash
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
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
  return {{"scenario", hash_text(dump_json(s.resolved))},
          {"platform", hash_file(s.platform_file)},
          {"host_profile", s.platform.host_profile.empty() ? std::string("none")
                                                           : hash_file(resolve_path(s.file, s.platform.host_profile))},
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
    add("platform file " + s.platform_file + " changed");
  if (differs("host_profile"))
    add("host profile " + (s.platform.host_profile.empty() ? std::string("(none now)") : s.platform.host_profile) +
        " changed");
  return why;
}

} // namespace cs
