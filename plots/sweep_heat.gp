# Heat map of a sweep (`clustersim sweep plot --kind heat`): a metric over two parameters, each cell the mean over
# repetitions (written in the cell); both axes are ranks labelled with the parameter values, so uneven values
# (1, 2, 4, 32) and labels (NR, FR) get even cells.
# Variables from the driver (all strings): datafile (tab-separated: x rank, y rank, mean or NaN, blank line between
# x ranks), nx, ny, xtic1..xticNX, ytic1..yticNY (axis labels), xlabel, ylabel, zlabel, plottitle, logz ('1': a
# logarithmic colour scale, for columns spanning decades).
set datafile separator "\t"
set termoption noenhanced
set xlabel xlabel
set ylabel ylabel
set cblabel zlabel
if (logz eq '1') { set logscale cb }
set title plottitle
cols = int(nx)
rows = int(ny)
set xrange [-0.5:cols-0.5]
set yrange [-0.5:rows-0.5]
set xtics ()
set ytics ()
do for [i=1:cols] { set xtics add (value(sprintf('xtic%d', i)) i-1) }
do for [j=1:rows] { set ytics add (value(sprintf('ytic%d', j)) j-1) }
set palette defined (0 '#440154', 1 '#3b528b', 2 '#21918c', 3 '#5ec962', 4 '#fde725')  # viridis: readable in grey
plot datafile using 1:2:3 with image notitle, \
     '' using 1:2:(strcol(3) eq 'NaN' ? '' : sprintf('%.4g', $3)) with labels tc rgb '#ffffff' notitle
