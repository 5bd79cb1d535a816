# Seed 001: Figure 8 (mean and sd of the run time vs machines, measured beside simulated), Figure 22 (the four
# conditions, Table 5's two with the QoS profile among them) and the 4-machine runs against appendix A's.
# Variables: cells (id,role,measured,simulated), run_table3, run_table4 (the validation's runs). Appendix A's
# recorded runs: validation/data/001_appendix_a.csv (run from the repository root, as clustersim validate is).
set datafile separator ','
set datafile columnheaders
appendix = 'validation/data/001_appendix_a.csv'
# Run counts, to plot fractions of runs (the validation simulates more runs than the seed recorded); stats before
# any range is set, as stats filters by the current ranges.
stats appendix using (strcol('condition') eq 'none' && column('machines') == 4 ? 1 : 0) nooutput
n_rec4 = STATS_sum
stats appendix using (strcol('condition') eq 'congestion' ? 1 : 0) nooutput
n_recc = STATS_sum
stats run_table3 using (column('params.machines') == 4 ? 1 : 0) nooutput
n_sim4 = STATS_sum
stats run_table4 using (1) nooutput
n_simc = STATS_sum
set multiplot layout 1,3 title "seed 001: JavaParty RayTracer (measured: seed Tables 3-5 and appendix A; simulated: clustersim)"
set grid
set key top right font ',8'

set title 'Figure 8: run time vs machines'
set xlabel 'machines'
set ylabel 'seconds'
set xrange [1:9]
set yrange [0:*]
m(id) = strstrt(id, '001.table3.m') == 1 ? real(id[13:strstrt(id, '.mean') > 0 ? strstrt(id, '.mean') - 1 : strstrt(id, '.sd') - 1]) : NaN
ismean(id) = strstrt(id, '001.table3.m') == 1 && strstrt(id, '.mean_s') > 0
issd(id) = strstrt(id, '001.table3.m') == 1 && strstrt(id, '.sd_s') > 0
plot cells using (ismean(strcol('id')) ? m(strcol('id')) : NaN):'measured' with points pt 7 lc 1 title 'mean, measured', \
     cells using (ismean(strcol('id')) ? m(strcol('id')) : NaN):'simulated' with points pt 6 ps 1.5 lc 1 title 'mean, simulated', \
     cells using (issd(strcol('id')) ? m(strcol('id')) : NaN):'measured' with points pt 5 lc 2 title 'sd, measured', \
     cells using (issd(strcol('id')) ? m(strcol('id')) : NaN):'simulated' with points pt 4 ps 1.5 lc 2 title 'sd, simulated'

set title 'Figure 22: four conditions, 4 machines'
set xlabel ''
set xrange [-0.5:3.5]
set xtics ('none' 0, 'cong.' 1, 'QoS' 2, 'QoS+cong.' 3) font ',8'
set style fill solid 0.5
set boxwidth 0.35
cond(id) = id eq '001.table3.m4.mean_s' ? 0 : id eq '001.table4.cong.mean_s' ? 1 : \
           id eq '001.table5.qos_nocong.mean_s' ? 2 : id eq '001.table5.qos_cong.mean_s' ? 3 : NaN
plot cells using (cond(strcol('id')) - 0.18):'measured' with boxes lc 1 title 'measured', \
     cells using (cond(strcol('id')) + 0.18):'simulated' with boxes lc 3 title 'simulated'

set title '4 machines: fraction of runs per 5 s'
set xlabel 'seconds'
set ylabel 'fraction of runs'
set xrange [0:*]
set xtics auto font ',10'
set style fill transparent solid 0.4
set boxwidth 5
bin(x) = 5 * floor(x / 5) + 2.5
plot appendix using (strcol('condition') eq 'none' && column('machines') == 4 ? bin(column('seconds')) : NaN):(1.0 / n_rec4) \
       smooth frequency with boxes lc 1 title 'no congestion, appendix A', \
     run_table3 using (column('params.machines') == 4 ? bin(column('exec_time_s')) : NaN):(1.0 / n_sim4) \
       smooth frequency with boxes lc 3 title 'no congestion, simulated', \
     appendix using (strcol('condition') eq 'congestion' ? bin(column('seconds')) : NaN):(1.0 / n_recc) \
       smooth frequency with steps lw 2 lc 2 title 'congestion, appendix A', \
     run_table4 using (bin(column('exec_time_s'))):(1.0 / n_simc) smooth frequency with steps lw 2 dt 2 lc 4 title 'congestion, simulated'
unset multiplot
