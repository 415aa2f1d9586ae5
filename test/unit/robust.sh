#!/bin/sh
# robust.sh - inputs that once crashed azc (found by test_fuzz): azc must reject or accept them
# cleanly (exit status 0 or 1), never die from a signal.
status=0
for f in test/robust/*.zpl; do
  "$AZC" -fsyntax-only "$f" >/dev/null 2>&1
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "robust.sh: $f: exit status $rc"
    status=1
  fi
done
exit $status
