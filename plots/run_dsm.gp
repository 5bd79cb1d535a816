# One DSM run. With params.trace_barrier: the message timeline of that barrier interval (each datagram an arrow from
# its sender, when it left, to its receiver, when the handler took it; errors as marks where they were detected).
# Without it: each node's time waiting for ACKs, pages and synchronisation.
# Variables from the driver: datadir (the run folder), nonempty (its non-empty files, each between spaces).
set datafile separator ','
tl = datadir.'/timeline.csv'
has_timeline = strstrt(nonempty, ' timeline.csv ') > 0
set grid
# Arrow styles (macros are expanded when a block is read, so they are set before it).
getp = "vectors head size screen 0.006,20 filled lc rgb '#2980b9'"
grant = "vectors head size screen 0.006,20 filled lc rgb '#27ae60'"
sync = "vectors head size screen 0.006,20 filled lc rgb '#8e44ad'"
ack = "vectors nohead lc rgb '#bdc3c7'"
dup = "vectors head size screen 0.006,20 filled lw 2 lc rgb '#c0392b'"
if (has_timeline) {
  stats tl every ::1 using 3 name 'N' nooutput
  set yrange [N_min - 0.7 : N_max + 0.7]
  set ytics 1
  set xlabel 'time since the previous barrier completed (ms)'
  set ylabel 'node'
  set title "one barrier interval: datagrams (sender -> receiver) and the errors detected"
  set key outside right top font ',9'
  is(kind, op) = strcol(5) eq kind && (op eq '' || strcol(6) eq op)
  other(kind) = strcol(5) eq kind && strcol(6) ne 'GETP' && strcol(6) ne 'GETPGRANT' && strcol(6) ne 'ACK'
  plot tl every ::1 using 1:(is('msg','GETP') ? $3 : 1/0):($2-$1):($4-$3) with @getp title 'GETP', \
       tl every ::1 using 1:(is('msg','GETPGRANT') ? $3 : 1/0):($2-$1):($4-$3) with @grant title 'GETPGRANT', \
       tl every ::1 using 1:(other('msg') ? $3 : 1/0):($2-$1):($4-$3) with @sync title 'BARR, BARRGRANT, ...', \
       tl every ::1 using 1:(is('ack','') ? $3 : 1/0):($2-$1):($4-$3) with @ack title 'ACK', \
       tl every ::1 using 1:(is('duplicate','') ? $3 : 1/0):($2-$1):($4-$3) with @dup title 'duplicate (sent again)', \
       tl every ::1 using 1:(is('ack_timeout','') ? $3 : 1/0) with points pt 7 ps 1.3 lc rgb '#c0392b' title 'ACK timeout', \
       tl every ::1 using 1:(is('wrong_ack','') ? $3 : 1/0) with points pt 9 ps 1.3 lc rgb '#e67e22' title 'ACK of another message', \
       tl every ::1 using 1:(is('getpage_timeout','') || is('stale_grant','') ? $3 : 1/0) with points pt 5 ps 1.1 lc rgb '#d35400' title 'getpage timeout / stale grant'
} else {
  file = datadir.'/nodes.csv'
  set style data histograms
  set style histogram rowstacked
  set style fill solid 0.8 border -1
  set boxwidth 0.7
  set xlabel 'node'
  set ylabel 'time (s)'
  set title 'time each node spent waiting'
  set key top left
  plot file every ::1 using 15:xtic(1) with histograms title 'ACKs', \
       '' every ::1 using 16 with histograms title 'pages', '' every ::1 using 17 with histograms title 'locks and barriers'
}
