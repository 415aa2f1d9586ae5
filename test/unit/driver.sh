#!/bin/sh
# driver.sh - the azc command line: options, version, help, unknown options, missing and misnamed
# inputs, the error limit, --emit=ast to a file, --emit=ir after a given pass, and that a failed
# run leaves no output file; -I for the header import and the C compiler, --cflags and --libs.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
check() { # check NAME EXPECTED-STATUS EXPECTED-STDERR-SUBSTRING -- command...
  name=$1 want=$2 text=$3
  shift 4
  "$@" >"$t/out" 2>"$t/err"
  got=$?
  if [ "$got" != "$want" ]; then echo "driver.sh: $name: exit status $got, expected $want"; fail=1; fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$t/err"; then
    echo "driver.sh: $name: stderr lacks '$text':"; cat "$t/err"; fail=1
  fi
}
good=test/check/s12_01_basics.zpl
check version 0 "" -- "$AZC" --version
grep -q '^azc ' "$t/out" || { echo "driver.sh: --version printed nothing"; fail=1; }
check help 0 "" -- "$AZC" --help
grep -q 'usage: azc' "$t/out" || { echo "driver.sh: --help printed no usage"; fail=1; }
check unknown-option 1 "azc: error: unknown option '-x'" -- "$AZC" -x "$good"
check no-input 1 "azc: error: no input file" -- "$AZC" -fsyntax-only
check two-inputs 1 "more than one input file" -- "$AZC" "$good" "$good"
check bad-extension 1 "must end in .zpl or .z" -- "$AZC" -fsyntax-only README.md
check missing-file 1 "cannot read 'nope.zpl'" -- "$AZC" -fsyntax-only nope.zpl
check bad-limit 1 "invalid value in '-ferror-limit=x'" -- "$AZC" -ferror-limit=x "$good"
check missing-o-arg 1 "option '-o' needs an argument" -- "$AZC" "$good" -o
check syntax-only 0 "" -- "$AZC" -fsyntax-only "$good"
[ -s "$t/out" ] && { echo "driver.sh: -fsyntax-only wrote to stdout"; fail=1; }
cp "$good" "$t/prog.z"
check dot-z 0 "" -- "$AZC" -fsyntax-only "$t/prog.z"
check emit-file 0 "" -- "$AZC" --emit=ast "$good" -o "$t/ast.txt"
grep -q 'program basics' "$t/ast.txt" || { echo "driver.sh: --emit=ast -o wrote no dump"; fail=1; }
printf 'program p;\nprocedure p();\nbegin\n  x := 1;\nend;\n' > "$t/bad.zpl"
check error-no-output 1 "undeclared identifier 'x'" -- "$AZC" --emit=ast "$t/bad.zpl" -o "$t/bad.txt"
[ -e "$t/bad.txt" ] && { echo "driver.sh: an output file was left after an error"; fail=1; }
ls "$t" | grep -q tmp && { echo "driver.sh: a temporary file was left behind"; fail=1; }
# Code generation refuses what it cannot compile yet, with a located error and no output file.
printf 'program r;\nconfig var n : integer = 3;\ntype part = record\n  tags : array [1..n] of char;\nend;\nvar p : part;\nprocedure r();\nbegin\n  p.tags[1] := to_char(97);\nend;\n' > "$t/rec.zpl"
check codegen-unsupported 1 "rec.zpl:6:5: error: code generation for indexed arrays with run-time bounds inside records" -- "$AZC" "$t/rec.zpl" -o "$t/rec.c"
[ -e "$t/rec.c" ] && { echo "driver.sh: a C file was left after a code generation error"; fail=1; }
# --keep-c names the C file after the executable, also when a directory in the path has a dot
mkdir -p "$t/v1.d"
(root=$(pwd) && cd "$t/v1.d" && "$AZC" --keep-c "$root/samples/hello.zpl" -o ./prog) >/dev/null 2>&1 &&
  [ -x "$t/v1.d/prog" ] && [ -f "$t/v1.d/prog.c" ] ||
  { echo "driver.sh: --keep-c -o ./prog did not write prog and prog.c"; ls -a "$t/v1.d"; fail=1; }
"$AZC" --keep-c samples/hello.zpl -o "$t/v1.d/hello" >/dev/null 2>&1 && [ -f "$t/v1.d/hello.c" ] && [ ! -e "$t/v1.c" ] ||
  { echo "driver.sh: --keep-c -o DIR.d/hello did not write DIR.d/hello.c"; fail=1; }
# -march= reaches the C compiler; a malformed value is refused
check march-bad 1 "invalid value in '-march=a b'" -- "$AZC" "-march=a b" "$good"
"$AZC" -march=native -O3 samples/hello.zpl -o "$t/hello_native" >/dev/null 2>&1 && [ -x "$t/hello_native" ] ||
  { echo "driver.sh: -march=native -O3 did not build"; fail=1; }
# with -march, on x86-64, vectors of 256 bits (docs/codegen.md): the flag reaches the C compiler
if [ "$(uname -m)" = x86_64 ]; then
  printf '#!/bin/sh\necho "$@" > "%s/cc.args"\nexec mpicc "$@"\n' "$t" > "$t/logcc"
  chmod +x "$t/logcc"
  AZC_MPICC="$t/logcc" "$AZC" -march=native samples/hello.zpl -o "$t/hello_native2" >/dev/null 2>&1 &&
    grep -q -- '-march=native -mprefer-vector-width=256' "$t/cc.args" ||
    { echo "driver.sh: -march=native did not bring -mprefer-vector-width=256:"; cat "$t/cc.args"; fail=1; }
  AZC_MPICC="$t/logcc" "$AZC" samples/hello.zpl -o "$t/hello_plain" >/dev/null 2>&1 &&
    ! grep -q -- '-mprefer-vector-width' "$t/cc.args" ||
    { echo "driver.sh: a build without -march got -mprefer-vector-width:"; cat "$t/cc.args"; fail=1; }
fi
# No shell: names with quotes, semicolons and spaces reach the C compiler as they are (issue 23).
mkdir -p "$t/inj"
cp samples/hello.zpl "$t/inj/hello.zpl"
(cd "$t/inj" && "$AZC" hello.zpl -o "x';touch PWNED;'" >/dev/null 2>&1)
[ -e "$t/inj/PWNED" ] && { echo "driver.sh: -o with a quote ran a shell command"; fail=1; }
[ -x "$t/inj/x';touch PWNED;'" ] || { echo "driver.sh: -o with a quote did not build the executable"; fail=1; }
(cd "$t/inj" && "$AZC" --keep-c hello.zpl -o 'y$(touch PWNED2)' >/dev/null 2>&1)
[ -e "$t/inj/PWNED2" ] && { echo "driver.sh: --keep-c -o with \$( ran a shell command"; fail=1; }
[ -f "$t/inj/y\$(touch PWNED2).c" ] || { echo "driver.sh: --keep-c did not keep the C file of a strange name"; fail=1; }
printf 'int unused_c_function(void) { return 1; }\n' > "$t/inj/a';touch PWNED3;'.c"
(cd "$t/inj" && "$AZC" hello.zpl "a';touch PWNED3;'.c" -o linked >/dev/null 2>&1)
[ -e "$t/inj/PWNED3" ] && { echo "driver.sh: a linked input's name ran a shell command"; fail=1; }
[ -x "$t/inj/linked" ] || { echo "driver.sh: a C file with a quote in its name was not linked"; fail=1; }
# A source path holding '*/' cannot end the header comment of the generated C.
mkdir -p "$t/a*"
cp samples/hello.zpl "$t/a*/h*.zpl"
"$AZC" "$t/a*/h*.zpl" -o "$t/star.c" >/dev/null 2>&1 || { echo "driver.sh: a path with '*/' did not compile"; fail=1; }
head -1 "$t/star.c" | grep -qF '*/' && [ "$(head -1 "$t/star.c" | grep -o '\*/' | wc -l)" != 1 ] &&
  { echo "driver.sh: the path's '*/' ended the header comment:"; head -1 "$t/star.c"; fail=1; }
gcc -fsyntax-only $("$AZC" --cflags) "$t/star.c" 2>/dev/null || { echo "driver.sh: the C of a path with '*/' does not compile"; fail=1; }
# An output that names an input is refused, and the input is left as it was.
cp samples/hello.zpl "$t/same.zpl"
check output-is-input 1 "would overwrite the input" -- "$AZC" "$t/same.zpl" -o "$t/same.zpl"
cmp -s samples/hello.zpl "$t/same.zpl" || { echo "driver.sh: -o naming the input changed it"; fail=1; }
check output-is-input-ast 1 "would overwrite the input" -- "$AZC" --emit=ast "$t/same.zpl" -o "$t/same.zpl"
printf 'int f(void) { return 0; }\n' > "$t/same_c.c"
check keep-c-is-input 1 "would overwrite the input" -- "$AZC" --keep-c "$t/same.zpl" "$t/same_c.c" -o "$t/same_c"
check pdl-is-input 1 "would overwrite the input" -- "$AZC" "$t/same.zpl" -o "$t/same.c" "--pdl=$t/same.zpl"
# A header name an #include line cannot hold is an error, not C.
printf 'program q;\nextern "a\\"b.h";\nprocedure q();\nbegin\nend;\n' > "$t/hdr.zpl"
check header-quote 1 "C header name contains a quote" -- "$AZC" "$t/hdr.zpl" -o "$t/hdr.c"
[ -e "$t/hdr.c" ] && { echo "driver.sh: a C file was written for a header name with a quote"; fail=1; }
# --emit=ir-after=PASS: the IR as that pass left it (the pipeline runs in the order --help lists):
# own_comm_opt's transfers are all where comm-insert put them until comm-opt moves them, and an
# unknown pass is one line.
oco=test/check/own_comm_opt.zpl
check ir-after-insert 0 "" -- "$AZC" --emit=ir-after=comm-insert "$oco"
grep -q 'transfer 1:' "$t/out" && ! grep -q 'removed:\|combined into\|hoisted:' "$t/out" ||
  { echo "driver.sh: --emit=ir-after=comm-insert is not the IR before comm-opt"; fail=1; }
check ir-after-opt 0 "" -- "$AZC" --emit=ir-after=comm-opt "$oco"
grep -q 'removed:' "$t/out" && grep -q 'combined into' "$t/out" ||
  { echo "driver.sh: --emit=ir-after=comm-opt shows no transfer comm-opt removed or combined"; fail=1; }
"$AZC" --emit=ir "$oco" > "$t/last.ir" && "$AZC" --emit=ir-after=comm-place "$oco" > "$t/place.ir" &&
  cmp -s "$t/last.ir" "$t/place.ir" || { echo "driver.sh: --emit=ir is not the IR after the last pass"; fail=1; }
check ir-after-lower 0 "" -- "$AZC" --emit=ir-after=lower "$oco"
grep -q 'transfer' "$t/out" && { echo "driver.sh: --emit=ir-after=lower shows transfers"; fail=1; }
check ir-after-unknown 1 "unknown pass in '--emit=ir-after=nope'" -- "$AZC" --emit=ir-after=nope "$oco"
# docs/architecture.md draws the passes in the order the driver runs them (azc --help lists them),
# each with the switch that leaves it out
"$AZC" --help | sed -n '/--emit=ir-after=PASS/,/^  -/p' | sed '1d;$d' | tr -d ' \n' | tr ',' '\n' | sed 1d > "$t/stages"; echo >> "$t/stages"
sed -n '/^ passes\//,/^ *v$/p' docs/architecture.md | sed -n 's/^   |  \([a-z-]*\) .*/\1/p' > "$t/doc_stages"
[ -s "$t/stages" ] && cmp -s "$t/stages" "$t/doc_stages" ||
  { echo "driver.sh: the passes of docs/architecture.md are not those of azc --help, in its order:"; diff "$t/stages" "$t/doc_stages"; fail=1; }
for sw in $(sed -n '/^ passes\//,/^ *v$/p' docs/architecture.md | grep -o -- '-fno-[a-z-]*'); do
  "$AZC" "$sw" -fsyntax-only "$oco" 2>/dev/null || { echo "driver.sh: docs/architecture.md names the switch $sw, which azc does not know"; fail=1; }
done
# -I reaches the C compiler as well as the header import (issue 24): a header in inc/, a directory
# that is not the source's, for the generated C and for a C file linked in; the executable in a
# third directory. A header next to the source is found when the output is elsewhere.
mkdir -p "$t/hi/inc" "$t/hi/src" "$t/hi/out"
printf '/* tw.h */\ndouble twice(double x);\n' >"$t/hi/inc/tw.h"
printf '#include "tw.h"\ndouble twice(double x) { return 2 * x; }\n' >"$t/hi/src/tw.c"
printf 'program usei;\nextern "tw.h";\nprocedure usei();\nbegin\n  writeln("%%.1f" : twice(21.0));\nend;\n' >"$t/hi/src/usei.zpl"
(cd "$t/hi" && "$AZC" -I inc src/usei.zpl src/tw.c -o out/usei) >"$t/out" 2>&1 && [ "$("$t/hi/out/usei")" = 42.0 ] ||
  { echo "driver.sh: a header found through -I does not reach the C compiler:"; cat "$t/out"; fail=1; }
mv "$t/hi/inc/tw.h" "$t/hi/src/tw.h"
(cd "$t/hi" && "$AZC" src/usei.zpl src/tw.c -o out/usei2) >"$t/out" 2>&1 && [ "$("$t/hi/out/usei2")" = 42.0 ] ||
  { echo "driver.sh: a header next to the source is not found when the output is elsewhere:"; cat "$t/out"; fail=1; }
for args in "-I inc --cflags" "--cflags -I inc" "-Iinc --cflags --libs"; do
  # shellcheck disable=SC2086
  "$AZC" $args >"$t/out" 2>&1 && grep -q -- ' -Iinc\( \|$\)' "$t/out" ||
    { echo "driver.sh: azc $args does not print -Iinc:"; cat "$t/out"; fail=1; }
done
"$AZC" --cflags --libs | grep -q -- '-I.* .*libzrt\.a' || { echo "driver.sh: azc --cflags --libs does not print both"; fail=1; }
# The C compiler that cannot be started is reported in one line.
AZC_MPICC=/nonexistent/mpicc "$AZC" samples/hello.zpl -o "$t/nocc" >/dev/null 2>"$t/err"
[ $? = 1 ] && grep -q "cannot run the C compiler '/nonexistent/mpicc'" "$t/err" ||
  { echo "driver.sh: a missing C compiler was not reported:"; cat "$t/err"; fail=1; }
exit $fail
