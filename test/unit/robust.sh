#!/bin/sh
# robust.sh - inputs that once crashed azc (found by test_fuzz): azc must reject them or
# generate C for them cleanly (exit status 0 or 1), never die from a signal.
status=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
for f in test/robust/*.zpl; do
  "$AZC" "$f" -o "$t/out.c" >/dev/null 2>&1
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "robust.sh: $f: exit status $rc"
    status=1
  fi
done
# Generated: a 20,000-arm elsif chain (the emitter once nested each arm deeper: quadratic).
awk 'BEGIN { printf "program p; var x : integer; procedure p(); begin if x = 0 then x := 1;";
             for (i = 0; i < 20000; i++) printf " elsif x = %d then x := 2;", i; print " end; end;" }' > "$t/elsif.zpl"
if ! timeout 10 "$AZC" "$t/elsif.zpl" -o "$t/elsif.c" >/dev/null 2>&1; then
  echo "robust.sh: a long elsif chain fails or takes more than 10 s"
  status=1
fi
exit $status
