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
ok(v) = strcol('status') eq 'ok' ? v : 0
# Means by sums (the rows that match count 1, the others 0): stats leaves its variables undefined when no row is
# valid, so no row is ever made invalid.
mean_of(sum_x, sum_y) = sum_y > 0 ? sum_x / sum_y : NaN
nodes_list = ''
do for [n in '64 256 1024 4096 16384'] {
  stats datafile using (column('params.nodes') == n + 0 ? ok(1) : 0) name 'C' nooutput
  if (C_sum > 0) { nodes_list = nodes_list . ' ' . n }
}
set print $results  # one line per node count: nodes, best interval, Young, Daly
intervals = '30 60 120 240 480 960'
do for [i=1:words(nodes_list)] {
  n = word(nodes_list, i) + 0
  least = 1e300
  best = NaN
  do for [j=1:words(intervals)] {
    t = word(intervals, j) + 0
    stats datafile using (column('params.nodes') == n && column('params.interval') == t ? ok(column('exec_time_s')) : 0):(column('params.nodes') == n && column('params.interval') == t ? ok(1) : 0) name 'E' nooutput
    e = mean_of(E_sum_x, E_sum_y)
    if (e == e && e < least) { least = e; best = t }
  }
  stats datafile using (column('params.nodes') == n ? ok(column('young_s')) : 0):(column('params.nodes') == n ? ok(1) : 0) name 'Y' nooutput
  stats datafile using (column('params.nodes') == n ? ok(column('daly_s')) : 0):(column('params.nodes') == n ? ok(1) : 0) name 'D' nooutput
  print sprintf('%d %g %g %g', n, best, mean_of(Y_sum_x, Y_sum_y), mean_of(D_sum_x, D_sum_y))
}
unset print
set datafile nocolumnheaders
set datafile separator whitespace
plot $results using 1:2 with points pt 7 ps 1.5 title 'simulated best interval', \
     $results using 1:3 with linespoints dt 2 pt 6 title "Young: sqrt(2 C M)", \
     $results using 1:4 with linespoints dt 3 pt 4 title "Daly"
