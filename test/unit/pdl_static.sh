#!/bin/sh
# pdl_static.sh - the pattern file azc writes at compile time (docs/pdl.md, "Files azc writes"):
#   - for samples/jacobi.zpl, samples/heat.zpl, bench/micro/micro.zpl,
#     test/check/own_comm_opt.zpl, own_runahead.zpl (a gather of two reductions' values) and
#     own_strided_compact.zpl (ghost planes of arrays stored compactly over strided regions),
#     hier_jacobi.zpl (a region constant and direction constants, section 15.1),
#     `azc --pdl-np=N` writes exactly what the program records with `mpirun -np N prog --az-pdl=FILE` with its default config, for
#     N = 1 to 4 (QUICK=1: 1 and 4), the file passes `azpdl check`, and the run, checked against
#     it with AZ_CHECK=FILE, follows it call by call from the first iteration on;
#   - jacobi's with -sn=16 for 4 processes is test/pdl/runs/jacobi_np4_n16.pdl (a run's file), and
#     with --pdl-comments its header names -sn=16;
#   - test/pdl/static/not_constant.zpl: the patterns whose sizes azc cannot know (a region bound
#     by a variable, a parameter bound to different arrays) are left out (with --pdl-comments, a
#     comment says why), the file passes `azpdl check`, and the pattern it does write is the run's;
#   - the file goes next to the C file or executable, to --pdl=FILE, nowhere with --no-pdl,
#     -fsyntax-only or --emit=ir, and bad option values are one line and exit status 1.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
BUILD=${BUILD:-build}
AZPDL=${AZPDL:-$BUILD/azpdl}
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "pdl_static.sh: $*"; fail=1; }
nps="1 2 3 4"
[ -n "$QUICK" ] && nps="1 4"

# block ID FILE: pattern ID of a pattern file.
block() { awk -v id="$1" '$1 == "pattern" && $2 == id { on = 1 } on { print } on && $0 == "}" { exit }' "$2"; }

for src in samples/jacobi.zpl samples/heat.zpl bench/micro/micro.zpl test/check/own_comm_opt.zpl test/check/own_runahead.zpl \
           test/check/own_strided_compact.zpl \
           test/check/hier_jacobi.zpl; do
  name=$(basename "$src" .zpl)
  "$AZC" "$src" -o "$t/$name" --no-pdl 2>"$t/err" || { say "$src does not compile"; cat "$t/err"; continue; }
  for np in $nps; do
    "$AZC" "$src" -o "$t/$name.c" --pdl-np="$np" 2>"$t/err" || { say "$src: azc --pdl-np=$np failed"; cat "$t/err"; continue; }
    # the run also follows azc's file call by call from its first iteration on (AZ_CHECK=FILE)
    if ! AZ_CHECK="$t/$name.pdl" timeout 120 mpirun -x AZ_CHECK -np "$np" "$t/$name" --az-pdl="$t/run.pdl" >/dev/null 2>"$t/err"; then
      say "$name on $np processes failed (AZ_CHECK=$name.pdl)"; head -5 "$t/err"; continue
    fi
    if ! cmp -s "$t/run.pdl" "$t/$name.pdl"; then
      say "$name: azc's file for $np processes is not what a run records:"; diff -u "$t/run.pdl" "$t/$name.pdl" | head -20
    fi
    "$AZPDL" check "$t/$name.pdl" 2>"$t/check" || { say "$name: azc's file for $np processes fails azpdl check:"; head "$t/check"; }
  done
done

# jacobi with -sn=16 on 4 processes: the recorded file checked by hand (pdl_runs.sh)
"$AZC" samples/jacobi.zpl -o "$t/jacobi.c" -sn=16 || say "jacobi -sn=16 does not compile"
cmp -s test/pdl/runs/jacobi_np4_n16.pdl "$t/jacobi.pdl" ||
  { say "jacobi -sn=16 differs from test/pdl/runs/jacobi_np4_n16.pdl:"; diff -u test/pdl/runs/jacobi_np4_n16.pdl "$t/jacobi.pdl" | head -20; }
"$AZC" samples/jacobi.zpl -o "$t/jacobi.c" -sn=16 --pdl-comments || say "jacobi -sn=16 --pdl-comments does not compile"
head -2 "$t/jacobi.pdl" | grep -q -- "-sn=16" || say "the header of jacobi.pdl does not name -sn=16"

# patterns whose sizes are not known at compile time
nc=test/pdl/static/not_constant.zpl
"$AZC" "$nc" -o "$t/nc" --no-pdl 2>/dev/null && "$AZC" "$nc" -o "$t/nc.c" --pdl-np=3 2>/dev/null || say "$nc does not compile"
grep -q '//' "$t/nc.pdl" && { say "$nc: comments without --pdl-comments:"; cat "$t/nc.pdl"; }
cp "$t/nc.pdl" "$t/nc_strict.pdl"
"$AZC" "$nc" -o "$t/nc.c" --pdl-np=3 --pdl-comments 2>/dev/null || say "$nc does not compile with --pdl-comments"
grep -v '^//' "$t/nc.pdl" | cmp -s - "$t/nc_strict.pdl" || say "$nc: --pdl-comments changed more than the comment lines"
grep -qx "// pattern 1: not written: parameter 'X' is not bound to one array by every call" "$t/nc.pdl" ||
  { say "$nc: no comment for pattern 1:"; cat "$t/nc.pdl"; }
grep -qx "// pattern 3: not written: 'm' (line 18) is not a compile-time constant" "$t/nc.pdl" ||
  { say "$nc: no comment for pattern 3:"; cat "$t/nc.pdl"; }
"$AZPDL" check "$t/nc.pdl" 2>"$t/check" || { say "$nc: azc's file fails azpdl check:"; head "$t/check"; }
if timeout 120 mpirun -np 3 "$t/nc" --az-pdl="$t/run.pdl" >/dev/null 2>"$t/err"; then
  block 2 "$t/run.pdl" >"$t/recorded"
  block 2 "$t/nc.pdl" >"$t/static"
  [ -s "$t/static" ] && cmp -s "$t/recorded" "$t/static" || { say "$nc: pattern 2 is not the run's:"; diff -u "$t/recorded" "$t/static"; }
  [ -z "$(block 1 "$t/nc.pdl")$(block 3 "$t/nc.pdl")" ] || say "$nc: patterns 1 and 3 are written"
else
  say "$nc on 3 processes failed"; head -5 "$t/err"
fi

# where the file goes
cp samples/hello.zpl "$t/hello.zpl"
"$AZC" "$t/hello.zpl" -fsyntax-only && "$AZC" "$t/hello.zpl" --emit=ir >/dev/null
[ -e "$t/hello.pdl" ] && say "-fsyntax-only or --emit=ir wrote hello.pdl"
"$AZC" "$t/hello.zpl" --no-pdl && [ -e "$t/hello.c" ] && [ ! -e "$t/hello.pdl" ] || say "--no-pdl: a pattern file, or no C"
"$AZC" "$t/hello.zpl" --pdl="$t/other.pdl" && [ -e "$t/other.pdl" ] && [ ! -e "$t/hello.pdl" ] || say "--pdl=FILE was not followed"
"$AZC" "$t/hello.zpl" -o "$t/hello" && [ -e "$t/hello.pdl" ] || say "no hello.pdl next to the executable"
grep -qx "numprocesses 4" "$t/hello.pdl" || say "hello.pdl is not for 4 processes"
rm -f "$t/hello.c"
"$AZC" "$t/hello.zpl" --pdl="$t/no/such/dir.pdl" 2>"$t/err"
[ $? = 1 ] && [ ! -e "$t/hello.c" ] && grep -q "cannot write" "$t/err" || say "an unwritable pattern file is not an error that leaves no output"
ls "$t" | grep -q tmp && say "a temporary file was left behind"

# bad values: one line, status 1, no output
for opt in --pdl-np=0 --pdl-np=1025 --pdl-np=x --pdl-np= --pdl-np --pdl= -sn -sx=1 -sn=abc -sn=4294967296 -sdelta=1; do
  rm -f "$t/j.c" "$t/j.pdl"
  "$AZC" samples/jacobi.zpl -o "$t/j.c" "$opt" 2>"$t/err"
  st=$?
  if [ $st != 1 ] || [ "$(wc -l <"$t/err")" != 1 ] || ! grep -q "^azc: error: " "$t/err" || [ -e "$t/j.c" ] || [ -e "$t/j.pdl" ]; then
    say "'$opt': status $st, expected one error line and no output:"; cat "$t/err"
  fi
done
exit $fail
