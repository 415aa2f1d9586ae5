/* emit_reduce.c - reductions, partial reductions, scans and floods computed before a statement.
 * A full reduction's loop over the covering region and its parts combined across processes in
 * process order (sections 6.6, 11), a reduction of free values combined the same way (15.6); a partial reduction folded over its source region and combined
 * along the grid's lines; a scan assembled along them (section 6.7); a flood's source copied from
 * its owners (section 6.8). Each is begun split-phase instead where the IR says so (emit_split.c). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The identity of a reduction operator for result type t (section 6.6). */
const char *reduce_identity(Emitter *E, RedOp op, Type *t) {
  bool fl = type_is_floating(t);
  switch (op) {
  case RED_ADD: case RED_BOR: case RED_BXOR: return "0";
  case RED_MUL: return "1";
  case RED_AND: return "1";
  case RED_OR: return "0";
  case RED_BAND: return arena_printf(E->arena, "(%s)~(%s)0", emit_ctype(E, t), emit_ctype(E, t));
  case RED_MAX:
    if (fl) return t->scalar == SK_FLOAT ? "-FLT_MAX" : t->scalar == SK_QUAD ? "-LDBL_MAX" : "-DBL_MAX";
    return t->scalar == SK_UINTEGER || t->scalar == SK_ULONGINT ? "0" : t->scalar == SK_LONGINT ? "INT64_MIN" : "INT32_MIN";
  default:
    if (fl) return t->scalar == SK_FLOAT ? "FLT_MAX" : t->scalar == SK_QUAD ? "LDBL_MAX" : "DBL_MAX";
    return t->scalar == SK_UINTEGER ? "UINT32_MAX" : t->scalar == SK_ULONGINT ? "UINT64_MAX" : t->scalar == SK_LONGINT ? "INT64_MAX" : "INT32_MAX";
  }
}

/* acc := acc op v, in C. */
const char *reduce_step(Emitter *E, RedOp op, const char *acc, const char *v) {
  switch (op) {
  case RED_ADD: return arena_printf(E->arena, "%s += %s;", acc, v);
  case RED_MUL: return arena_printf(E->arena, "%s *= %s;", acc, v);
  case RED_AND: return arena_printf(E->arena, "%s = %s && (%s);", acc, acc, v);
  case RED_OR: return arena_printf(E->arena, "%s = %s || (%s);", acc, acc, v);
  case RED_MAX: return arena_printf(E->arena, "%s = %s > %s ? %s : %s;", acc, v, acc, v, acc);
  case RED_MIN: return arena_printf(E->arena, "%s = %s < %s ? %s : %s;", acc, v, acc, v, acc);
  case RED_BAND: return arena_printf(E->arena, "%s &= %s;", acc, v);
  case RED_BOR: return arena_printf(E->arena, "%s |= %s;", acc, v);
  default: return arena_printf(E->arena, "%s ^= %s;", acc, v);
  }
}

/* The OpenMP clause under which the C compiler may vectorize the loop folding v into acc with op
 * (`#pragma omp simd reduction(...)`, honoured with -fopenmp-simd), or NULL. Only operators whose
 * result does not depend on the order of the steps qualify (section 6.6): max, min, the logical and
 * bitwise ones, and + and * on integers (which wrap, -fwrapv). Floating + and * keep the row-major
 * order of each process, so they get none. max and min skip NaN elements in any order, as the
 * sequential step does; which of -0.0 and +0.0 is kept when both are the largest is unspecified. */
const char *simd_reduction_clause(Emitter *E, RedOp op, Type *t, const char *acc) {
  if (!t || t->kind != TY_SCALAR || t->scalar == SK_QUAD || t->scalar > SK_QUAD) return NULL;
  static const char *const ops[] = {[RED_MAX] = "max", [RED_MIN] = "min", [RED_AND] = "&&", [RED_OR] = "||",
                                    [RED_BAND] = "&", [RED_BOR] = "|", [RED_BXOR] = "^", [RED_ADD] = "+", [RED_MUL] = "*"};
  if ((op == RED_ADD || op == RED_MUL) && type_is_floating(t)) return NULL;
  if ((size_t)op >= sizeof ops / sizeof *ops || !ops[op]) return NULL;
  return arena_printf(E->arena, "omp simd reduction(%s:%s)", ops[op], acc);
}

/* A copy of accumulator acc (of type t) whose address the runtime may take: acc's own address is
 * never taken, so the C compiler keeps it in a register through the loop that folds into it (a
 * call in the nest, ZRT_POLL's, could otherwise change it, and a store through any pointer of its
 * type too: gcc then loads and stores acc at every element and cannot vectorize the loop). */
const char *acc_copy(Emitter *E, Type *t, const char *acc) {
  return arena_printf(E->arena, "(%s[]){%s}", emit_ctype(E, t), acc);
}

/* True if a reduction by op with result type t is exact (section 6.6): its parts give the same bits
 * combined in any order, so the runtime may combine them on the way (zrt_allreduce). Integers and
 * truth values with every operator (+ and * wrap); max and min of float and double by their total
 * order (exact_step). Floating + and * are combined in process order from a gather. */
bool reduce_exact(RedOp op, const Type *t) {
  if (!t || t->kind != TY_SCALAR) return false;
  if (t->scalar == SK_FLOAT || t->scalar == SK_DOUBLE) return op == RED_MAX || op == RED_MIN;
  return t->scalar < SK_FLOAT;
}

/* The step of an exact reduction's combine function that folds part v into acc: reduce_step, but
 * max and min of floating values by the total order of their bits (zrt_order_key_*: -0 below +0,
 * NaN above everything), which makes them commutative and associative to the bit. */
static const char *exact_step(Emitter *E, RedOp op, const Type *t, const char *acc, const char *v) {
  if (!type_is_floating(t)) return reduce_step(E, op, acc, v);
  const char *key = t->scalar == SK_FLOAT ? "zrt_order_key_f" : "zrt_order_key_d";
  return arena_printf(E->arena, "%s = %s(%s) %s %s(%s) ? %s : %s;", acc, key, v, op == RED_MAX ? ">" : "<", key, acc,
                      v, acc);
}

const char *emit_combine_fn(Emitter *E, int n, Expr *const *values) {
  const char *name = emit_fresh(E, "zcombine");
  buf_printf(&E->globals, "static void %s(void *za, const void *zb) {\n", name);
  const char *off = "0";
  for (int j = 0; j < n; j++) {
    const char *ct = emit_ctype(E, values[j]->type);
    buf_printf(&E->globals, "  { %s zx, zy; memcpy(&zx, (char *)za + (%s), sizeof zx); memcpy(&zy, (const char *)zb + (%s), sizeof zy);\n",
               ct, off, off);
    buf_printf(&E->globals, "    %s memcpy((char *)za + (%s), &zx, sizeof zx); }\n",
               exact_step(E, (RedOp)values[j]->op, values[j]->type, "zx", "zy"), off);
    off = arena_printf(E->arena, "%s + sizeof(%s)", off, ct);
  }
  buf_printf(&E->globals, "}\n");
  return name;
}

/* Combine every process's partial result acc of reduction e, so that every process ends with the
 * same value (section 11): an exact one in the runtime (zrt_allreduce), any other in process order
 * from a gather; with one process acc stays as it is. */
void combine_partials(Emitter *E, RedOp op, Type *t, const char *acc, const Expr *e) {
  const char *ct = emit_ctype(E, t);
  const IrComm *c = comm_at(E, e);
  if (c && (c->kind == IC_GATHER_PUT || c->kind == IC_GATHER_BEGIN)) { /* split-phase: ended by IC_GATHER_END */
    gather_value(E, c, acc);
    return;
  }
  if (reduce_exact(op, t)) {
    Expr *values[] = {(Expr *)e};
    emit_line(E, "%s = *(const %s *)zrt_allreduce(%s, sizeof %s, %s);", acc, ct, acc_copy(E, t, acc), acc,
              emit_combine_fn(E, 1, values));
    return;
  }
  emit_line(E, "{ const %s *zp = zrt_allgather(%s, sizeof %s); %s = zp[0];", ct, acc_copy(E, t, acc), acc, acc);
  emit_line(E, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv = zp[zq]; %s } }", ct, reduce_step(E, op, acc, "zv"));
}

/* A reduction of free values (section 15.6): this process's value of the operand, combined with
 * the other processes' as a full reduction's parts are. */
static void reduce_over_processes(Emitter *E, Expr *e) {
  hoist(E, e->rhs, false);
  const char *acc = emit_fresh(E, "zr");
  emit_line(E, "%s %s = %s;", emit_ctype(E, e->type), acc, emit_convert(E, e->rhs, e->type));
  emit_line(E, "if (zrt_elementwise == 0)"); /* in a procedure applied elementwise: this process's value */
  combine_partials(E, (RedOp)e->op, e->type, acc, e);
  hoisted(E, e, acc);
}

/* A full reduction: a loop over the covering region before the statement. */
void hoist_reduce(Emitter *E, Expr *e) {
  if (e->over_processes) {
    reduce_over_processes(E, e);
    return;
  }
  hoist(E, e->rhs, true);
  const char *acc = emit_fresh(E, "zr");
  const char *ct = emit_ctype(E, e->type);
  emit_line(E, "%s %s = %s;", ct, acc, reduce_identity(E, (RedOp)e->op, e->type));
  if (!E->cover) {
    emit_unsupported(E, e->loc, "a reduction without a covering region");
    hoisted(E, e, acc);
    return;
  }
  IndexMap map;
  int rank = e->rhs->rank == RANK_ANY ? E->cover_rank : e->rhs->rank;
  emit_line(E, "{");
  E->indent++;
  if (!ir_expr_any(e->rhs, ir_effectful_call, NULL)) E->simd = simd_reduction_clause(E, (RedOp)e->op, e->type, acc);
  loops_begin(E, E->cover, rank, E->cover_sem, &map);
  const char *v = emit_convert(E, e->rhs, e->type);
  emit_line(E, "%s zv = %s;", ct, v);
  emit_line(E, "%s", reduce_step(E, (RedOp)e->op, acc, "zv"));
  loops_end(E, rank);
  combine_partials(E, (RedOp)e->op, e->type, acc, e);
  E->indent--;
  emit_line(E, "}");
  hoisted(E, e, acc);
}

/* Whether dimension k of a partial reduction with source region src is reduced (section 6.6): the
 * covering region's dimension is a singleton or '*' and the source's is not. "1" or "0" when the
 * regions as written decide it, else a C condition on the covering region (an inherited or blank
 * dimension: a single index or a flood dimension there). */
static const char *reduced_dim(Emitter *E, const Region *src, int k) {
  const Region *cov = E->cover_sem;
  if (!src || src->dims[k].kind == DK_SINGLE) return "0";
  DimKind c = cov ? cov->dims[k].kind : DK_BLANK;
  if (c == DK_SINGLE || c == DK_STAR) return "1";
  if (cov && !cov->dynamic && c == DK_RANGE) return "0";
  return arena_printf(E->arena, "((%s.flood >> %d & 1) || %s.lo[%d] == %s.hi[%d])", E->cover, k, E->cover, k, E->cover, k);
}

/* A partial reduction op<< [S] e (section 6.6): a temporary over the covering region, filled by one
 * pass over S that folds each value into the element with the same kept indices. */
void hoist_partial(Emitter *E, Expr *e) {
  const char *zs = emit_fresh(E, "zsrc");
  emit_line(E, "zrt_region %s = %s;", zs, emit_region_bracket(E, e->region));
  /* the operand's own scans, reductions and floods run over the source region (section 5.7 rule 5) */
  const char *cover = E->cover;
  Region *cover_sem = E->cover_sem;
  E->cover = zs;
  E->cover_sem = e->source;
  comm_before(E, e->rhs); /* ghost cells for the operand's shifted reads over the source region */
  hoist(E, e->rhs, true);
  E->cover = cover;
  E->cover_sem = cover_sem;
  int rank = E->cover_rank;
  const char *ct = emit_ctype(E, e->type);
  const char *reduced[MAX_RANK];
  const char *zred = emit_fresh(E, "zred");
  emit_line(E, "unsigned %s = 0;", zred);
  for (int k = 0; k < rank; k++) {
    reduced[k] = reduced_dim(E, e->source, k);
    if (strcmp(reduced[k], "1"))
      emit_line(E, "%szrt_check_same_dim(&%s, &%s, %d, %d, \"%s\");",
                strcmp(reduced[k], "0") ? arena_printf(E->arena, "if (!%s) ", reduced[k]) : "", zs, E->cover, k,
                e->loc.line, reduce_spelling((RedOp)e->op));
    if (strcmp(reduced[k], "0")) emit_line(E, "if (%s) %s |= 1u << %d;", reduced[k], zred, k);
  }
  /* the result: this process's part of the kept dimensions, one value in the reduced ones (every
   * process of a grid line through them holds the same values) */
  const char *zt = emit_fresh(E, "zt");
  emit_line(E, "zrt_array %s;", zt);
  emit_line(E, "zrt_array_alloc(&%s, %d, sizeof(%s), %s.lo, %s.hi, %s.flood | %s);", zt, rank, ct, E->cover, E->cover,
            E->cover, zred);
  vec_push(E->arena, &E->temps, (void *)zt);
  emit_line(E, "for (size_t zk = 0; zk < zrt_array_elems(&%s); zk++) ((%s *)%s.mem)[zk] = %s;", zt, ct, zt,
            reduce_identity(E, (RedOp)e->op, e->type));
  access_checks_under(E, e->rhs, zs);
  IndexMap map;
  loops_begin(E, zs, rank, NULL, &map);
  IndexMap dst = {rank, {0}};
  for (int k = 0; k < rank; k++) {
    const char *fixed = arena_printf(E->arena, "((%s.flood >> %d & 1) ? 0 : %s.lo[%d])", E->cover, k, E->cover, k);
    dst.idx[k] = !strcmp(reduced[k], "1") ? fixed
               : !strcmp(reduced[k], "0") ? index_names[k]
               : arena_printf(E->arena, "(%s ? %s : %s)", reduced[k], fixed, index_names[k]);
  }
  emit_line(E, "%s zv = %s;", ct, emit_convert(E, e->rhs, e->type));
  emit_line(E, "%s", reduce_step(E, (RedOp)e->op, temp_elem(E, zt, e->type, &dst), "zv"));
  loops_end(E, rank);
  hoisted(E, e, temp_elem(E, zt, e->type, &(IndexMap){rank, {"i0", "i1", "i2", "i3", "i4", "i5"}}));
  if (partial_begun(E, e, zt, zred)) return; /* split-phase: combined where a later statement needs it */
  combine_line(E, e, zt, zred, NULL);
}

/* Combine the partial results in temporary zt of the processes of each line through the
 * dimensions in C variable zred, in process order: gathered here, or (handle non-NULL) begun
 * earlier with zrt_line_allgather_begin. */
void combine_line(Emitter *E, const Expr *e, const char *zt, const char *zred, const char *handle) {
  int rank = E->cover_rank;
  const char *ct = emit_ctype(E, e->type);
  emit_line(E, "{ int zn; size_t zc = zrt_array_elems(&%s);", zt);
  if (handle)
    emit_line(E, "  const %s *zp = zrt_line_allgather_end(%s, &zn);", ct, handle);
  else
    emit_line(E, "  const %s *zp = zrt_line_allgather(%d, %s, %s.mem, zc * sizeof(%s), &zn);", ct, rank, zred, zt, ct);
  emit_line(E, "  for (size_t zk = 0; zk < zc; zk++) { %s za = zp[zk];", ct);
  emit_line(E, "    for (int zq = 1; zq < zn; zq++) { %s zv = zp[(size_t)zq * zc + zk]; %s }", ct, reduce_step(E, (RedOp)e->op, "za", "zv"));
  emit_line(E, "    ((%s *)%s.mem)[zk] = za; } }", ct, zt);
}

/* A scan op|| e or op||[d1,...,dk] e (section 6.7): exclusive, in row-major order or along the listed
 * dimensions (d1 fastest), separately for every combination of the other dimensions. */
/* The dimensions of scan e (section 6.7) over a rank-r covering region: the listed ones (listed,
 * nlisted; d1 first) in *mask, and the loop order (the others, *outer of them, then the listed
 * ones, the fastest last). */
static void scan_dims(Emitter *E, const Expr *e, int rank, int *listed, int *nlisted, int *order, int *outer, unsigned *mask) {
  bool is_listed[MAX_RANK] = {0};
  int n = 0;
  *nlisted = 0;
  *mask = 0;
  if (e->region) {
    for (int i = 0; i < e->region->n; i++) {
      int64_t d = 1;
      sema_const_int(E->S, e->region->items[i].lo, &d);
      listed[(*nlisted)++] = (int)d - 1;
      is_listed[d - 1] = true;
    }
  } else {
    for (int k = rank - 1; k >= 0; k--) listed[(*nlisted)++] = k, is_listed[k] = true;
  }
  for (int k = 0; k < rank; k++) {
    if (!is_listed[k]) order[n++] = k;
    else *mask |= 1u << k;
  }
  *outer = n;
  for (int i = *nlisted - 1; i >= 0; i--) order[n++] = listed[i];
}

void hoist_scan(Emitter *E, Expr *e) {
  hoist(E, e->rhs, true);
  int rank = E->cover_rank;
  int listed[MAX_RANK] = {0}, nlisted = 0, order[MAX_RANK] = {0}, outer = 0;
  unsigned mask = 0;
  scan_dims(E, e, rank, listed, &nlisted, order, &outer, &mask);
  bool masked = E->cover_sem && E->cover_sem->masked && E->cover_sem->mask;
  /* the operand (and whether each index takes part) over this process's part, then over the
   * whole of its grid line along the scanned dimensions (section 11) */
  IndexMap map;
  const char *zv = temp_over_cover(E, e->type, rank);
  const char *zk = masked ? temp_over_cover(E, E->S->t_scalar[SK_BOOLEAN], rank) : NULL;
  loops_begin(E, E->cover, rank, NULL, &map);
  emit_line(E, "%s = %s;", temp_elem(E, zv, e->type, &map), emit_convert(E, e->rhs, e->type));
  if (masked) {
    bool without = E->cover_sem->syn && E->cover_sem->syn->kind == RX_WITHOUT;
    emit_line(E, "%s = %s(%s);", temp_elem(E, zk, E->S->t_scalar[SK_BOOLEAN], &map), without ? "!" : "!!", emit_expr(E, E->cover_sem->mask));
  }
  loops_end(E, rank);
  const char *lv = emit_fresh(E, "zlv"), *lk = masked ? emit_fresh(E, "zlk") : NULL;
  emit_line(E, "zrt_array %s;", lv);
  vec_push(E->arena, &E->temps, (void *)lv);
  if (masked) {
    emit_line(E, "zrt_array %s;", lk);
    vec_push(E->arena, &E->temps, (void *)lk);
  }
  if (scan_begun(E, e, lv, zv, lk, zk, mask)) return; /* split-phase: scanned where a later statement needs it */
  emit_line(E, "zrt_line_assemble(&%s, &%s, &%s, %uu, %d);", lv, zv, E->cover, mask, e->loc.line);
  if (masked) emit_line(E, "zrt_line_assemble(&%s, &%s, &%s, %uu, %d);", lk, zk, E->cover, mask, e->loc.line);
  scan_rest(E, e, lv, lk);
}

/* Scan e from its line's values, assembled in temporary lv (and whether each index takes part, in
 * lk, if the covering region is masked), into a new temporary that then holds e's value. */
void scan_rest(Emitter *E, Expr *e, const char *lv, const char *lk) {
  int rank = E->cover_rank;
  const char *ct = emit_ctype(E, e->type);
  int listed[MAX_RANK] = {0}, nlisted = 0, order[MAX_RANK] = {0}, outer = 0;
  unsigned mask = 0;
  scan_dims(E, e, rank, listed, &nlisted, order, &outer, &mask);
  const char *res = emit_fresh(E, "zsc"), *lr = emit_fresh(E, "zlr");
  emit_line(E, "zrt_array %s;", res);
  emit_line(E, "zrt_array_alloc_box(&%s, %d, sizeof(%s), %s.lo, %s.hi, %s.flood, !%s.mem, %d);", res, rank, ct, lv, lv, lv,
            lv, e->loc.line);
  vec_push(E->arena, &E->temps, (void *)res);
  emit_line(E, "zrt_region %s; zrt_region_line(&%s, &%s, %uu);", lr, lr, E->cover, mask);
  const char *acc = emit_fresh(E, "zacc");
  emit_line(E, "%s %s = %s;", ct, acc, reduce_identity(E, (RedOp)e->op, e->type));
  /* the accumulator restarts for every combination of the unlisted dimensions */
  IndexMap map;
  E->loops_whole = true;
  loops_begin_order(E, lr, rank, NULL, &map, order);
  if (outer > 0) {
    Buf first = {0};
    for (int i = 0; i < nlisted; i++) {
      int k = listed[i];
      buf_printf(&first, "%s%s == ((%s.flood >> %d & 1) ? 0 : zrt_region_first(&%s, %d, %s.lo[%d]))", i ? " && " : "",
                 index_names[k], lr, k, lr, k, lr, k);
    }
    emit_line(E, "if (%s) %s = %s;", first.data, acc, reduce_identity(E, (RedOp)e->op, e->type));
    free(first.data);
  }
  if (lk) emit_line(E, "if (!%s) continue;", temp_elem(E, lk, E->S->t_scalar[SK_BOOLEAN], &map));
  emit_line(E, "%s zv = %s;", ct, temp_elem(E, lv, e->type, &map));
  emit_line(E, "%s = %s;", temp_elem(E, res, e->type, &map), acc);
  emit_line(E, "%s", reduce_step(E, (RedOp)e->op, acc, "zv"));
  loops_end(E, rank);
  E->loops_whole = false;
  hoisted(E, e, temp_elem(E, res, e->type, &map));
}

/* The flood >>[S] e (section 6.8) under the covering region: e evaluated over S (with S's
 * singleton dimensions, where this process owns them) into one temporary, then copied to a
 * temporary over the covering region with the singleton index in the replicated dimensions
 * (zrt_remap fetches them from their owners). The flood reads that temporary. */
void flood_copy(Emitter *E, Expr *e) {
  const char *zf = emit_hoisted(E, (Expr *)e->region);
  int rank = E->cover_rank;
  const char *saved = E->cover;
  Region *saved_sem = E->cover_sem;
  E->cover = zf;
  E->cover_sem = NULL;
  comm_before(E, e->rhs); /* ghost cells for the operand's shifted reads over the source region */
  hoist(E, e->rhs, true);
  const char *zs = temp_over_cover(E, e->type, rank);
  IndexMap map;
  loops_begin(E, zf, rank, NULL, &map);
  emit_line(E, "%s = %s;", temp_elem(E, zs, e->type, &map), emit_convert(E, e->rhs, e->type));
  loops_end(E, rank);
  E->cover = saved;
  E->cover_sem = saved_sem;
  const char *zt = temp_over_cover(E, e->type, rank);
  hoisted(E, e, temp_elem(E, zt, e->type, &map));
  if (flood_begun(E, e, zf, zt, zs)) return; /* split-phase: received where a later statement needs it */
  emit_line(E, "{ zrt_map zmp = zrt_map_flood(&%s); zrt_remap(&%s, &%s, &%s, &zmp, %d); }", zf, zt, E->cover, zs, e->loc.line);
}
