# Line plot of a sweep (`clustersim sweep plot --kind line`): a column over one parameter, one line per value of
# another; each mark is the mean over the point's repetitions (sweep_stats.json), its error bar one standard
# deviation or the 95% confidence interval of the mean (--errorbars; none for a single run).
# Variables from the driver (all strings): datafile (tab-separated blocks, one per line: x, mean, bar low, bar high,
# x label), nlines, title1..titleN (line titles), keytitle, categorical ('1': x is a label, plotted at its rank),
# logx, logy ('1' or '0'), xlabel, ylabel, plottitle, errorbars (a note on what the bars are, or '').
# Series differ by colour, point type and dash; a title ending "(= X)" marks a series drawn exactly over X.
set datafile separator "\t"
set termoption noenhanced  # names like total_time_s are text, not subscripts
set grid lc rgb '#d0d0d0'
set border lw 1.2
set key outside top center horizontal Left reverse width 2 box title keytitle  # above the plot, across the page's width: long series names fit
set xlabel xlabel
set ylabel ylabel
set title plottitle
if (errorbars ne '') { set label 1 errorbars at screen 0.01, screen 0.02 left font ',9' tc rgb '#555555' }
if (logx eq '1' && categorical ne '1') { set logscale x }
if (logy eq '1') { set logscale y }
set autoscale xfix  # no empty decade after the last point
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1   # Okabe-Ito colours: distinct for colour-blind readers
set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#56b4e9' lw 2 pt 15 ps 1.3
set linetype 7 lc rgb '#000000' lw 2 pt 4 ps 1.1
set linetype cycle 7
n = int(nlines)
# On a log axis gnuplot labels the decades only, often one in a sweep's range: label every swept value instead.
if (categorical eq '1' || logx eq '1') {
  plot for [i=1:n] datafile index (i-1) using 1:2:3:4:xtic(5) with yerrorlines lt i dt i title value(sprintf('title%d', i))
} else {
  plot for [i=1:n] datafile index (i-1) using 1:2:3:4 with yerrorlines lt i dt i title value(sprintf('title%d', i))
}
