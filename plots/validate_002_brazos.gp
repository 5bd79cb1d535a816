# Seed 002: checkpoint overhead vs interval, measured (Tables 3 and 4) beside simulated, for Water and SOR.
# Variables: cells (id,role,measured,simulated of validation/002_brazos.json).
set datafile separator ','
set datafile columnheaders
set grid
set key outside right top
set logscale x 2
set xrange [1.5:40]
set xtics (2, 4, 8, 16, 32)
set xlabel 'checkpoint interval (min)'
set ylabel 'overhead over the run without checkpoints (%)'
set title "seed 002: checkpoint overhead vs interval (Tables 3 and 4)"
sfx(s) = s[strstrt(s, 'exec_min.') + 9:]
row(s, p) = strstrt(s, p) == 1 && sfx(s) ne 'none'
stats cells using (strcol('id') eq '002.table3.water.exec_min.none' ? column('measured') : NaN) name 'WM' nooutput
stats cells using (strcol('id') eq '002.table3.water.exec_min.none' ? column('simulated') : NaN) name 'WS' nooutput
stats cells using (strcol('id') eq '002.table4.sor.exec_min.none' ? column('simulated') : NaN) name 'SS' nooutput
stats cells using (strcol('id') eq '002.table4.sor.exec_min.none' ? column('measured') : NaN) name 'SM' nooutput
w = '002.table3.water.exec_min.'
s = '002.table4.sor.exec_min.'
plot cells using (row(strcol('id'), w) ? real(sfx(strcol('id'))) : NaN):(100 * (column('measured') / WM_mean - 1)) \
       with linespoints pt 7 lc 1 title 'Water, measured', \
     cells using (row(strcol('id'), w) ? real(sfx(strcol('id'))) : NaN):(100 * (column('simulated') / WS_mean - 1)) \
       with linespoints pt 6 dt 2 lc 1 title 'Water, simulated', \
     cells using (row(strcol('id'), s) ? real(sfx(strcol('id'))) : NaN):(100 * (column('measured') / SM_mean - 1)) \
       with linespoints pt 7 lc 2 title 'SOR, measured', \
     cells using (row(strcol('id'), s) ? real(sfx(strcol('id'))) : NaN):(100 * (column('simulated') / SS_mean - 1)) \
       with linespoints pt 6 dt 2 lc 2 title 'SOR, simulated'
