# Seed 004 what-if: the logging overhead (run time with logging to two 4 MB pages over run time without, minus one)
# against the number of ranks, NAS CG and MG class A, two ranks per node; below, the run times themselves.
# Variables: datafile (the sweep.csv of scenarios/msglog/whatif_ranks.sweep.json). PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'" plots/004_whatif_ranks.gp > whatif_ranks.png
set terminal pngcairo size 900,720 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
set logscale x 2
set xrange [12:1400]
set xtics (16, 64, 256, 1024)
benches = 'cg mg'
set multiplot layout 2, 1 title "NAS class A with sender-based logging (4 MB x 2 pages), 2 ranks per node"
set ylabel 'logging overhead (%)'
set xlabel ''
set key inside left top
plot for [i=1:2] datafile using 'params.ranks':((strcol('params.bench') eq word(benches, i) && \
       strcol('params.scheme') eq 'logging') ? column('overhead_pct') : NaN) \
       smooth unique with linespoints lw 2 pt 7 lc i title word(benches, i)
set ylabel 'run time (s)'
set xlabel 'ranks'
set logscale y
plot for [i=1:2] datafile using 'params.ranks':((strcol('params.bench') eq word(benches, i) && \
       strcol('params.scheme') eq 'base') ? column('exec_time_s') : NaN) \
       smooth unique with linespoints lw 2 pt 7 lc i title word(benches, i).' without logging', \
     for [i=1:2] datafile using 'params.ranks':((strcol('params.bench') eq word(benches, i) && \
       strcol('params.scheme') eq 'logging') ? column('exec_time_s') : NaN) \
       smooth unique with linespoints lw 2 pt 6 dt 2 lc i title word(benches, i).' with logging'
unset multiplot
