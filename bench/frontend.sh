#!/bin/sh
# frontend.sh - front-end speed benchmark: times `azc -fsyntax-only` on generated valid
# programs of 10k, 100k and 1M lines (median of 5 runs, 3 for 1M) and prints lines per
# second, peak memory and how close to linear the time grows.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/frontend.sh
# Optional: CC (default cc), BENCH_SIZES (default "10000 100000 1000000"),
#           BENCH_TIMEOUT (seconds per azc run, default 600).
set -eu

AZC=${AZC:-build/azc}
BUILD=${BUILD:-build}
CC=${CC:-cc}
SIZES=${BENCH_SIZES:-"10000 100000 1000000"}
TIMEOUT=${BENCH_TIMEOUT:-600}

if [ ! -x "$AZC" ]; then
  echo "frontend.sh: $AZC not found; build it first (make)" >&2
  exit 1
fi

# Tools: the program generator and the timing wrapper (wall time and peak RSS via wait4).
mkdir -p "$BUILD/bench"
$CC -std=c11 -D_GNU_SOURCE -O2 -o "$BUILD/bench/gen_program" bench/gen_program.c
$CC -std=c11 -D_GNU_SOURCE -O2 -o "$BUILD/bench/runstat" bench/runstat.c

tmp=$(mktemp -d "${TMPDIR:-/tmp}/azc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# median FILE: the middle value of the numbers in FILE (one a line).
median() {
  sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# measure N: generate an N-line program, time azc on it, append a row to $tmp/rows.
measure() {
  n=$1
  prog=$tmp/p$n.zpl
  "$BUILD/bench/gen_program" "$n" >"$prog" || return 1
  lines=$(wc -l <"$prog" | tr -d ' ')
  runs=5
  [ "$n" -ge 1000000 ] && runs=3
  : >"$tmp/times"
  : >"$tmp/rss"
  i=0
  while [ $i -lt $runs ]; do
    set -- $("$BUILD/bench/runstat" -t "$TIMEOUT" "$AZC" -fsyntax-only "$prog")
    if [ "$3" != 0 ]; then
      echo "frontend.sh: azc -fsyntax-only failed (status $3) on the $n-line program:" >&2
      "$AZC" -fsyntax-only "$prog" 2>&1 | head -n 12 >&2 || true
      cp "$prog" "${TMPDIR:-/tmp}/azc-bench-failed-$n.zpl"
      echo "frontend.sh: program kept as ${TMPDIR:-/tmp}/azc-bench-failed-$n.zpl" >&2
      return 1
    fi
    echo "$1" >>"$tmp/times"
    echo "$2" >>"$tmp/rss"
    i=$((i + 1))
  done
  med=$(median "$tmp/times")
  rss=$(sort -n "$tmp/rss" | tail -n 1)
  echo "$n $lines $med $rss $runs" >>"$tmp/rows"
  rm -f "$prog"
}

: >"$tmp/rows"
status=0
for n in $SIZES; do
  measure "$n" || { status=1; break; }
done

echo "front end: $AZC -fsyntax-only on generated programs (bench/gen_program)"
awk '
  BEGIN { printf "%10s %6s %11s %13s %12s\n", "lines", "runs", "median s", "lines/s", "max RSS MiB" }
  {
    printf "%10d %6d %11.4f %13.0f %12.1f\n", $2, $5, $3, ($3 > 0 ? $2 / $3 : 0), $4 / 1024
    t[$1] = $3
  }
  END {
    if ((100000 in t) && (1000000 in t) && t[100000] > 0)
      printf "linearity: time(1M)/time(100k) = %.2f", t[1000000] / t[100000]
    if ((10000 in t) && (100000 in t) && t[10000] > 0)
      printf "%stime(100k)/time(10k) = %.2f", ((1000000 in t) ? ", " : "linearity: "), t[100000] / t[10000]
    if ((10000 in t) && (100000 in t)) printf "  (about 10 is linear)\n"
  }' "$tmp/rows"
exit $status
