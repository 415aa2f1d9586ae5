#!/bin/sh
# noise.sh - how much a late process costs (issue 7; Pakin, seed 002): jacobi for a fixed number
# of iterations (bench/jacobi: a max<< every iteration that only the end reads, so it runs
# ahead), jacobi to convergence (bench/jacobi/jacobi_conv.zpl: the until needs every max<< at
# once), a conjugate-gradient loop (bench/cg: two dot products per iteration, both needed at
# once), heat diffusion with per-step diagnostics the loop never reads (bench/monitor: they run
# ahead, but the halo exchange still couples neighbours every step) and an ensemble of
# independent oscillators whose per-step diagnostics are its only communication
# (bench/ensemble: they run ahead), on 2 and 4 processes, with no injected noise,
# with noise on process 0 and with noise on every process (AZ_NOISE=RANKS:5000:1000: a 1 ms detour
# about every 5 ms, 20% of the time), comparing blocking collectives (AZ_RUNAHEAD=0), split-phase
# with run-ahead (AZ_RUNAHEAD=32, the default; runahead8: AZ_RUNAHEAD=8) and the hand-written
# MPI references where there is one; for cg and ensemble also blocking with Bruck's dissemination
# gather instead of the flat one that 2 to 4 processes use by default (blocking-dis:
# AZ_GATHER=dissemination). The configurations alternate within each round, BENCH_RUNS (5)
# rounds; the table shows the median loop time and the slowdown against the same configuration without noise. The goal: with
# noise on every process, run-ahead loses at most half of what blocking loses ("half?" column).
# The machine's own noise is measured before and after (bench/noise/selfish.c, one per core).
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/noise.sh
set -u
. "$(dirname "$0")/lib.sh"
out=$BUILD/bench/noise
mkdir -p "$out"
status=0

cc -O2 -std=gnu11 -o "$out/selfish" bench/noise/selfish.c || exit 1
cc -O2 -std=gnu11 -shared -fPIC -Irtl/zrt -o "$out/noise.so" bench/noise/preload.c rtl/zrt/zrt_noise.c || exit 1
selfish() { "$out/selfish" 1 > "$out/s0" & "$out/selfish" 1 > "$out/s1"; wait; echo "machine noise $1: $(cat "$out/s0"); $(cat "$out/s1")"; }

for p in jacobi cg monitor ensemble; do "$AZC" "bench/$p/$p.zpl" -o "$out/$p" --no-pdl || exit 1; done
"$AZC" bench/jacobi/jacobi_conv.zpl -o "$out/jacobi_conv" --no-pdl || exit 1
mpicc -O2 -std=gnu11 -o "$out/jacobi_mpi" bench/jacobi/jacobi_mpi.c -lm || exit 1
mpicc -O2 -std=gnu11 -o "$out/cg_mpi" bench/cg/cg_mpi.c -lm || exit 1

# one NAME NP MODE NOISE ARGS...: one run, its loop seconds appended to $out/NAME.NP.MODE.NOISE
one() {
  name=$1 np=$2 mode=$3 noise=$4
  shift 4
  exe=$out/$name ra=32 gather=auto
  case $mode in blocking) ra=0 ;; blocking-dis) ra=0 gather=dissemination ;; runahead8) ra=8 ;; mpi) exe=$out/${name}_mpi ;; esac
  nz=
  case $noise in one) nz=0:5000:1000 ;; all) nz=all:5000:1000 ;; esac
  # the MPI references get the same detours from bench/noise/preload.c
  pre=
  [ "$mode" = mpi ] && pre=$(pwd)/$out/noise.so
  AZ_RUNAHEAD=$ra AZ_GATHER=$gather AZ_NOISE=$nz LD_PRELOAD=$pre timeout "$LIMIT" mpirun -x AZ_RUNAHEAD -x AZ_GATHER -x AZ_NOISE -x LD_PRELOAD -np "$np" "$exe" "$@" \
    > "$out/o" 2>&1 || { echo "noise.sh: $name np=$np $mode noise=$noise failed:"; head -3 "$out/o"; status=1; }
  sed -n 's/^loop seconds: //p' "$out/o" >> "$out/$name.$np.$mode.$noise"
}

selfish before
printf '%-34s %3s %-12s %10s %10s %10s %9s %9s %6s\n' benchmark np mode "quiet s" "one s" "all s" "one x" "all x" "half?"
bench() { # name, modes, args
  name=$1 modes=$2
  shift 2
  for np in 2 4; do
    for mode in $modes; do for noise in none one all; do : > "$out/$name.$np.$mode.$noise"; done; done
    i=0
    while [ $i -lt "$RUNS" ]; do
      for noise in none one all; do for mode in $modes; do one "$name" "$np" "$mode" "$noise" "$@"; done; done
      i=$((i + 1))
    done
    for mode in $modes; do
      q=$(median < "$out/$name.$np.$mode.none") o=$(median < "$out/$name.$np.$mode.one") a=$(median < "$out/$name.$np.$mode.all")
      var=$(echo "$mode" | tr - _)
      eval "loss_$var=\$(awk -v a=\"$a\" -v q=\"$q\" 'BEGIN { print a / q - 1 }')"
      half=
      case $mode in runahead*)
        eval "loss=\$loss_$var"
        half=$(awk -v r="$loss" -v b="$loss_blocking" 'BEGIN { print (r <= b / 2) ? "yes" : "no" }') ;;
      esac
      printf '%-34s %3d %-12s %10s %10s %10s %9s %9s %6s\n' "$name $*" "$np" "$mode" "$q" "$o" "$a" \
        "$(awk -v a="$o" -v q="$q" 'BEGIN { printf "%.2f", a / q }')" "$(awk -v a="$a" -v q="$q" 'BEGIN { printf "%.2f", a / q }')" "$half"
    done
  done
}
bench jacobi "blocking runahead mpi" -sn=256 -siters=1500
bench jacobi_conv "blocking runahead" -sn=256 -siters=1500 -sdelta=0
bench cg "blocking blocking-dis runahead mpi" -sn=256 -siters=600
bench monitor "blocking runahead runahead8" -sn=256 -siters=1500
bench ensemble "blocking blocking-dis runahead runahead8" -sn=256 -siters=1500
selfish after
exit $status
