# Checkpointing what-if: the best checkpoint interval against the node count at one per-node MTBF. Points: of the
# sweep's three intervals at each node count, the one whose mean completion time (over the repetitions) is the
# least, as work between checkpoints (derived column interval_taken_s); lines: Young's sqrt(2 C M) and Daly's
# optimum for the measured checkpoint cost C and the system MTBF M = node MTBF / nodes (the sweep's derived columns
# young_s and daly_s, averaged over the node count's runs).
# Variables: datafile (the sweep.csv of scenarios/checkpoint/optimal_interval.sweep.json). PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'" plots/002_optimal_interval.gp > optimal_interval.png
set terminal pngcairo size 960,600 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
set key top right
set logscale x 2
set logscale y 2
set xlabel 'nodes'
set ylabel 'checkpoint interval (s of work between checkpoints)'
set title "Best checkpoint interval against the node count (node MTBF one year, local disks)\npoints: simulated best of the three intervals (mean completion time); lines: Young's and Daly's optimum"
ok(v) = strcol('status') eq 'ok' ? v : 0
# Means by sums (the rows that match count 1, the others 0): stats leaves its variables undefined when no row is
# valid, so no row is ever made invalid.
mean_of(sum_x, sum_y) = sum_y > 0 ? sum_x / sum_y : NaN
# The sweep's intervals (params.interval, s) at each node count, in the order of its zip.
nodes_all = '64 256 1024 4096 16384'
asked_64 = '62.4 166.3 374.2'
asked_256 = '41.6 111.0 249.8'
asked_1024 = '34.5 92.1 207.2'
asked_4096 = '32.5 86.7 195.2'
asked_16384 = '32.1 85.6 192.5'
same(a, b) = abs(a - b) < 0.05
set print $results  # one line per node count: nodes, best interval taken, Young, Daly
do for [i=1:words(nodes_all)] {
  n = word(nodes_all, i) + 0
  stats datafile using (column('params.nodes') == n ? ok(1) : 0) name 'C' nooutput
  if (C_sum > 0) {
    least = 1e300
    best = NaN
    list = value(sprintf('asked_%d', n))
    do for [j=1:3] {
      t = word(list, j) + 0
      stats datafile using (column('params.nodes') == n && same(column('params.interval'), t) ? ok(column('exec_time_s')) : 0):(column('params.nodes') == n && same(column('params.interval'), t) ? ok(1) : 0) name 'E' nooutput
      stats datafile using (column('params.nodes') == n && same(column('params.interval'), t) ? ok(column('interval_taken_s')) : 0):(column('params.nodes') == n && same(column('params.interval'), t) ? ok(1) : 0) name 'T' nooutput
      e = mean_of(E_sum_x, E_sum_y)
      if (e == e && e < least) { least = e; best = mean_of(T_sum_x, T_sum_y) }
    }
    stats datafile using (column('params.nodes') == n ? ok(column('young_s')) : 0):(column('params.nodes') == n ? ok(1) : 0) name 'Y' nooutput
    stats datafile using (column('params.nodes') == n ? ok(column('daly_s')) : 0):(column('params.nodes') == n ? ok(1) : 0) name 'D' nooutput
    print sprintf('%d %g %g %g', n, best, mean_of(Y_sum_x, Y_sum_y), mean_of(D_sum_x, D_sum_y))
  }
}
unset print
set datafile nocolumnheaders
set datafile separator whitespace
plot $results using 1:2 with points pt 7 ps 1.5 title 'simulated best interval', \
     $results using 1:3 with linespoints dt 2 pt 6 title "Young: sqrt(2 C M)", \
     $results using 1:4 with linespoints dt 3 pt 4 title "Daly"
