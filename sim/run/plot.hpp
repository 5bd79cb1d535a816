/* The gnuplot driver: runs scripts from plots/ on data files; C++ never writes plot scripts. */
#pragma once
#include <map>
#include <string>

namespace cs {

/** Folder holding the gnuplot scripts (plots/ of the source tree, or $CLUSTERSIM_HOME/plots). */
std::string plots_dir();

/** Renders `script` (a path) to OUT.png and OUT.svg, passing `vars` as gnuplot string variables (escaped).
 *  Returns false (with a message on stderr) if gnuplot is missing or fails; plotting never fails a run. */
bool render_plot(const std::string& script, const std::string& out_base,
                 const std::map<std::string, std::string>& vars);

/** Renders plots/run_<model>.gp for a run folder, if the model has one. */
void render_run_plots(const std::string& run_dir, const std::string& model, bool quiet);

/** `path` made absolute and normal, as every file name handed to gnuplot must be: gnuplot reads a file name that
 *  begins with '<' as a shell command to read from, and an output name that begins with '|' as one to write to;
 *  an absolute path begins with '/'. */
std::string plot_path(const std::string& path);

/** `text` as a gnuplot string expression: single-quoted (no `backquote` runs), a control character joined in as a
 *  fixed escape ('a'."\012".'b'), so any text, a file name with a newline included, reaches gnuplot as it is. */
std::string gnuplot_quote(const std::string& text);

/** `text` as one field of a tab-separated data file for gnuplot: a tab, line end or backslash written as \t, \n, \r,
 *  \\ (the one place data text is escaped: a raw tab or newline would shift or split the row). */
std::string tsv_field(const std::string& text);

} // namespace cs
