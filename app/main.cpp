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
#include <streambuf>
#include <string>
#include <unistd.h>
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
  smpi-platform INPUT   write a scenario's machine for smpirun: SimGrid XML platform, hostfile, options
                        (docs/byo-application.md: bring your own MPI application)

`clustersim COMMAND --help` describes each command. SimGrid's own --cfg=... and --log=... options are accepted
by run, sweep, validate, lab and smpi-platform (e.g. --log=cs_speculative_read.thres:verbose).
exit status: 0 success, 2 bad input (the message names the file and JSON path), 1 other failure.
)";

/** The error of the first write to standard output that failed, as the system gave it: by the time a command
 *  returns, errno says something else (a full device read "Input/output error"). */
static int stdout_error = 0;

/** Standard output's writes, made by C's stdout (printf) and std::cout alike: write(2), keeping the first error. */
static ssize_t write_stdout(void*, const char* buf, size_t size)
{
  size_t done = 0;
  while (done < size) {
    ssize_t w = ::write(STDOUT_FILENO, buf + done, size - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (stdout_error == 0)
        stdout_error = w < 0 ? errno : EIO;
      return -1;
    }
    done += static_cast<size_t>(w);
  }
  return static_cast<ssize_t>(size);
}

/** std::cout's buffer: every write goes into C's stdout, so that std::cout and printf keep their order and share
 *  the one write function above. */
class StdoutBuf : public std::streambuf {
protected:
  int_type overflow(int_type c) override
  {
    if (traits_type::eq_int_type(c, traits_type::eof()))
      return traits_type::not_eof(c);
    return std::fputc(c, stdout) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override
  {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<std::size_t>(n), stdout));
  }
  int sync() override { return std::fflush(stdout) == 0 ? 0 : -1; }
};

static StdoutBuf stdout_buf;

/** Routes standard output (C's stdout and std::cout) through write_stdout, buffered as before. */
static void watch_stdout()
{
  cookie_io_functions_t io{nullptr, write_stdout, nullptr, nullptr};
  FILE* f = fopencookie(nullptr, "w", io);
  if (f == nullptr)
    return; // stdout as it was: its errors are still found, their cause may read EIO
  setvbuf(f, nullptr, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
  stdout = f;
  std::cout.rdbuf(&stdout_buf);
}

/** Flushes standard output; false (errno set) when what was printed did not all reach it (a full device, a closed
 *  pipe): a listing lost on the way must not end with status 0. */
static bool flush_stdout()
{
  std::cout.flush();
  errno   = 0;
  bool ok = not std::cout.fail() && std::fflush(stdout) == 0 && not std::ferror(stdout);
  if (not ok && stdout_error != 0)
    errno = stdout_error; // the cause as the failing write met it
  else if (not ok && errno == 0)
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
  watch_stdout();
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
