#!/bin/sh
# strided_storage.sh - arrays over strided declared regions are stored compactly (section 15.3,
# issue 22): test/check/own_strided_storage.zpl's arrays hold one double per strided index, so the
# peak storage AZ_STATS=1 reports for all processes is exactly the cells of its levels, their border
# plane and each process's ghost plane (dense storage of the same arrays takes 10 times as much and
# fails here), and a shift by the stride moves 16 x 16 doubles per process boundary (dense: the
# whole 31 x 31 box between the strided indices). test/check/own_strided_coarse.zpl's coarse level
# has 4 indices: on 8 processes half of them own none, and a shift by the stride makes exactly the
# 3 messages of 4 bytes between the owners (none to or from a process that owns nothing), and a
# shift by two strides (16 indices: two cells) is a ghost-cell transfer too, of 2 messages.
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
progs_exe test/check/own_strided_storage.zpl "" "$t/oss" || exit 1
fail=0
# np, peak bytes of all processes, ghost bytes of the transfer (grids: 2x1x1, 3x1x1, 2x2x1)
for want in "1 72192 0" "2 74240 2048" "3 76288 4096" "4 74240 2048"; do
  set -- $want
  AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np "$1" "$t/oss" >"$t/out" 2>"$t/err" ||
    { echo "strided_storage.sh: np=$1 failed"; cat "$t/err"; fail=1; continue; }
  peak=$(sed -n 's/^AZ_STATS: parallel arrays: peak storage \([0-9]*\) bytes (all processes).*/\1/p' "$t/err")
  ghost=$(awk '$1 == "1" && NF == 8 { print $4 }' "$t/err")
  if [ "$peak" != "$2" ] || [ "${ghost:-0}" != "$3" ]; then
    echo "strided_storage.sh: np=$1: peak storage '$peak' bytes and ghost bytes '${ghost:-0}', expected $2 and $3"
    cat "$t/err"; fail=1
  fi
  if ! printf '107520.0000 \n25088.0000     0.0000 \n1344.0000    42.0000 \n104640.0000 \n' | cmp -s - "$t/out"; then
    echo "strided_storage.sh: np=$1: wrong output"; cat "$t/out"; fail=1
  fi
done
progs_exe test/check/own_strided_coarse.zpl "" "$t/coarse" || exit 1
AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np 8 "$t/coarse" >"$t/out" 2>"$t/err" || { echo "strided_storage.sh: coarse np=8 failed"; cat "$t/err"; fail=1; }
got=$(awk '($1 == "1" || $1 == "2") && NF == 8 { printf "%s%d %d", (n++ ? ", " : ""), $4, $5 }' "$t/err")
[ "$got" = "12 3, 8 2" ] || { echo "strided_storage.sh: coarse level on 8 processes: ghost bytes and messages '$got', expected '12 3, 8 2'"; cat "$t/err"; fail=1; }
cmp -s "$t/out" test/golden/own_strided_coarse.out || { echo "strided_storage.sh: coarse level on 8 processes: wrong output"; cat "$t/out"; fail=1; }
exit $fail
