#!/bin/sh
# flags.sh - the flag matrix (issue 19): six programs built by azc with each of four flag sets of
# the C compiler (-O2, the default; -O3; -O2 -march=native; -O3 -march=native), against hand-written references built the same four ways, on one process:
#   jacobi   bench/jacobi/jacobi_conv.zpl (the classic loop: the max<< tested every iteration;
#            -sdelta=0, so it runs -siters iterations) and bench/jacobi/jacobi_mpi.c
#   nine     bench/nine/nine.zpl (a 9-point stencil with a max<< reduction), bench/nine/nine_ref.c
#   star     bench/star/star.zpl (the radius-2 star), bench/star/star_mpi.c
#   cg       bench/cg/cg.zpl (two floating +<< dot products per iteration), bench/cg/cg_mpi.c
#   swm      samples/swm.zpl, bench/swm/swm_ref.c
#   tomcatv  samples/tomcatv.zpl, bench/tomcatv/tomcatv_ref.c
# azc builds with `azc FLAGS prog.zpl -o prog` (its own flags, `azc --cflags`, added); the
# references with `mpicc -std=gnu11 FLAGS -ffp-contract=off -fopenmp-simd` (no contraction into
# fused multiply-adds, as azc, so that every variant prints the same digits). Every run times its
# own loop ("loop seconds"); each round runs every variant once, in turn, and the table shows
# medians. Every variant of a program must print what azc's -O2 build prints (the timing and
# iteration-count lines aside), else the row says "no" and the script exits 1.
#
# It writes the section between <!-- flags:begin --> and <!-- flags:end --> of docs/performance.md
# and docs/plots/flags.png (gnuplot, when installed).
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/flags.sh   (or make bench)
# Environment: BENCH_RUNS (5), BENCH_TIMEOUT (seconds per run, 120),
#   BENCH_QUICK=1  small sizes and one run, in about a minute: checks that every row is produced
#                  and every output agrees (test/unit/bench_flags.sh); the section and plot go to
#                  $BUILD/bench/flags/ unless BENCH_WRITE=1 (a full run writes docs/ unless
#                  BENCH_WRITE=0),
#   FLAGS_ONLY     the programs to run (default all six: jacobi nine star cg swm tomcatv).
set -u
. "$(dirname "$0")/lib.sh"
QUICK=${BENCH_QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
if [ -n "$QUICK" ]; then
  RUNS=1 WRITE=${BENCH_WRITE:-0}
else
  WRITE=${BENCH_WRITE:-1}
fi
PROGRAMS=${FLAGS_ONLY:-jacobi nine star cg swm tomcatv}
FLAGSETS="O2 O3 native O3native"
out=$BUILD/bench/flags
if [ "$WRITE" = 1 ]; then
  doc=docs/performance.md plots=docs/plots
else
  doc=$out/performance.md plots=$out/plots
fi
mkdir -p "$out" "$plots"
status=0
started=$(date -u '+%Y-%m-%d %H:%M')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# complain MESSAGE: report a failure; the script goes on and exits 1 at the end.
complain() {
  echo "flags.sh: $*" >&2
  status=1
}

# flags FLAGSET: the C compiler's flags of a flag set (-O2 spelled out with -march=native: azc's
# level is -O2 without it, but mpicc's is -O0).
flags() {
  case $1 in
    O2) echo "-O2" ;;
    O3) echo "-O3" ;;
    native) echo "-O2 -march=native" ;;
    O3native) echo "-O3 -march=native" ;;
  esac
}

# sources NAME: the ZPL program and the hand-written reference.
sources() {
  case $1 in
    jacobi) echo "bench/jacobi/jacobi_conv.zpl bench/jacobi/jacobi_mpi.c" ;;
    nine) echo "bench/nine/nine.zpl bench/nine/nine_ref.c" ;;
    star) echo "bench/star/star.zpl bench/star/star_mpi.c" ;;
    cg) echo "bench/cg/cg.zpl bench/cg/cg_mpi.c" ;;
    swm) echo "samples/swm.zpl bench/swm/swm_ref.c" ;;
    tomcatv) echo "samples/tomcatv.zpl bench/tomcatv/tomcatv_ref.c" ;;
  esac
}

# args NAME: the command line of both programs ("-sdelta=0" only means something to jacobi_conv).
args() {
  if [ -n "$QUICK" ]; then
    case $1 in
      jacobi) echo "-sn=64 -siters=50 -sdelta=0" ;;
      nine) echo "-sn=64 -siters=50" ;;
      star) echo "-sn=128 -siters=10" ;;
      cg) echo "-sn=48 -siters=30" ;;
      swm) echo "-sm=48 -sn=40 -siters=20 -smprint=10 -stiming=true" ;;
      tomcatv) echo "-sn=33 -siters=20 -sreport=10 -stiming=true" ;;
    esac
  else
    # the suite's problems (jacobi's: where n = 512 converges for delta = 1e-4), with enough
    # iterations that azc's fastest build runs about a second (quiet machine)
    case $1 in
      jacobi) echo "-sn=512 -siters=9680 -sdelta=0" ;;
      nine) echo "-sn=512 -siters=6000" ;;
      star) echo "-sn=1000 -siters=1200" ;;
      cg) echo "-sn=256 -siters=7800" ;;
      swm) echo "-sm=256 -sn=256 -siters=3200 -smprint=3200 -stiming=true" ;;
      tomcatv) echo "-sn=257 -siters=2400 -sreport=2400 -stiming=true" ;;
    esac
  fi
}

# ---- build every variant: $out/NAME.FLAGSET (azc) and $out/NAME_ref.FLAGSET ----
for name in $PROGRAMS; do
  set -- $(sources "$name")
  for fs in $FLAGSETS; do
    # shellcheck disable=SC2046
    "$AZC" $(flags "$fs") --no-pdl "$1" -o "$out/$name.$fs" || complain "azc $(flags "$fs") $1 failed"
    # shellcheck disable=SC2046
    mpicc -std=gnu11 $(flags "$fs") -ffp-contract=off -fopenmp-simd -o "$out/${name}_ref.$fs" "$2" -lm ||
      complain "mpicc $(flags "$fs") $2 failed"
    : > "$out/$name.$fs.times"
    : > "$out/${name}_ref.$fs.times"
  done
done

# ---- run: every round runs every variant once ----
# run EXE: one run of variant EXE ($out/NAME.FLAGSET or $out/NAME_ref.FLAGSET) with its program's
# arguments, its loop seconds appended to EXE.times, its output kept in EXE.out.
run() {
  exe=$1 name=$(basename "${1%.*}")
  name=${name%_ref}
  # shellcheck disable=SC2046
  if timeout "$LIMIT" "$exe" $(args "$name") > "$exe.run" 2> "$exe.err"; then
    sed -n 's/^loop seconds: //p' "$exe.run" >> "$exe.times"
    grep -v -e '^loop seconds' -e '^iterations:' "$exe.run" > "$exe.out"
  else
    complain "$(basename "$exe") $(args "$name") failed: $(head -c 300 "$exe.err")"
    echo "failed" > "$exe.out"
  fi
}
variants=
for name in $PROGRAMS; do
  for fs in $FLAGSETS; do variants="$variants $out/$name.$fs $out/${name}_ref.$fs"; done
done
# shellcheck disable=SC2086
alternate run $variants

# ---- the table ----
# flags.txt: NAME FLAGSET AZC_S HAND_S SAME
table=$out/flags.txt
: > "$table"
printf '%-8s %-18s %10s %10s %8s %s\n' program flags "azc s" "hand s" "azc/hand" "same output"
for name in $PROGRAMS; do
  for fs in $FLAGSETS; do
    ta=$(median < "$out/$name.$fs.times")
    th=$(median < "$out/${name}_ref.$fs.times")
    same=yes
    for exe in "$out/$name.$fs" "$out/${name}_ref.$fs"; do
      cmp -s "$exe.out" "$out/$name.O2.out" || same=no
    done
    [ -s "$out/$name.O2.out" ] && [ "$(cat "$out/$name.O2.out")" != failed ] || same=no
    [ "$same" = yes ] || complain "$name $(flags "$fs"): the outputs differ from azc -O2's"
    [ -n "$ta" ] && [ -n "$th" ] || { ta=0 th=0 same=no; }
    echo "$name $fs $ta $th $same" >> "$table"
    printf '%-8s %-18s %10.6f %10.6f %8.3f %s\n' "$name" "$(flags "$fs")" "$ta" "$th" \
      "$(echo "$ta $th" | awk '{ print ($2 > 0 ? $1 / $2 : 0) }')" "$same"
  done
done

# ---- the report ----
# time NAME FLAGSET azc|hand: a median from the table.
time_of() {
  awk -v n="$1" -v f="$2" -v w="$3" '$1 == n && $2 == f { print (w == "azc") ? $3 : $4 }' "$table"
}
ratio() {
  echo "$1 $2" | awk '{ printf "%.3f", ($2 > 0 ? $1 / $2 : 0) }'
}
section=$out/section.md
{
  echo "_Generated by \`bench/flags.sh\` (\`make bench\`); do not edit by hand._"
  echo
  echo "Machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores, gcc $(gcc -dumpfullversion),"
  echo "$(mpirun --version 2>/dev/null | head -1 | sed 's/^mpirun (Open MPI)/Open MPI/'). Run $started UTC; load average (1, 5, 15 min) $load_before before,"
  echo "$(cut -d' ' -f1-3 /proc/loadavg) after. One process; every time is the median of $RUNS runs of the program's own"
  echo "loop time, all $(( $(echo $PROGRAMS | wc -w) * 8 )) variants in turn in every round. azc: \`azc FLAGS prog.zpl -o prog\` (it adds"
  echo "\`$("$AZC" --cflags | sed 's/ -I[^ ]*//')\`); hand-written: \`mpicc -std=gnu11 FLAGS -ffp-contract=off -fopenmp-simd\`."
  [ -n "$QUICK" ] && echo "**Quick mode (BENCH_QUICK=1): tiny problems, one run; the times mean nothing.**"
  echo
  echo "| program | command line | flags | azc s | hand-written s | azc / hand | azc / azc at fewer flags | hand / hand at fewer flags | same output |"
  echo "|---|---|---|--:|--:|--:|--:|--:|---|"
  while read -r name fs ta th same; do
    case $fs in O3) base=O2 ;; O3native) base=native ;; *) base= ;; esac
    up_a=- up_h=-
    if [ -n "$base" ]; then
      up_a="$(ratio "$ta" "$(time_of "$name" "$base" azc)") (vs $(flags "$base"))"
      up_h="$(ratio "$th" "$(time_of "$name" "$base" hand)")"
    fi
    echo "| $name | \`$(args "$name")\` | \`$(flags "$fs")\` | $ta | $th | $(ratio "$ta" "$th") | $up_a | $up_h | $same |"
  done < "$table"
  echo
  echo "Goals (issue 19): the default build (\`-O2\`) against the hand-written program built \`-O3 -march=native\`:"
  echo
  for name in jacobi cg; do
    case " $PROGRAMS " in *" $name "*) ;; *) continue ;; esac
    echo "- $name: azc -O2 / hand -O3 -march=native = $(ratio "$(time_of "$name" O2 azc)" "$(time_of "$name" O3native hand)")"
  done
  echo
  echo "More optimization asked for is never slower (at most 1.05x): azc -O3 / -O2 and"
  echo "-O3 -march=native / -O2 -march=native:"
  echo
  for name in $PROGRAMS; do
    echo "- $name: $(ratio "$(time_of "$name" O3 azc)" "$(time_of "$name" O2 azc)") and $(ratio "$(time_of "$name" O3native azc)" "$(time_of "$name" native azc)")"
  done
  echo
  echo "![azc / hand-written per program and flag set](plots/flags.png)"
} > "$section"
[ -f "$doc" ] || printf '<!-- flags:begin -->\n<!-- flags:end -->\n' > "$doc"
replace_section "$doc" flags "$section"

# ---- the plot: azc / hand-written, one group per program, one bar per flag set ----
{
  echo "program -O2 -O3 -O2_-march=native -O3_-march=native"
  for name in $PROGRAMS; do
    line=$name
    for fs in $FLAGSETS; do line="$line $(ratio "$(time_of "$name" "$fs" azc)" "$(time_of "$name" "$fs" hand)")"; done
    echo "$line"
  done
} > "$out/flags.dat"
if command -v gnuplot > /dev/null; then
  gnuplot -e "data='$out/flags.dat'; png='$plots/flags.png'; runs='$RUNS'" bench/flags.gp || complain "gnuplot failed"
else
  echo "flags.sh: gnuplot not installed, no plot" >&2
fi
exit $status
