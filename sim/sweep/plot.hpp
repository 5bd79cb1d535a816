/* `clustersim sweep plot`: the aggregated table of a sweep (sweep_stats.json: n, mean, sd, 95% CI per grid point)
 * drawn by plots/sweep_line.gp (a column over one parameter, one line per value of another, error bars sd or CI) or
 * plots/sweep_heat.gp (a column's mean over two parameters). C++ only prepares the data, in the sweep's value
 * order, and the labels (from the model's docs unless given), passed as escaped gnuplot strings. */
#pragma once
#include <string>
#include <vector>

namespace cs {

struct SweepPlotOptions {
  std::string sweep_dir;
  std::string kind = "line";      ///< "line" or "heat"
  std::string x;                  ///< swept parameter on the x axis
  std::string y;                  ///< line: the plotted column (metric or derived); heat: the parameter on the y axis
  std::vector<std::string> lines; ///< line: parameters with one line per combination of values (none: one line)
  std::string z;                  ///< heat: the column coloured
  std::vector<std::string> where; ///< path=value filters fixing the other swept parameters
  bool logx = false, logy = false, logz = false;
  std::string errorbars = "sd";       ///< line: "sd" (mean +- one standard deviation), "ci95" or "none"
  std::string xlabel, ylabel, zlabel; ///< axis labels (default: from the model's parameter and metric docs)
  std::string xunit, yunit, zunit;    ///< show values in this unit ("ms", "MiB", "Mbps"): they are converted
  std::string legend_title;           ///< line: title of the key (default: the --lines parameter's label)
  std::string output;                 ///< base path of OUTPUT.png/.svg (default: SWEEP_DIR/plot-<kind>-<column>)
  std::string title;                  ///< default: the sweep's name
};

/** Writes the data file and renders PNG and SVG; returns the base path. Bad options are UsageErrors. */
std::string plot_sweep(const SweepPlotOptions& options);

} // namespace cs
