# What-if of seed 000 on today's machine (scenarios/microbench/whatif_000_today.json): read time per remote read
# against the network slowdown k, with the seed's nodes and with the calibrated reference machine.
# Variables: datafile (the sweep's sweep.csv). The driver (bench/whatif_000_today.sh) sets terminal and output.
set datafile separator ','
set datafile columnheaders
set logscale xy 2
set xlabel 'network slowdown k (kLAN)'
set ylabel 'read time per remote read (ms)'
set key top left
set grid
set title "Seed 000, test case 1 (30 ms local processing): the seed's nodes and today's machine"
keep(m, today) = strcol('params.method') eq m && ((strcol('platform.host_profile') ne '') == today)
plot datafile using (column('platform.slowdown')):(keep('NR', 0) ? 1000 * column('read_time_per_op_s') : 1/0) \
       smooth unique with linespoints lw 2 pt 7 lc rgb 'black' title 'NR (remote check every read)', \
     '' using (column('platform.slowdown')):(keep('FR', 0) ? 1000 * column('read_time_per_op_s') : 1/0) \
       smooth unique with linespoints lw 2 pt 5 lc rgb 'red' title "FR, the seed's Linux 2.4 fork", \
     '' using (column('platform.slowdown')):(keep('FR', 1) ? 1000 * column('read_time_per_op_s') : 1/0) \
       smooth unique with linespoints lw 2 pt 5 dt 2 lc rgb 'blue' title 'FR, fork as measured on the reference VM'
