#!/bin/sh
# bench_suite.sh - bench/suite.sh (the Ironman study, `make bench`) still works: its quick mode
# (BENCH_QUICK=1: tiny problems, one run, np = 1 and 2) on the micro benchmark, jacobi and swm,
# the MPI references and the compile times, into a scratch build directory, must exit 0 and write
# a well-formed section: both markers once and in order, the quick-run notice, a table for each
# benchmark with a row for every binding at np = 1 and 2 (the micro benchmark: every process
# configuration), jacobi's 4 messages per iteration on 2 processes (one transfer and one max<<
# gather, each a message from each process; so the AZ_STATS numbers reach the report), the MPI
# and compile-time tables, and, if gnuplot is installed, the three plots it links. About 15 s.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
say() { echo "bench_suite.sh: $*"; fail=1; }

BENCH_QUICK=1 BENCH_WRITE=0 SUITE_ONLY="micro jacobi swm mpi compile" AZC="$AZC" BUILD="$t" \
  sh bench/suite.sh > "$t/log" 2>&1 || { say "suite.sh failed:"; tail -20 "$t/log"; }
doc=$t/bench/suite/performance.md
[ -f "$doc" ] || { say "no section written"; exit 1; }

[ "$(grep -c '^<!-- suite:begin -->$' "$doc")" = 1 ] && [ "$(grep -c '^<!-- suite:end -->$' "$doc")" = 1 ] &&
  [ "$(head -1 "$doc")" = "<!-- suite:begin -->" ] && [ "$(tail -1 "$doc")" = "<!-- suite:end -->" ] ||
  say "the markers are not once each, begin first and end last"
grep -q 'Quick run (`BENCH_QUICK=1`), not the measurement' "$doc" || say "no quick-run notice"

# rows NAME: the lines "NP PROBLEM BINDING TIME" of benchmark NAME's table.
rows() {
  awk -v h="#### $1" -v micro="$1" '
    $0 == h || (micro == "micro" && /^### Micro benchmark/) { on = 1; next }
    on && /^#/ { exit }
    on && /^\| [0-9]/ { split($0, f, "|"); gsub(/ /, "", f[2]); gsub(/ /, "", f[3]); gsub(/ /, "", f[4]); gsub(/ /, "", f[5]); print f[2], f[3], f[4], f[5] }' "$doc"
}
for name in micro jacobi swm; do
  rows "$name" > "$t/rows"
  for b in msg auto put store tailored; do
    for np in 1 2; do
      grep -q "^$np [^ ]* $b " "$t/rows" || say "$name: no row for $b at np = $np"
    done
  done
  grep -q ' n/a$' "$t/rows" && say "$name: a row without a time"
done
for g in 1x1 1x2 2x1; do rows micro | grep -q " $g " || say "micro: no row for the configuration $g"; done

msgs=$(awk -F'|' '/^#### jacobi/ { on = 1 } on && $2 + 0 == 2 && $4 ~ /msg/ { gsub(/ /, "", $11); print $11; exit }' "$doc")
[ "$msgs" = "4.0" ] || say "jacobi on 2 processes: messages per iteration '$msgs', expected 4.0"

grep -q '^| jacobi | 2 | .* | yes |$' "$doc" && grep -q '^| cg | 2 | .* | yes |$' "$doc" || say "no MPI reference rows (or different output)"
for p in micro jacobi swm; do grep -q "^| $p | [0-9]* | [0-9.]* | [0-9.]* |" "$doc" || say "no compile time of $p"; done

if command -v gnuplot >/dev/null 2>&1; then
  for png in suite_micro suite_time suite_comm; do
    grep -q "](plots/$png.png)" "$doc" || say "the section does not link $png.png"
    [ -s "$t/bench/suite/plots/$png.png" ] || say "no plot $png.png"
  done
fi
exit $fail
