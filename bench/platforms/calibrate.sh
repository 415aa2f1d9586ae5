#!/bin/sh
# calibrate.sh (bench/platforms) - measure this machine's smpi/host-speed and write it to
# bench/platforms/host-speed (one line, flop/s with SimGrid's unit: e.g. 1.6e+09f).
#
# SMPI runs each simulated process's computation on this machine, times every burst between two
# MPI calls with the thread's CPU clock, and charges the simulated host (burst seconds x
# smpi/host-speed) flops. The platforms declare hosts of a nominal 1 Gflop/s in the unit of this
# measurement (jacobi's 5-point stencil on a grid in cache, 5 flops a point: calibrate.c); so a
# simulated host computes 1e9 / host-speed times as fast as one core of this machine. Thread CPU
# time does not count the time other programs hold the core, which keeps the figure close to an
# idle machine's, but caches and memory bandwidth are shared: calibrate on a quiet machine.
#
# Usage: sh bench/platforms/calibrate.sh [OUT]   (OUT defaults to bench/platforms/host-speed)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/host-speed}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -o "$tmp/calibrate" "$here/calibrate.c"
rate=$("$tmp/calibrate")
printf '%sf\n' "$rate" > "$out.tmp"
mv "$out.tmp" "$out"
echo "calibrate.sh: smpi/host-speed $(cat "$out") (the 5-point stencil, median of 7; written to $out)"
