#!/bin/sh
# codegen_shapes.sh - the optimizations whose effect is speed, not output, are really applied
# (and their switches really turn them off), so that one that silently stops working fails here:
# samples/jacobi.zpl's stencil overlaps its interior with the ghost cells (zrt_xfer_split) unless
# -fno-overlap, its max<< (exact: the runtime combines it) is split-phase (zrt_allreduce_begin) unless
# -fno-overlap while its floating +<< keeps the gather in process order (zrt_allgather), and
# A := Temp exchanges the two arrays' storage (Temp is dead after it) unless -fno-copy-elim, which
# makes it a row copy (memmove), and its max<< loop carries an OpenMP simd reduction clause while the
# floating +<< does not (its order is fixed, section 6.6); test/check/own_comm_opt.zpl has transfers hoisted out of a
# loop, removed and started early unless -fno-comm-opt; jacobi's repeat body is pattern 1, and a
# loop body is not a pattern when the condition of an if's later arm or of a nested while or repeat
# loop communicates (it runs only when reached, or once per iteration of the nested loop); reductions
# that run ahead are deferred, consecutive ones share a gather, and loops poll (own_runahead.zpl);
# loop fusion and contraction (own_fusion.zpl, swm), and (samples/mg.zpl) the reads of one array
# through a ghost view at constant offsets from one address per row and the overlap of procedures'
# statements whose arguments may share storage, at the end.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
# has FILE TEXT EXPECTED(yes|no) WHAT: whether FILE contains TEXT
has() {
  if grep -q "$2" "$1"; then got=yes; else got=no; fi
  [ "$got" = "$3" ] || { echo "codegen_shapes.sh: $4: '$2' expected $3, got $got"; fail=1; }
}
"$AZC" samples/jacobi.zpl -o "$t/j.c" || exit 1
"$AZC" -fno-overlap samples/jacobi.zpl -o "$t/jn.c" || exit 1
has "$t/j.c" zrt_xfer_split yes "jacobi"
has "$t/jn.c" zrt_xfer_split no "jacobi -fno-overlap"
has "$t/j.c" zrt_allreduce_begin yes "jacobi"
has "$t/jn.c" zrt_allreduce_begin no "jacobi -fno-overlap"
has "$t/j.c" "zrt_allgather(" yes "jacobi (+<< A)"
has "$t/j.c" zrt_array_exchange yes "jacobi (A := Temp)"
has "$t/j.c" "in the shape of 'A'" yes "jacobi (Temp allocated like A)"
has "$t/j.c" memmove no "jacobi (A := Temp)"
"$AZC" -fno-copy-elim samples/jacobi.zpl -o "$t/jc.c" || exit 1
has "$t/jc.c" memmove yes "jacobi -fno-copy-elim (A := Temp)"
has "$t/jc.c" zrt_array_exchange no "jacobi -fno-copy-elim"
has "$t/j.c" "omp simd reduction(max:" yes "jacobi (max<<)"
has "$t/j.c" "omp simd reduction(+:" no "jacobi (+<< of doubles)"
has "$t/j.c" "zrt_pattern_begin(1)" yes "jacobi"
"$AZC" --emit=ir test/check/own_comm_opt.zpl > "$t/o.ir" 2>/dev/null || exit 1
"$AZC" -fno-comm-opt --emit=ir test/check/own_comm_opt.zpl > "$t/on.ir" 2>/dev/null || exit 1
for w in "hoisted: DR SR DN SV before the loop" "removed: the ghost cells are current" "combined into transfer" "DR SR before line"; do
  has "$t/o.ir" "$w" yes "own_comm_opt --emit=ir"
  has "$t/on.ir" "$w" no "own_comm_opt -fno-comm-opt --emit=ir"
done
cat > "$t/p.zpl" <<'EOF'
program p;
region R = [1..8];
direction left = [-1];
var A, B : [R] double;
    i, j : integer;
procedure p();
[R] begin
  A := 1.0;
  for i := 1 to 2 do               -- pattern 1: an if's first condition runs every iteration
    B := A@left;
    if +<< B > 1.0e9 then writeln("a"); end;
  end;
  for i := 1 to 2 do               -- not a pattern: max<< runs only when +<< B is small
    B := A@left;
    if +<< B > 1.0e9 then writeln("a"); elsif max<< B > 1.0e9 then writeln("b"); end;
  end;
  for i := 1 to 2 do               -- not a pattern: +<< A once per iteration of the while
    B := A@left;
    j := 0;
    while +<< A < 0.0 do j += 1; end;
  end;
end;
EOF
"$AZC" --emit=ir "$t/p.zpl" > "$t/p.ir" 2>/dev/null || exit 1
[ "$(grep -c 'its body is pattern' "$t/p.ir")" = 1 ] && has "$t/p.ir" "its body is pattern 1" yes "patterns" ||
  { echo "codegen_shapes.sh: patterns: expected only the first loop to be a pattern:"; grep 'pattern' "$t/p.ir"; fail=1; }
# run-ahead and reductions in one gather (test/check/own_runahead.zpl): the first loop's
# reductions are deferred and flushed after it, consecutive reductions share a gather, long loops
# poll; -fno-overlap (no split-phase reductions) turns all of it off
"$AZC" test/check/own_runahead.zpl -o "$t/r.c" || exit 1
"$AZC" -fno-overlap test/check/own_runahead.zpl -o "$t/rn.c" || exit 1
for w in zrt_allgather_defer zrt_allgather_flush "in one gather"; do
  has "$t/r.c" "$w" yes "own_runahead"
  has "$t/rn.c" "$w" no "own_runahead -fno-overlap"
done
has "$t/r.c" "ZRT_POLL(" yes "own_runahead"
"$AZC" --emit=ir test/check/own_runahead.zpl > "$t/r.ir" 2>/dev/null || exit 1
[ "$(grep -c 'its body is pattern' "$t/r.ir")" = 2 ] ||
  { echo "codegen_shapes.sh: own_runahead: only the loops that need their reductions (or may exit) are patterns:"; grep 'pattern' "$t/r.ir"; fail=1; }
# reductions inside larger expressions (test/check/own_split_expr.zpl): three statements share a
# gather, the one in a loop that never needs it runs ahead, only the integer division and the
# reduction inside another's operand complete where they are; -fno-overlap: none is split. Exact
# reductions go to the runtime's zrt_allreduce(_begin), the one that runs ahead to
# zrt_allreduce_begin_ahead, floating sums keep zrt_allgather(_begin).
"$AZC" test/check/own_split_expr.zpl -o "$t/s.c" || exit 1
"$AZC" -fno-overlap test/check/own_split_expr.zpl -o "$t/sn.c" || exit 1
count() { grep -c -- "$2" "$1"; }
[ "$(count "$t/s.c" 'lines [0-9]*, [0-9]*, [0-9]* in one gather')" = 1 ] &&
  [ "$(count "$t/s.c" 'runs ahead')" = 1 ] && [ "$(count "$t/s.c" 'zrt_all\(gather\|reduce\)((')" = 2 ] &&
  [ "$(count "$t/s.c" 'zrt_all\(gather\|reduce\)_begin\(_ahead\)\?(')" = 6 ] && [ "$(count "$t/sn.c" 'zrt_all\(gather\|reduce\)_begin\(_ahead\)\?(')" = 0 ] &&
  [ "$(count "$t/s.c" 'zrt_allgather_begin(')" = 3 ] && [ "$(count "$t/s.c" 'zrt_allreduce_begin(')" = 2 ] &&
  [ "$(count "$t/s.c" 'zrt_allreduce_begin_ahead(')" = 1 ] ||
  { echo "codegen_shapes.sh: own_split_expr: unexpected split-phase reductions:"; grep -n 'zrt_all\(gather\|reduce\)\|runs ahead' "$t/s.c"; fail=1; }
# partial reductions, floods and scans (test/check/own_split_partial.zpl): all five partial
# reductions, the flood and the three scans (one masked: two assemblies) begin split-phase; those
# in flight together end in reverse order;
# the one whose transfer the optimizer starts early ends before it; full reductions begun inside
# end first; -fno-overlap: none
"$AZC" test/check/own_split_partial.zpl -o "$t/q.c" || exit 1
"$AZC" -fno-overlap test/check/own_split_partial.zpl -o "$t/qn.c" || exit 1
ends=$(grep -o "line [0-9]*: the [a-z ]*'s result is needed" "$t/q.c" | awk '{ print $2 }' | tr -d : | tr '\n' ' ')
[ "$(count "$t/q.c" 'zrt_line_allgather_begin(')" = 5 ] && [ "$(count "$t/qn.c" 'zrt_line_allgather_begin(')" = 0 ] &&
  [ "$(count "$t/q.c" 'zrt_remap_begin(')" = 1 ] && [ "$(count "$t/qn.c" 'zrt_remap_begin(')" = 0 ] &&
  [ "$(count "$t/q.c" 'zrt_line_assemble_begin(')" = 4 ] && [ "$(count "$t/qn.c" 'zrt_line_assemble_begin(')" = 0 ] &&
  [ "$ends" = "34 37 43 42 49 57 66 68 77 76 74 79 " ] &&
  awk '/line 49: the partial reduction/ { p = NR } /zrt_dr\(&zx1\)/ { d = NR } END { exit !(p && d && p < d) }' "$t/q.c" ||
  { echo "codegen_shapes.sh: own_split_partial: unexpected split-phase collectives (ends: $ends):"; grep -n 'line_allgather\|remap\|assemble\|needed from\|zrt_dr' "$t/q.c"; fail=1; }
# copy elimination (test/check/own_copy_elim.zpl): A/T, E1/F1, G/H and the locals La/Lt exchange
# storage, each T allocated in its A's shape; Q (read after its loop), V (read before its
# assignment) and Sw (assigned part of R) are copied; -fno-copy-elim: every one is copied
"$AZC" test/check/own_copy_elim.zpl -o "$t/c.c" || exit 1
"$AZC" -fno-copy-elim test/check/own_copy_elim.zpl -o "$t/cn.c" || exit 1
[ "$(count "$t/c.c" 'zrt_array_exchange(')" = 4 ] && [ "$(count "$t/c.c" 'in the shape of')" = 4 ] &&
  [ "$(count "$t/cn.c" 'zrt_array_exchange(')" = 0 ] && [ "$(count "$t/cn.c" 'in the shape of')" = 0 ] &&
  ! grep -q 'zrt_array_exchange(&z_[PUS],' "$t/c.c" ||
  { echo "codegen_shapes.sh: own_copy_elim: unexpected exchanges:"; grep -n 'zrt_array_exchange\|in the shape' "$t/c.c"; fail=1; }
# loop fusion and contraction (test/check/own_fusion.zpl): these statements share loop nests (171-174
# each under its own [R]), and T1, T2, W, U2, U1 and L1 live in C variables (stored only where assigned elsewhere) while Kept, Peeked and Prev, read
# elsewhere, stay in memory; samples/swm.zpl computes CU, CV, Z and H in one nest split around one
# transfer; -fno-fuse: no nest is shared and nothing is contracted
"$AZC" test/check/own_fusion.zpl -o "$t/f.c" || exit 1
"$AZC" -fno-fuse test/check/own_fusion.zpl -o "$t/fn.c" || exit 1
"$AZC" samples/swm.zpl -o "$t/s.c" || exit 1
nests=$(grep -o "lines [0-9, and]*, one loop nest" "$t/f.c" | sed 's/, one loop nest//; s/lines //' | tr '\n' ';')
contracted=$(grep -o "/\* [A-Za-z0-9]*, contracted" "$t/f.c" | awk '{print $2}' | tr -d ',' | tr '\n' ' ')
[ "$nests" = "47 and 48;61, 63, 64 and 65;69, 70, 71 and 72;102, 104, 105 and 106;110 and 111;115 and 116;120 and 121;125 and 126;128, 129, 130 and 131;138, 139 and 140;150, 151 and 152;156, 157 and 158;171, 172, 173 and 174;187 and 188;" ] &&
  [ "$contracted" = "T1 T2 W U2 U1 L1 " ] && [ "$(count "$t/f.c" 'zp_\(T1\|T2\|W\|U1\|U2\)\[')" = 2 ] &&
  grep -q 'zp_Kept\[' "$t/f.c" && grep -q 'zp_Peeked\[' "$t/f.c" &&
  [ "$(count "$t/fn.c" 'one loop nest')" = 0 ] && [ "$(count "$t/fn.c" ', contracted ')" = 0 ] ||
  { echo "codegen_shapes.sh: own_fusion: unexpected nests ($nests) or contractions ($contracted)"; fail=1; }
has "$t/s.c" "lines 104, 105, 106 and 107, one loop nest" yes "swm (CU, CV, Z, H)"
awk '/lines 104, 105, 106 and 107, one loop nest/ { n = 1 } n && /zrt_xfer_split/ { s++ } n && /zrt_xfer_part\(/ { p++ }
     n && /zrt_dn\(/ { d++ } n && /\/\* line [0-9]/ { n = 0 }
     END { exit !(s == 1 && p == 1 && d == 1) }' "$t/s.c" || { echo "codegen_shapes.sh: swm: the CU..H nest is not split around one transfer"; fail=1; }
# a fused reduction that reads another array shifted (test/check/own_fused_shift.zpl): every
# transfer begun (DR SR) is waited for (DN), the reduction statement's is the one comm-opt began
# early, and the loop is a pattern the file holds
"$AZC" test/check/own_fused_shift.zpl -o "$t/fs.c" || exit 1
awk '/zrt_dr\(&zx[0-9]+\); zrt_sr/ { match($0, /zx[0-9]+/); b[substr($0, RSTART, RLENGTH)]++ }
     /zrt_dn\(&zx[0-9]+\)/ { match($0, /zrt_dn\(&zx[0-9]+/); d[substr($0, RSTART + 8, RLENGTH - 8)]++ }
     END { for (x in b) if (!(x in d)) exit 1; exit !(length(b) == 2) }' "$t/fs.c" &&
  has "$t/fs.c" "started above; wait for the ghost cells" yes "own_fused_shift" &&
  ! grep -q 'not written' "$t/fs.pdl" && grep -q '^pattern 1 {' "$t/fs.pdl" ||
  { echo "codegen_shapes.sh: own_fused_shift: a transfer begun and not waited for, or no pattern written:"; grep -n 'zrt_d[rn]\|zrt_sr' "$t/fs.c"; fail=1; }
# samples/mg.zpl's resid reads u@^ in 20 directions through one ghost view: one address per row
# (the anchor) and 19 offsets computed before the nest; psinv's 18 reads of r likewise (17)
"$AZC" samples/mg.zpl -o "$t/mg.c" || exit 1
awk '/^ZRT_VECTOR_CLONES static void z_resid\(/ { f = "resid" } /^ZRT_VECTOR_CLONES static void z_psinv\(/ { f = "psinv" }
     /^}/ { f = "" } f && /const int64_t zo[0-9]+ = / { n[f]++ }
     END { exit !(n["resid"] >= 19 && n["psinv"] >= 17) }' "$t/mg.c" ||
  { echo "codegen_shapes.sh: samples/mg.zpl: resid's and psinv's shifted reads are not offsets from one address per row"; fail=1; }
# its stencils' outer loops count rows, the offsets affine in the counts (no zrt_cell of an outer
# index per row): the direct nests' and interp's nest of rows' alike
awk '/^(ZRT_VECTOR_CLONES )?static [a-z].* z_[a-zA-Z0-9]*\(.*\{$/ { f = $0; sub(/\(.*/, "", f); sub(/.* z_/, "", f) }
     f && /zrt_cell\(\(i[01]/ { c[f] += gsub(/zrt_cell\(\(i[01]/, "&") } f && /(zr|zdr)[01] \* zsv[0-9]+/ { a[f] += gsub(/(zr|zdr)[01] \* zsv[0-9]+/, "&") }
     END { ok = 1; split("resid psinv rprj3", ops, " ")
           for (i in ops) ok = ok && c[ops[i]] == 0 && a[ops[i]] >= 100
           exit !(ok && a["interp"] >= 10 * c["interp"] + 100) }' "$t/mg.c" ||
  { echo "codegen_shapes.sh: samples/mg.zpl: a stencil computes its outer indices' cells at every row"; fail=1; }
# resid, psinv and rprj3 assign a parameter that may share the storage of one they read shifted
# (a temporary then): where it does not, their nests (both versions, partial sums from row buffers
# and as written) compute their interior while the ghost cells travel, unless -fno-overlap
"$AZC" -fno-overlap samples/mg.zpl -o "$t/mgn.c" || exit 1
awk '/^(ZRT_VECTOR_CLONES )?static [a-z].* z_[a-zA-Z0-9]*\(.*\{$/ { f = $0 ~ / z_(resid|psinv|rprj3)\(/ } f && /zrt_xfer_split\(/ { n++ }
     END { exit !(n == 6) }' "$t/mg.c" && ! grep -q zrt_xfer_split "$t/mgn.c" ||
  { echo "codegen_shapes.sh: samples/mg.zpl: resid, psinv and rprj3 do not overlap their transfers where their arguments do not share storage (or do with -fno-overlap)"; fail=1; }
exit $fail
