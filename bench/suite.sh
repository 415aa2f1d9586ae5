#!/bin/sh
# suite.sh - the Ironman paper's study (seed 003, Figs. 6-9; issue 8) with azc: the micro benchmark
# (bench/micro/micro.zpl, eight-way nearest-neighbour exchange in a tight loop) on every process
# configuration of 1, 2 and 4 processes, and the five benchmark programs (samples/cannon.zpl,
# bench/jacobi/jacobi.zpl, samples/simple.zpl, samples/swm.zpl, samples/tomcatv.zpl) at np = 1, 2
# and 4, each under every Ironman binding (AZ_COMM = msg, put, store, tailored), with the problem
# scaled so that every process keeps the base problem (the paper's "constant volume of data per
# processor"; the iteration counts stay fixed, but cannon's n steps grow with n). Each configuration
# runs BENCH_RUNS (5) rounds, the bindings alternating within each round; every binding must print
# what msg prints (the timing line aside). Then one AZ_STATS=1 run per binding gives the time the
# slowest process spent inside the runtime's communication calls and the messages and bytes of the
# timed part (docs/distribution.md, "Measuring"). Then azc against the hand-written MPI programs
# (bench/jacobi/jacobi_mpi.c, bench/cg/cg_mpi.c) at np = 1, 2, 4, and azc's compile times.
# It also prints every binding's loop time and whole-process time (mpirun's wall clock) over msg's
# (medians of the same runs; $BUILD/bench/suite/walls.txt).
# It writes the section between <!-- suite:begin --> and <!-- suite:end --> of docs/performance.md
# and the plots docs/plots/suite_*.png (gnuplot; installed when missing and run as root).
# np = 4 is oversubscribed on a 2-core machine. About 12 minutes on the project's 2-core machine
# when it is quiet (one round of everything took 3.5 minutes), over 20 when another job runs.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/suite.sh   (or make bench)
# Environment: BENCH_RUNS (5), BENCH_TIMEOUT (seconds per run, 120),
#   BENCH_QUICK=1   tiny sizes, one run with AZ_STATS on, np = 1 and 2, in well under a minute:
#                   checks that the script works; the section and plots go to $BUILD/bench/suite/
#                   unless BENCH_WRITE=1 (a full run writes docs/ unless BENCH_WRITE=0),
#   SUITE_NET=tcp   every run over Open MPI's TCP transport (mpirun --mca btl self,tcp --mca osc
#                   pt2pt, LIBSPLIT_SHARED=0: the one-sided bindings too go over TCP), as a
#                   stand-in for a cluster's network; the report goes to $BUILD/bench/suite-tcp/
#                   (docs/performance.md has the two transports side by side, written by hand),
#   SUITE_ONLY      names of the benchmarks to run (micro cannon jacobi simple swm tomcatv mpi
#                   compile), SUITE_NPS the process counts (1 2 4).
set -u
. "$(dirname "$0")/lib.sh"
QUICK=${BENCH_QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
COPT=-O2                  # what azc gives the C compiler
if [ -n "$QUICK" ]; then
  RUNS=1 COPT=-O0
  WRITE=${BENCH_WRITE:-0}
  NPS=${SUITE_NPS:-1 2}
else
  WRITE=${BENCH_WRITE:-1}
  NPS=${SUITE_NPS:-1 2 4}
fi
ONLY=${SUITE_ONLY:-micro cannon jacobi simple swm tomcatv mpi compile}
BINDINGS="msg auto put store tailored"
BENCHES="cannon jacobi simple swm tomcatv"
out=$BUILD/bench/suite
NETARGS= SHARED=1
if [ "${SUITE_NET:-}" = tcp ]; then
  NETARGS="--mca btl self,tcp --mca osc pt2pt" SHARED=0 WRITE=0 out=$BUILD/bench/suite-tcp
elif [ -n "${SUITE_NET:-}" ]; then
  echo "suite.sh: SUITE_NET must be tcp or empty, not '$SUITE_NET'" >&2
  exit 2
fi
res=$out/results.txt      # name label np binding time comm ghost stats-loop msgs ctrl bytes iters
refs=$out/mpiref.txt      # name np n iters azc-time mpi-time same
comp=$out/compile.txt     # name lines azc-seconds cc-seconds
sizes=$out/sizes.txt      # name np label arguments...
walls=$out/walls.txt      # name label np binding loop-time whole-process-time (medians)
if [ "$WRITE" = 1 ]; then
  doc=docs/performance.md plots=docs/plots
else
  doc=$out/performance.md plots=$out/plots
fi
mkdir -p "$out" "$plots"
: > "$res"; : > "$refs"; : > "$comp"; : > "$sizes"; : > "$walls"
status=0
started=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# complain MESSAGE: report a failure; the script goes on and exits 1 at the end.
complain() {
  echo "suite.sh: $*" >&2
  status=1
}

# wanted NAME: true if NAME is in SUITE_ONLY.
wanted() {
  case " $ONLY " in *" $1 "*) return 0 ;; esac
  return 1
}

# ---- problem sizes ----

# scaled BASE NP: BASE times the square root of NP, rounded (a side of a 2-D grid that keeps
# every process's share of BASE x BASE).
scaled() {
  awk -v b="$1" -v p="$2" 'BEGIN { printf "%d", b * sqrt(p) + 0.5 }'
}

# base NAME: the base problem (one process's share) and the iterations: "SIDE ITERS".
base() {
  if [ -n "$QUICK" ]; then
    case $1 in
      micro) echo "16 50" ;; cannon) echo "24 0" ;; jacobi) echo "32 20" ;; simple) echo "32 5" ;;
      swm) echo "32 10" ;; tomcatv) echo "33 10" ;; cg) echo "32 20" ;;
    esac
  else
    case $1 in
      micro) echo "128 4000" ;; cannon) echo "384 0" ;; jacobi) echo "512 600" ;; simple) echo "256 150" ;;
      swm) echo "256 400" ;; tomcatv) echo "257 100" ;; cg) echo "256 600" ;;
    esac
  fi
}

# program_args NAME N ITERS: the command line of benchmark NAME at side N.
program_args() {
  case $1 in
    cannon) echo "-sn=$2 -stiming=true" ;;
    jacobi | cg) echo "-sn=$2 -siters=$3" ;;
    simple) echo "-sn=$2 -ssteps=$3 -sreport=$3 -stiming=true" ;;
    swm) echo "-sm=$2 -sn=$2 -siters=$3 -smprint=$3 -stiming=true" ;;
    tomcatv) echo "-sn=$2 -siters=$3 -sreport=$3 -stiming=true" ;;
  esac
}

# source_of NAME: the program's source file.
source_of() {
  case $1 in
    micro | jacobi | cg) echo "bench/$1/$1.zpl" ;;
    *) echo "samples/$1.zpl" ;;
  esac
}

# micro_grids NP: the process configurations (rows x columns) of NP processes.
micro_grids() {
  case $1 in
    1) echo "1x1" ;; 2) echo "1x2 2x1" ;; 4) echo "1x4 2x2 4x1" ;;
    *) echo "1x$1 $1x1" ;;
  esac
}

# ---- building, and the compile times ----

"${CC:-cc}" -std=c11 -D_GNU_SOURCE -O2 -o "$BUILD/bench/runstat" bench/runstat.c || exit 1
cflags=$("$AZC" --cflags) && libs=$("$AZC" --libs) || exit 1

# build NAME: azc to C, then the C compiler, RUNS times (the last result is the program);
# appends "NAME LINES AZC-SECONDS CC-SECONDS" (medians) to $comp.
build() {
  name=$1 src=$(source_of "$1")
  rm -f "$out/$name"
  : > "$out/azc.times"; : > "$out/cc.times"
  i=0
  while [ $i -lt "$RUNS" ]; do
    set -- $("$BUILD/bench/runstat" -t 600 "$AZC" "$src" -o "$out/$name.c")
    [ "${3:-1}" = 0 ] || { "$AZC" "$src" -o "$out/$name.c"; complain "azc fails on $src"; return 1; }
    echo "$1" >> "$out/azc.times"
    # shellcheck disable=SC2086
    set -- $("$BUILD/bench/runstat" -t 600 mpicc "$COPT" $cflags "$out/$name.c" -o "$out/$name" $libs)
    [ "${3:-1}" = 0 ] || { complain "the C compiler fails on $out/$name.c"; return 1; }
    echo "$1" >> "$out/cc.times"
    i=$((i + 1))
  done
  echo "$name $(wc -l < "$src") $(median < "$out/azc.times") $(median < "$out/cc.times")" >> "$comp"
}

programs=
for name in micro $BENCHES; do { wanted "$name" || wanted compile; } && programs="$programs $name"; done
wanted mpi && programs="$programs jacobi cg"
built=
for name in $programs; do
  case " $built " in *" $name "*) continue ;; esac
  build "$name" && built="$built $name"
done
if wanted mpi; then
  for name in jacobi cg; do
    rm -f "$out/${name}_mpi"
    mpicc -O2 -std=gnu11 -o "$out/${name}_mpi" "bench/$name/${name}_mpi.c" -lm || complain "${name}_mpi.c does not compile"
  done
fi

# ---- running ----

# run NP BINDING STATS FILE PROGRAM ARGS...: one mpirun with AZ_COMM=BINDING (none if empty) and
# AZ_STATS=STATS, its output in FILE.out and FILE.err and its wall-clock seconds (the whole
# process, mpirun's start-up included) in FILE.wall (tried twice: Open MPI's start-up fails now
# and then when other jobs share /tmp).
run() {
  np=$1 b=$2 st=$3 f=$4
  shift 4
  for try in 1 2; do
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    env ${b:+AZ_COMM=$b} AZ_STATS="$st" LIBSPLIT_SHARED=$SHARED timeout "$LIMIT" \
      mpirun $NETARGS ${b:+-x AZ_COMM} -x AZ_STATS -x LIBSPLIT_SHARED -np "$np" "$@" \
      > "$f.out" 2> "$f.err" && { echo "$t0 $(date +%s.%N)" | awk '{ print $2 - $1 }' > "$f.wall"; return 0; }
    [ "$try" = 1 ] && sleep 1
  done
  return 1
}

# comm_numbers FILE: from an AZ_STATS run's standard error, the timed part's seconds of the slowest
# process (all communication, ghost-cell transfers), messages, control messages and bytes.
comm_numbers() {
  awk '$1 == "comm" && $2 == "timed" && $3 == "ghost" { g = $8 }
       $1 == "comm" && $2 == "timed" && $3 == "total" { t = $8; m = $5; c = $6; b = $7 }
       END { if (t == "") print "- - - - -"; else print t, g, m, c, b }' "$1"
}

# run_binding BINDING: one timed run of the program being measured ($measured) under BINDING
# (for alternate): its loop seconds appended to BINDING.times, its output checked against msg's.
run_binding() {
  b=$1 f=$out/$1
  # shellcheck disable=SC2086
  run "$np" "$b" "$stats" "$f" $measured || { complain "$name $label np=$np $b failed: $(head -3 "$f.err")"; return; }
  sed -n 's/^loop seconds: //p' "$f.out" >> "$f.times"
  cat "$f.wall" >> "$f.walls"
  grep -v '^loop seconds' "$f.out" > "$f.res"
  [ "$b" = msg ] || cmp -s "$f.res" "$out/msg.res" || complain "$name $label np=$np: $b prints other results than msg"
}

# measure NAME LABEL NP ITERS PROGRAM ARGS...: the timed rounds (the bindings alternating), the
# check against msg's output, and one AZ_STATS run per binding (in quick mode the timed run is it);
# appends one line per binding to $res and prints a line of the progress table.
measure() {
  name=$1 label=$2 np=$3 iters=$4
  shift 4
  for b in $BINDINGS; do : > "$out/$b.times"; : > "$out/$b.walls"; done
  rm -f "$out"/*.res
  stats=0
  [ -n "$QUICK" ] && stats=1
  measured="$*"
  # shellcheck disable=SC2086
  alternate run_binding $BINDINGS
  printf '%-8s %-8s %3d' "$name" "$label" "$np"
  for b in $BINDINGS; do
    f=$out/$b
    if [ -z "$QUICK" ]; then
      f=$out/$b.stats
      run "$np" "$b" 1 "$f" "$@" || { complain "$name $label np=$np $b with AZ_STATS failed"; : > "$f.err"; : > "$f.out"; }
    fi
    t=$(median < "$out/$b.times")
    echo "$name $label $np $b ${t:--} $(median < "$out/$b.walls")" >> "$walls"
    sl=$(sed -n 's/^loop seconds: //p' "$f.out")
    echo "$name $label $np $b ${t:--} $(comm_numbers "$f.err") ${sl:--} $iters" |
      awk '{ print $1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $10, $12 }' >> "$res"
    printf ' %9s' "${t:--}"
  done
  echo
}

echo "suite.sh: medians of $RUNS runs of the loop seconds, AZ_COMM = $BINDINGS; np = $NPS"
printf '%-8s %-8s %3s' benchmark problem np
for b in $BINDINGS; do printf ' %9s' "$b s"; done
echo
if wanted micro && [ -x "$out/micro" ]; then
  set -- $(base micro)
  side=$1 iters=$2
  for np in $NPS; do
    for g in $(micro_grids "$np"); do
      rows=${g%x*} cols=${g#*x}
      args="-sm=$((side * rows)) -sn=$((side * cols)) -siters=$iters"
      [ "$np" -gt 1 ] && args="$args --az-grid=$g"
      echo "micro $np $g $args" >> "$sizes"
      # shellcheck disable=SC2086
      measure micro "$g" "$np" "$iters" "$out/micro" $args
    done
  done
fi
for name in $BENCHES; do
  wanted "$name" && [ -x "$out/$name" ] || continue
  set -- $(base "$name")
  side=$1 iters=$2
  for np in $NPS; do
    n=$(scaled "$side" "$np")
    [ "$name" = cannon ] && iters=$n
    echo "$name $np n=$n $(program_args "$name" "$n" "$iters")" >> "$sizes"
    # shellcheck disable=SC2046
    measure "$name" "n=$n" "$np" "$iters" "$out/$name" $(program_args "$name" "$n" "$iters")
  done
done

# Every binding against msg, loop time and whole process (the medians of the same runs).
echo
echo "binding / msg, medians of $RUNS: loop time, whole process (mpirun's wall clock)"
awk '$4 == "msg" { l[$1, $2, $3] = $5; w[$1, $2, $3] = $6 }
     { k[++n] = $0 }
     END { for (i = 1; i <= n; i++) { split(k[i], f, " "); if (f[4] == "msg") continue
             m = l[f[1], f[2], f[3]]; mw = w[f[1], f[2], f[3]]
             printf "%-8s %-8s %3d %-9s %6s %6s\n", f[1], f[2], f[3], f[4],
               (m > 0 && f[5] != "-") ? sprintf("%.3f", f[5] / m) : "-", (mw > 0 && f[6] != "") ? sprintf("%.3f", f[6] / mw) : "-" } }' "$walls"

# ---- the hand-written MPI programs ----

# run_reference a|m: one run of azc's program (a) or the MPI program (m) of the reference being
# measured (for alternate); after m, "same" is no unless the two printed the same.
run_reference() {
  exe=$out/$name
  [ "$1" = m ] && exe=$out/${name}_mpi
  run "$np" "${AZ_COMM:-}" 0 "$out/$1" "$exe" -sn="$n" -siters="$iters" || complain "$(basename "$exe") np=$np failed"
  sed -n 's/^loop seconds: //p' "$out/$1.out" >> "$out/$1.times"
  grep -v '^loop seconds' "$out/$1.out" > "$out/$1.res"
  [ "$1" = a ] || { [ -s "$out/a.res" ] && cmp -s "$out/a.res" "$out/m.res"; } || same=no
}

# reference NAME: azc's program (the default binding) and the MPI program alternating, RUNS rounds
# per np; appends "NAME NP N ITERS AZC-S MPI-S SAME" to $refs.
reference() {
  name=$1
  set -- $(base "$name")
  side=$1 iters=$2
  for np in $NPS; do
    n=$(scaled "$side" "$np")
    : > "$out/a.times"; : > "$out/m.times"
    same=yes
    alternate run_reference a m
    [ "$same" = yes ] || complain "$name np=$np: azc and MPI print different results"
    ta=$(median < "$out/a.times") tm=$(median < "$out/m.times")
    echo "$name $np $n $iters ${ta:--} ${tm:--} $same" >> "$refs"
    printf '%-8s %-8s %3d %9s %9s %s\n' "$name" "n=$n" "$np" "${ta:--}" "${tm:--}" "$same"
  done
}

if wanted mpi; then
  echo
  echo "azc (AZ_COMM=${AZ_COMM:-default}) against the hand-written MPI programs, medians of $RUNS"
  printf '%-8s %-8s %3s %9s %9s %s\n' benchmark problem np "azc s" "MPI s" "same output"
  for name in jacobi cg; do
    [ -x "$out/$name" ] && [ -x "$out/${name}_mpi" ] && reference "$name"
  done
fi
if wanted compile; then
  echo
  echo "compile times, medians of $RUNS: azc to C, then mpicc $COPT"
  awk '{ printf "%-8s %6d lines %8.3f s %8.3f s\n", $1, $2, $3, $4 }' "$comp"
fi

# ---- the report ----

. "$(dirname "$0")/lib_suite_report.sh"
write_report
exit $status
