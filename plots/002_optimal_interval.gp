# Checkpointing what-if: the best checkpoint interval against the node count at one per-node MTBF. Points: the
# interval of the grid whose mean completion time (over the repetitions) is the least at each node count; lines:
# Young's sqrt(2 C M) and Daly's optimum for the measured checkpoint cost C and the system MTBF M = node MTBF / nodes
# (the sweep's derived columns young_s and daly_s, averaged over the node count's runs).
# Variables: datafile (the sweep.csv of scenarios/checkpoint/optimal_interval.sweep.json). PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'" plots/002_optimal_interval.gp > optimal_interval.png
set terminal pngcairo size 960,600 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
set key top right
set logscale xy 2
set xlabel 'nodes'
set ylabel 'checkpoint interval (s)'
set title "Best checkpoint interval against the node count (node MTBF 365 days, local disks)\npoints: simulated best of the grid (mean completion time); lines: Young's and Daly's optimum"
ok(v) = strcol('status') eq 'ok' ? v : NaN
stats datafile using (ok(column('params.nodes'))) name 'N' nooutput
nodes_list = ''
do for [n in '64 256 1024 4096 16384'] {
  stats datafile using (column('params.nodes') == n + 0 ? ok(1) : NaN) name 'C' nooutput
  if (C_records > 0) { nodes_list = nodes_list . ' ' . n }
}
array best[words(nodes_list)]
array young[words(nodes_list)]
array daly[words(nodes_list)]
intervals = '15 30 60 120 240 480 960'
do for [i=1:words(nodes_list)] {
  n = word(nodes_list, i) + 0
  least = 1e300
  do for [j=1:words(intervals)] {
    t = word(intervals, j) + 0
    stats datafile using (column('params.nodes') == n && column('params.interval') == t ? ok(column('exec_time_s')) : NaN) name 'E' nooutput
    if (E_records > 0 && E_mean < least) { least = E_mean; best[i] = t }
  }
  stats datafile using (column('params.nodes') == n ? ok(column('young_s')) : NaN) name 'Y' nooutput
  stats datafile using (column('params.nodes') == n ? ok(column('daly_s')) : NaN) name 'D' nooutput
  young[i] = Y_mean
  daly[i] = D_mean
}
plot best using (word(nodes_list, $1) + 0):2 with points pt 7 ps 1.5 title 'simulated best interval', \
     young using (word(nodes_list, $1) + 0):2 with linespoints dt 2 pt 6 title "Young: sqrt(2 C M)", \
     daly using (word(nodes_list, $1) + 0):2 with linespoints dt 3 pt 4 title "Daly"
