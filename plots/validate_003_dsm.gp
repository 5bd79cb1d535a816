# Seed 003, Figures 8-12: speedup over JIAJIA on one node vs nodes, one line per system (simulated), with the
# seed's visible measurements as points (N-queens and SOR at 16 nodes, LU's ideal line). Water and MM are held out:
# their lines are the model's predictions. Last panel: Table 1, the communication errors per second of Mocha base
# (measured points, simulated lines for every benchmark) and of Mocha (measured: none).
# Variables: run_speedup (the validation sweep), cells (id,role,measured,simulated).
set datafile separator ','
set datafile columnheaders
is(b, s) = strcol('params.bench') eq b && strcol('params.system') eq s
# One table per benchmark and system (nodes, run time, errors per second), so that lines join their own points.
do for [b in "nqueens lu water sor mm"] {
  do for [s in "jiajia mocha_base mocha"] {
    eval sprintf("set table $%s_%s separator comma", b, s)
    plot run_speedup using 'params.nodes':'exec_time_s':'errors_per_s' with table if (is(b, s))
    unset table
  }
}
# The tables have no header line: read them (and the cells file, by column number) without one.
set datafile nocolumnheaders
meas(id) = strcol(1) eq id ? column(3) : NaN
do for [b in "nqueens lu water sor mm"] { # the reference: JIAJIA on one node
  eval sprintf("stats $%s_jiajia using ($1 == 1 ? $2 : NaN) name 'R_%s' nooutput", b, b)
}
set multiplot layout 2,3 title "seed 003: speedup over JIAJIA on one node (lines: clustersim; points: measured)"
set grid
set logscale x 2
set xrange [0.8:20]
set xtics (1, 2, 4, 8, 16)
set yrange [0:17]
set key top left font ',8'
set xlabel 'nodes'
set ylabel 'speedup'
do for [b in "nqueens lu water sor mm"] {
  eval sprintf("R_mean = R_%s_mean", b)
  fig  = b eq 'nqueens' ? 8 : b eq 'lu' ? 9 : b eq 'water' ? 10 : b eq 'sor' ? 11 : 12
  held = (b eq 'water' || b eq 'mm') ? ' (predicted)' : ''
  set title sprintf("Figure %d: %s%s", fig, b, held)
  measured = (b eq 'nqueens' || b eq 'sor') ? sprintf(", " . \
               "cells every ::1 using (16):(meas('003.%s.speedup.jiajia.16')) with points lc 1 pt 7 ps 1.5 title 'JIAJIA, measured', " . \
               "cells every ::1 using (16):(meas('003.%s.speedup.mocha.16')) with points lc 2 pt 5 ps 1.5 title 'Mocha, measured'", b, b) : ''
  eval sprintf("plot $%s_jiajia using 1:(R_mean / $2) with linespoints lc 1 pt 6 title 'JIAJIA 2.2', " . \
               "$%s_mocha_base using 1:(R_mean / $2) with linespoints lc 3 pt 8 title 'Mocha base', " . \
               "$%s_mocha using 1:(R_mean / $2) with linespoints lc 2 pt 4 title 'Mocha', " . \
               "x with lines lc 'grey' dt 3 title (b eq 'lu' ? 'ideal (seed: reached)' : 'ideal')%s", b, b, b, measured)
}
set title 'Table 1: errors per second'
set ylabel 'errors per second (all nodes)'
set yrange [0:*]
set xrange [1.5:20]
set key top left
plot $sor_mocha_base using 1:3 with linespoints lc 3 pt 8 title 'SOR, Mocha base', \
     $sor_mocha using 1:3 with linespoints lc 2 pt 4 title 'SOR, Mocha', \
     for [b in "nqueens lu water mm"] '$'.b.'_mocha_base' using 1:3 with lines lc 'grey' dt 2 notitle, \
     for [n in "2 4 8 16"] cells every ::1 using (n + 0):(meas('003.sor.errors_per_s.mocha_base.'.n)) \
       with points lc 3 pt 7 ps 1.5 title (n eq '2' ? 'SOR, Mocha base, measured' : '')
unset multiplot
