#!/bin/sh
# comm_stats.sh - transfer counts: AZ_STATS=1 reports, per ghost-cell transfer, how often it ran
# and the messages and bytes all processes sent. For samples/jacobi.zpl (one transfer: the four
# shifts of the stencil, combined per neighbour) the messages per iteration must be exactly those
# of the process grid: 2 on 2 x 1 processes, 4 on 3 x 1, 8 on 2 x 2, with n = 16 doubles per
# edge row or half row; so an optimization that silently stops working fails here.
# For test/check/own_comm_opt.zpl on 2 x 2 processes: the transfers run, messages and bytes of
# the whole run with comm-opt (removed, combined and hoisted transfers) and without it.
# The tailored binding (AZ_COMM=tailored): jacobi's steady state sends no ready token (its
# control messages are the first iteration's: the tokens of DR and of DN, one each per message),
# and test/check/own_tailored.zpl's loops get what the pattern analysis proves (two buffers for a
# bare halo exchange, a token per message for a one-way shift, every token again after an exit).
# The auto binding (the default) is tailored where jacobi's loop is a pattern, msg in tomcatv.
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
progs_exe samples/jacobi.zpl "" "$t/jacobi" || exit 1
fail=0
# np, messages per iteration, bytes per iteration
for want in "2 2 256" "3 4 512" "4 8 512"; do
  set -- $want
  AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np "$1" "$t/jacobi" -sn=16 >"$t/out" 2>"$t/err" || { echo "comm_stats.sh: np=$1 failed"; cat "$t/err"; fail=1; continue; }
  got=$(awk '$1 == "1" && NF == 8 { printf "%d %d", $4 / $3, $5 / $3 }' "$t/err")
  if [ "$got" != "$3 $2" ]; then
    echo "comm_stats.sh: jacobi on $1 processes: bytes and messages per iteration '$got', expected '$3 $2'"
    cat "$t/err"; fail=1
  fi
done
# own_comm_opt: azc options, then "runs messages bytes" expected on 4 processes (its `[east of R] wrap A`
# is one of the transfers: a periodic exchange into the border, no remap; its diagonal shifts,
# A@ne and A@sw, are exchanged directly on 2 x 2 processes: phases would save one message of three)
for want in ":22 79 2604" "-fno-comm-opt:162 495 17564"; do
  opt=${want%%:*}
  progs_exe test/check/own_comm_opt.zpl "$opt" "$t/oco" 2>/dev/null || { echo "comm_stats.sh: own_comm_opt $opt does not compile"; fail=1; continue; }
  AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np 4 "$t/oco" >"$t/out" 2>"$t/err" || { echo "comm_stats.sh: own_comm_opt $opt failed"; cat "$t/err"; fail=1; continue; }
  got=$(awk 'NF == 8 && $1 + 0 > 0 { c += $3; m += $5; b += $4 } END { printf "%d %d %d", c, m, b }' "$t/err")
  if [ "$got" != "${want#*:}" ]; then
    echo "comm_stats.sh: own_comm_opt ${opt:-(optimized)} on 4 processes: transfers run, messages, bytes '$got', expected '${want#*:}'"
    cat "$t/err"; fail=1
  fi
done
# tailored jacobi: np, messages per iteration
for want in "2 2" "3 4" "4 8"; do
  set -- $want
  AZ_COMM=tailored AZ_STATS=1 timeout 120 mpirun -x AZ_COMM -x AZ_STATS -np "$1" "$t/jacobi" -sn=16 >"$t/out" 2>"$t/err" ||
    { echo "comm_stats.sh: tailored np=$1 failed"; cat "$t/err"; fail=1; continue; }
  got=$(awk '$1 == "1" && $17 == "token" { printf "%d %d %d %d %d", $2 - $3, $4, $6, $9, $13 }' "$t/err")
  if [ "$got" != "1 $(($2 * 2)) $2 0 0" ]; then
    echo "comm_stats.sh: tailored jacobi on $1 processes: non-steady iterations, control, free, two-buffer, token messages '$got', expected '1 $(($2 * 2)) $2 0 0'"
    cat "$t/err"; fail=1
  fi
done
# own_tailored on 2 x 2: per pattern "control free two-buffer token"
progs_exe test/check/own_tailored.zpl "" "$t/tail" || exit 1
AZ_COMM=tailored AZ_STATS=1 timeout 120 mpirun -x AZ_COMM -x AZ_STATS -np 4 "$t/tail" >"$t/out" 2>"$t/err" || { echo "comm_stats.sh: own_tailored failed"; cat "$t/err"; fail=1; }
got=$(awk '$17 == "token" { printf "%s:%d %d %d %d;", $1, $4, $6, $9, $13 }' "$t/err")
want="1:16 0 8 0;2:52 0 0 2;3:16 8 0 0;4:32 8 0 0;"
if [ "$got" != "$want" ]; then
  echo "comm_stats.sh: tailored own_tailored: per pattern '$got', expected '$want'"; cat "$t/err"; fail=1
fi
# auto (the default binding): jacobi's transfer switches to tailored at the first steady iteration
# (its control messages are the tokens of that round's DR: one per message, none after), tomcatv's
# (not a pattern loop; the row sweeps' plans change every row) stay msg: no control message, and
# libsplit is never started (no window, no shared memory: a run without a switch pays nothing).
progs_exe samples/tomcatv.zpl "" "$t/tomcatv" || exit 1
for want in "jacobi -sn=16:2:started at the first switch" "tomcatv:0:never started"; do
  prog=${want%%:*} rest=${want#*:}
  ctrl=${rest%%:*} state=${rest#*:}
  # shellcheck disable=SC2086
  AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np 2 "$t/"$prog >"$t/out" 2>"$t/err" || { echo "comm_stats.sh: auto $prog failed"; cat "$t/err"; fail=1; continue; }
  got=$(awk 'NF == 8 && $1 + 0 > 0 { c += $6 } END { printf "%d", c }' "$t/err")
  [ "$got" = "$ctrl" ] || { echo "comm_stats.sh: auto binding, $prog on 2 processes: $got control messages, expected $ctrl"; cat "$t/err"; fail=1; }
  grep -q "^AZ_STATS: binding auto: libsplit $state" "$t/err" ||
    { echo "comm_stats.sh: auto binding, $prog on 2 processes: libsplit not '$state'"; cat "$t/err"; fail=1; }
done
exit $fail
