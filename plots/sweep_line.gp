# Line plot of a sweep (`clustersim sweep plot --kind line`): a metric over one parameter, one line per value of
# another; points are the mean over repetitions, error bars their min and max.
# Variables from the driver (all strings): datafile (tab-separated blocks, one per line: x, mean, min, max, x label),
# nlines, title1..titleN (line titles), categorical ('1': x is a label, plotted at its rank), logx, logy ('1' or '0'),
# xlabel, ylabel, plottitle.
set datafile separator "\t"
set termoption noenhanced  # names like total_time_s are text, not subscripts
set grid
set key outside right top
set xlabel xlabel
set ylabel ylabel
set title plottitle
if (logx eq '1' && categorical ne '1') { set logscale x }
if (logy eq '1') { set logscale y }
set autoscale xfix  # no empty decade after the last point
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
n = int(nlines)
if (categorical eq '1') {
  plot for [i=1:n] datafile index (i-1) using 1:2:3:4:xtic(5) with yerrorlines pt 7 title value(sprintf('title%d', i))
} else {
  plot for [i=1:n] datafile index (i-1) using 1:2:3:4 with yerrorlines pt 7 title value(sprintf('title%d', i))
}
