#!/bin/sh
# run_failures.sh - every failure of a run is reported (issue 23): memory a run cannot have is R15
# at once on any process count, a failed write (standard output at exit, a file through
# open/writeln/close, the pattern file of --az-pdl) is a run-time error with a non-zero status, a
# directory opened for reading is W4, a word too long for a string is an error, and a bad
# LIBSPLIT_RMA_MAP or AZ_STATS is one line from one process.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "run_failures.sh: $*"; fail=1; }

# expect NAME STATUS TEXT -- command...: the exit status and a line of stderr containing TEXT
expect() {
  name=$1 want=$2 text=$3
  shift 4
  timeout 120 "$@" >"$t/out" 2>"$t/err"
  st=$?
  [ "$st" = "$want" ] || { say "$name: exit status $st, expected $want"; head -n 5 "$t/err"; }
  grep -qF -- "$text" "$t/err" || { say "$name: stderr lacks '$text'"; head -n 5 "$t/err"; }
}
build() { # build NAME: compile $t/NAME.zpl into $t/NAME
  "$AZC" "$t/$1.zpl" -o "$t/$1" >"$t/cc" 2>&1 || { say "$1 does not compile"; cat "$t/cc"; }
}

# R15 at once: 100000 x 100000 doubles are 80 GB a process on one, 20 GB on four (they were all
# granted by calloc and the kernel killed the run 30 s later).
"$AZC" samples/jacobi.zpl -o "$t/jacobi" >/dev/null 2>&1 || say "jacobi does not compile"
for np in 1 2 3 4; do
  expect "R15 on $np processes" 1 "runtime error: out of memory" -- mpirun -np $np "$t/jacobi" -sn=100000
done

# Writes that fail.
"$AZC" samples/hello.zpl -o "$t/hello" >/dev/null 2>&1 || say "hello does not compile"
expect "standard output to /dev/full" 1 "runtime error: cannot write the standard output: No space left on device" -- sh -c "'$t/hello' >/dev/full"
printf 'program wf;\nvar f : file;\nprocedure wf();\nbegin\n  f := open("/dev/full", "w");\n  writeln(f, "hello");\n  close(f);\n  writeln("after");\nend;\n' >"$t/wf.zpl"
build wf
expect "writeln to /dev/full" 1 "runtime error: cannot write file '/dev/full': No space left on device" -- "$t/wf"
grep -q after "$t/out" && say "writeln to /dev/full: the program went on"
expect "writeln to /dev/full on 3 processes" 1 "runtime error: cannot write file '/dev/full'" -- mpirun -np 3 "$t/wf"
expect "--az-pdl to a missing directory" 1 "runtime error: cannot write the pattern file '/nonexistent/x.pdl'" -- "$t/hello" --az-pdl=/nonexistent/x.pdl
expect "--az-pdl to a missing directory on 2 processes" 1 "cannot write the pattern file" -- mpirun -np 2 "$t/hello" --az-pdl=/nonexistent/x.pdl

# Reads.
printf 'program rd;\nvar f : file;\n    s : string;\nprocedure rd();\nbegin\n  f := open("%s", "r");\n  writeln(f = znull);\nend;\n' "$t" >"$t/rd.zpl"
build rd
expect "a directory opened for reading" 0 "warning: cannot open file '$t'" -- "$t/rd"
grep -q true "$t/out" || say "a directory opened for reading: not znull"
printf 'program rs;\nvar s : string;\nprocedure rs();\nbegin\n  read(s);\n  writeln(s);\nend;\n' >"$t/rs.zpl"
build rs
awk 'BEGIN { s = ""; for (i = 0; i < 300; i++) s = s "a"; print s }' >"$t/long"
expect "a 300-character word into a string" 1 "runtime error: read: the word is longer than a string holds (255 characters)" -- sh -c "'$t/rs' <'$t/long'"
awk 'BEGIN { s = ""; for (i = 0; i < 255; i++) s = s "b"; print s }' >"$t/fits"
"$t/rs" <"$t/fits" >"$t/out" 2>&1 && [ "$(tr -d ' \n' <"$t/out" | wc -c)" = 255 ] || say "a 255-character word does not fit"

# Integers read (signed and unsigned through one reader): the ends of their ranges are read back,
# a value beyond them is an error naming the type.
printf 'program ri;\nvar i : integer;\n    u : uinteger;\n    b : ubyte;\nprocedure ri();\nbegin\n  read(i, u, b);\n  writeln(i, " ", u, " ", b);\nend;\n' >"$t/ri.zpl"
build ri
echo "-2147483648 4294967295 255" | "$t/ri" >"$t/out" 2>&1
[ "$(tr -s ' ' <"$t/out" | sed 's/^ //; s/ $//')" = "-2147483648 4294967295 255" ] || say "integers at the ends of their ranges: not read back"
for bad in "2147483648 1 1:integer" "1 -1 1:uinteger" "1 4294967296 1:uinteger" "1 1 256:ubyte"; do
  expect "read ${bad%:*}" 1 "ri.zpl:7: runtime error: read: invalid input for type ${bad#*:}" -- sh -c "echo '${bad%:*}' | '$t/ri'"
done

# A stride of 'by' known only at run time that would take a loop index past the range of longint.
printf 'program rb;\nconfig var s : longint = 2;\nregion R = [1..8];\ndirection e = [s];\nvar A : [R] integer;\nprocedure rb();\nbegin\n  [R] A := 0;\n  [R by e] A := 7;\n  [R] writeln(+<< A);\nend;\n' >"$t/rb.zpl"
build rb
"$t/rb" >"$t/out" 2>&1 && [ "$(tr -d ' ' <"$t/out")" = 28 ] || say "[R by e] with e = [2]: not 28"
expect "[R by e] with e = [2^63-1]" 1 "rb.zpl:9: runtime error: direction component 1 of 'by' makes the stride too large" -- "$t/rb" -ss=9223372036854775807
expect "[R by e] with e = [-2^63+1]" 1 "rb.zpl:9: runtime error: direction component 1 of 'by' makes the stride too large" -- "$t/rb" -ss=-9223372036854775807

# Bad environment values: one line, from one process.
expect "LIBSPLIT_RMA_MAP=x" 1 "LIBSPLIT_RMA_MAP must be 0 or 1, not 'x'" -- env LIBSPLIT_RMA_MAP=x mpirun -x LIBSPLIT_RMA_MAP -np 3 "$t/hello"
[ "$(grep -c 'LIBSPLIT_RMA_MAP must be' "$t/err")" = 1 ] || say "LIBSPLIT_RMA_MAP=x: not reported exactly once"
expect "AZ_STATS=x" 2 "AZ_STATS must be 0 or 1, not 'x'" -- env AZ_STATS=x "$t/hello"
expect "AZ_STATS=x on 2 processes" 2 "AZ_STATS must be 0 or 1, not 'x'" -- env AZ_STATS=x mpirun -x AZ_STATS -np 2 "$t/hello"
[ "$(grep -c 'AZ_STATS must be' "$t/err")" = 1 ] || say "AZ_STATS=x: not reported exactly once"
exit $fail
