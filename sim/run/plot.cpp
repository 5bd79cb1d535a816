#include "sim/run/plot.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/staged_files.hpp"

#include <algorithm>
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

std::string plot_path(const std::string& path)
{
  return fs::absolute(path).lexically_normal().string();
}

std::string gnuplot_quote(const std::string& text)
{
  // Single-quoted gnuplot strings take every byte as it is but a quote (doubled) and a line end, which would end the
  // command (and gnuplot runs `backquotes` inside double-quoted strings, so user text never goes in one). A control
  // character is joined in as a fixed double-quoted escape: 'a'."\n".'b' is the string a, newline, b, so a file name
  // with a newline or a tab still names its file.
  std::string out = "'";
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '\'')
      out += "''";
    else if (u < 0x20 || u == 0x7f) {
      char esc[16];
      std::snprintf(esc, sizeof esc, "'.\"\\%03o\".'", u);
      out += esc;
    } else
      out += c;
  }
  return out + "'";
}

std::string tsv_field(const std::string& text)
{
  // A tab would start another column and a line end another row: the bars of a plot would be read from the wrong
  // column or lost. Written as the two characters \t, \n, \r (and a backslash doubled, so each stays readable).
  std::string out;
  for (char c : text) {
    if (c == '\t')
      out += "\\t";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\\')
      out += "\\\\";
    else
      out += c;
  }
  return out;
}

/** gnuplot's exit status: 0 when it drew, 127 when it could not be started. */
static int run_gnuplot(const std::string& prelude, const std::string& script)
{
  pid_t pid = fork();
  if (pid < 0)
    return 127;
  if (pid == 0) {
    execlp("gnuplot", "gnuplot", "-e", prelude.c_str(), script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

bool render_plot(const std::string& script, const std::string& out_base, const std::map<std::string, std::string>& vars)
{
  std::string defs;
  for (auto const& [k, v] : vars)
    defs += k + "=" + gnuplot_quote(v) + "; ";
  bool ok = true;
  for (auto const& [term, ext] : {std::pair<const char*, const char*>{"pngcairo size 960,640 font ',11'", ".png"},
                                  {"svg size 960,640 dynamic font 'sans,11'", ".svg"}}) {
    // gnuplot opens its output as it is told, through a link and into a device: it draws into a new temporary file
    // of ours, renamed onto the plot's name once drawn (sim/input/staged_files.hpp).
    StagedFiles staged;
    std::string out     = plot_path(staged.reserve(out_base + ext));
    std::string prelude = defs + "outfile=" + gnuplot_quote(out) + "; set terminal " + term + "; set output outfile;";
    int status          = run_gnuplot(prelude, script);
    if (status == 0)
      staged.commit();
    if (status == 127)
      std::fprintf(stderr, "clustersim: warning: gnuplot could not be started (is gnuplot-nox installed?)\n");
    else if (status != 0)
      std::fprintf(stderr, "clustersim: warning: gnuplot failed on %s (its message is above)\n", script.c_str());
    ok = ok && status == 0;
  }
  return ok;
}

/** The names of the run folder's non-empty files, each between spaces (" nodes.csv timeline.csv "): a script tests
 *  for one with strstrt() instead of asking a shell, which would see the folder's name. */
static std::string nonempty_files(const std::string& run_dir)
{
  std::vector<std::string> names;
  std::error_code ec;
  for (auto const& entry : fs::directory_iterator(run_dir, ec))
    if (entry.is_regular_file(ec) && entry.file_size(ec) > 0)
      names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  std::string list = " ";
  for (auto const& name : names)
    list += name + " ";
  return list;
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
  if (render_plot(script, base, {{"datadir", plot_path(run_dir)}, {"nonempty", nonempty_files(run_dir)}}) && not quiet)
    std::fprintf(stderr, "clustersim: plot written to %s.png and %s.svg\n", base.c_str(), base.c_str());
}

} // namespace cs
