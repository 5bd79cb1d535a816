# Seed 004, Figure 1 redrawn: execution time per scheme and benchmark, measured (seed Table 1) beside simulated.
# Variables: cells (id,role,measured,simulated of validation/004_msglog.json). Its first 30 rows are Table 1 in
# the file's order: scheme-major (base, buffering_only, x1, x2, x3), benchmark-minor (bt cg ep lu mg sp).
set datafile separator ','
set datafile columnheaders
set style fill solid 0.85 border -1
set grid ytics
set key outside right top
set ylabel 'execution time (s)'
set logscale y
set yrange [30:1000]
set xrange [-0.6:5.6]
set xtics ('bt' 0, 'cg' 1, 'ep' 2, 'lu' 3, 'mg' 4, 'sp' 5)
set title "seed 004 Figure 1 redrawn: measured (solid) and simulated (hatched) per scheme\n(cg base is the seed's own wrong cell)"
schemes = 'base buffering-only 4MBx1 4MBx2 4MBx3'
w = 0.08
x(i, s) = $0 + (2 * i + s - 4.5) * w  # $0 counts the rows of the block selected by `every`
plot for [i=0:4] cells every ::(6 * i)::(6 * i + 5) using (x(i, 0)):'measured':(w) with boxes lc i + 1 \
       title word(schemes, i + 1).' measured', \
     for [i=0:4] cells every ::(6 * i)::(6 * i + 5) using (x(i, 1)):'simulated':(w) with boxes fs pattern 4 lc i + 1 \
       title word(schemes, i + 1).' simulated'
