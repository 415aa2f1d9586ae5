#!/bin/sh
# hostile.sh - azc on hostile inputs (issue 23): bounded time and memory, a clear error for what it
# cannot take, never invalid C. Each check names the input; time limits are generous (a loaded
# machine), the targets themselves are in bench/.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
say() { echo "hostile.sh: $*"; fail=1; }

# run_bounded SECONDS KB NAME -- command...: run with a time and memory limit; sets $rc
run_bounded() {
  secs=$1 kb=$2 name=$3
  shift 4
  (ulimit -v "$kb" 2>/dev/null; exec timeout "$secs" "$@") >"$t/out" 2>"$t/err"
  rc=$?
  [ $rc -eq 124 ] && say "$name: took more than $secs s"
  [ $rc -gt 1 ] && [ $rc -ne 124 ] && { say "$name: exit status $rc"; tail -n 5 "$t/err"; }
}

# Nested integer abs: the C of the argument appears once per level (it tripled: depth 22 was
# invalid C, depth 14 239 MB).
e=x
i=0
while [ $i -lt 40 ]; do e="abs($e)"; i=$((i + 1)); done
printf 'program p;\nvar x : integer;\nprocedure p();\nbegin\n  x := -3;\n  x := %s;\n  writeln(x);\nend;\n' "$e" > "$t/abs.zpl"
run_bounded 20 2000000 "nested abs" -- "$AZC" "$t/abs.zpl" -o "$t/abs.c"
[ $rc -eq 0 ] && [ "$(wc -c < "$t/abs.c")" -lt 20000 ] || say "nested abs: status $rc, $(wc -c < "$t/abs.c" 2>/dev/null) bytes of C"
"$AZC" "$t/abs.zpl" -o "$t/abs" >/dev/null 2>&1 && [ "$("$t/abs" | tr -d " ")" = 3 ] || say "nested abs: the program does not print 3"

# C headers that are not regular files: an error at once, not a read until memory runs out or a
# FIFO that blocks forever; one included by a header: a parse error within bounded memory.
printf 'program p;\nextern "%s";\nprocedure p();\nbegin\nend;\n' /dev/zero > "$t/zero.zpl"
run_bounded 20 4000000 "extern /dev/zero" -- "$AZC" -fsyntax-only "$t/zero.zpl"
grep -q "error: C header '/dev/zero' is not a regular file" "$t/err" || say "extern /dev/zero: no error"
mkfifo "$t/fifo.h"
printf 'program p;\nextern "fifo.h";\nprocedure p();\nbegin\nend;\n' > "$t/fifo.zpl"
run_bounded 20 4000000 "extern FIFO" -- "$AZC" -fsyntax-only "$t/fifo.zpl"
grep -q "error: C header 'fifo.h' is not a regular file" "$t/err" || say "extern FIFO: no error"
mkdir "$t/dir.h"
printf 'program p;\nextern "dir.h";\nprocedure p();\nbegin\nend;\n' > "$t/dir.zpl"
run_bounded 20 4000000 "extern directory" -- "$AZC" -fsyntax-only "$t/dir.zpl"
grep -q "error: C header 'dir.h' is not a regular file" "$t/err" || say "extern directory: no error"
printf '#include "/dev/zero"\nint f(int);\n' > "$t/nest.h"
printf 'program p;\nextern "nest.h";\nprocedure p();\nbegin\nend;\n' > "$t/nest.zpl"
if [ -z "$QUICK" ]; then
  run_bounded 60 8000000 "header including /dev/zero" -- "$AZC" -fsyntax-only "$t/nest.zpl"
  grep -q "error: cannot parse C header 'nest.h'" "$t/err" || say "header including /dev/zero: no error"
fi

exit $fail
