#!/bin/sh
# bench_defaults.sh - bench/defaults.sh (issue 19: the default build of the classic jacobi and of
# cg against hand-written MPI built -O3 -march=native, `make bench`) still works: its quick mode
# (BENCH_QUICK=1: small problems, one run) must exit 0 and write a table with the five cases
# (jacobi at np 1 and 2, cg at 1, 2 and 4), each with four positive times, and jacobi's outputs
# agreeing with the MPI program's.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
BENCH_QUICK=1 AZC="$AZC" BUILD="$t/build" sh bench/defaults.sh > "$t/log" 2>&1 || { echo "bench_defaults.sh: defaults.sh failed:"; fail=1; }
rows=$(awk -F'|' '$2 ~ /^ (jacobi|cg) $/ && $5 > 0 && $6 > 0 && $8 > 0 && $9 > 0 { gsub(/ /, "", $2); gsub(/ /, "", $3); print $2 $3 }' "$t/build/bench/defaults/section.md" 2>/dev/null | tr '\n' ' ')
[ "$rows" = "jacobi1 jacobi2 cg1 cg2 cg4 " ] || { echo "bench_defaults.sh: unexpected rows ($rows)"; fail=1; }
grep -q '^| jacobi | 1 | .* | yes |$' "$t/build/bench/defaults/section.md" 2>/dev/null || { echo "bench_defaults.sh: jacobi's outputs differ"; fail=1; }
[ $fail = 0 ] || cat "$t/log"
exit $fail
