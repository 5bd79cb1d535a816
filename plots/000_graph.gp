# Seed 000, graphs 4.1-4.7 redrawn from a sweep CSV (case1_sweep.json for 4.1-4.4, case2_sweep.json for 4.5-4.7).
# Variables: datafile (sweep.csv), graph ('4.1' ... '4.7'). Case 2 points are averaged over repetitions by
# plotting every repetition (points) and the per-speed mean is read from the validation report instead.
if (!exists("graph")) graph = '4.2'
set datafile separator ','
set datafile columnheaders
set logscale x 2
set xlabel 'network slowdown k (kLAN)'
set key top left
set grid
isc1 = (graph eq '4.1' || graph eq '4.2' || graph eq '4.3' || graph eq '4.4')
local = (graph eq '4.1' || graph eq '4.2') ? '30ms' : '60ms'
ycol = (graph eq '4.2' || graph eq '4.4') ? 'read_time_s' : 'total_time_s'
p = (graph eq '4.5') ? 0 : (graph eq '4.6') ? 0.1 : 0.25
set ylabel (ycol eq 'read_time_s' ? 'time of 100 remote reads, local processing excluded (s)' : 'total time of 100 loops (s)')
set title sprintf('Graph %s redrawn: %s', graph, isc1 ? 'test case 1, local process '.local : sprintf('test case 2, p = %.2f', p))
keep(m) = isc1 ? (strcol('params.method') eq m && strcol('params.local_process') eq local) \
               : (strcol('params.method') eq m && abs(column('params.write_probability') - p) < 1e-9)
plot for [m in 'NR FR TR'] datafile using (column('platform.slowdown')):(keep(m) ? column(ycol) : 1/0) \
     smooth unique with linespoints lw 2 pt 7 title m
