# suite.gp - the plots of bench/suite.sh in the layout of the Ironman paper's Figs. 6, 8 and 9:
# grouped bars, one bar per binding. Called as
#   gnuplot -e "dir='DATA'; outdir='PNGS'; micro=1; benches='cannon jacobi ...'; runs='5'; note=''" bench/suite.gp
# with the data files of lib_suite_report.sh's plot_data in DATA (a header line naming the
# bindings, then one line per group; "-" where a number is missing). Writes
#   suite_micro.png  the micro benchmark: loop time per process configuration (Fig. 6)
#   suite_time.png   one panel per benchmark: loop time relative to msg per np (Figs. 8, 9)
#   suite_comm.png   the same panels: time inside communication calls per np

set terminal pngcairo size 900,600 font "sans,10" noenhanced
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set grid ytics lc rgb "#cccccc"
set key top left
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0    # room above the tallest bar
# one colour per binding, in the order msg auto put store tailored
set linetype 1 lc rgb "#4c72b0"
set linetype 2 lc rgb "#8172b3"
set linetype 3 lc rgb "#dd8452"
set linetype 4 lc rgb "#55a868"
set linetype 5 lc rgb "#c44e52"

# Fig. 6 (when micro = 1)
if (micro) {
  set output outdir."/suite_micro.png"
  set title "Micro benchmark: 8-way nearest-neighbour exchange, the same block per process (median of ".runs." runs)".note
  set xlabel "process configuration (rows x columns of processes)"
  set ylabel "loop time (s)"
  plot for [i=2:6] dir."/micro.dat" using i:xtic(1) title columnheader(i)
}
if (words(benches) == 0) { exit }

nb = words(benches)
rows = (nb > 3) ? 2 : 1
cols = (nb > 3) ? 3 : nb
spare = rows * cols > nb          # a free panel: the legend goes there, else into the first panel
bindings = "msg put store tailored"

# legend: a panel with the bindings' colours only
set macros
LEGEND = 'unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; set key center center font ",11" samplen 3 spacing 1.5; set yrange [0:1]; set offsets 0, 0, 0, 0; plot for [i=1:5] NaN with boxes fill solid 0.85 lt i title word(bindings, i); set border; set tics; set grid ytics; set yrange [0:*]; set offsets 0, 0, graph 0.1, 0'

# Figs. 8 and 9: time relative to msg
set output outdir."/suite_time.png"
set terminal pngcairo size 1200,750 font "sans,10" noenhanced
set multiplot layout rows,cols title "Loop time per binding relative to msg (median of ".runs." runs; problem scaled with np)".note
do for [j=1:nb] {
  b = word(benches, j)
  if (spare || j > 1) { unset key } else { set key top left font ",9" }
  set title b
  set xlabel "processes"
  set ylabel "time / msg time"
  plot for [i=2:6] dir."/time_".b.".dat" using i:xtic(1) title columnheader(i), 1 with lines lc rgb "#333333" dt 2 notitle
}
if (spare) { @LEGEND }
unset multiplot

# the communication view: seconds inside the communication calls, slowest process
set output outdir."/suite_comm.png"
set multiplot layout rows,cols title "Time in communication per binding (slowest process, AZ_STATS run; problem scaled with np)".note
do for [j=1:nb] {
  b = word(benches, j)
  if (spare || j > 1) { unset key } else { set key top left font ",9" }
  set title b
  set xlabel "processes"
  set ylabel "communication (ms)"
  plot for [i=2:6] dir."/comm_".b.".dat" using i:xtic(1) title columnheader(i)
}
if (spare) { @LEGEND }
unset multiplot
