#!/bin/sh
# frontend.sh - front-end speed benchmark: times `azc -fsyntax-only` on generated valid
# programs of 10k, 100k and 1M lines (median of 5 runs, 3 for 1M) and prints lines per
# second, peak memory and how close to linear the time grows. The smallest valid program
# is measured too, to show the fixed start-up cost.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/frontend.sh
# Optional: CC (default cc), BENCH_SIZES (default "10000 100000 1000000"),
#           BENCH_TIMEOUT (seconds per azc run, default 600).
set -eu
. "$(dirname "$0")/lib.sh"

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

# make_program N FILE: an N-line program, or for N = 0 the smallest valid program.
make_program() {
  if [ "$1" = 0 ]; then
    printf 'program p;\nprocedure p();\nbegin\nend;\n' >"$2"
  else
    "$BUILD/bench/gen_program" "$1" >"$2"
  fi
}

# measure N: time azc on an N-line program; append "N LINES MEDIAN MAXRSS RUNS" to rows.
measure() {
  n=$1
  prog=$tmp/p$n.zpl
  make_program "$n" "$prog" || return 1
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
  echo "$n $lines $(median < "$tmp/times") $(sort -n "$tmp/rss" | tail -n 1) $runs" >>"$tmp/rows"
  rm -f "$prog"
}

# report: the table and the linearity ratios (raw, and less the start-up time).
report() {
  awk '
    # ratio(a, b, name, base): "name = R" for (time(a) - base) / (time(b) - base), or "".
    function ratio(a, b, name, base) {
      if (!(a in t) || !(b in t) || t[b] - base <= 0) return ""
      return sprintf("%s = %.2f", name, (t[a] - base) / (t[b] - base))
    }
    # both(base): the two ratios that exist, separated by a comma.
    function both(base,    r1, r2) {
      r1 = ratio(1000000, 100000, "time(1M)/time(100k)", base)
      r2 = ratio(100000, 10000, "time(100k)/time(10k)", base)
      return r1 ((r1 != "" && r2 != "") ? ", " : "") r2
    }
    BEGIN { printf "%10s %5s %10s %12s %12s\n", "lines", "runs", "median s", "lines/s", "max RSS MiB" }
    $1 == 0 {
      printf "%10d %5d %10.4f %12s %12.1f   (start-up: smallest program)\n", $2, $5, $3, "-", $4 / 1024
      t0 = $3
      next
    }
    {
      printf "%10d %5d %10.4f %12.0f %12.1f\n", $2, $5, $3, ($3 > 0 ? $2 / $3 : 0), $4 / 1024
      t[$1] = $3
    }
    END {
      if (both(0) == "") exit
      printf "linearity: %s  (about 10 is linear)\n", both(0)
      if (t0 > 0) printf "  less the start-up time: %s\n", both(t0)
    }' "$tmp/rows"
}

: >"$tmp/rows"
status=0
for n in 0 $SIZES; do
  measure "$n" || { status=1; break; }
done
echo "front end: $AZC -fsyntax-only on programs from bench/gen_program"
report
exit $status
