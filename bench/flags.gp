# flags.gp - the plot of bench/flags.sh: azc's loop time over the hand-written program's, grouped
# by program, one bar per flag set (both built with the same flags). Called as
#   gnuplot -e "data='FLAGS.DAT'; png='OUT.PNG'; runs='5'" bench/flags.gp
# with flags.sh's data file (a header naming the flag sets, then one line per program).

set terminal pngcairo size 900,500 font "sans,10" noenhanced
set output png
set title "azc / hand-written loop time, one process, per flag set of the C compiler (median of ".runs." runs)"
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set grid ytics lc rgb "#cccccc"
set key top left
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set ylabel "azc / hand-written (below 1: azc faster)"
set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#888888" dt 2
set linetype 1 lc rgb "#4c72b0"
set linetype 2 lc rgb "#dd8452"
set linetype 3 lc rgb "#55a868"
set linetype 4 lc rgb "#c44e52"
plot data skip 1 using 2:xtic(1) title "-O2 (default)", '' skip 1 using 3 title "-O3", \
     '' skip 1 using 4 title "-O2 -march=native", '' skip 1 using 5 title "-O3 -march=native"
