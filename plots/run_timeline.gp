# The timeline of one run: a lane per actor (host/actor), time to the right.
#   grey bars: actors alive; dark bars: CPU bursts; blue arrows: messages (sender lane -> receiver lane);
#   coloured bars/points above a lane: the protocol's own events (spans and instants), one colour per kind.
# Variables from the driver (clustersim run --plot timeline): datadir (timeline.dat), lanes (host/actor labels),
# kinds (the model's event kinds), span_kinds (those with a duration: their key entry is a bar, the others' a
# point), note (how many actors are drawn), xmin/xmax (the --window, when given).
set termoption noenhanced # names hold underscores
set datafile separator "\t"
set datafile commentschars '#'
f = datadir.'/timeline.dat'
n = words(lanes)
set yrange [-0.6:n-0.2]
set ytics ()
do for [i=1:n] { set ytics add (word(lanes, i) i-1) }
set xlabel 'simulated time (s)'
if (exists('xmin')) { set xrange [xmin+0:*] }
if (exists('xmax')) { set xrange [:xmax+0] }
set grid xtics
set key outside top center horizontal Left reverse  # above the lanes, across the width: the lanes keep theirs
set title 'timeline: '.note
set style arrow 1 nohead lw 1 lc rgb '#d0d0d0'
set style arrow 2 nohead lw 7 lc rgb '#7f8c8d'
set style arrow 3 head filled size screen 0.008,20 lw 1 lc rgb '#2e86c1'
is(k) = strcol(5) eq k
if (!exists('span_kinds')) { span_kinds = '' }
spans(k) = strstrt(' '.span_kinds.' ', ' '.k.' ') > 0
up = 0.28 # the model's events sit above their lane's bars
plot f using 2:($1-0.12):(is('actor') ? $3-$2 : 1/0):(0) with vectors arrowstyle 1 title 'actor alive', \
     f using 2:1:(is('cpu') ? $3-$2 : 1/0):(0) with vectors arrowstyle 2 title 'CPU busy', \
     f using 2:1:(is('msg') ? $3-$2 : 1/0):($4-$1) with vectors arrowstyle 3 title 'message', \
     for [k=1:words(kinds)] f using 2:($1+up):(is(word(kinds, k)) && $3 > $2 ? $3-$2 : 1/0):(0) \
         with vectors nohead lw 9 lc k+2 title (spans(word(kinds, k)) ? word(kinds, k) : ''), \
     for [k=1:words(kinds)] f using 2:(is(word(kinds, k)) ? $1+up : 1/0) with points pt 7 ps 0.9 lc k+2 \
         title (spans(word(kinds, k)) ? '' : word(kinds, k))
