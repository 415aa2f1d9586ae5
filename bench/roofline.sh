#!/bin/sh
# roofline.sh - issue 9's roofline study: how close azc's stencil loops come to what the machine's
# memory bandwidth allows, and the issue's two goals against hand-written C/MPI.
#
# 1. The roofs: bench/stream.c (STREAM's copy, scale, add, triad on one core) with three arrays
#    far beyond the L3 cache (DRAM) and with three that fit in it (L3, like the stencils' working
#    sets at n = 512), and its peak-flops probe (independent FMA chains, 256- and 512-bit vectors).
# 2. The stencils bench/jacobi/jacobi.zpl, bench/roofline/five_point.zpl, bench/roofline/nine_point.zpl
#    and bench/star/star.zpl, built with `$AZC $AZC_FLAGS --keep-c`, on one process at n = 512
#    (L3-resident) and n = 4000 (memory-bound), the iterations chosen so that a run takes about
#    0.6 s; their flops and compulsory bytes per point against the roofline min(peak, intensity x
#    bandwidth). The kept C shows whether A := B is a copy loop or an exchange of storage (the byte
#    count follows it) and gcc's -fopt-info-vec whether the stencil loop was vectorized.
#    Row alignment: the same executables with AZ_ALIGN=1 (rows padded to whole cache lines, each
#    process's first column on a line; the default) and AZ_ALIGN=0 (dense rows), alternating:
#    jacobi at n = 512 and 1024 (power-of-two rows), five_point and nine_point at n = 512 and 4000.
# 3. Goal (a): jacobi n = 512, 2420 iterations, np = 1: azc against bench/roofline/jacobi_hand.c's
#    copy, swap and simd variants (loop seconds and whole-mpirun wall seconds; all must print the
#    same err and sum). Goal (b): the radius-2 star, azc against bench/roofline/star_prk.c (the
#    Parallel Research Kernels' Stencil) at np = 1 and 2, in stencil updates (PRK-counted flops) per second.
# Every time is the median of RUNS (BENCH_RUNS, 5) runs, the variants alternating within each round.
# The report goes between <!-- roofline:begin --> and <!-- roofline:end --> of $ROOFLINE_DOC
# (default docs/performance.md; the heading and markers are appended when missing) and the plot to
# ROOFLINE_PLOTS (default: plots/ next to the doc) as roofline.png (bench/lib_roofline_report.sh).
# About 5 minutes on the project's 2-core machine.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/roofline.sh   (or make bench)
# Environment: AZC_FLAGS (-march=native; left out, with a note, when azc does not accept it),
#   QUICK=1 (or BENCH_QUICK=1): tiny sizes, one run each, in well under 15 s; only checks that the
#   script works: it writes to $BUILD/bench/roofline/performance.md unless ROOFLINE_DOC is set.
set -u
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-${BENCH_QUICK:-}}
[ "$QUICK" = 0 ] && QUICK=
AZC_FLAGS=${AZC_FLAGS--march=native}
out=$BUILD/bench/roofline
if [ -n "$QUICK" ]; then
  RUNS=1
  DOC=${ROOFLINE_DOC:-$out/performance.md}
else
  DOC=${ROOFLINE_DOC:-docs/performance.md}
fi
PLOTS=${ROOFLINE_PLOTS:-$(dirname "$DOC")/plots}
STENCILS="jacobi five_point nine_point star"
mkdir -p "$out" "$PLOTS"
status=0
started=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
streams=$out/stream.txt # SIZE KERNEL BEST-GB/s MEDIAN-GB/s
peaks=$out/peak.txt     # peak256 GFLOP/s, peak512 GFLOP/s
roofs=$out/roof.txt     # NAME SIZE N ITERS ASSIGN VECTORIZED SECONDS
aligns=$out/align.txt   # NAME SIZE N ITERS ALIGNED-S DENSE-S
goal_a=$out/goal_a.txt  # VARIANT LOOP-S WALL-S SAME
goal_b=$out/goal_b.txt  # NP SIZE N ITERS AZC-S PRK-S AZC-POINTS PRK-POINTS PRK-CHECK
: > "$streams"; : > "$peaks"; : > "$roofs"; : > "$aligns"; : > "$goal_a"; : > "$goal_b"

# complain MESSAGE: report a failure; the script goes on and exits 1 at the end.
complain() {
  echo "roofline.sh: $*" >&2
  status=1
}

# ---- sizes ----

# size_n SIZE: the grid side of size l3 or dram.
size_n() {
  if [ -n "$QUICK" ]; then
    case $1 in l3) echo 64 ;; dram) echo 256 ;; esac
  else
    case $1 in l3) echo 512 ;; dram) echo 4000 ;; esac
  fi
}

# trial_iters SIZE: the iterations of the calibration run (and of every run in quick mode).
trial_iters() {
  if [ -n "$QUICK" ]; then echo 5; else case $1 in l3) echo 100 ;; dram) echo 5 ;; esac; fi
}

# ---- building ----

note_march=
# shellcheck disable=SC2086
if [ -n "$AZC_FLAGS" ] && ! "$AZC" $AZC_FLAGS -fsyntax-only bench/jacobi/jacobi.zpl > /dev/null 2>&1; then
  note_march="azc does not accept \`$AZC_FLAGS\`: built without it"
  echo "roofline.sh: $note_march" >&2
  AZC_FLAGS=
fi
# gcc's part of AZC_FLAGS (the -O level and -march), for the vectorization report
gcc_flags=-O2
for f in $AZC_FLAGS; do case $f in -O*|-march=*) gcc_flags="$gcc_flags $f" ;; esac; done
HAND_FLAGS="-std=gnu11 -O3 -march=native -fopenmp-simd"

# source_of NAME: the stencil's program.
source_of() {
  case $1 in jacobi | star) echo "bench/$1/$1.zpl" ;; *) echo "bench/roofline/$1.zpl" ;; esac
}

# assign_kind NAME: "swap" if the kept C exchanges the arrays' storage for A := B, else "copy".
assign_kind() {
  grep -q 'zrt_array_exchange' "$out/$1.c" && echo swap || echo copy
}

# vectorized NAME: "yes" if gcc vectorized a loop of the stencil statement (the block of the kept C
# from the statement's "/* line L" comment to the next statement's), else "no".
vectorized() {
  line=$(grep -n -E '(B|Temp) *:=' "$(source_of "$1")" | head -1 | cut -d: -f1)
  # shellcheck disable=SC2046,SC2086
  mpicc $gcc_flags $("$AZC" --cflags) -c "$out/$1.c" -o /dev/null -fopt-info-vec-optimized 2> "$out/$1.vec" || true
  awk -v l="$line" -v vec="$out/$1.vec" '
    BEGIN { while ((getline v < vec) > 0) if (v ~ /loop vectorized/) { split(v, f, ":"); ok[f[2]] = 1 } }
    { if ($0 ~ "/\\* lines? " l "[^0-9]") on = 1; else if ($0 ~ /\/\* lines? [0-9]/) on = 0 }
    on && (NR in ok) { found = 1 }
    END { print found ? "yes" : "no" }' "$out/$1.c"
}

# azc as a path that works from $out (it runs there: with -o DIR/NAME, azc --keep-c names the C
# file after the last dot of the whole path, so a dot in a directory name puts it elsewhere)
root=$(pwd)
case $AZC in /*) azc_abs=$AZC ;; */*) azc_abs=$root/$AZC ;; *) azc_abs=$AZC ;; esac

# build_stencil NAME: azc's executable, its kept C, and "NAME ASSIGN VECTORIZED" in $out/NAME.kind.
build_stencil() {
  rm -f "$out/$1" "$out/$1.c" "$out/$1.kind"
  # shellcheck disable=SC2086
  (cd "$out" && "$azc_abs" $AZC_FLAGS --keep-c "$root/$(source_of "$1")" -o "$1") || return 1
  echo "$1 $(assign_kind "$1") $(vectorized "$1")" > "$out/$1.kind"
}

# the hand-written programs and stream.c build while azc builds the stencils (two at a time)
rm -f "$out/stream" "$out/jacobi_hand" "$out/star_prk"
# shellcheck disable=SC2086
{ gcc -std=gnu11 -Wall -Wextra -O3 -march=native -fopenmp-simd -o "$out/stream" bench/stream.c
  mpicc $HAND_FLAGS -o "$out/jacobi_hand" bench/roofline/jacobi_hand.c -lm
  mpicc $HAND_FLAGS -o "$out/star_prk" bench/roofline/star_prk.c -lm; } &
build_stencil jacobi & build_stencil five_point
wait
build_stencil nine_point & build_stencil star
wait
for p in stream jacobi_hand star_prk; do [ -x "$out/$p" ] || { echo "roofline.sh: $p does not build" >&2; exit 1; }; done
cat /dev/null "$out"/*.kind > "$out/kinds.txt" 2> /dev/null
for name in $STENCILS; do grep -q "^$name " "$out/kinds.txt" || complain "azc fails on $name"; done

# ---- running ----

# run NP FILE PROGRAM ARGS...: one mpirun (tried twice: Open MPI's start-up fails now and then), its
# output in FILE.out and FILE.err; FILE.wall gets its wall seconds.
run() {
  np=$1 f=$2
  shift 2
  # a quick run starts np = 1 without mpirun (MPI's singleton start), which is faster
  if [ -n "$QUICK" ] && [ "$np" = 1 ]; then set -- timeout "$LIMIT" "$@"; else set -- timeout "$LIMIT" mpirun -np "$np" "$@"; fi
  for try in 1 2; do
    t0=$(date +%s.%N)
    "$@" > "$f.out" 2> "$f.err" &&
      { echo "$t0 $(date +%s.%N)" | awk '{ printf "%.4f\n", $2 - $1 }' > "$f.wall"; return 0; }
    [ "$try" = 1 ] && sleep 1
  done
  complain "failed: $*: $(head -3 "$f.err")"
  return 1
}

# loop_seconds FILE: the program's "loop seconds" from FILE.out.
loop_seconds() {
  sed -n 's/^loop seconds: //p' "$1.out"
}

# calibrate NAME SIZE: the iterations for a run of about 0.6 s (the trial count in quick mode).
calibrate() {
  n=$(size_n "$2") it=$(trial_iters "$2")
  [ -n "$QUICK" ] && { echo "$it"; return; }
  run 1 "$out/cal" "$out/$1" -sn="$n" -siters="$it" || { echo "$it"; return; }
  awk -v t="$(loop_seconds "$out/cal")" -v it="$it" 'BEGIN { k = t > 0 ? int(it * 0.6 / t + 0.5) : it; print k < it ? it : k }'
}

# ---- 1. the roofs ----

if [ -n "$QUICK" ]; then dram_elems=2000000 l3_elems=250000 dram_times=2 l3_times=5 peak_times=1
else dram_elems=24000000 l3_elems=250000 dram_times=10 l3_times=200 peak_times=5; fi
"$out/stream" -n=$dram_elems -t=$dram_times | awk '$1 != "elements" { print "dram", $0 }' >> "$streams"
"$out/stream" -n=$l3_elems -t=$l3_times | awk '$1 != "elements" { print "l3", $0 }' >> "$streams"
"$out/stream" -peak -t=$peak_times > "$peaks"
echo "roofline.sh: STREAM (best, median GB/s), DRAM = 3 x $((dram_elems * 8 / 1000000)) MB, L3 = 3 x $((l3_elems * 8 / 1000000)) MB:"
sed 's/^/  /' "$streams"
sed 's/^/  /' "$peaks"

# ---- 2. the stencils ----

echo "roofline.sh: stencils on 1 process, medians of $RUNS loop seconds${AZC_FLAGS:+ (azc $AZC_FLAGS)}"
for size in l3 dram; do
  n=$(size_n $size) list=
  for name in $STENCILS; do
    [ -x "$out/$name" ] || continue
    it=$(calibrate "$name" "$size")
    list="$list $name:$it"
    : > "$out/$name.times"
  done
  i=0
  while [ $i -lt "$RUNS" ]; do
    for p in $list; do
      name=${p%:*} it=${p#*:}
      run 1 "$out/r_$name" "$out/$name" -sn="$n" -siters="$it" && loop_seconds "$out/r_$name" >> "$out/$name.times"
    done
    i=$((i + 1))
  done
  for p in $list; do
    name=${p%:*} it=${p#*:}
    t=$(median < "$out/$name.times")
    kind=$(awk -v n="$name" '$1 == n { print $2, $3 }' "$out/kinds.txt")
    echo "$name $size $n $it ${kind:-- -} ${t:--}" >> "$roofs"
    # shellcheck disable=SC2086
    printf '  %-10s %-4s n=%-5d iters=%-6d %-4s vectorized=%-3s %s s\n' "$name" "$size" "$n" "$it" $kind "${t:--}"
  done
done

# ---- 2b. row alignment: the same executables with AZ_ALIGN=1 (the default) and AZ_ALIGN=0 ----

# align_iters NAME SIZE N: the iterations of the stencils run above at SIZE, scaled to a grid of side N.
align_iters() {
  awk -v s="$1" -v z="$2" -v n="$3" '$1 == s && $2 == z { k = int($4 * $3 * $3 / (n * n)); print k < 1 ? 1 : k }' "$roofs"
}

n_l3=$(size_n l3) n_dram=$(size_n dram)
align_cases="jacobi:l3:$n_l3 jacobi:l3:$((2 * n_l3)) five_point:l3:$n_l3 five_point:dram:$n_dram nine_point:l3:$n_l3 nine_point:dram:$n_dram"
echo "roofline.sh: row alignment on 1 process, medians of $RUNS loop seconds, aligned (AZ_ALIGN=1) and dense (AZ_ALIGN=0) alternating"
for c in $align_cases; do
  name=${c%%:*} rest=${c#*:}
  size=${rest%%:*} n=${rest#*:}
  [ -x "$out/$name" ] || continue
  it=$(align_iters "$name" "$size" "$n")
  [ -n "$it" ] || it=$(trial_iters "$size")
  : > "$out/al_1.times"; : > "$out/al_0.times"
  i=0
  while [ $i -lt "$RUNS" ]; do
    for a in 1 0; do
      run 1 "$out/al_$a" env AZ_ALIGN=$a "$out/$name" -sn="$n" -siters="$it" && loop_seconds "$out/al_$a" >> "$out/al_$a.times"
    done
    grep -v '^loop seconds' "$out/al_1.out" > "$out/al_1.res" 2> /dev/null
    grep -v '^loop seconds' "$out/al_0.out" > "$out/al_0.res" 2> /dev/null
    cmp -s "$out/al_1.res" "$out/al_0.res" || complain "alignment: $name n=$n prints other results with AZ_ALIGN=0"
    i=$((i + 1))
  done
  t1=$(median < "$out/al_1.times") t0=$(median < "$out/al_0.times")
  echo "$name $size $n $it ${t1:--} ${t0:--}" >> "$aligns"
  printf '  %-10s n=%-5d iters=%-6d aligned %s s, dense %s s, dense / aligned %s\n' "$name" "$n" "$it" "${t1:--}" "${t0:--}" \
    "$(awk -v a="$t1" -v d="$t0" 'BEGIN { if (a + 0 > 0 && d != "") printf "%.3f", d / a; else print "-" }')"
done

# ---- 3. goal (a): jacobi against the hand-written loops ----

if [ -n "$QUICK" ]; then ja_n=64 ja_it=50; else ja_n=512 ja_it=2420; fi
for v in azc copy swap simd; do : > "$out/ga_$v.times"; : > "$out/ga_$v.walls"; done
i=0
while [ $i -lt "$RUNS" ]; do
  for v in azc copy swap simd; do
    if [ $v = azc ]; then set -- "$out/jacobi"; else set -- "$out/jacobi_hand" -variant=$v; fi
    run 1 "$out/ga_$v" "$@" -sn=$ja_n -siters=$ja_it || continue
    loop_seconds "$out/ga_$v" >> "$out/ga_$v.times"
    cat "$out/ga_$v.wall" >> "$out/ga_$v.walls"
    grep -v '^loop seconds' "$out/ga_$v.out" > "$out/ga_$v.res"
  done
  i=$((i + 1))
done
echo "roofline.sh: goal (a), jacobi n=$ja_n, $ja_it iterations, np=1 (loop s, wall s, same output as azc)"
for v in azc copy swap simd; do
  same=yes
  { [ -s "$out/ga_$v.res" ] && cmp -s "$out/ga_$v.res" "$out/ga_azc.res"; } || same=no
  [ $same = yes ] || complain "goal (a): $v prints other results than azc"
  echo "$v $(median < "$out/ga_$v.times") $(median < "$out/ga_$v.walls") $same" |
    awk '{ print $1, ($2 == "" ? "-" : $2), ($3 == "" ? "-" : $3), $4 }' >> "$goal_a"
done
sed 's/^/  /' "$goal_a"

# ---- 4. goal (b): the star against the PRK's Stencil ----

echo "roofline.sh: goal (b), star: azc against star_prk.c (loop s)"
sizes_b="l3 dram"
[ -n "$QUICK" ] && sizes_b=l3
for size in $sizes_b; do
  n=$(size_n $size)
  it=$(awk -v s=$size '$1 == "star" && $2 == s { print $4 }' "$roofs")
  [ -n "$it" ] || it=$(trial_iters $size)
  for np in 1 2; do
    : > "$out/gb_azc.times"; : > "$out/gb_prk.times"
    check=ok
    i=0
    while [ $i -lt "$RUNS" ]; do
      run "$np" "$out/gb_azc" "$out/star" -sn="$n" -siters="$it" && loop_seconds "$out/gb_azc" >> "$out/gb_azc.times"
      run "$np" "$out/gb_prk" "$out/star_prk" -sn="$n" -siters="$it" && loop_seconds "$out/gb_prk" >> "$out/gb_prk.times"
      grep -q '^norm = .* ok$' "$out/gb_prk.out" || check=WRONG
      i=$((i + 1))
    done
    [ $check = ok ] || complain "goal (b): star_prk.c's norm is wrong at np=$np n=$n"
    ta=$(median < "$out/gb_azc.times") tp=$(median < "$out/gb_prk.times")
    echo "$np $size $n $it ${ta:--} ${tp:--} $((n * n)) $(((n - 4) * (n - 4))) $check" >> "$goal_b"
    printf '  np=%d %-4s n=%-5d iters=%-5d azc %s s, PRK %s s\n' "$np" "$size" "$n" "$it" "${ta:--}" "${tp:--}"
  done
done

# ---- 5. the report ----

. "$(dirname "$0")/lib_roofline_report.sh"
write_report
exit $status
