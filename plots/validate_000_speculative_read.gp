# Validation plot of seed 000: the case-1 read times (Graphs 4.2 and 4.4) and case-2 total times (4.5-4.7).
# Variables: run_case1, run_case2 (sweep CSVs of the validation runs).
set datafile separator ','
set datafile columnheaders
set logscale x 2
set grid
set key top left
set multiplot layout 2,3 title 'seed 000: speculative remote read (simulated; the seed states crossovers near 4LAN)'
do for [g in '4.2 4.4'] {
  local = (g eq '4.2') ? '30ms' : '60ms'
  set title sprintf('Graph %s: local process %s', g, local)
  set xlabel 'kLAN'
  set ylabel 'read time of 100 reads (s)'
  plot for [m in 'NR FR TR'] run_case1 using (column('platform.slowdown')):((strcol('params.method') eq m && strcol('params.local_process') eq local) ? column('read_time_s') : 1/0) smooth unique with linespoints pt 7 title m
}
do for [i=0:2] {
  p = (i == 0) ? 0 : (i == 1) ? 0.1 : 0.25
  set title sprintf('Graph 4.%d: p = %.2f (prediction)', 5 + i, p)
  set ylabel 'total time of 100 loops (s)'
  plot for [m in 'NR FR'] run_case2 using (column('platform.slowdown')):((strcol('params.method') eq m && abs(column('params.write_probability') - p) < 1e-9) ? column('total_time_s') : 1/0) smooth unique with linespoints pt 7 title m
}
unset multiplot
