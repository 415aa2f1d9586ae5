#!/bin/sh
# bench_flags.sh - bench/flags.sh (the flag matrix of issue 19, `make bench`) still works: its quick
# mode (BENCH_QUICK=1: small problems, one run) must exit 0 and print a row for each of jacobi,
# nine, star, cg, swm and tomcatv with each of -O2, -O3, -O2 -march=native and -O3 -march=native, each
# with two positive times and "yes" (azc's and the hand-written program's outputs agree across all
# eight builds), and write its report section. About 30 s on an idle machine (48 C compiles).
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
BENCH_QUICK=1 AZC="$AZC" BUILD="$t/build" sh bench/flags.sh > "$t/log" 2>&1 || { echo "bench_flags.sh: flags.sh failed:"; fail=1; }
rows=$(awk '$NF == "yes" && $(NF - 3) > 0 && $(NF - 2) > 0 { f = $2; for (i = 3; i <= NF - 4; i++) f = f " " $i; print $1 " " f }' "$t/log" | tr '\n' ';')
want=
for p in jacobi nine star cg swm tomcatv; do
  for f in "-O2" "-O3" "-O2 -march=native" "-O3 -march=native"; do want="$want$p $f;"; done
done
[ "$rows" = "$want" ] || { echo "bench_flags.sh: unexpected rows ($rows)"; fail=1; }
grep -q '^| jacobi |' "$t/build/bench/flags/performance.md" 2>/dev/null || { echo "bench_flags.sh: no report section"; fail=1; }
# the runner shows a failing script's last 20 lines: its complaints (a run that failed, with its
# standard error) come last, after the whole log
[ $fail = 0 ] || { cat "$t/log"; grep '^flags.sh: ' "$t/log" | grep -v 'differ from' | head -8; }
exit $fail
