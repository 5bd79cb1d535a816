/* clustersim: command-line entry point. Options are checked here; bad input exits 2, other failures 1. */
#include "app/cli/commands.hpp"
#include "app/model_table.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/interrupt.hpp"

#include <boost/program_options.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

static const char* usage_text = R"(clustersim — discrete-event simulation of whole computing clusters (SimGrid 3.32)

usage: clustersim COMMAND [options]

commands:
  run SCENARIO.json     run one scenario, write OUT/result.json and CSV tables (--plot renders PNG/SVG)
  sweep SWEEP.json      run a sweep of scenario variants in parallel processes, merge into OUT/sweep.csv
  validate              run the seeds' measured tables and compare (report JSON with --report)
  calibrate             run the native microbenchmarks and write a host profile
  list                  name the models, platforms, scenarios and validation files
  describe MODEL        the model's parameters with defaults, units and docs
  lab check LAB FILE    compare a student's answers with the simulation (docs/labs/; `lab answers LAB` re-makes them)
  schema KIND           the JSON Schema of scenario, sweep or platform files (for editors)

`clustersim COMMAND --help` describes each command. SimGrid's own --cfg=... and --log=... options are accepted
by run, sweep, validate and lab (e.g. --log=cs_speculative_read.thres:verbose).
exit status: 0 success, 2 bad input (the message names the file and JSON path), 1 other failure.
)";

/** Flushes standard output; false (errno set) when what was printed did not all reach it (a full device, a closed
 *  pipe): a listing lost on the way must not end with status 0. */
static bool flush_stdout()
{
  std::cout.flush();
  errno   = 0;
  bool ok = not std::cout.fail() && std::fflush(stdout) == 0 && not std::ferror(stdout);
  if (not ok && errno == 0)
    errno = EIO;
  return ok;
}

static int output_checked(int status)
{
  if (status != 0 || flush_stdout())
    return status;
  std::fprintf(stderr, "clustersim: failure: cannot write standard output: %s\n", std::strerror(errno));
  return 1;
}

int main(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(usage_text, argc < 2 ? stderr : stdout);
    return output_checked(argc < 2 ? 2 : 0);
  }
  if (std::strcmp(argv[1], "--version") == 0) {
    std::puts(cs::cli::version_text().c_str());
    return output_checked(0);
  }
  std::string command = argv[1];
  cs::use_models(cs::app::model_table());
  cs::install_interrupt_handlers(); // SIGINT/SIGTERM/SIGHUP: one line, 130/143/129, no temporary file left
  // SimGrid options travel separately: the engine parses them, program_options never sees them.
  std::vector<std::string> rest, simgrid_args;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--cfg=", 0) == 0 || a.rfind("--log=", 0) == 0)
      simgrid_args.push_back(a);
    else
      rest.push_back(a);
  }
  try {
    for (auto const& c : cs::cli::commands())
      if (command == c.name) {
        int status = c.run(rest, simgrid_args);
        cs::throw_if_interrupted(); // a signal deferred until a temporary folder was removed
        return output_checked(status);
      }
    std::fprintf(stderr, "clustersim: unknown command \"%s\" (see clustersim --help)\n", command.c_str());
    return 2;
  } catch (const cs::Interrupted& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 128 + e.signal();
  } catch (const cs::InputError& e) {
    std::fprintf(stderr, "clustersim: error: %s\n", e.what());
    return 2;
  } catch (const cs::UsageError& e) {
    std::fprintf(stderr, "clustersim %s: %s (see clustersim %s --help)\n", command.c_str(), e.what(), command.c_str());
    return 2;
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "clustersim %s: %s (see clustersim %s --help)\n", command.c_str(), e.what(), command.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "clustersim: failure: %s\n", e.what());
    return 1;
  }
}
