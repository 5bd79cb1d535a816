/* SimGrid's options, checked before the engine sees them. SimGrid 3.32 aborts (or prints its whole option list
 * and exits 1) on an unknown --cfg key, a value of the wrong type, a model or context factory it does not have,
 * or a --log string it cannot read; clustersim turns each of these into exit 2 with a one-line message. */
#pragma once
#include <map>
#include <string>
#include <vector>

namespace cs {

/** Options every engine of this build starts with: in a sanitizer build (CS_SANITIZED), actors on threads. */
std::vector<std::string> build_engine_args();

/** argv[0] of the program's engines. */
inline const std::string program_name = "clustersim";
/** SimGrid echoes every --cfg it applies: runs silence the echo (a user's own --log=xbt_cfg... comes later and wins).
 */
inline const std::string quiet_config_log = "--log=xbt_cfg.thres:warning";

/** The argv an engine starts with — the program name, `settings` (such as log thresholds), this build's own options
 *  (build_engine_args), then the user's `options` — as sg4::Engine takes it: it owns the strings argv() points into
 *  (the engine removes what it consumed by moving pointers and lowering argc). */
class EngineArgv {
public:
  EngineArgv(const std::string& program, const std::vector<std::string>& settings,
             const std::vector<std::string>& options);
  /** A copy of an engine's argv as it was given, for a run inside another (the engine consumes what it reads). */
  EngineArgv(int argc, char** argv);
  EngineArgv(const EngineArgv&)            = delete;
  EngineArgv& operator=(const EngineArgv&) = delete;
  int* argc() { return &argc_; }
  char** argv() { return pointers_.data(); }

private:
  void point_at_args();

  std::vector<std::string> args_;
  std::vector<char*> pointers_;
  int argc_;
};

/** Checks the --cfg=KEY:VALUE and --log=... items of an engine argv (argv[0] excluded). */
void check_simgrid_args(int argc, char** argv);
void check_simgrid_args(const std::vector<std::string>& args);

/** Checks a platform's "simgrid" block, KEY -> VALUE, read from `file` (file and JSON pointer in the message). */
void check_simgrid_config(const std::map<std::string, std::string>& config, const std::string& file);

/** Why `value` is no valid setting of SimGrid option `key` ("" when it is). */
std::string simgrid_option_problem(const std::string& key, const std::string& value);

/** The "int" and "double" options of the table that have no range of values (a test wants none). */
std::vector<std::string> simgrid_numeric_options_without_range();

/** True for SimGrid's string options (set by name and value: "KEY:VALUE" text would split at a blank). */
bool simgrid_option_is_string(const std::string& key);

/** The value SimGrid option `key` has now in this process, as text a --cfg or an XML <prop> takes back (every digit
 *  of a number); `key` must be an option of the table (a std::logic_error otherwise). */
std::string simgrid_option_value(const std::string& key);

/** Why `text` (what follows --log=) is no valid SimGrid log setting ("" when it is). */
std::string simgrid_log_problem(const std::string& text);

} // namespace cs
