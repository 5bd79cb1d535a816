#include "app/cli/options.hpp"
#include "app/cli/sweep_commands.hpp"
#include "sim/sweep/plot.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

int cmd_sweep_plot(const Args& args, const Args&)
{
  po::options_description desc("sweep plot options");
  SweepPlotOptions o;
  desc.add_options()("dir", po::value<std::string>(&o.sweep_dir)->required(), "output folder of the sweep")(
      "kind", po::value<std::string>(&o.kind)->default_value("line"), "line or heat")("x", po::value<std::string>(&o.x),
                                                                                      "swept parameter on the x axis")(
      "y", po::value<std::string>(&o.y), "line: column plotted (metric or derived); heat: parameter on the y axis")(
      "lines", po::value<std::vector<std::string>>(&o.lines)->composing(),
      "line: one line per value of this parameter (repeatable: one per combination)")(
      "z", po::value<std::string>(&o.z), "heat: column coloured (metric or derived)")(
      "where", po::value<std::vector<std::string>>(&o.where)->composing(),
      "path=value: keep only these rows (fix the parameters not plotted; repeatable)")("logx", po::bool_switch(&o.logx),
                                                                                       "logarithmic x axis (line)")(
      "logy", po::bool_switch(&o.logy), "logarithmic y axis (line)")("logz", po::bool_switch(&o.logz),
                                                                     "logarithmic colour scale (heat)")(
      "errorbars", po::value<std::string>(&o.errorbars)->default_value("sd"),
      "line: sd (mean +- one standard deviation over repetitions), ci95 (95% confidence interval of the mean) or "
      "none")("xlabel", po::value<std::string>(&o.xlabel), "x axis label (default: from the parameter's doc)")(
      "ylabel", po::value<std::string>(&o.ylabel), "y axis label (default: from the column's name or doc)")(
      "zlabel", po::value<std::string>(&o.zlabel), "heat: colour scale label")(
      "xunit", po::value<std::string>(&o.xunit), "show x values in this unit (e.g. ms, MiB, Mbps)")(
      "yunit", po::value<std::string>(&o.yunit),
      "show y values in this unit")("zunit", po::value<std::string>(&o.zunit), "heat: show colour values in this unit")(
      "legend-title", po::value<std::string>(&o.legend_title), "line: title of the key (default: the --lines label)")(
      "output", po::value<std::string>(&o.output), "base path of the PNG and SVG (default: DIR/plot-KIND-COLUMN)")(
      "title", po::value<std::string>(&o.title), "plot title");
  po::positional_options_description pos;
  pos.add("dir", 1);
  po::variables_map vm;
  if (not parse(
          args, desc, &pos, vm,
          "usage: clustersim sweep plot DIR --x PARAM --y COLUMN [--lines PARAM]... [--where P=V]...\n"
          "       clustersim sweep plot DIR --kind heat --x PARAM --y PARAM --z COLUMN [--where P=V]...\n"
          "Renders DIR/sweep_stats.json with plots/sweep_line.gp or plots/sweep_heat.gp (PNG and SVG): means over "
          "repetitions, error bars as --errorbars says."))
    return 0;
  std::string base = plot_sweep(o);
  std::fprintf(stderr, "[sweep] plot written to %s.png and %s.svg\n", base.c_str(), base.c_str());
  return 0;
}

} // namespace cs::cli
