#!/bin/sh
# codegen.sh - generated code against hand-written serial C, side by side in one run: Jacobi at
# n = 512 and n = 2000 (fixed iteration counts) and a radius-2 star stencil at n = 4000. Each
# program times its own iteration loop; the two versions run alternately, 5 times each, and the
# table shows the medians, the ratio azc / C, and whether the results agree.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/codegen.sh
set -u
. "$(dirname "$0")/lib.sh"
out=$BUILD/bench/codegen
mkdir -p "$out"

"$AZC" bench/jacobi/jacobi.zpl -o "$out/jacobi" || exit 1
"$AZC" bench/star/star.zpl -o "$out/star" || exit 1
mpicc -O2 -std=gnu11 -o "$out/jacobi_ref" bench/jacobi/jacobi_ref.c -lm || exit 1
mpicc -O2 -std=gnu11 -o "$out/star_ref" bench/star/star_ref.c -lm || exit 1

printf '%-28s %10s %10s %8s %s\n' "benchmark" "azc s" "C s" "ratio" "same result"
bench() { # name, program, reference, arguments
  name=$1 prog=$2 ref=$3
  shift 3
  : > "$out/a.times"; : > "$out/c.times"
  i=0
  while [ $i -lt "$RUNS" ]; do
    "$out/$prog" "$@" > "$out/a.out"
    "$out/$ref" "$@" > "$out/c.out"
    sed -n 's/^loop seconds: //p' "$out/a.out" >> "$out/a.times"
    sed -n 's/^loop seconds: //p' "$out/c.out" >> "$out/c.times"
    i=$((i + 1))
  done
  pair_row "$(printf '%-28s' "$name")" "$out/a.times" "$out/c.times" "$out/a.out" "$out/c.out"
}
bench "jacobi n=512, 500 iters" jacobi jacobi_ref -sn=512 -siters=500
bench "jacobi n=2000, 20 iters" jacobi jacobi_ref -sn=2000 -siters=20
bench "star r=2 n=4000, 10 iters" star star_ref -sn=4000 -siters=10
