/* `clustersim sweep plot`: the merged table of a sweep drawn by plots/sweep_line.gp (a column over one parameter,
 * one line per value of another) or plots/sweep_heat.gp (a column over two parameters). C++ only prepares the data
 * (means over repetitions, in the sweep's value order) and passes labels as escaped gnuplot strings. */
#pragma once
#include <string>
#include <vector>

namespace cs {

struct SweepPlotOptions {
  std::string sweep_dir;
  std::string kind = "line"; ///< "line" or "heat"
  std::string x;             ///< swept parameter on the x axis
  std::string y;             ///< line: the plotted column (metric or derived); heat: the parameter on the y axis
  std::string lines;         ///< line: parameter with one line per value ("" = a single line)
  std::string z;             ///< heat: the column coloured
  std::vector<std::string> where; ///< path=value filters fixing the other swept parameters
  bool logx = false, logy = false;
  std::string output; ///< base path of OUTPUT.png/.svg (default: SWEEP_DIR/plot-<kind>-<column>)
  std::string title;  ///< default: the sweep's name and the plotted column
};

/** Writes the data file and renders PNG and SVG; returns the base path. Bad options are UsageErrors. */
std::string plot_sweep(const SweepPlotOptions& options);

} // namespace cs
