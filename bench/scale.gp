# scale.gp - the plots of bench/scale.sh. Called as
#   gnuplot -e "dat='DIR'; outdir='PNGS'" bench/scale.gp
# with DIR/weak.dat (np, then the weak-scaling efficiency of each program), DIR/bind.dat (np, then
# jacobi's loop ms per binding, communication alone) and DIR/gather.dat (np, then ms flat, dissemination and tree); "-" where
# a number is missing. Writes scale_weak.png and scale_comm.png.
set terminal pngcairo size 900,560 font "sans,10" noenhanced
set datafile missing "-"
set key autotitle columnhead
set grid lc rgb "#cccccc"
set logscale x 2
set xlabel "simulated processes"

set output outdir."/scale_weak.png"
set title "Weak scaling, modelled computation, modern cluster (bench/platforms/modern.xml): T(1) / T(np)"
set ylabel "parallel efficiency"
set yrange [0:1.2]
set key outside right
# gnuplot repeats its 8 colours: programs 9 and 10 get dashed lines and squares
plot for [i=2:9] dat."/weak.dat" using 1:i with linespoints lw 2 pt 7, for [i=10:20] dat."/weak.dat" using 1:i with linespoints lw 2 pt 5 dt 2

set output outdir."/scale_comm.png"
set multiplot layout 1,2 title "jacobi, weak scaling: loop time per binding and per gather (ms)"
set yrange [0:*]
set ylabel "ms"
set key top left inside
set title "bindings (AZ_COMM, communication alone)"
plot for [i=2:5] dat."/bind.dat" using 1:i with linespoints lw 2 pt 7
set title "gathers (AZ_GATHER, blocking)"
plot for [i=2:4] dat."/gather.dat" using 1:i with linespoints lw 2 pt 7
unset multiplot

