#!/bin/sh
# pdl_strict.sh - pattern files are in the strict form of Felten's Appendix A, without comments
# (docs/pdl.md). The checker test/tools/pdl_strict.c, which shares no code with azpdl's reader,
# accepts test/pdl/strict.pdl and rejects each form outside Appendix A that azpdl reads (the three
# kinds of comment, a k size, tag ANY, a receive without source, an empty process or pattern, a
# directive after a pattern, a keyword as a name, a name missing, a negative number). The file azc
# writes for every sample and every program with an expected output, for 1 to 4 processes (QUICK=1:
# 3), passes it and azpdl check; with --pdl-comments the file has its comment lines, which azpdl
# reads and the strict checker rejects. (The files runs write with --az-pdl are checked by
# pdl_runs.sh and distributed.sh.)
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
BUILD=${BUILD:-build}
STRICT=$BUILD/test/tools/pdl_strict
AZPDL=${AZPDL:-$BUILD/azpdl}
fail=0
say() { echo "pdl_strict.sh: $*"; fail=1; }

# the checker itself
"$STRICT" test/pdl/strict.pdl test/pdl/runs/jacobi_np4_n16.pdl || say "the strict checker rejects a strict file"
: >"$t/empty.pdl"
"$STRICT" "$t/empty.pdl" || say "the strict checker rejects an empty file (an empty program is valid)"
body='process 0 { send dest 1 tag 0 maxsize 8 }
  process 1 { recv source 0 tag 0 maxsize 8 }'
n=0
while IFS='|' read -r what text; do
  n=$((n + 1))
  printf '%b\n' "$text" >"$t/bad$n.pdl"
  "$STRICT" "$t/bad$n.pdl" 2>"$t/err" && say "the strict checker accepts $what: $(cat "$t/bad$n.pdl")"
  grep -q "^$t/bad$n.pdl:[0-9]*:[0-9]*: error: " "$t/err" || say "$what: no located error: $(cat "$t/err")"
done <<EOF2
a // comment|// made by hand\nnumprocesses 2
a # comment|numprocesses 2 # two
a /* */ comment|/* two */ numprocesses 2
a k size|pattern 1 { process 0 { send dest 1 tag 0 maxsize 8k } }
tag ANY|pattern 1 { process 1 { recv source 0 tag ANY maxsize 8 } }
a receive without source|pattern 1 { process 1 { recv tag 0 maxsize 8 } }
an empty process|pattern 1 { process 0 { } }
an empty pattern|pattern 1 { }
a directive after a pattern|pattern 1 { process 0 { endSend name a } }\nnumprocesses 2
a keyword as a name|pattern 1 { process 0 { beginSend dest 1 tag 0 maxsize 8 name send } }
a name missing|pattern 1 { process 0 { beginRecv source 1 tag 0 maxsize 8 } }
a negative number|pattern 1 { process 0 { send dest 1 tag -1 maxsize 8 } }
fields in another order|pattern 1 { process 0 { send tag 0 dest 1 maxsize 8 } }
an unclosed pattern|pattern 1 { process 0 { endSend name a }
EOF2
printf 'numprocesses 2\npattern 3 {\n  %s\n}\n' "$body" >"$t/ok.pdl"
"$STRICT" "$t/ok.pdl" || say "the strict checker rejects $(cat "$t/ok.pdl")"

# every sample and every program with an expected output: azc's file, strict and well formed
nps="1 2 3 4"
[ -n "$QUICK" ] && nps=3
srcs=$(for out in test/golden/*.out; do golden_prog "$out"; [ -n "$src" ] && echo "$src"; done; ls samples/*.zpl)
for src in $(echo "$srcs" | sort -u); do
  name=$(basename "$src" .zpl)
  for np in $nps; do
    if ! "$AZC" "$src" -o "$t/$name.c" --pdl-np="$np" 2>"$t/err"; then
      say "$src does not compile"; head -3 "$t/err"; break
    fi
    "$STRICT" "$t/$name.pdl" 2>"$t/err" || { say "the file of $src for $np processes is not strict:"; cat "$t/err"; }
    "$AZPDL" check "$t/$name.pdl" 2>"$t/err" || { say "the file of $src for $np processes fails azpdl check:"; head -3 "$t/err"; }
  done
done

# --pdl-comments: the extension, read by azpdl, refused by the strict checker
"$AZC" samples/jacobi.zpl -o "$t/jc.c" --pdl-comments -sn=16 || say "--pdl-comments does not compile jacobi"
head -2 "$t/jc.pdl" | tr '\n' ' ' | grep -q '^// jacobi: .* on 4 processes .*// .* but -sn=16 $' ||
  say "--pdl-comments: no header comment: $(head -2 "$t/jc.pdl")"
"$AZPDL" check "$t/jc.pdl" || say "azpdl does not read the file of --pdl-comments"
"$STRICT" "$t/jc.pdl" 2>/dev/null && say "the strict checker accepts comments"
grep -v '^//' "$t/jc.pdl" | cmp -s - test/pdl/runs/jacobi_np4_n16.pdl || say "--pdl-comments changed more than the comment lines"
exit $fail
