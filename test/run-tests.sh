#!/bin/sh
# run-tests.sh: the azc test runner (POSIX sh; invoked by `make test` from the repo root).
#
# Environment: AZC   the azc binary (default build/azc)
#              BUILD the build directory holding test/test_* unit tests (default build)
#              QUICK set to 1 to skip slow tests (passed on to test/unit/*.sh)
#              FULL  set to 1 to run every run of the scripts that turn theirs from one program to
#                    the next (distributed.sh, runahead.sh; make test-full)
#              TEST_TIMES set to 1 to list every job's time at the end (not only the slowest six)
#
# Runs
#   a. test/check/*.zpl  - `azc -fsyntax-only NAME.zpl` (run inside test/check) must exit 0
#                          with empty stderr, or stderr equal to NAME.stderr if present;
#   b. test/diag/*/      - `azc [$(cat args)] NAME.zpl -o out.c` inside a copy of the directory:
#                          exit status 1 (or `expect-status N` from the file `status`),
#                          stderr equal to expected.stderr (or starting with
#                          expected.stderr.prefix), no out.c when the status is 1;
#   c. $BUILD/test/test_* executables and test/unit/*.sh scripts (run from the repo
#      root) must exit 0; a script that exits 77 is skipped (a tool it needs is missing),
#      and the first line it printed says why.
# Then, in a git checkout, no file the tests ran in may be new in the source tree (tests write
# under $BUILD or a mktemp directory).
# Prints `FAIL: name` (with a diff where useful) per failure and `SKIP: name (why)` per skipped
# test; the last line is `N passed, M failed`, preceded by `K skipped ...` when K > 0; exits
# non-zero when M > 0.
# a, b, each executable and each script are jobs; TEST_JOBS of them (default 2) run at a time,
# the slow scripts first (test/lib/jobs.sh), and their outputs are printed in the order above.

LC_ALL=C
export LC_ALL

AZC=${AZC:-build/azc}
BUILD=${BUILD:-build}
QUICK=${QUICK:-}
FULL=${FULL:-}
export QUICK FULL

ROOT=$(pwd)
case $AZC in
  /*) ;;
  */*) AZC=$ROOT/$AZC ;;
esac
case $BUILD in
  /*) ;;
  *) BUILD=$ROOT/$BUILD ;;
esac
export AZC BUILD

TMPROOT=$(mktemp -d "${TMPDIR:-/tmp}/azc-tests.XXXXXX") || exit 2
trap 'rm -rf "$TMPROOT"' EXIT
trap 'rm -rf "$TMPROOT"; exit 130' INT TERM

. "$ROOT/test/lib/jobs.sh"
. "$ROOT/test/lib/progs.sh"

# The programs' executables built by other azc binaries or runtimes are of no further use.
progs_dir
for old in "$PROGS_ROOT"/*; do
  [ "$old" = "$PROGS_DIR" ] || rm -rf "$old"
done

passed=0
failed=0
skipped=0

pass() {
  passed=$((passed + 1))
}

# fail NAME [REASON]: count a failure and print its line.
fail() {
  failed=$((failed + 1))
  if [ -n "$2" ]; then
    echo "FAIL: $1 ($2)"
  else
    echo "FAIL: $1"
  fi
}

# show_diff EXPECTED ACTUAL: unified diff of the expected and the actual text.
show_diff() {
  diff -u "$1" "$2"
}

# --- a. programs that must be accepted -----------------------------------------
accepted() {
  for f in "$ROOT"/test/check/*.zpl; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .zpl)
    exp=$ROOT/test/check/$name.stderr
    (cd "$ROOT/test/check" && "$AZC" -fsyntax-only "$name.zpl") \
      >"$TMP/out" 2>"$TMP/err"
    st=$?
    if [ -f "$exp" ]; then
      cp "$exp" "$TMP/exp"
    else
      : >"$TMP/exp"
    fi
    if [ "$st" -ne 0 ]; then
      fail "check/$name.zpl" "exit status $st, expected 0"
      show_diff "$TMP/exp" "$TMP/err"
    elif ! cmp -s "$TMP/exp" "$TMP/err"; then
      fail "check/$name.zpl" "unexpected standard error"
      show_diff "$TMP/exp" "$TMP/err"
    else
      pass
    fi
  done
}

# --- b. diagnostics --------------------------------------------------------------
diagnostics() {
  for d in "$ROOT"/test/diag/*/; do
    [ -d "$d" ] || continue
    d=${d%/}
    case=$(basename "$d")
    set -- "$d"/*.zpl
    if [ $# -ne 1 ] || [ ! -f "$1" ]; then
      fail "diag/$case" "the directory must contain exactly one .zpl file"
      continue
    fi
    src=$(basename "$1")
    args=
    if [ -f "$d/args" ]; then
      args=$(cat "$d/args")
    fi
    want=1
    if [ -f "$d/status" ]; then
      want=$(sed -n '1s/^expect-status[ 	]*\([0-9][0-9]*\).*$/\1/p' "$d/status")
      if [ -z "$want" ]; then
        fail "diag/$case" "malformed status file"
        continue
      fi
    fi
    if [ -f "$d/expected.stderr" ]; then
      mode=exact
      cp "$d/expected.stderr" "$TMP/exp"
    elif [ -f "$d/expected.stderr.prefix" ]; then
      mode=prefix
      cp "$d/expected.stderr.prefix" "$TMP/exp"
    else
      fail "diag/$case" "no expected.stderr or expected.stderr.prefix"
      continue
    fi
    # A copy of the directory, so that what azc writes (out.c, out.pdl) stays out of the source tree.
    rm -rf "$TMP/case"
    cp -R "$d" "$TMP/case"
    rm -f "$TMP/case/out.c"
    # $args is split into words on purpose.
    (cd "$TMP/case" && "$AZC" $args "$src" -o out.c) >"$TMP/out" 2>"$TMP/err"
    st=$?
    made_out=no
    [ -f "$TMP/case/out.c" ] && made_out=yes
    problem=
    if [ "$st" -ne "$want" ]; then
      problem="exit status $st, expected $want"
    elif [ "$want" -eq 1 ] && [ "$made_out" = yes ]; then
      problem="out.c was written although azc reported an error"
    fi
    if [ "$mode" = exact ]; then
      cmp -s "$TMP/exp" "$TMP/err" || problem="${problem:-standard error differs}"
      cp "$TMP/err" "$TMP/act"
    else
      # Compare the first lines of stderr, as many as the prefix file has (and,
      # if the prefix does not end with a newline, its last partial line too).
      size=$(wc -c <"$TMP/exp")
      head -c "$size" "$TMP/err" >"$TMP/act" 2>/dev/null ||
        dd if="$TMP/err" of="$TMP/act" bs=1 count="$size" 2>/dev/null
      cmp -s "$TMP/exp" "$TMP/act" || problem="${problem:-standard error does not start with the expected text}"
      cp "$TMP/err" "$TMP/act"
    fi
    if [ -n "$problem" ]; then
      fail "diag/$case" "$problem"
      show_diff "$TMP/exp" "$TMP/act"
    else
      pass
    fi
  done
}

# --- c. unit tests ---------------------------------------------------------------
# unit PATH: run the test executable or script PATH
unit() {
  name=$(basename "$1")
  case $name in
    *.sh) sh "$1" >"$TMP/out" 2>&1 ;;
    *) "$1" >"$TMP/out" 2>&1 ;;
  esac
  st=$?
  if [ $st -eq 0 ]; then
    pass
  elif [ $st -eq 77 ] && [ "${name%.sh}" != "$name" ]; then
    skipped=$((skipped + 1))
    echo "SKIP: unit/$name ($(head -1 "$TMP/out"))"
  else
    fail "unit/$name" "exit status $st"
    tail -n 20 "$TMP/out"
  fi
}

# job ITEM: run the job ITEM (a, b or unit:PATH) in its own scratch directory, and write the
# numbers of tests passed, failed and skipped to ITEM's .count file
job() {
  key=$(jobs_key "$1")
  TMP=$TMPROOT/$key.scratch
  mkdir -p "$TMP"
  started=$(date +%s)
  case $1 in
    a) accepted ;;
    b) diagnostics ;;
    unit:*) unit "${1#unit:}" ;;
  esac
  echo "$(($(date +%s) - started)) ${1#unit:}" >"$TMPROOT/$key.secs"
  echo "$passed $failed $skipped" >"$TMPROOT/$key.count"
}

# The files of the source tree nobody tracks, before the tests: a test must not add any (its
# files go under $BUILD or a mktemp directory). Only in a git checkout.
untracked() {
  git -C "$ROOT" status --porcelain --untracked-files=all 2>/dev/null | sed -n 's/^?? //p' | sort
}
in_git=no
git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 && in_git=yes
[ $in_git = yes ] && untracked >"$TMPROOT/untracked.before"

# In the order of the output, and in the order in which they start: the slow scripts first.
# (Scripts are named from the repo root, the current directory.)
set -- a b
for t in "$BUILD"/test/test_*; do
  [ -f "$t" ] && [ -x "$t" ] && set -- "$@" "unit:$t"
done
for s in test/unit/*.sh; do
  [ -f "$s" ] && set -- "$@" "unit:$s"
done
first=
for s in distributed golden fuzz_san runahead libsplit pdl_runs runtime_errors watchdog run_failures; do
  [ -f "test/unit/$s.sh" ] && first="$first unit:test/unit/$s.sh"
done
# shellcheck disable=SC2086
jobs_start "$TMPROOT" job $first "$@"

for item in "$@"; do
  jobs_done "$TMPROOT" "$item"
  if read -r p f s <"$TMPROOT/$(jobs_key "$item").count" 2>/dev/null; then
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + s))
  else
    fail "$item" "did not finish"
  fi
done
wait

if [ $in_git = yes ]; then
  untracked >"$TMPROOT/untracked.after"
  new=$(comm -13 "$TMPROOT/untracked.before" "$TMPROOT/untracked.after")
  if [ -n "$new" ]; then
    fail "source tree" "new files in it: written by the tests, or added while they ran"
    echo "$new" | head -20
  else
    pass
  fi
fi

# The slowest jobs (CI's budget is 15 minutes of a run: what to trim first).
echo "slowest (seconds): $(cat "$TMPROOT"/*.secs 2>/dev/null | sort -rn | head -6 | tr '\n' ' ')"
[ "${TEST_TIMES:-0}" = 1 ] && echo "every job (seconds): $(cat "$TMPROOT"/*.secs 2>/dev/null | sort -rn | tr '\n' ' ')"

# The last line is always "N passed, M failed" (CI reads it); skips are said on the line before.
[ "$skipped" -gt 0 ] && echo "$skipped skipped (a tool they need is missing)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
