# One run of the speculative remote read: time of each iteration beyond its local processing.
# Variables from the driver: datadir (the run folder).
set datafile separator ','
set key top center opaque box
set xlabel 'iteration'
set ylabel 'read overhead per iteration (ms)'
set title 'speculative remote read: overhead of each read (local processing excluded)'
set grid
# From zero: with one method every read costs about the same, and an auto-scaled axis would magnify noise-free
# constant values into a misleading slope.
set yrange [0:*]
file = datadir.'/iterations.csv'
plot file using 1:(strcol(3) eq 'rolled_back' ? $6*1000 : 1/0) with points pt 7 lc rgb '#c0392b' title 'rolled back', \
     file using 1:(strcol(3) eq 'speculation_won' ? $6*1000 : 1/0) with points pt 7 lc rgb '#27ae60' title 'speculation won', \
     file using 1:(strcol(3) eq 'cache_hit' ? $6*1000 : 1/0) with points pt 5 lc rgb '#2980b9' title 'NR: cache valid', \
     file using 1:(strcol(3) eq 'remote_read' ? $6*1000 : 1/0) with points pt 5 lc rgb '#8e44ad' title 'NR: remote read'
