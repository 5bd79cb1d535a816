# Seed 002 what-if: SOR's completion time under random node failures vs the checkpoint interval, one line per node
# MTBF (mean over the repetitions), with Young's (dashed) and Daly's (dotted) optimal intervals for the simulated
# checkpoint cost and the cluster's MTBF.
# Variables: datafile (the sweep.csv of scenarios/checkpoint/whatif_failures.sweep.json). PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'" plots/002_failures.gp > failures.png
set terminal pngcairo size 960,600 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
set key outside right top
set logscale x 2
set xlabel 'checkpoint interval (min)'
set ylabel 'completion time (min), mean over repetitions'
set title "SOR on four NT nodes under random failures (replacement node, restart from the last complete checkpoint)\ndashed: Young's optimum, dotted: Daly's"
mtbfs = '7200 14400 28800 57600'
m(i) = word(mtbfs, i) + 0
do for [i=1:words(mtbfs)] {
  stats datafile using (column('params.failures.mtbf') == m(i) ? column('young_s') / 60 : NaN) name 'Y' nooutput
  stats datafile using (column('params.failures.mtbf') == m(i) ? column('daly_s') / 60 : NaN) name 'D' nooutput
  set arrow from Y_mean, graph 0 to Y_mean, graph 1 nohead dt 2 lc i
  set arrow from D_mean, graph 0 to D_mean, graph 1 nohead dt 3 lc i
}
set yrange [30:*]  # after the stats, which would apply it to their values
plot for [i=1:words(mtbfs)] datafile \
       using (column('params.interval') / 60):(column('params.failures.mtbf') == m(i) ? column('exec_time_min') : NaN) \
       smooth unique with linespoints lc i pt 7 title sprintf('node MTBF %g h', m(i) / 3600.0)
