#include "sim/run/plot.hpp"
#include "sim/input/data_dir.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace cs {

std::string plots_dir()
{
  return data_dir() + "/plots";
}

std::string gnuplot_quote(const std::string& text)
{
  // Single-quoted gnuplot strings only need '' for a quote; newlines would end the command.
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "''";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out + "'";
}

static bool run_gnuplot(const std::string& prelude, const std::string& script)
{
  pid_t pid = fork();
  if (pid < 0)
    return false;
  if (pid == 0) {
    execlp("gnuplot", "gnuplot", "-e", prelude.c_str(), script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool render_plot(const std::string& script, const std::string& out_base, const std::map<std::string, std::string>& vars)
{
  std::string defs;
  for (auto const& [k, v] : vars)
    defs += k + "=" + gnuplot_quote(v) + "; ";
  bool ok = true;
  for (auto const& [term, ext] : {std::pair<const char*, const char*>{"pngcairo size 960,640 font ',11'", ".png"},
                                  {"svg size 960,640 dynamic font 'sans,11'", ".svg"}}) {
    std::string out = out_base + ext;
    std::string prelude =
        defs + "outfile=" + gnuplot_quote(out) + "; set terminal " + term + "; set output " + gnuplot_quote(out) + ";";
    if (not run_gnuplot(prelude, script)) {
      std::fprintf(stderr, "clustersim: warning: gnuplot failed on %s (is gnuplot-nox installed?)\n", script.c_str());
      ok = false;
    }
  }
  return ok;
}

void render_run_plots(const std::string& run_dir, const std::string& model, bool quiet)
{
  std::string script = plots_dir() + "/run_" + model + ".gp";
  if (not file_exists(script)) {
    if (not quiet)
      std::fprintf(stderr, "clustersim: no plot script %s for model %s\n", script.c_str(), model.c_str());
    return;
  }
  std::string base = run_dir + "/plot";
  if (render_plot(script, base, {{"datadir", run_dir}}) && not quiet)
    std::fprintf(stderr, "clustersim: plot written to %s.png and %s.svg\n", base.c_str(), base.c_str());
}

} // namespace cs
