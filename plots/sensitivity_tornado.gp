# Tornado plot of one metric's sensitivity (`clustersim run --uncertainty N --plot sensitivity`, `validate
# --uncertainty N --plot`): one bar per ranged input, largest first from the top, its length the Spearman rank
# correlation between the input's Latin-hypercube quantile and the metric over the samples (right: the metric grows
# with the input; left: it falls). docs/uncertainty.md says how to read it.
# Variables from the driver (all strings): datafile (tab-separated: input id, rho, optionally 1 when |rho| is below
# chance; a '#' line first), metric, optionally chance (the |rho| the samples give by chance: dashed lines, and the
# bars inside them grey).
set datafile separator "\t"
set termoption noenhanced  # ids like platforms/x.json#/os_profiles/0 are text, not subscripts
set grid x lc rgb '#d0d0d0'
set border lw 1.2
set xrange [-1:1]
set xlabel 'Spearman rank correlation of the input with the metric'
set title 'What drives ' . metric
set ytics nomirror font ',9'
set lmargin 60
set offsets 0, 0, 0.5, 0.5
set style fill solid 0.85 border -1
set xzeroaxis lt -1
unset key
if (exists("chance")) {
  set arrow from  chance+0, graph 0 to  chance+0, graph 1 nohead dt 2 lc rgb '#808080'
  set arrow from -(chance+0), graph 0 to -(chance+0), graph 1 nohead dt 2 lc rgb '#808080'
  set label 'chance' at chance+0, graph 1 offset 0.5, -1 tc rgb '#808080'
}
# y = -row: the strongest input on top; colour by sign (Okabe-Ito blue: grows with the input, vermilion: falls),
# grey for a bar below chance.
plot datafile using ($2/2):(-$0):(abs($2)/2):(0.38):(strcol(3) eq "1" ? 0xa0a0a0 : $2 >= 0 ? 0x0072b2 : 0xd55e00):ytic(1) \
     with boxxyerror lc rgb variable
