#!/bin/sh
# reduce_tree.sh - exact reductions are combined by the runtime (zrt_allreduce) and, beyond 4
# processes, travel through a reduction tree of one block a message (issue 25): the C of
# test/check/own_reduce_tree.zpl hands every exact reduction to zrt_allreduce(_begin), floating
# max and min combined by the total order of their bits, and keeps the gather for the floating sum;
# the program prints its expected output on 5, 6 and 8 processes (tree), on 6 with the flat and the
# dissemination gather, and on 3 with AZ_GATHER=tree (the steps before and after the doubling).
# AZ_STATS counts a tree's messages on 6 processes: 12 a reduction where dissemination makes 18. The pattern file
# azc writes for 6 processes describes the tree: the run follows it (AZ_CHECK=FILE). Reductions that
# run ahead (zrt_allreduce_begin_ahead) travel in batches of up to 8 in one tree where no transfer
# is tailored (AZ_COMM=msg): the same output on 3, 5, 6 and 8 processes with any run-ahead depth,
# and the 40 of the program's run-ahead loop take 5 trees.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "reduce_tree.sh: $*"; fail=1; }
src=test/check/own_reduce_tree.zpl
want=test/golden/own_reduce_tree.out
"$AZC" "$src" -o "$t/p.c" || exit 1
n_reduce=$(grep -c 'zrt_allreduce' "$t/p.c")
n_gather=$(grep -c 'zrt_allgather_begin\|zrt_allgather(' "$t/p.c")
[ "$n_reduce" -ge 10 ] || say "expected the exact reductions through zrt_allreduce, found $n_reduce calls"
[ "$n_gather" = 1 ] || say "expected one gather (the floating sum's), found $n_gather"
grep -q 'zrt_order_key_d(zy) > zrt_order_key_d(zx)' "$t/p.c" && grep -q 'zrt_order_key_f(zy) < zrt_order_key_f(zx)' "$t/p.c" ||
  say "floating max and min are not combined by the order of their bits"
"$AZC" "$src" --pdl-np=6 --pdl="$t/p6.pdl" -o "$t/p" || exit 1
grep -q 'tag 100' "$t/p6.pdl" || say "the pattern file for 6 processes has no gather"

# run NP GATHER [ENV...]: the output must be the expected one
run() {
  _np=$1 _g=$2
  shift 2
  env AZ_GATHER="$_g" AZ_STATS=0 AZ_CHECK= "$@" timeout 120 mpirun -x AZ_GATHER -x AZ_STATS -x AZ_CHECK -np "$_np" "$t/p" >"$t/out" 2>"$t/err"
  _st=$?
  if [ $_st -ne 0 ] || ! cmp -s "$t/out" "$want"; then
    say "$_np processes, AZ_GATHER=$_g $*: status $_st, output differs"; diff "$want" "$t/out" | head -5; head -3 "$t/err"
  fi
}
run 1 auto
for np in 5 6 8; do run $np auto; done
run 6 flat
run 6 dissemination
run 3 tree
run 2 tree
grep -q 'zrt_allreduce_begin_ahead' "$t/p.c" || say "the run-ahead reductions do not begin with zrt_allreduce_begin_ahead"
run 3 tree AZ_COMM=msg
run 6 auto AZ_COMM=msg
run 5 auto AZ_COMM=msg AZ_RUNAHEAD=3
run 8 auto AZ_COMM=msg AZ_RUNAHEAD=1
run 6 auto AZ_CHECK="$t/p6.pdl"
run 6 auto AZ_CHECK=1

# AZ_STATS on 6 processes: an exact reduction's tree makes 12 messages in all (processes 0 and 1
# receive 3 blocks, 2 and 3 two, 4 and 5 the result), the one gather of the floating sum 18 (3
# steps of dissemination on each process); with AZ_GATHER=dissemination every reduction makes 18.
for g in auto dissemination batched; do
  case $g in batched) run 6 auto AZ_STATS=1 AZ_COMM=msg ;; *) run 6 $g AZ_STATS=1 ;; esac
  set -- $(awk '$1 == "comm" && $2 == "run" && $3 == "reduce" { print $4, $5 }' "$t/err")
  ops=${1:-0} msgs=${2:-0}
  case $g in
    auto) expect=$((12 * (ops - 1) + 18)) ;;
    dissemination) expect=$((18 * ops)) ;;
    batched) expect=$((12 * (ops - 1 - 40) + 18 + 12 * 5)) ;;
  esac
  [ "$ops" -gt 50 ] && [ "$msgs" = "$expect" ] ||
    say "$g on 6 processes: $ops reductions in $msgs messages, expected $expect"
done
exit $fail
