#!/bin/sh
# bench_fusion.sh - bench/fusion.sh (loop fusion against -fno-fuse, `make bench`) still works: its
# quick mode (QUICK=1: small grids, one run each) must exit 0 and print a row for swm and tomcatv
# on 1 and 2 processes, each with two positive times, their ratio and "yes" (the fused and
# unfused programs print the same). About 10 s.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
QUICK=1 AZC="$AZC" BUILD="$t/build" sh bench/fusion.sh > "$t/log" 2>&1 || { echo "bench_fusion.sh: fusion.sh failed:"; fail=1; }
rows=$(awk '($1 == "swm" || $1 == "tomcatv") && $(NF - 3) > 0 && $(NF - 2) > 0 && $(NF - 1) > 0 && $NF == "yes" { print $1, $(NF - 4) }' "$t/log" | tr '\n' ';')
[ "$rows" = "swm 1;tomcatv 1;swm 2;tomcatv 2;" ] || { echo "bench_fusion.sh: unexpected rows ($rows)"; fail=1; }
[ $fail = 0 ] || cat "$t/log"
exit $fail
