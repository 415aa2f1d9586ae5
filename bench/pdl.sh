#!/bin/sh
# pdl.sh - speed of `azpdl check` (matching, event graph, modes, buffers) on one pattern of
# 100,000 messages, for the shapes of bench/pdl_gen.c (a gather from 100,000 processes with tag ANY
# among them): the median of 3 runs, peak memory, and whether it meets the goal of issues 6 and 23
# (under 1 s). Exits 1 if azpdl fails or is over the goal.
#
# Run from the repository root:  BUILD=build sh bench/pdl.sh
# Optional: AZPDL (default $BUILD/azpdl), CC (default cc), PDL_MESSAGES (default 100000),
#           PDL_GOAL (seconds, default 1).
set -eu

BUILD=${BUILD:-build}
AZPDL=${AZPDL:-$BUILD/azpdl}
CC=${CC:-cc}
MESSAGES=${PDL_MESSAGES:-100000}
GOAL=${PDL_GOAL:-1}

if [ ! -x "$AZPDL" ]; then
  echo "pdl.sh: $AZPDL not found; build it first (make $BUILD/azpdl)" >&2
  exit 1
fi
mkdir -p "$BUILD/bench"
$CC -std=c11 -O2 -o "$BUILD/bench/pdl_gen" bench/pdl_gen.c
$CC -std=c11 -D_GNU_SOURCE -O2 -o "$BUILD/bench/runstat" bench/runstat.c

tmp=$(mktemp -d "${TMPDIR:-/tmp}/azpdl-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

status=0
printf '%-10s %10s %9s %10s %12s\n' shape processes messages "median s" "max RSS MiB"
for case in "exchange 64" "exchange 1024" "halo 64" "halo 5000" "gather 101" "gatherany $((MESSAGES + 1))"; do
  set -- $case
  "$BUILD/bench/pdl_gen" "$MESSAGES" "$2" "$1" >"$tmp/p.pdl"
  : >"$tmp/times"
  rss=0
  for run in 1 2 3; do
    set -- $("$BUILD/bench/runstat" -t 120 "$AZPDL" check "$tmp/p.pdl") "$@"
    if [ "$3" != 0 ]; then
      echo "pdl.sh: azpdl check failed (status $3) on $case" >&2
      exit 1
    fi
    echo "$1" >>"$tmp/times"
    [ "$2" -gt "$rss" ] && rss=$2
    shift 3
  done
  med=$(sort -n "$tmp/times" | sed -n 2p)
  msgs=$(sed -n 's/.*rounds, \([0-9]*\) messages/\1/p' "$tmp/p.pdl")
  printf '%-10s %10s %9s %10.3f %12.1f\n' "$1" "$2" "$msgs" "$med" "$(echo "$rss" | awk '{ print $1 / 1024 }')"
  if awk -v t="$med" -v g="$GOAL" 'BEGIN { exit !(t >= g) }'; then
    echo "pdl.sh: $case takes ${med}s, over the goal of ${GOAL}s" >&2
    status=1
  fi
done
echo "goal: under ${GOAL}s for each (issues 6 and 23)"
exit $status
