#!/bin/sh
# bench_scale.sh - bench/scale.sh's quick mode (BENCH_QUICK=1: 1 and 4 simulated processes, small
# problems; it writes under a directory of its own, never docs/) must run every series and produce the
# whole section: weak scaling rows with efficiencies for jacobi and its MPI reference, the
# bindings, the gathers, the Ethernet cluster, the noise table, F per program (every series but the
# communication alone models the computation with it), the goal lines and the plots. Skipped where
# SimGrid's SMPI is not installed. SCALE_REPORT_ONLY=1 then reports the same tables from the
# recorded results.
if ! command -v smpicc >/dev/null 2>&1 || ! command -v smpirun >/dev/null 2>&1; then
  echo "bench_scale.sh: skipped: SimGrid's SMPI (smpicc, smpirun) is not installed (make deps SMPI=1)"
  exit 77
fi
# its own output directory: a quick run must not replace the results of a real one in
# $BUILD/bench/scale (SCALE_REPORT_ONLY reports from them)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
BUILD=$t
log=$t/log
if ! BENCH_QUICK=1 BENCH_WRITE=0 AZC=${AZC:-build/azc} BUILD=$BUILD sh bench/scale.sh >"$log" 2>&1; then
  echo "bench_scale.sh: bench/scale.sh failed"; tail -20 "$log"; exit 1
fi
doc=$BUILD/bench/scale/section.md  # the measured section alone: the prose around it may quote old runs
fail=0
for row in "- jacobi weak scaling: efficiency " "| tree |" "| jacobi |" "| jacobi efficiency | 1.00 |" "| jacobi_mpi ms |" "| jacobi azc / MPI |" "| cg efficiency |" "| swm ms |" \
           "| store |" "| tailored |" "| dissemination |" "| cg speed-up |" "| blocking (AZ_RUNAHEAD=0) |" "Run-ahead loss / blocking loss: " \
           "| program | F (flops per element) |" "| mg | " "| mg_ref | " "| cg_mpi | " "| tomcatv | " "| mg efficiency | 1.00 |" \
           "- jacobi at least as fast as jacobi_mpi at every size (measured at 1 4 processes): " \
           "- mg at least as fast as mg_ref at every size (measured at 1 processes): " \
           "- run-ahead under noise on 1% of 4 hosts: blocking reductions lose "; do
  grep -qF -e "$row" "$doc" || { echo "bench_scale.sh: no '$row' in $doc"; fail=1; }
done
# SCALE_REPORT_ONLY=1 writes the same tables again from the recorded results, without simulating
cp "$doc" "$t/first.md"
if ! SCALE_REPORT_ONLY=1 BENCH_QUICK=1 BENCH_WRITE=0 AZC=${AZC:-build/azc} BUILD=$BUILD sh bench/scale.sh >"$log" 2>&1 ||
   ! grep -q 'SCALE_REPORT_ONLY=1' "$doc" || [ "$(grep '^|' "$doc")" != "$(grep '^|' "$t/first.md")" ]; then
  echo "bench_scale.sh: SCALE_REPORT_ONLY=1 did not report the same results again"; tail -5 "$log"; fail=1
fi
grep -q '| - |\| - |' "$doc" && { echo "bench_scale.sh: a measurement is missing in $doc"; grep -F ' - |' "$doc"; fail=1; }
grep -qF "not measured" "$doc" && { echo "bench_scale.sh: something was not measured"; grep -F "not measured" "$doc"; fail=1; }
# part flops: each program ran FLOPS_RUNS times (3 quick), and its F is the fastest run's
for p in jacobi jacobi_mpi mg mg_ref; do
  runs=$BUILD/bench/scale/flops.$p.runs
  f=$(awk -v p="$p" '$1 == "flops" && $2 == p { print $6 }' "$BUILD/bench/scale/results.txt")
  { [ "$(wc -l < "$runs")" = 3 ] && awk -v f="$f" 'NR == 1 || $2 < m { m = $2 } END { exit !(f > 0 && f == m) }' "$runs"; } ||
    { echo "bench_scale.sh: flops $p: F '$f' is not the fastest of 3 runs:"; cat "$runs"; fail=1; }
done
# the F table says what each F is the fastest of: 3 runs (quick), MG's of 4 V-cycles each
grep -qE '^\| mg \| [0-9.e+-]+ \| 3 \| 4 \|$' "$doc" && grep -qE '^\| jacobi \| [0-9.e+-]+ \| 3 \|  \|$' "$doc" ||
  { echo "bench_scale.sh: the F table does not give the runs and V-cycles:"; grep -F '| mg |' "$doc"; fail=1; }
# SCALE_ONLY with SCALE_PROGRAMS and SCALE_DEPTHS runs only those programs and depths again, and
# keeps every other result (the modelled computation repeats exactly: the same lines come back)
res=$BUILD/bench/scale/results.txt
sort "$res" > "$t/before"
if ! SCALE_ONLY="weak noise" SCALE_PROGRAMS=jacobi SCALE_DEPTHS=32 BENCH_QUICK=1 BENCH_WRITE=0 AZC=${AZC:-build/azc} BUILD=$BUILD \
     sh bench/scale.sh >"$log" 2>&1; then
  echo "bench_scale.sh: SCALE_PROGRAMS=jacobi SCALE_DEPTHS=32 failed"; tail -5 "$log"; fail=1
fi
grep -q '^  weak jacobi default np=4' "$log" && grep -q '^  noise_noisy jacobi ra32 np=4' "$log" &&
  ! grep -q '^  weak cg \|^  noise_noisy jacobi ra0 \|^  flops ' "$log" ||
  { echo "bench_scale.sh: SCALE_PROGRAMS / SCALE_DEPTHS ran other programs or depths:"; grep '^  ' "$log"; fail=1; }
sort "$res" | diff "$t/before" - > /dev/null || { echo "bench_scale.sh: the rerun changed the recorded results:"; sort "$res" | diff "$t/before" -; fail=1; }
SCALE_PROGRAMS=nosuch BUILD=$BUILD sh bench/scale.sh > "$log" 2>&1 && { echo "bench_scale.sh: SCALE_PROGRAMS=nosuch accepted"; fail=1; }
exit $fail
