#!/bin/sh
# fusion.sh - loop fusion and array contraction (passes/fusion.c) against the same programs
# compiled with -fno-fuse, side by side in one run: samples/swm.zpl (CU, CV, Z, H in one nest;
# UNEW, VNEW, PNEW in another) and samples/tomcatv.zpl (XI, YI, XJ, YJ, A, B and C contracted
# into the residual nest), on 1 and 2 processes. Each program times its own iteration loop
# (-stiming=true); the two builds run alternately, RUNS times each, and the table shows the
# medians, the ratio fused / unfused, and whether the outputs agree; exits 1 if any run failed or
# the outputs differ. QUICK=1: small grids and few steps, one run each (test/unit/bench_fusion.sh).
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/fusion.sh
set -u
. "$(dirname "$0")/lib.sh"
out=$BUILD/bench/fusion
mkdir -p "$out"

for p in swm tomcatv; do
  "$AZC" -march=native "samples/$p.zpl" -o "$out/$p" || exit 1
  "$AZC" -march=native -fno-fuse "samples/$p.zpl" -o "$out/$p.nofuse" || exit 1
done

# loop_time FILE: the "loop seconds" a program printed
loop_time() { sed -n 's/^loop seconds: //p' "$1"; }

printf '%-36s %4s %10s %10s %8s %s\n' "benchmark" "np" "fused s" "unfused s" "ratio" "same result"
status=0
bench() { # name, np, program, arguments
  name=$1 np=$2 prog=$3
  shift 3
  : > "$out/f.times"; : > "$out/u.times"
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    timeout "$LIMIT" mpirun -np "$np" "$out/$prog" -stiming=true "$@" > "$out/f.out" || status=1
    timeout "$LIMIT" mpirun -np "$np" "$out/$prog.nofuse" -stiming=true "$@" > "$out/u.out" || status=1
    loop_time "$out/f.out" >> "$out/f.times"
    loop_time "$out/u.out" >> "$out/u.times"
    i=$((i + 1))
  done
  pair_row "$(printf '%-36s %4s' "$name" "$np")" "$out/f.times" "$out/u.times" "$out/f.out" "$out/u.out" || status=1
}
n=512 steps=40
[ "${QUICK:-0}" = 1 ] && n=128 steps=8 RUNS=1
for np in 1 2; do
  bench "swm $n x $n, $steps steps" "$np" swm -sm=$n -sn=$n -siters=$steps -smprint=$steps
  bench "tomcatv n=$((n + 1)), $steps iterations" "$np" tomcatv -sn=$((n + 1)) -siters=$steps -sreport=$steps
done
exit $status
