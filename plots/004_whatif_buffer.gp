# Seed 004 what-if: CG's run time (top row) and buffer-full rate (bottom row) against the number of buffer pages,
# one line per page size, one column per rate at which the drive accepts writes. The configuration to pick is the
# lowest run time; the rate says why the others lose (stops with 1-2 pages, synchronous writes from 3 on).
# Variables: datafile (the sweep.csv of scenarios/msglog/whatif_buffer.sweep.json); optional contrast (the sweep.csv
# of whatif_buffer_immediate.sweep.json: 4 MiB pages, completions seen at once, no synchronous write; dashed).
# PNG on stdout:
#   gnuplot -e "datafile='OUT/sweep.csv'; contrast='OUT2/sweep.csv'" plots/004_whatif_buffer.gp > whatif_buffer.png
set terminal pngcairo size 1200,720 font ',10'
set datafile separator ','
set datafile columnheaders
set grid
has_contrast = exists("contrast")
if (!has_contrast) { contrast = datafile }  # drawn as NaN: one plot command either way
sizes = '1 2 4 8 16'
r(i) = i == 1 ? 8.5e6 : i == 2 ? 20e6 : 57e6  # the sweep's interface rates
z(j) = 2**(j - 1) * 1048576.0  # 1, 2, 4, 8, 16 MiB
set multiplot layout 2, 3 title "CG class B, 16 ranks, logging: run time and buffer-full rate (Table 2's definition)"
set xrange [0.5:6.5]
set xtics 1
do for [i=1:3] {
  set title sprintf('drive accepts %g MB/s', r(i) / 1e6)
  set ylabel (i == 1 ? 'run time (s)' : '')
  set xlabel ''
  set yrange [450:*]
  if (i == 1) { set key inside right top } else { unset key }
  plot for [j=1:5] datafile using 'params.pages':((column('params.disk_what_if.interface_bw') == r(i) && \
         column('params.page_size') == z(j)) ? column('exec_time_s') : NaN) \
         smooth unique with linespoints lc j pt 7 title sprintf('%s MiB pages', word(sizes, j)), \
       contrast using 'params.pages':((has_contrast && \
         column('params.disk_what_if.interface_bw') == r(i)) ? column('exec_time_s') : NaN) \
         smooth unique with linespoints lc black dt 2 pt 6 title (has_contrast ? '4 MiB, seen at once' : '')
}
do for [i=1:3] {
  set title ''
  set ylabel (i == 1 ? 'buffer-full rate' : '')
  set xlabel 'buffer pages'
  set yrange [-0.05:1.05]
  unset key
  plot for [j=1:5] datafile using 'params.pages':((column('params.disk_what_if.interface_bw') == r(i) && \
         column('params.page_size') == z(j)) ? column('buffer_full_rate') : NaN) \
         smooth unique with linespoints lc j pt 7 notitle, \
       contrast using 'params.pages':((has_contrast && \
         column('params.disk_what_if.interface_bw') == r(i)) ? column('buffer_full_rate') : NaN) \
         smooth unique with linespoints lc black dt 2 pt 6 notitle
}
unset multiplot
