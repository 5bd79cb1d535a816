# Seed 001 what-if (bench/001_whatif.sh): left, the RayTracer's mean run time against the blast's rate, with
# appendix B's profile (dashed) and without (solid), one colour per machine count; right, at the seed's 4 machines,
# the penalty over a quiet network by part (without the profile: receive CPU, queueing, fast retransmits, timeouts;
# with it: receive CPU alone). Variables: meanfile, partsfile, outfile.
set terminal pngcairo size 1400,560 font ',10'
set output outfile
set datafile separator ','
set datafile columnheaders
set multiplot layout 1,2 title 'seed 001 what-if: UDP blast into every RayTracer machine, QoS profile off / on'
set grid
set key top left font ',9'
set title 'mean run time'
set xlabel 'blast into each port (Mb/s)'
set ylabel 'seconds'
set yrange [0:*]
plot for [m in '2 4 8'] meanfile using (column('machines') == m + 0 && strcol('qos') eq 'off' ? column('mbps') : NaN):'mean_s' \
       with linespoints lw 2 lc int(m) title m.' machines, no profile', \
     for [m in '2 4 8'] meanfile using (column('machines') == m + 0 && strcol('qos') eq 'on' ? column('mbps') : NaN):'mean_s' \
       with linespoints dt 2 lc int(m) title m.' machines, profile'

set title '4 machines: the penalty by part (left bar: no profile; right bar: profile)'
set xlabel 'blast into each port (Mb/s)'
set ylabel 'seconds added to the mean run'
set style fill solid 0.7 border -1
set boxwidth 0.35
set xtics rotate by -30
set key top left
set xrange [-0.6:*]
# The parts stacked: the tallest box first, each shorter one drawn over it.
top(k) = column('cpu_s') + (k > 1 ? column('queue_s') : 0) + (k > 2 ? column('fast_retx_s') : 0) + (k > 3 ? column('timeout_s') : 0)
plot partsfile using ($0 - 0.2):(top(4)):(0.35):xtic(stringcolumn('mbps')) with boxes lc rgb '#ee6677' title 'timeouts', \
     '' using ($0 - 0.2):(top(3)):(0.35) with boxes lc rgb '#ccbb44' title 'fast retransmits', \
     '' using ($0 - 0.2):(top(2)):(0.35) with boxes lc rgb '#66ccee' title 'queueing', \
     '' using ($0 - 0.2):(top(1)):(0.35) with boxes lc rgb '#4477aa' title 'receive CPU', \
     '' using ($0 + 0.2):'qos_cpu_s':(0.35) with boxes lc rgb '#4477aa' notitle
unset multiplot
