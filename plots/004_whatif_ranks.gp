# Seed 004 what-if: the logging overhead (run time with logging to two 4 MB pages over run time without, minus one)
# against the number of ranks, NAS CG and MG class A, two ranks per node; below, the run times themselves.
# Variables: datafile (the sweep.csv of scenarios/msglog/whatif_ranks.sweep.json). PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'" plots/004_whatif_ranks.gp > whatif_ranks.png
set terminal pngcairo size 900,720 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
benches = 'cg mg'
schemes = 'base logging'
# One series per bench, scheme and column, gathered into $all (one index each, see block()): the sweep's rows
# interleave the series, so each is tabulated alone and its rows copied without the gaps the other rows leave.
set print $all
unset print
do for [i=1:2] {
  do for [j=1:2] {
    do for [c in 'exec_time_s overhead_pct'] {
      set table $t
      if (j == 1 && c eq 'overhead_pct') { c = 'exec_time_s' }  # base has no overhead: a placeholder block
      plot datafile using 'params.ranks':((strcol('params.bench') eq word(benches, i) && \
           strcol('params.scheme') eq word(schemes, j)) ? column(c) : 1/0) smooth unique
      unset table
      set print $all append
      do for [k=1:|$t|] { if (strlen($t[k]) > 1 && $t[k][1:1] ne '#') { print $t[k] } }
      print ""
      print ""
      unset print
    }
  }
}
# index of bench i, scheme j, column c (0: run time, 1: overhead)
block(i, j, c) = 4 * (i - 1) + 2 * (j - 1) + c
set datafile separator whitespace
unset datafile columnheaders
set logscale x 2
set xrange [12:1400]
set xtics (16, 64, 256, 1024)
set multiplot layout 2, 1 title "NAS class A with sender-based logging (4 MB x 2 pages), 2 ranks per node"
set ylabel 'logging overhead (%)'
set xlabel ''
set key inside left top
set yrange [0:*]
plot for [i=1:2] $all index block(i, 2, 1) using 1:2 with linespoints lw 2 pt 7 lc i title word(benches, i)
set ylabel 'run time (s)'
set xlabel 'ranks'
set logscale y
set autoscale y
set key inside right top
plot for [i=1:2] $all index block(i, 1, 0) using 1:2 with linespoints lw 2 pt 7 lc i \
       title word(benches, i).' without logging', \
     for [i=1:2] $all index block(i, 2, 0) using 1:2 with linespoints lw 2 pt 6 dt 2 lc i \
       title word(benches, i).' with logging'
unset multiplot
