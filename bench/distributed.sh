#!/bin/sh
# distributed.sh - generated code against hand-written MPI C (bench/jacobi/jacobi_mpi.c,
# bench/star/star_mpi.c: the same 2-D block grid, ghost cells, Isend/Irecv halo exchange,
# MPI_Allreduce) on 1, 2 and 4 processes: Jacobi at n = 512 run to convergence (2420 iterations:
# the count at which samples/jacobi.zpl, with its default delta = 1e-4, stops at n = 512; the
# bench program has a fixed count), Jacobi at n = 2000 for 200 iterations, and the radius-2 star
# stencil at n = 4000 for 20 iterations. Each program times its own iteration loop (the slowest
# process); the two versions run alternately under mpirun, BENCH_RUNS (5) times each, and the
# table shows the medians, the ratio azc / MPI, and whether every run of both printed the same
# non-timing lines. np = 4 is oversubscribed on a 2-core machine. The azc programs use the
# runtime's default ghost-cell binding unless AZ_COMM is set (msg, put, store). The MPI programs
# use Open MPI's defaults (busy-polling waits unless oversubscribed). About 4-5 minutes on 2 cores.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/distributed.sh
set -u
. "$(dirname "$0")/lib.sh"
out=$BUILD/bench/distributed
mkdir -p "$out"

"$AZC" bench/jacobi/jacobi.zpl -o "$out/jacobi" || exit 1
"$AZC" bench/star/star.zpl -o "$out/star" || exit 1
mpicc -O2 -std=gnu11 -o "$out/jacobi_mpi" bench/jacobi/jacobi_mpi.c -lm || exit 1
mpicc -O2 -std=gnu11 -o "$out/star_mpi" bench/star/star_mpi.c -lm || exit 1

cores=$(nproc 2>/dev/null || echo 1)

# run P program arguments...: one mpirun on P processes, its output on standard output
run() {
  np=$1
  shift
  over=
  [ "$np" -gt "$cores" ] && over=--oversubscribe
  timeout "$LIMIT" mpirun $over -np "$np" "$@" 2> "$out/err"
}

echo "azc ghost-cell binding: AZ_COMM=${AZ_COMM:-(runtime default)}"
printf '%-26s %3s %10s %10s %8s %s\n' "benchmark" "np" "azc s" "MPI s" "ratio" "same output"
status=0
bench() { # name, program, reference, arguments
  name=$1 prog=$2 ref=$3
  shift 3
  for np in 1 2 4; do
    : > "$out/a.times"; : > "$out/m.times"
    same=yes
    i=0
    while [ $i -lt "$RUNS" ]; do
      run "$np" "$out/$prog" "$@" > "$out/a.out" || same=no
      run "$np" "$out/$ref" "$@" > "$out/m.out" || same=no
      sed -n 's/^loop seconds: //p' "$out/a.out" >> "$out/a.times"
      sed -n 's/^loop seconds: //p' "$out/m.out" >> "$out/m.times"
      grep -v 'loop seconds' "$out/a.out" > "$out/a.res"
      grep -v 'loop seconds' "$out/m.out" > "$out/m.res"
      { [ -s "$out/a.res" ] && cmp -s "$out/a.res" "$out/m.res"; } || same=no
      i=$((i + 1))
    done
    if [ ! -s "$out/a.times" ] || [ ! -s "$out/m.times" ]; then
      printf '%-26s %3d %10s %10s %8s %s\n' "$name" "$np" "failed" "" "" "$same"
      status=1
      continue
    fi
    [ "$same" = yes ] || status=1
    ta=$(median < "$out/a.times")
    tm=$(median < "$out/m.times")
    printf '%-26s %3d %10.4f %10.4f %8.2f %s\n' "$name" "$np" "$ta" "$tm" "$(echo "$ta $tm" | awk '{ print $1 / $2 }')" "$same"
  done
}
bench "jacobi n=512, converge" jacobi jacobi_mpi -sn=512 -siters=2420
bench "jacobi n=2000, 200 iters" jacobi jacobi_mpi -sn=2000 -siters=200
bench "star r=2 n=4000, 20 iters" star star_mpi -sn=4000 -siters=20
exit $status
