#!/bin/sh
# azpdl.sh - the PDL tool (docs/pdl.md) on the files of test/pdl/, run inside that directory:
#   NAME.err    `azpdl check NAME.pdl` exits 1 with exactly this on stderr (err_*.pdl);
#   otherwise   `azpdl check NAME.pdl` exits 0 and prints nothing but NAME.warn (if present),
#               and `azpdl stats NAME.pdl` prints exactly NAME.stats (if present);
# then the command line (usage, --help, missing files) and `azpdl dot` (well-formed; rendered by
# Graphviz when `dot` is installed).
# Environment: AZPDL (default $BUILD/azpdl), BUILD (default build).
BUILD=${BUILD:-build}
AZPDL=${AZPDL:-$BUILD/azpdl}
case $AZPDL in /*) ;; *) AZPDL=$(pwd)/$AZPDL ;; esac
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
say() { echo "azpdl.sh: $*"; fail=1; }

[ -x "$AZPDL" ] || { echo "azpdl.sh: $AZPDL not found (make $BUILD/azpdl)"; exit 1; }

# same EXPECTED ACTUAL WHAT: compare two files, show the difference.
same() {
  cmp -s "$1" "$2" && return 0
  say "$3 differs:"
  diff -u "$1" "$2"
  return 1
}

ROOT=$(pwd)
cd test/pdl || exit 1
for f in *.pdl; do
  n=${f%.pdl}
  "$AZPDL" check "$f" >"$t/out" 2>"$t/err"
  st=$?
  [ -s "$t/out" ] && say "check $f wrote to stdout"
  if [ -f "$n.err" ]; then
    [ "$st" = 1 ] || say "check $f: exit status $st, expected 1"
    same "$n.err" "$t/err" "stderr of check $f"
    continue
  fi
  [ "$st" = 0 ] || say "check $f: exit status $st, expected 0"
  if [ -f "$n.warn" ]; then same "$n.warn" "$t/err" "stderr of check $f"
  else [ -s "$t/err" ] && { say "check $f wrote to stderr:"; cat "$t/err"; }
  fi
  if [ -f "$n.stats" ]; then
    "$AZPDL" stats "$f" >"$t/out" 2>/dev/null || say "stats $f failed"
    same "$n.stats" "$t/out" "stats of $f"
  fi
done

# The notes' results for Felten's FFT (Fig. 4.4, loose form): one message of each exchange
# synchronizing, the other receiver-buffered.
"$AZPDL" stats fft.pdl | grep -q '^  modes: 0 blast, 4 synchronizing, 4 receiver-buffered (L0 = 8000)$' ||
  say "fft.pdl: not 4 synchronizing and 4 receiver-buffered"
# Patterns in a loop (test/pdl/loop.pdl, checked by hand): a one-way message needs a ready
# token, a bare exchange two buffers, an exchange followed by a reduction nothing.
"$AZPDL" stats loop.pdl | awk '/^pattern/ { p = $2 } /in a loop: [0-9]/ { print p, $4, $7, $13 }' > "$t/loop"
printf '1: 0 0 1\n2: 0 2 0\n3: 6 0 0\n' | cmp -s - "$t/loop" || { say "loop.pdl: wrong loop modes:"; cat "$t/loop"; }
# Every error kind names pattern, process and statement.
for n in err_unpaired err_unmatched err_deadlock err_range err_size; do
  grep -q 'pattern [0-9]*, process [0-9]*, statement [0-9]*:' "$n.err" || say "$n.err names no statement"
done
grep -q "error: pattern 9, process 0, statement 1: deadlock" err_deadlock.err || say "deadlock not reported"
grep -q "the message to process 1 with tag 7 is never received" err_unmatched.err || say "unmatched send not named"
grep -q "dest 7 is out of range" err_range.err || say "out-of-range dest not reported"

# check: usage COMMAND... -> status 2 and one line on stderr naming the problem.
usage() {
  want=$1
  shift
  "$AZPDL" "$@" >"$t/out" 2>"$t/err"
  st=$?
  [ "$st" = 2 ] || say "azpdl $*: exit status $st, expected 2"
  [ "$(wc -l <"$t/err")" = 1 ] || say "azpdl $*: not one line on stderr"
  grep -q "$want" "$t/err" || say "azpdl $*: stderr lacks '$want'"
}
usage "no command"
usage "unknown command frob" frob fft.pdl
usage "no input file after check" check
usage "too many arguments after stats" stats fft.pdl fft.pdl
usage "too many arguments after dot" dot fft.pdl 0 1
"$AZPDL" --help >"$t/out" 2>&1 || say "--help failed"
grep -q '^usage: azpdl check FILE' "$t/out" || say "--help printed no usage"
"$AZPDL" check nope.pdl 2>"$t/err"
[ $? = 1 ] || say "a missing file is not status 1"
grep -q "cannot read 'nope.pdl'" "$t/err" || say "a missing file is not named"

# dot: one digraph per pattern, a cluster (lane) per process, an arrow per message coloured by
# mode; well-formed (Graphviz renders it, or at least the braces balance).
"$AZPDL" dot fft.pdl 0 >"$t/fft.dot" || say "dot fft.pdl 0 failed"
head -n 1 "$t/fft.dot" | grep -q '^digraph "pattern 0" {$' || say "dot: no digraph header"
[ "$(tail -n 1 "$t/fft.dot")" = "}" ] || say "dot: the graph is not closed"
[ "$(grep -c 'subgraph cluster_' "$t/fft.dot")" = 4 ] || say "dot: not one lane per process"
[ "$(grep -c 'color=blue, constraint=false' "$t/fft.dot")" = 4 ] || say "dot: not 4 synchronizing arrows"
[ "$(grep -c 'color=red, constraint=false' "$t/fft.dot")" = 4 ] || say "dot: not 4 receiver-buffered arrows"
open=$(tr -cd '{' <"$t/fft.dot" | wc -c)
close=$(tr -cd '}' <"$t/fft.dot" | wc -c)
[ "$open" = "$close" ] || say "dot: unbalanced braces"
"$AZPDL" dot loose.pdl >"$t/all.dot" || say "dot loose.pdl failed"
[ "$(grep -c '^digraph' "$t/all.dot")" = 3 ] || say "dot without PATTERN: not one graph per pattern"
grep -q 'color=forestgreen' "$t/all.dot" || say "dot: no blast arrow in loose.pdl"
if command -v dot >/dev/null 2>&1; then
  dot -Tsvg "$t/fft.dot" >/dev/null || say "Graphviz rejects the fft graph"
  dot -Tsvg "$t/all.dot" >/dev/null || say "Graphviz rejects the loose graphs"
fi
"$AZPDL" dot fft.pdl 5 >/dev/null 2>"$t/err"
[ $? = 1 ] || say "dot of a missing pattern is not status 1"
grep -q "has no pattern '5'" "$t/err" || say "dot of a missing pattern: no message"
"$AZPDL" dot err_deadlock.pdl >"$t/out" 2>/dev/null
[ $? = 1 ] || say "dot of a broken file is not status 1"

# Large patterns in bounded CPU time (issue 23; a limit on CPU seconds, not the wall clock, so a
# loaded machine does not matter): 100,000 send/recv pairs (21 s before), a gather from 100,000
# processes with tag ANY and source ANY (over 2 minutes), a deadlock of 30,000 processes waiting
# with tag ANY (error path: 8 s). bench/pdl.sh measures them against the goal of 1 s.
cd "$t" || exit 1
${CC:-cc} -std=c11 -O2 -o pdl_gen "$ROOT/bench/pdl_gen.c" || say "cannot build bench/pdl_gen.c"
bounded() { # bounded CPU-SECONDS WANT-STATUS WHAT -- command...
  secs=$1 want=$2 what=$3
  shift 4
  (ulimit -t "$secs"; exec "$@") >out 2>err
  st=$?
  [ $st = "$want" ] || { say "$what: exit status $st, expected $want (more than $secs s of CPU time?)"; tail -n 3 err; }
}
./pdl_gen 100000 64 exchange > exchange.pdl
bounded 8 0 "check of 100,000 messages" -- "$AZPDL" check exchange.pdl
bounded 20 0 "stats of 100,000 messages" -- "$AZPDL" stats exchange.pdl
grep -q "64 processes, 100032 messages" out || say "stats of 100,000 messages: no count"
awk 'BEGIN { n = 100000; print "numprocesses " n + 1; print "pattern 1 {"; print "  process 0 {";
             for (i = 1; i <= n; i++) print "    recv tag ANY maxsize 256"; print "  }";
             for (i = 1; i <= n; i++) { print "  process " i " {"; print "    send dest 0 tag " i % 7 " maxsize 256"; print "  }" }
             print "}" }' > gather.pdl
bounded 8 0 "gather from 100,000 processes with tag ANY" -- "$AZPDL" check gather.pdl
awk 'BEGIN { n = 30000; print "pattern 1 {";
             for (i = 0; i < n; i++) { print "  process " i " {"; print "    recv tag ANY maxsize 8";
                                       print "    send dest " (i + 1) % n " tag 0 maxsize 8"; print "  }" }
             print "}" }' > cycle.pdl
bounded 8 1 "deadlock of 30,000 processes" -- "$AZPDL" check cycle.pdl
grep -q 'deadlock' err || say "deadlock of 30,000 processes: not reported"
exit $fail
