/* emit_stmt.c - C for statements (section 7): scalar statements and control flow, and parallel
 * statements as loops over this process's part of the covering region (inner dimension innermost),
 * with masks, full reductions computed before the statement, temporaries where the right-hand side
 * reads what the statement writes (section 7.2), wrap/reflect, and formatted I/O (sections 7.9-7.10). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"
#include "ir.h"

static const char *const index_names[MAX_RANK] = {"i0", "i1", "i2", "i3", "i4", "i5"};

#define ZRT_FLUFF IR_FLUFF

static void hoist_inner(Emitter *E, Expr *e, bool parallel_ctx);
static void one_process_only(Emitter *E, Loc at, const char *what);
static void transfers_before(Emitter *E, Expr *e);
static Expr *path_root(Expr *e);

/* True if t is the scalar type k. */
static bool is_sk(const Type *t, ScalarKind k) { return t && t->kind == TY_SCALAR && t->scalar == k; }

/* Inside the body of a pattern loop: note a call the C makes there that communicates, in the order
 * it makes them (the pattern table emit_pdl.c writes the pattern file from). */
static void pattern_note(Emitter *E, PatCallKind kind, const char *x, IrTransfer *t, Type *type) {
  if (!E->pattern) return;
  PatCall *c = ARENA_NEW(E->arena, PatCall);
  *c = (PatCall){kind, x, t, type, NULL};
  vec_push(E->arena, &E->pattern->calls, c);
}

/* The same for a gather that carries the values of several reductions (their types). */
static void pattern_note_group(Emitter *E, const char *handle, PtrVec *types) {
  if (!E->pattern) return;
  PatCall *c = ARENA_NEW(E->arena, PatCall);
  *c = (PatCall){PC_GATHER_BEGIN, handle, NULL, NULL, types};
  vec_push(E->arena, &E->pattern->calls, c);
}

/* ---- loops over a region ---- */

/* True if dimension k of the covering region is known to be a plain range or singleton with unit
 * stride (so the loop needs no flood or stride logic). */
static bool simple_dim(const Region *sem, int k) {
  return sem && !sem->error && !sem->dynamic && !sem->strided && k < sem->rank &&
         (sem->dims[k].kind == DK_RANGE || sem->dims[k].kind == DK_SINGLE);
}

/* Open the loop nest over region c (a C zrt_region variable) with dimensions in the given order
 * (outermost first; NULL: row-major); the index of dimension k is index_names[k]. The body is
 * collected apart so that the arrays it touches get their pointers and strides hoisted in front
 * of the nest. Masked regions skip masked-out indices. */
static void loops_begin_dir(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order,
                            const int8_t *dir) {
  map->rank = rank;
  for (int k = 0; k < rank; k++) map->idx[k] = index_names[k];
  emit_line(E, "{");
  E->indent++;
  bool simple_ok = !strcmp(c, E->cover ? E->cover : "");
  const char *split = E->split_dn;
  const char *simd = E->simd;
  E->split_dn = NULL;
  E->simd = NULL;
  if (!E->loops_whole && rank > 0) { /* this process's part (section 11) */
    if (split) emit_line(E, "zrt_region zparts[ZRT_SPLIT_MAX]; int znparts = zrt_xfer_split(zparts, &%s, &%s);", c, split);
    else emit_line(E, "zrt_region zm; zrt_region_mine(&zm, &%s);", c);
    c = "zm";
  }
  E->saved_out = E->out;
  E->nest = (Buf){0};
  E->out = &E->nest;
  E->loop_arrays.len = 0;
  E->in_loops = true;
  if (split) { /* the interior while the ghost cells travel, then the border (see loops_end) */
    E->indent++;
    E->split_open = split;
  }
  for (int o = 0; o < rank; o++) {
    int k = order ? order[o] : o;
    if (dir && dir[k] < 0) { /* only on simple dimensions (see loop_dirs_ok) */
      emit_line(E, "for (int64_t %s = %s.hi[%d], zl%d = %s.lo[%d]; %s >= zl%d; %s--) {", index_names[k], c, k, k, c, k,
                index_names[k], k, index_names[k]);
    } else if (simple_dim(E->cover_sem, k) && simple_ok) {
      if (simd && o == rank - 1) { /* an OpenMP loop declares only its index */
        emit_line(E, "const int64_t zh%d = %s.hi[%d];", k, c, k);
        emit_line(E, "#pragma %s", simd);
        emit_line(E, "for (int64_t %s = %s.lo[%d]; %s <= zh%d; %s++) {", index_names[k], c, k, index_names[k], k, index_names[k]);
      } else emit_line(E, "for (int64_t %s = %s.lo[%d], zh%d = %s.hi[%d]; %s <= zh%d; %s++) {", index_names[k], c, k, k, c, k,
                index_names[k], k, index_names[k]);
    } else {
      emit_line(E, "for (int64_t %s = (%s.flood >> %d & 1) ? 0 : zrt_region_first(&%s, %d, %s.lo[%d]); "
                   "%s <= ((%s.flood >> %d & 1) ? 0 : %s.hi[%d]); %s += (%s.flood >> %d & 1) ? 1 : %s.stride[%d]) {",
                index_names[k], c, k, c, k, c, k, index_names[k], c, k, c, k, index_names[k], c, k, c, k);
    }
    E->indent++;
    if (o == 0 && rank >= 2) { /* progress for gathers in flight, about every ZRT_POLL_ELEMS elements */
      int k1 = order ? order[1] : 1;
      emit_line(E, "ZRT_POLL(%s.hi[%d] - %s.lo[%d] + 1);", c, k1, c, k1);
    }
  }
  E->idx = map;
  if (sem && sem->masked && sem->mask) {
    const char *m = emit_expr(E, sem->mask);
    bool without = sem->syn && sem->syn->kind == RX_WITHOUT;
    emit_line(E, "if (%s(%s)) continue;", without ? "" : "!", m);
  }
}

/* Open the loop nest over region c with dimensions in the given order. */
static void loops_begin_order(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order) {
  loops_begin_dir(E, c, rank, sem, map, order, NULL);
}

/* Open the row-major loop nest over region c. */
static void loops_begin(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map) {
  loops_begin_dir(E, c, rank, sem, map, NULL, NULL);
}

/* True if the loop directions an array statement asks for (IrStmt.loop_dir) can be emitted: a
 * downward loop only over a simple dimension of the covering region. */
static bool loop_dirs_ok(Emitter *E, const IrStmt *s, int rank) {
  for (int k = 0; k < rank; k++)
    if (s->loop_dir[k] < 0 && !simple_dim(E->cover_sem, k)) return false;
  return true;
}

/* Close the loop nest: hoisted array declarations first, then the nest. */
static void loops_end(Emitter *E, int rank) {
  for (int k = 0; k < rank; k++) {
    E->indent--;
    emit_line(E, "}");
  }
  const char *split = E->split_open;
  E->split_open = NULL;
  E->idx = NULL;
  E->in_loops = false;
  E->out = E->saved_out;
  if (split) { /* one block per part: its restrict pointers do not live across zrt_dn */
    E->indent--;
    emit_line(E, "for (int zpart = 0; zpart < znparts; zpart++) {");
    E->indent++;
    emit_line(E, "if (zpart == 1) zrt_dn(&%s);", split);
    pattern_note(E, PC_DN, split, NULL, NULL); /* here or after the loop: between the same calls */
    emit_line(E, "const zrt_region zm = zparts[zpart];");
  }
  /* Variables are distinct storage; a parameter may be bound to any of them, so no restrict then. */
  bool distinct = true;
  for (int i = 0; i < E->loop_arrays.len; i++) distinct &= ((Symbol *)E->loop_arrays.items[i])->kind == SYM_VAR;
  for (int i = 0; i < E->loop_arrays.len; i++) emit_line(E, "%s", emit_array_decls(E, E->loop_arrays.items[i], distinct));
  if (E->nest.data) buf_add(E->out, E->nest.data);
  free(E->nest.data);
  E->nest = (Buf){0};
  if (split) {
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (znparts < 2) zrt_dn(&%s);", split);
  }
  E->indent--;
  emit_line(E, "}");
}

/* ---- run-time containment checks (section 5.8; R3, R4): once per statement, before it changes anything ---- */

/* True if sym is a parallel array variable or parameter. */
static bool is_array_sym(const Symbol *sym) {
  return sym && (sym->kind == SYM_VAR || sym->kind == SYM_PARAM) && sym->type && sym->type->kind == TY_PARALLEL;
}

/* Emit the checks for every access of e under the covering region. */
static void access_checks(Emitter *E, Expr *e) {
  if (!e || !E->cover || emit_hoisted(E, e)) return; /* hoisted: already checked and computed */
  switch (e->kind) {
  case EX_NAME:
    if (is_array_sym(e->sym)) {
      if (e->sym->global && E->cur_proc) /* a procedure may run during elaboration (R11) */
        emit_line(E, "if (!%s.allocated) zrt_error(%d, \"'%s' is used before its declaration is elaborated\");",
                  emit_sym(E, e->sym), e->loc.line, e->sym->name);
      emit_line(E, "if (!zrt_contains(&%s, &%s, NULL)) zrt_error(%d, \"covering region is not inside the storage region of '%s'\");",
                E->cover, emit_sym(E, e->sym), e->loc.line, e->sym->name);
    }
    break;
  case EX_SHIFT: {
    Symbol *base = sema_base_symbol(e->base);
    if (e->wrap || !is_array_sym(base)) break;
    int64_t d[MAX_RANK] = {0};
    int rank;
    bool known;
    sema_dir(E->S, e->dir, &rank, d, &known);
    const char *dv = known ? arena_printf(E->arena, "((int64_t[]){%lld, %lld, %lld, %lld, %lld, %lld})", (long long)d[0],
                                          (long long)d[1], (long long)d[2], (long long)d[3], (long long)d[4], (long long)d[5])
                           : emit_dir(E, e->dir);
    const char *text = arena_printf(E->arena, "%.*s", e->dir->end - e->base->start, E->S->src->text + e->base->start);
    emit_line(E, "if (!zrt_contains(&%s, &%s, %s)) zrt_error(%d, \"%%s\", \"'%s' accesses elements outside the storage region of '%s'\");",
              E->cover, emit_sym(E, base), dv, e->loc.line, text, base->name);
    break;
  }
  case EX_BINARY: access_checks(E, e->lhs); access_checks(E, e->rhs); break;
  case EX_UNARY: case EX_SCAN: access_checks(E, e->rhs); break;
  case EX_REDUCE: if (!e->region) access_checks(E, e->rhs); break;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!(e->sym && e->sym->ptypes && i < e->sym->nparams && e->sym->ptypes[i]->kind == TY_PARALLEL)) access_checks(E, e->args[i]);
    break;
  case EX_FIELD: case EX_INDEX: access_checks(E, e->base); break;
  default: break;
  }
}

/* The checks for the accesses of e under region src instead of the covering region (the operands of
 * partial reductions and floods, section 5.8 rule 4). */
static void access_checks_under(Emitter *E, Expr *e, const char *src) {
  const char *cover = E->cover;
  E->cover = src;
  access_checks(E, e);
  E->cover = cover;
}

static bool has_reduction(const Expr *e);
static bool defer_value(Emitter *E, const Expr *e, const char *acc);
static bool partial_begun(Emitter *E, const Expr *e, const char *zt, const char *zred);
static bool flood_begun(Emitter *E, const Expr *e, const char *zf, const char *zt, const char *zs);
static bool scan_begun(Emitter *E, const Expr *e, const char *lv, const char *zv, const char *lk, const char *zk, unsigned mask);
static void scan_rest(Emitter *E, Expr *e, const char *lv, const char *lk);
static void end_transfers(Emitter *E);
static bool array_stmt_opened(Emitter *E);
struct Deferred;
static void emit_assign_loops(Emitter *E, Stmt *st);
static void combine_line(Emitter *E, const Expr *e, const char *zt, const char *zred, const char *handle);

/* ---- hoisting: full reductions and scalar work evaluated once, before the statement ---- */


/* Remember that e's value is in C variable v. */
static void hoisted(Emitter *E, Expr *e, const char *v) {
  vec_push(E->arena, &E->hoist_keys, e);
  vec_push(E->arena, &E->hoist_vals, (void *)v);
}

/* The identity of a reduction operator for result type t (section 6.6). */
static const char *reduce_identity(Emitter *E, RedOp op, Type *t) {
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
static const char *reduce_step(Emitter *E, RedOp op, const char *acc, const char *v) {
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

/* True if e calls something with an effect besides its value (a procedure, a file or timer
 * builtin): its loop must run its steps in order. */
static bool has_effectful_call(const Expr *e, const void *arg) {
  (void)arg;
  return e->kind == EX_CALL && (ir_is_call(e, NULL) || !e->sym || e->sym->kind != SYM_BUILTIN || e->sym->builtin >= BF_open);
}

/* The OpenMP clause under which the C compiler may vectorize the loop folding v into acc with op
 * (`#pragma omp simd reduction(...)`, honoured with -fopenmp-simd), or NULL. Only operators whose
 * result does not depend on the order of the steps qualify (section 6.6): max, min, the logical and
 * bitwise ones, and + and * on integers (which wrap, -fwrapv). Floating + and * keep the row-major
 * order of each process, so they get none. max and min skip NaN elements in any order, as the
 * sequential step does; which of -0.0 and +0.0 is kept when both are the largest is unspecified. */
static const char *simd_reduction_clause(Emitter *E, RedOp op, Type *t, const char *acc) {
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
static const char *acc_copy(Emitter *E, Type *t, const char *acc) {
  return arena_printf(E->arena, "(%s[]){%s}", emit_ctype(E, t), acc);
}

/* Combine every process's partial result acc of a reduction, in process order, so that every
 * process ends with the same value (section 11); with one process acc stays as it is. */
static void combine_partials(Emitter *E, RedOp op, Type *t, const char *acc, const Expr *e) {
  const char *ct = emit_ctype(E, t);
  if (e && defer_value(E, e, acc)) return; /* split-phase: emit_stmts ends it where the result is needed */
  emit_line(E, "{ const %s *zp = zrt_allgather(%s, sizeof %s); %s = zp[0];", ct, acc_copy(E, t, acc), acc, acc);
  pattern_note(E, PC_GATHER, NULL, NULL, t);
  emit_line(E, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv = zp[zq]; %s } }", ct, reduce_step(E, op, acc, "zv"));
}

/* A full reduction: a loop over the covering region before the statement. */
static void hoist_reduce(Emitter *E, Expr *e) {
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
  if (!ir_expr_any(e->rhs, has_effectful_call, NULL)) E->simd = simd_reduction_clause(E, (RedOp)e->op, e->type, acc);
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

/* A temporary array over the covering region, freed after the statement; returns its C name. */
static const char *temp_over_cover(Emitter *E, Type *t, int rank) {
  const char *zt = emit_fresh(E, "zt");
  emit_line(E, "zrt_array %s;", zt);
  emit_line(E, "zrt_array_alloc(&%s, %d, sizeof(%s), %s.lo, %s.hi, %s.flood);", zt, rank, emit_ctype(E, t), E->cover,
            E->cover, E->cover);
  vec_push(E->arena, &E->temps, (void *)zt);
  return zt;
}

/* The element of temporary zt at the indices of map. */
static const char *temp_elem(Emitter *E, const char *zt, Type *t, const IndexMap *map) {
  Buf off = {0};
  for (int k = 0; k < map->rank; k++) buf_printf(&off, "%s(%s) * %s.stride[%d]", k ? " + " : "", map->idx[k], zt, k);
  const char *r = arena_printf(E->arena, "((%s *)%s.origin)[%s]", emit_ctype(E, t), zt, off.data ? off.data : "0");
  free(off.data);
  return r;
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
static void hoist_partial(Emitter *E, Expr *e) {
  const char *zs = emit_fresh(E, "zsrc");
  emit_line(E, "zrt_region %s = %s;", zs, emit_region_bracket(E, e->region));
  /* the operand's own scans, reductions and floods run over the source region (section 5.7 rule 5) */
  const char *cover = E->cover;
  Region *cover_sem = E->cover_sem;
  E->cover = zs;
  E->cover_sem = e->source;
  transfers_before(E, e->rhs); /* ghost cells for the operand's shifted reads over the source region */
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
static void combine_line(Emitter *E, const Expr *e, const char *zt, const char *zred, const char *handle) {
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

static void hoist_scan(Emitter *E, Expr *e) {
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
static void scan_rest(Emitter *E, Expr *e, const char *lv, const char *lk) {
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

/* True for expressions cheap and safe to evaluate per element (no need to hoist). */
static bool trivial(const Expr *e) {
  return e->kind == EX_INT || e->kind == EX_FLOAT || e->kind == EX_CHAR || e->kind == EX_NAME;
}

/* Hoist what must be computed once: full reductions anywhere, and (inside a parallel expression)
 * every non-trivial scalar subexpression, in left-to-right order (section 6.2). */
/* ---- communication: ghost cells for shifted reads (section 11, Ironman) ---- */

/* Note that the program uses something that does not run on more than one process yet (what:
 * its name with "is"/"are", for the message). */
static void one_process_only(Emitter *E, Loc at, const char *what) {
  if (E->p1_reason) return;
  E->p1_reason = what;
  E->p1_line = at.line;
}

/* Collect the shifted reads of e under the covering region: those served by ghost cells (constant
 * directions within the fluff, no wrap-around) in out, the others (@^, wide or run-time
 * directions) in remaps. The operands of partial reductions and floods have their own region. */
static void collect_shifts(Emitter *E, Expr *e, PtrVec *out, PtrVec *remaps) {
  if (!e) return;
  switch (e->kind) {
  case EX_SHIFT: {
    int rank;
    int64_t d[MAX_RANK];
    bool known;
    sema_dir(E->S, e->dir, &rank, d, &known);
    bool wide = false;
    for (int k = 0; known && k < rank; k++) wide |= d[k] > ZRT_FLUFF || d[k] < -ZRT_FLUFF;
    if (!e->wrap && known && !wide) vec_push(E->arena, out, e);      /* ghost cells */
    else if (path_root(e->base)) vec_push(E->arena, remaps, e); /* a shifted copy */
    else one_process_only(E, e->loc, "'@^' or a wide or run-time shift of this expression is");
    collect_shifts(E, e->base, out, remaps);
    break;
  }
  case EX_BINARY: collect_shifts(E, e->lhs, out, remaps); collect_shifts(E, e->rhs, out, remaps); break;
  case EX_UNARY: case EX_SCAN: collect_shifts(E, e->rhs, out, remaps); break;
  case EX_REDUCE:
    if (!e->region) collect_shifts(E, e->rhs, out, remaps);
    break;
  case EX_CALL: case EX_INDEX:
    for (int i = 0; i < e->nargs; i++) collect_shifts(E, e->args[i], out, remaps);
    if (e->kind == EX_INDEX) collect_shifts(E, e->base, out, remaps);
    break;
  case EX_FIELD: collect_shifts(E, e->base, out, remaps); break;
  default: break;
  }
}

/* A shifted read A@d or A@^d served by a copy: a temporary over the covering region holding
 * A's values at the shifted (wrapped) indices, gathered from their owners (zrt_remap). */
static void shifted_copy(Emitter *E, Expr *sh) {
  Expr *root = path_root(sh->base);
  Symbol *a = root->sym;
  int rank = a->type->rank;
  const char *zt = temp_over_cover(E, a->type->elem, rank);
  emit_line(E, "{ zrt_map zmp = zrt_map_shift(&%s, %s, %d); zrt_remap(&%s, &%s, &%s, &zmp, %d); }", emit_sym(E, a),
            emit_dir(E, sh->dir), sh->wrap, zt, E->cover, emit_sym(E, a), sh->loc.line);
  IndexMap map = {rank, {0}};
  for (int k = 0; k < rank; k++) map.idx[k] = index_names[k];
  /* the whole elements moved; a field or component of them is read from the temporary */
  hoisted(E, root, temp_elem(E, zt, a->type->elem, &map));
  hoisted(E, sh, emit_expr(E, sh->base));
}

/* The array variable e is a part of (e itself, or e is a field or a constant-index component of
 * its elements, at any depth), or NULL. */
static Expr *path_root(Expr *e) {
  for (;;) {
    if (e->kind == EX_FIELD) {
      e = e->base;
    } else if (e->kind == EX_INDEX && e->base->rank > 0) {
      for (int i = 0; i < e->nargs; i++)
        if (e->args[i]->rank != 0) return NULL;
      e = e->base;
    } else {
      break;
    }
  }
  return e->kind == EX_NAME && e->sym ? e : NULL;
}

/* The flood >>[S] e (section 6.8) under the covering region: e evaluated over S (with S's
 * singleton dimensions, where this process owns them) into one temporary, then copied to a
 * temporary over the covering region with the singleton index in the replicated dimensions
 * (zrt_remap fetches them from their owners). The flood reads that temporary. */
static void flood_copy(Emitter *E, Expr *e) {
  const char *zf = emit_hoisted(E, (Expr *)e->region);
  int rank = E->cover_rank;
  const char *saved = E->cover;
  Region *saved_sem = E->cover_sem;
  E->cover = zf;
  E->cover_sem = NULL;
  transfers_before(E, e->rhs); /* ghost cells for the operand's shifted reads over the source region */
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

/* The static declaration of transfer t's zrt_xfer (once) and its C name. */
static const char *xfer_name(Emitter *E, IrTransfer *t, int id, int line) {
  const char *x = arena_printf(E->arena, "zx%d", id);
  if (!t || !t->emitted) buf_printf(&E->globals, "static zrt_xfer %s = ZRT_XFER_INIT(%d, %d);\n", x, id, line);
  if (t) t->emitted = true;
  return x;
}

/* zrt_xfer_begin and zrt_xfer_add for every item of a planned transfer, under region c. */
static void xfer_describe(Emitter *E, const char *x, IrTransfer *t, const char *c) {
  emit_line(E, "zrt_xfer_begin(&%s, &%s);", x, c);
  pattern_note(E, PC_XFER, x, t, NULL);
  for (int i = 0; i < t->items.len; i++) {
    IrShift *sh = t->items.items[i];
    Buf d = {0};
    for (int k = 0; k < sh->rank; k++) buf_printf(&d, "%s%lld", k ? ", " : "", (long long)sh->d[k]);
    emit_line(E, "zrt_xfer_add(&%s, &%s, (int64_t[]){%s});", x, emit_sym(E, sh->array), d.data);
    free(d.data);
  }
}

/* The transfers comm_opt starts before statement st: DR and SR (a transfer started early; its DN
 * comes where the data is read), or all four (hoisted out of the loop st). */
static void emit_pre_transfers(Emitter *E, Stmt *st) {
  if (!st->ir) return;
  for (int i = 0; i < st->ir->pre.len; i++) {
    IrTransfer *t = st->ir->pre.items[i];
    const char *x = xfer_name(E, t, t->id, t->line);
    bool hoisted = t->place == XF_HOISTED;
    emit_line(E, "/* transfer %d (line %d): %s */", t->id, t->line,
              hoisted ? "its arrays do not change in the loop: once, before it" : "started after the last write of its arrays");
    xfer_describe(E, x, t, emit_sym(E, t->cover));
    if (hoisted) emit_line(E, "zrt_dr(&%s); zrt_sr(&%s); zrt_dn(&%s); zrt_sv(&%s);", x, x, x, x);
    else emit_line(E, "zrt_dr(&%s); zrt_sr(&%s);", x, x);
    pattern_note(E, PC_DR, x, NULL, NULL);
    pattern_note(E, PC_SR, x, NULL, NULL);
    if (hoisted) {
      pattern_note(E, PC_DN, x, NULL, NULL);
      pattern_note(E, PC_SV, x, NULL, NULL);
    }
  }
}

/* Before a statement that reads shifted arrays: one transfer for all of them (DR, SR, DN here
 * unless comm_opt moved it; SV when the statement ends, in hoist_reset). */
static void transfers_before(Emitter *E, Expr *e) {
  if (!E->cover) return;
  PtrVec shifts = {0}, remaps = {0};
  collect_shifts(E, e, &shifts, &remaps);
  for (int i = 0; i < remaps.len; i++) shifted_copy(E, remaps.items[i]);
  if (shifts.len == 0) return;
  /* the transfer comm_insert planned for this expression (one is made here for expressions it
   * does not visit, such as initializers) */
  IrTransfer *t = comm_transfer_at(E->ir, e);
  if (t && (t->place == XF_REDUNDANT || t->place == XF_COMBINED || t->place == XF_HOISTED)) {
    emit_line(E, "/* transfer %d (line %d): %s %d */", t->id, t->line,
              t->place == XF_REDUNDANT ? "not needed, the ghost cells are current since transfer"
              : t->place == XF_COMBINED ? "travels with transfer" : "hoisted out of the loop as transfer",
              t->by ? t->by->id : t->id);
    return;
  }
  int id = t ? t->id : ++E->nxfers;
  int line = t ? t->line : ((Expr *)shifts.items[0])->loc.line;
  const char *x = xfer_name(E, t, id, line);
  if (t && t->place == XF_EARLY) {
    emit_line(E, "/* transfer %d (line %d): started above; wait for the ghost cells */", id, line);
  } else {
    emit_line(E, "/* transfer %d (line %d): ghost cells for the shifted reads */", id, line);
    if (t) {
      xfer_describe(E, x, t, E->cover);
    } else {
      emit_line(E, "zrt_xfer_begin(&%s, &%s);", x, E->cover);
      pattern_note(E, PC_XFER, x, NULL, NULL);
      for (int i = 0; i < shifts.len; i++) {
        Expr *sh = shifts.items[i];
        emit_line(E, "zrt_xfer_add(&%s, &%s, %s);", x, emit_sym(E, sema_base_symbol(sh->base)), emit_dir(E, sh->dir));
      }
    }
    emit_line(E, "zrt_dr(&%s); zrt_sr(&%s);", x, x);
    pattern_note(E, PC_DR, x, NULL, NULL);
    pattern_note(E, PC_SR, x, NULL, NULL);
  }
  if (E->overlap_ok && t) {
    E->split_dn = x; /* the loop nest waits after its interior */
  } else {
    emit_line(E, "zrt_dn(&%s);", x);
    pattern_note(E, PC_DN, x, NULL, NULL);
  }
  vec_push(E->arena, &E->pending_sv, (void *)x);
}

void hoist(Emitter *E, Expr *e, bool parallel_ctx) {
  if (!e || emit_hoisted(E, e)) return;
  if (E->hoist_depth == 0) transfers_before(E, e);
  E->hoist_depth++;
  hoist_inner(E, e, parallel_ctx);
  E->hoist_depth--;
}

static void hoist_inner(Emitter *E, Expr *e, bool parallel_ctx) {
  if (!e || emit_hoisted(E, e)) return;
  if (e->kind == EX_REDUCE && !e->region) {
    hoist_reduce(E, e);
    return;
  }
  if (e->kind == EX_REDUCE) {
    hoist_partial(E, e);
    return;
  }
  if (e->kind == EX_SCAN) {
    hoist_scan(E, e);
    return;
  }
  if (parallel_ctx && e->rank == 0 && !trivial(e)) {
    hoist(E, e, false);
    const char *v = emit_fresh(E, "zs");
    emit_line(E, "%s %s = %s;", emit_ctype(E, e->type), v, emit_expr(E, e));
    hoisted(E, e, v);
    return;
  }
  bool par = parallel_ctx || e->rank > 0;
  switch (e->kind) {
  case EX_BINARY: hoist(E, e->lhs, par); hoist(E, e->rhs, par); break;
  case EX_FLOOD:
    if (!emit_hoisted(E, (Expr *)e->region)) { /* its source region, once per statement */
      const char *zf = emit_fresh(E, "zfl");
      emit_line(E, "const zrt_region %s = %s;", zf, emit_region_bracket(E, e->region));
      hoisted(E, (Expr *)e->region, zf);
      for (int k = 0; E->cover && e->source && k < e->source->rank; k++)
        if (e->source->dims[k].kind != DK_SINGLE)
          emit_line(E, "zrt_check_same_dim(&%s, &%s, %d, %d, \">>\");", zf, E->cover, k, e->loc.line);
    }
    access_checks_under(E, e->rhs, emit_hoisted(E, (Expr *)e->region));
    if (E->cover) flood_copy(E, e);
    else hoist(E, e->rhs, par);
    break;
  case EX_UNARY: case EX_SCAN: hoist(E, e->rhs, par); break;
  case EX_REDUCE: hoist(E, e->rhs, true); break;
  case EX_CALL: case EX_INDEX:
    for (int i = 0; i < e->nargs; i++) hoist(E, e->args[i], par);
    if (e->kind == EX_INDEX) hoist(E, e->base, par);
    break;
  case EX_FIELD: case EX_SHIFT: hoist(E, e->base, par); break;
  default: break;
  }
}

/* Forget what was hoisted for the statement just emitted. */
void hoist_reset(Emitter *E) {
  end_transfers(E);
  for (int i = 0; i < E->temps.len; i++) emit_line(E, "zrt_array_free(&%s);", (const char *)E->temps.items[i]);
  E->temps.len = 0;
  E->hoist_keys.len = 0;
  E->hoist_vals.len = 0;
}

/* The DN no loop nest took and the SVs of the statement just emitted. */
static void end_transfers(Emitter *E) {
  if (E->split_dn) { /* no loop nest took it */
    emit_line(E, "zrt_dn(&%s);", E->split_dn);
    pattern_note(E, PC_DN, E->split_dn, NULL, NULL);
  }
  E->split_dn = NULL;
  for (int i = 0; i < E->pending_sv.len; i++) {
    emit_line(E, "zrt_sv(&%s);", (const char *)E->pending_sv.items[i]);
    pattern_note(E, PC_SV, E->pending_sv.items[i], NULL, NULL);
  }
  E->pending_sv.len = 0;
}

/* ---- assignment ---- */

/* The binary operator C spelling of a compound assignment. */
static const char *compound_c(AssignOp op) {
  static const char *const ops[] = {"", "+", "-", "*", "/", "%", "&&", "||"};
  return ops[op];
}

/* The value to store for lhs op= rhs (converted to the target's type). */
static const char *assigned_value(Emitter *E, Stmt *st, Type *lt) {
  if (st->op == AS_ASSIGN) return emit_convert(E, st->rhs, lt);
  const char *cur = emit_expr(E, st->lhs);
  if (is_sk(lt, SK_STRING)) return arena_printf(E->arena, "zrt_str_cat(%s, %s)", cur, emit_expr(E, st->rhs)); /* += */
  if ((st->op == AS_DIV || st->op == AS_MOD) && type_is_integer(type_common(E->S, lt, st->rhs->type))) {
    Type *c = type_common(E->S, lt, st->rhs->type);
    const char *sfx = c->scalar == SK_UINTEGER ? "u32" : c->scalar == SK_LONGINT ? "i64" : c->scalar == SK_ULONGINT ? "u64" : "i32";
    return arena_printf(E->arena, "((%s)zrt_%s_%s((%s)%s, (%s)(%s), %d))", emit_ctype(E, lt), st->op == AS_DIV ? "div" : "mod", sfx,
                        emit_ctype(E, c), cur, emit_ctype(E, c), emit_expr(E, st->rhs), st->oploc.line);
  }
  if (st->op == AS_AND || st->op == AS_OR)
    return arena_printf(E->arena, "((zrt_bool)((%s) %s (%s)))", cur, compound_c((AssignOp)st->op), emit_expr(E, st->rhs));
  Type *c = type_common(E->S, lt, st->rhs->type);
  return arena_printf(E->arena, "((%s)((%s)%s %s (%s)(%s)))", emit_ctype(E, lt), emit_ctype(E, c), cur,
                      compound_c((AssignOp)st->op), emit_ctype(E, c), emit_expr(E, st->rhs));
}

static void emit_scalar_assign(Emitter *E, Stmt *st) {
  Type *lt = st->lhs->type;
  access_checks(E, st->rhs);
  hoist(E, st->rhs, false);
  if (E->defer_begun) { /* assigned where the combined results are needed */
    hoist_reset(E);
    return;
  }
  const char *target = emit_expr(E, st->lhs);
  if (is_sk(lt, SK_STRING) && st->op == AS_ADD) {
    emit_line(E, "{ zrt_string zt = %s; zrt_str_append(&%s, &zt); }", emit_expr(E, st->rhs), target);
  } else if (lt->kind == TY_ARRAY) {
    if (st->rhs->type->kind == TY_ARRAY && iarray_fixed(lt) == iarray_fixed(st->rhs->type)) {
      emit_line(E, "%s", iarray_copy_c(E, lt, target, emit_expr(E, st->rhs)));
    } else if (st->rhs->type->kind == TY_ARRAY) { /* same shape, one inline and one allocated */
      const char *src = emit_expr(E, st->rhs);
      emit_line(E, "for (int64_t zk = 0; zk < %s; zk++) ((%s *)%s.data)[zk] = ((%s *)%s.data)[zk];", iarray_count_c(E, lt, target),
                emit_ctype(E, lt->elem), target, emit_ctype(E, lt->elem), src);
    } else {
      emit_line(E, "{ %s zv = %s;", emit_ctype(E, lt->elem), emit_convert(E, st->rhs, lt->elem));
      emit_line(E, "  for (int64_t zk = 0; zk < %s; zk++) ((%s *)%s.data)[zk] = zv; }", iarray_count_c(E, lt, target),
                emit_ctype(E, lt->elem), target);
    }
  } else {
    emit_line(E, "%s = %s;", target, assigned_value(E, st, lt));
  }
  hoist_reset(E);
}

/* True if e computes nothing in a loop nest of its own before the statement's loop nest and
 * nothing that must run its elements in order (ir_own_loop). */
static bool overlap_free(const Expr *e) { return !ir_expr_any(e, ir_own_loop, NULL); }

/* True if the elements of array statement st may be computed in any order, several at once: it
 * does not read its target shifted, needs no loop order and calls nothing with an effect, and its
 * loop computes no reduction, scan or flood. Its loop may then be vectorized (omp simd). */
static bool elements_independent(const Stmt *st) {
  const IrStmt *s = st->ir;
  if (!s || s->kind != IR_ARRAY || s->needs_temp || !overlap_free(st->rhs) || ir_expr_any(st->rhs, has_effectful_call, NULL) ||
      !ir_distinct_elements(s->writes))
    return false;
  for (int k = 0; k < MAX_RANK; k++)
    if (s->loop_dir[k] != 0) return false;
  for (int i = 0; i < s->shifts.len; i++)
    if (ir_may_share(s->writes, ((IrShift *)s->shifts.items[i])->array)) return false;
  return true;
}

/* True if array statement st (fused with reduction r, if any) may compute the interior of this
 * process's part while its ghost cells travel and the border after them: its elements are
 * independent (it does not read its target shifted; unmasked) and r gives the same result in any
 * order. */
static bool may_overlap(Emitter *E, Stmt *st, Expr *r) {
  if (E->no_overlap || !elements_independent(st) || !E->cover_sem || E->cover_sem->masked) return false;
  if (!r) return true;
  bool exact = r->op != RED_ADD && r->op != RED_MUL ? true : type_is_integer(r->type);
  return exact && overlap_free(r->rhs);
}

/* True if st is A := B of two parallel array variables of the same element type with no flood
 * dimensions, under an unmasked covering region of unit-stride ranges: a copy of rows. */
static bool row_copy(Emitter *E, const Stmt *st, int rank) {
  const Expr *l = st->lhs, *r = st->rhs;
  if (st->op != AS_ASSIGN || l->kind != EX_NAME || r->kind != EX_NAME || !is_array_sym(l->sym) || !is_array_sym(r->sym) ||
      !E->cover_sem || E->cover_sem->masked || rank < 1 || rank != E->cover_sem->rank)
    return false;
  const Type *lt = l->sym->type, *rt = r->sym->type;
  if (lt->rank != rank || rt->rank != rank || !type_same(lt->elem, rt->elem) || !lt->region || !rt->region) return false;
  for (int k = 0; k < rank; k++)
    if (!simple_dim(E->cover_sem, k) || lt->region->dims[k].kind == DK_STAR || rt->region->dims[k].kind == DK_STAR)
      return false;
  return true;
}

/* A := B as row copies (memmove: the arrays may be one, through a parameter): the element loop
 * would cost a sweep where the C library copies whole rows. */
static void emit_row_copy(Emitter *E, Stmt *st, int rank) {
  const char *a = emit_sym(E, st->lhs->sym), *b = emit_sym(E, st->rhs->sym);
  if (st->ir && st->ir->exchange && !E->loops_whole) { /* b is dead: exchange storage (passes/copy_elim.c) */
    emit_line(E, "zrt_array_exchange(&%s, &%s, &%s);", a, b, E->cover);
    return;
  }
  const char *ct = emit_ctype(E, st->lhs->sym->type->elem);
  const char *c = E->cover;
  emit_line(E, "{");
  E->indent++;
  if (!E->loops_whole) {
    emit_line(E, "zrt_region zm; zrt_region_mine(&zm, &%s);", c);
    c = "zm";
  }
  int last = rank - 1;
  emit_line(E, "const size_t zn = %s.lo[%d] <= %s.hi[%d] ? (size_t)(%s.hi[%d] - %s.lo[%d] + 1) * sizeof(%s) : 0;", c, last, c,
            last, c, last, c, last, ct);
  Buf da = {0}, db = {0};
  for (int k = 0; k < last; k++) {
    emit_line(E, "for (int64_t %s = %s.lo[%d]; zn && %s <= %s.hi[%d]; %s++)", index_names[k], c, k, index_names[k], c, k,
              index_names[k]);
    buf_printf(&da, "%s * %s.stride[%d] + ", index_names[k], a, k);
    buf_printf(&db, "%s * %s.stride[%d] + ", index_names[k], b, k);
  }
  emit_line(E, "  if (zn) memmove((%s *)%s.origin + %s%s.lo[%d], (const %s *)%s.origin + %s%s.lo[%d], zn);", ct, a,
            da.data ? da.data : "", c, last, ct, b, db.data ? db.data : "", c, last);
  free(da.data);
  free(db.data);
  E->indent--;
  emit_line(E, "}");
}

static void emit_parallel_assign(Emitter *E, Stmt *st) {
  emit_line(E, "{ /* line %d */", st->loc.line);
  E->indent++;
  access_checks(E, st->lhs);
  access_checks(E, st->rhs);
  E->overlap_ok = may_overlap(E, st, NULL) && !E->open_array_stmt;
  hoist(E, st->rhs, true);
  E->overlap_ok = false;
  if (E->open_array_stmt && array_stmt_opened(E)) return; /* the rest where a later statement needs the result */
  emit_assign_loops(E, st);
}

/* The loop nest of parallel assignment st, after its right-hand side was hoisted; closes the
 * block emit_parallel_assign opened. */
static void emit_assign_loops(Emitter *E, Stmt *st) {
  int rank = st->rank == RANK_ANY ? E->cover_rank : st->rank;
  IndexMap map;
  Type *lt = st->lhs->type;
  const char *ct = emit_ctype(E, lt);
  if (st->ir && (st->ir->needs_temp || !loop_dirs_ok(E, st->ir, rank))) {
    /* the right-hand side reads the target elsewhere (section 7.2) and no loop order keeps the old values */
    emit_line(E, "zrt_array zt;");
    emit_line(E, "zrt_array_alloc(&zt, %d, sizeof(%s), %s.lo, %s.hi, %s.flood);", rank, ct, E->cover, E->cover, E->cover);
    loops_begin(E, E->cover, rank, E->cover_sem, &map);
    Buf off = {0};
    for (int k = 0; k < rank; k++) buf_printf(&off, "%s%s * zt.stride[%d]", k ? " + " : "", index_names[k], k);
    emit_line(E, "((%s *)zt.origin)[%s] = %s;", ct, off.data, assigned_value(E, st, lt));
    loops_end(E, rank);
    loops_begin(E, E->cover, rank, E->cover_sem, &map);
    emit_line(E, "%s = ((%s *)zt.origin)[%s];", emit_expr(E, st->lhs), ct, off.data);
    loops_end(E, rank);
    emit_line(E, "zrt_array_free(&zt);");
    free(off.data);
  } else if (row_copy(E, st, rank)) {
    emit_row_copy(E, st, rank);
  } else {
    if (elements_independent(st)) E->simd = "omp simd";
    loops_begin_dir(E, E->cover, rank, E->cover_sem, &map, NULL, st->ir ? st->ir->loop_dir : NULL);
    emit_line(E, "%s = %s;", emit_expr(E, st->lhs), assigned_value(E, st, lt));
    loops_end(E, rank);
  }
  hoist_reset(E);
  E->indent--;
  emit_line(E, "}");
}

/* ---- output (section 7.9) ---- */

/* The default printf format of a value of type t (parallel element or scalar). */
static const char *default_format(const Type *t, bool element) {
  if (t->kind == TY_ENUM) return "%9d ";
  switch (t->scalar) {
  case SK_INTEGER: return "%9d ";
  case SK_SHORTINT: return "%9hd ";
  case SK_LONGINT: return "%9ld ";
  case SK_UINTEGER: return "%9u ";
  case SK_USHORTINT: return "%9hu ";
  case SK_ULONGINT: return "%9lu ";
  case SK_SBYTE: return "%d ";
  case SK_UBYTE: return "%u ";
  case SK_FLOAT: case SK_DOUBLE: return "%9.4f ";
  case SK_QUAD: return "%9.4Lf ";
  case SK_CHAR: return "%c";
  case SK_STRING: return "%s ";
  case SK_BOOLEAN: return element ? "%5s " : "%s";
  default: return "%d ";
  }
}

/* The C argument that goes with a default format. */
static const char *default_arg(Emitter *E, const Type *t, const char *v) {
  if (t->kind == TY_ENUM) return arena_printf(E->arena, "(int)(%s)", v);
  switch (t->scalar) {
  case SK_INTEGER: return arena_printf(E->arena, "(int)(%s)", v);
  case SK_SHORTINT: return arena_printf(E->arena, "(short)(%s)", v);
  case SK_LONGINT: return arena_printf(E->arena, "(long)(%s)", v);
  case SK_UINTEGER: return arena_printf(E->arena, "(unsigned)(%s)", v);
  case SK_USHORTINT: return arena_printf(E->arena, "(unsigned short)(%s)", v);
  case SK_ULONGINT: return arena_printf(E->arena, "(unsigned long)(%s)", v);
  case SK_SBYTE: case SK_CHAR: return arena_printf(E->arena, "(int)(%s)", v);
  case SK_UBYTE: return arena_printf(E->arena, "(unsigned)(%s)", v);
  case SK_FLOAT: case SK_DOUBLE: return arena_printf(E->arena, "(double)(%s)", v);
  case SK_QUAD: return arena_printf(E->arena, "(long double)(%s)", v);
  case SK_STRING: return arena_printf(E->arena, "(%s).s", v);
  case SK_BOOLEAN: return arena_printf(E->arena, "(%s) ? \"true\" : \"false\"", v);
  default: return v;
  }
}

/* A user format with the length modifier azc supplies, and the argument to pass (section 7.9). */
static const char *user_format(Emitter *E, const char *fmt, int n, const Type *t, const char *v, const char **arg) {
  Buf b = {0};
  for (int i = 0; i < n; i++) {
    if (fmt[i] != '%') {
      buf_printf(&b, "%c", fmt[i]);
      continue;
    }
    if (i + 1 < n && fmt[i + 1] == '%') {
      buf_add(&b, "%%");
      i++;
      continue;
    }
    int j = i + 1;
    while (j < n && strchr("-+ #0123456789.", fmt[j])) j++;
    buf_printf(&b, "%.*s", j - i, fmt + i);
    while (j < n && strchr("hlL", fmt[j])) j++;
    char conv = fmt[j];
    bool is_bool = is_sk(t, SK_BOOLEAN);
    bool wide = t->kind == TY_SCALAR && (t->scalar == SK_LONGINT || t->scalar == SK_ULONGINT);
    switch (conv) {
    case 'd': case 'i':
      buf_printf(&b, "ll%c", conv);
      *arg = arena_printf(E->arena, "(long long)(%s)", v);
      break;
    case 'u': case 'o': case 'x': case 'X': {
      const char *ut = wide ? "unsigned long long" : t->scalar == SK_SHORTINT || t->scalar == SK_USHORTINT ? "unsigned short"
                       : t->scalar <= SK_UBYTE ? "unsigned char" : "unsigned";
      buf_printf(&b, "ll%c", conv);
      *arg = arena_printf(E->arena, "(unsigned long long)(%s)(%s)", ut, v);
      break;
    }
    case 'c':
      buf_add(&b, "c");
      *arg = arena_printf(E->arena, "(int)(unsigned char)(%s)", v);
      break;
    case 's':
      buf_add(&b, "s");
      *arg = is_bool ? arena_printf(E->arena, "(%s) ? \"true\" : \"false\"", v) : arena_printf(E->arena, "(%s).s", v);
      break;
    default:
      if (is_sk(t, SK_QUAD)) {
        buf_printf(&b, "L%c", conv);
        *arg = arena_printf(E->arena, "(long double)(%s)", v);
      } else {
        buf_printf(&b, "%c", conv);
        *arg = arena_printf(E->arena, "(double)(%s)", v);
      }
      break;
    }
    i = j;
  }
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

/* A C string literal for format text. */
static const char *c_lit(Emitter *E, const char *s) { return emit_c_string(E, s, strlen(s)); }

/* Print one value (scalar, or the element at the current index) with its item's format. */
static void print_value(Emitter *E, const char *f, IoItem *it, bool element, int line) {
  Type *t = it->value->type;
  const char *v = E->print_value ? E->print_value : emit_expr(E, it->value);
  if (it->format) {
    const char *arg = v;
    const char *fmt = user_format(E, it->format->str, it->format->slen, t, v, &arg);
    emit_line(E, "zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, fmt), arg);
  } else if (is_sk(t, SK_BOOLEAN) && !element) {
    emit_line(E, "zrt_write_bool(%s, %d, %s);", f, line, v);
  } else {
    emit_line(E, "zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, default_format(t, element)), default_arg(E, t, v));
  }
}

/* A literal written directly as an item prints as spelled (section 7.9). */
static bool print_literal(Emitter *E, const char *f, Expr *e, int line) {
  if (e->parens) return false;
  const char *text;
  if (e->kind == EX_STRING) text = arena_strndup(E->arena, e->str, (size_t)e->slen);
  else if (e->kind == EX_INT || e->kind == EX_FLOAT) text = arena_printf(E->arena, "%.*s", e->end - e->start, E->S->src->text + e->start);
  else if (e->kind == EX_CHAR) text = arena_printf(E->arena, "%c", (char)e->ival);
  else return false;
  size_t n = e->kind == EX_STRING ? (size_t)e->slen : strlen(text);
  if (e->kind == EX_STRING) { /* "%%" in a string item prints one '%' */
    Buf u = {0};
    for (size_t i = 0; i < n; i++) {
      if (text[i] == '%' && i + 1 < n && text[i + 1] == '%') i++;
      buf_printf(&u, "%c", text[i]);
    }
    emit_line(E, "zrt_write(%s, %d, %s, %zu);", f, line, emit_c_string(E, u.data ? u.data : "", u.len), u.len);
    free(u.data);
  } else {
    emit_line(E, "zrt_write(%s, %d, %s, %zu);", f, line, emit_c_string(E, text, n), n);
  }
  return true;
}

/* A parallel item: every element of the covering region in row-major order, with line breaks
 * after the last index of the last dimension that has more than one index. */
static void print_parallel(Emitter *E, const char *f, IoItem *it, int line) {
  int rank = it->value->rank == RANK_ANY ? E->cover_rank : it->value->rank;
  Type *t = it->value->type;
  IndexMap map;
  /* the values over the covering region, gathered to process 0 (section 11: output in order) */
  Symbol *whole = it->value->kind == EX_NAME ? it->value->sym : NULL;
  const char *src;
  if (whole && is_array_sym(whole) && type_same(whole->type->elem, t)) {
    src = emit_sym(E, whole);
  } else {
    src = temp_over_cover(E, t, rank);
    loops_begin(E, E->cover, rank, NULL, &map);
    emit_line(E, "%s = %s;", temp_elem(E, src, t, &map), emit_expr(E, it->value));
    loops_end(E, rank);
  }
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_array zg;");
  emit_line(E, "zrt_gather(&zg, &%s, &%s, %d);", src, E->cover, line);
  emit_line(E, "if (zrt_my_process() == 0) {");
  E->indent++;
  emit_line(E, "int zl = zrt_region_line_dim(&%s);", E->cover);
  emit_line(E, "int64_t zlast = zrt_region_last(&%s, zl);", E->cover);
  E->loops_whole = true;
  loops_begin(E, E->cover, rank, NULL, &map);
  E->print_value = temp_elem(E, "zg", t, &map);
  print_value(E, f, it, true, line);
  E->print_value = NULL;
  Buf cond = {0};
  for (int k = 0; k < rank; k++) buf_printf(&cond, "%s(zl == %d && %s == zlast)", k ? " || " : "", k, index_names[k]);
  emit_line(E, "if (%s) zrt_write(%s, %d, \"\\n\", 1);", cond.data ? cond.data : "1", f, line);
  free(cond.data);
  loops_end(E, rank);
  E->loops_whole = false;
  E->indent--;
  emit_line(E, "}");
  emit_line(E, "zrt_array_free(&zg);");
  E->indent--;
  emit_line(E, "}");
}

/* write/writeln/halt items. */
static void emit_write(Emitter *E, Stmt *st) {
  int line = st->loc.line;
  const char *f = "ZRT_ZOUT";
  int first = 0;
  if (st->kind == ST_WRITE && st->nitems > 0 && !st->items[0].format && is_sk(st->items[0].value->type, SK_FILE) &&
      st->items[0].value->rank == 0) {
    hoist(E, st->items[0].value, false);
    f = emit_fresh(E, "zf");
    emit_line(E, "zrt_file %s = %s;", f, emit_expr(E, st->items[0].value));
    first = 1;
  }
  for (int i = first; i < st->nitems; i++) {
    IoItem *it = &st->items[i];
    access_checks(E, it->value);
    hoist(E, it->value, it->value->rank > 0);
    if (!it->format && print_literal(E, f, it->value, line)) continue;
    if (it->value->type->kind == TY_ARRAY) {
      Type *et = it->value->type->elem;
      const char *a = emit_expr(E, it->value);
      emit_line(E, "for (int64_t zk = 0; zk < %s; zk++)", iarray_count_c(E, it->value->type, a));
      emit_line(E, "  zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, default_format(et, false)),
                default_arg(E, et, arena_printf(E->arena, "((%s *)%s.data)[zk]", emit_ctype(E, et), a)));
      continue;
    }
    if (it->value->rank > 0) print_parallel(E, f, it, line);
    else print_value(E, f, it, false, line);
    hoist_reset(E);
  }
  if (st->newline) emit_line(E, "zrt_write(%s, %d, \"\\n\", 1);", f, line);
  hoist_reset(E);
  if (st->kind == ST_HALT) emit_line(E, "zrt_halt(%d);", line);
}

/* ---- input (section 7.10) ---- */

/* C statement reading one value of type t into lvalue v. */
static void read_value(Emitter *E, const char *f, const char *v, Type *t, int line) {
  if (is_sk(t, SK_STRING)) {
    emit_line(E, "zrt_read_string(%s, %d, &%s);", f, line, v);
    return;
  }
  if (is_sk(t, SK_BOOLEAN)) emit_line(E, "%s = zrt_read_bool(%s, %d);", v, f, line);
  else if (is_sk(t, SK_CHAR)) emit_line(E, "%s = zrt_read_char(%s, %d);", v, f, line);
  else if (type_is_floating(t)) emit_line(E, "%s = (%s)zrt_read_float(%s, %d, \"%s\");", v, emit_ctype(E, t), f, line, scalar_name(t->scalar));
  else if (t->scalar == SK_UBYTE || t->scalar == SK_USHORTINT || t->scalar == SK_UINTEGER || t->scalar == SK_ULONGINT) {
    static const char *const max[] = {[SK_UBYTE] = "UINT8_MAX", [SK_USHORTINT] = "UINT16_MAX", [SK_UINTEGER] = "UINT32_MAX", [SK_ULONGINT] = "UINT64_MAX"};
    emit_line(E, "%s = (%s)zrt_read_uint(%s, %d, %s, \"%s\");", v, emit_ctype(E, t), f, line, max[t->scalar], scalar_name(t->scalar));
  } else {
    static const char *const lim[][2] = {[SK_SBYTE] = {"INT8_MIN", "INT8_MAX"}, [SK_SHORTINT] = {"INT16_MIN", "INT16_MAX"},
                                         [SK_INTEGER] = {"INT32_MIN", "INT32_MAX"}, [SK_LONGINT] = {"INT64_MIN", "INT64_MAX"}};
    emit_line(E, "%s = (%s)zrt_read_int(%s, %d, %s, %s, \"%s\");", v, emit_ctype(E, t), f, line, lim[t->scalar][0],
              lim[t->scalar][1], scalar_name(t->scalar));
  }
}

static void emit_read(Emitter *E, Stmt *st) {
  int line = st->loc.line;
  const char *f = "ZRT_ZIN";
  int first = 0;
  if (st->nitems > 1 && is_sk(st->items[0].value->type, SK_FILE) && st->items[0].value->rank == 0) {
    f = emit_fresh(E, "zf");
    emit_line(E, "zrt_file %s = %s;", f, emit_expr(E, st->items[0].value));
    first = 1;
  }
  for (int i = first; i < st->nitems; i++) /* R4, R11 before anything is read (section 5.8) */
    if (st->items[i].value->rank > 0) access_checks(E, st->items[i].value);
  for (int i = first; i < st->nitems; i++) {
    Expr *e = st->items[i].value;
    if (e->type->kind == TY_ARRAY) {
      const char *a = emit_expr(E, e);
      Type *et = e->type->elem;
      emit_line(E, "for (int64_t zk = 0; zk < %s; zk++) {", iarray_count_c(E, e->type, a));
      E->indent++;
      read_value(E, f, arena_printf(E->arena, "((%s *)%s.data)[zk]", emit_ctype(E, et), a), et, line);
      E->indent--;
      emit_line(E, "}");
    } else if (e->rank > 0) {
      /* every process reads every value (process 0 reads, all receive) and keeps what it owns */
      IndexMap map;
      int rank = e->rank == RANK_ANY ? E->cover_rank : e->rank;
      emit_line(E, "{");
      E->indent++;
      emit_line(E, "zrt_region zown; zrt_region_mine(&zown, &%s);", E->cover);
      E->loops_whole = true;
      loops_begin(E, E->cover, rank, NULL, &map);
      emit_line(E, "%s zrv;", emit_ctype(E, e->type));
      read_value(E, f, "zrv", e->type, line);
      Buf own = {0};
      for (int k = 0; k < rank; k++)
        buf_printf(&own, "%s((zown.flood >> %d & 1) || (zown.lo[%d] <= %s && %s <= zown.hi[%d]))", k ? " && " : "", k, k,
                   index_names[k], index_names[k], k);
      emit_line(E, "if (%s) %s = zrv;", own.data, emit_expr(E, e));
      free(own.data);
      loops_end(E, rank);
      E->loops_whole = false;
      E->indent--;
      emit_line(E, "}");
    } else {
      read_value(E, f, emit_expr(E, e), e->type, line);
    }
  }
}

/* ---- wrap and reflect (section 7.8) ---- */

/* The outermost 'of' of the region a wrap/reflect runs under (following region names). */
static RegionSyn *outer_of(Emitter *E, Bracket *b) {
  RegionSyn *rs = NULL;
  if (b->n == 1 && b->items[0].kind == BI_REGION) rs = b->items[0].region;
  else if (b->n == 1 && b->items[0].kind == BI_EXPR && b->items[0].lo->kind == EX_NAME) {
    Symbol *sym = sema_lookup(E->S, b->items[0].lo->name.name, b->items[0].lo->loc.off);
    if (sym && sym->kind == SYM_REGION && sym->decl) rs = sym->decl->region;
  }
  while (rs && rs->kind == RX_NAME) {
    Symbol *sym = sema_lookup(E->S, rs->name.name, rs->loc.off);
    rs = sym && sym->kind == SYM_REGION && sym->decl ? sym->decl->region : NULL;
  }
  while (rs && rs->kind == RX_BRACKET && rs->bracket->n == 1 && rs->bracket->items[0].kind == BI_REGION)
    rs = rs->bracket->items[0].region;
  return rs && rs->kind == RX_OF ? rs : NULL;
}

static void emit_wrap(Emitter *E, Stmt *st, Bracket *region) {
  RegionSyn *of = region ? outer_of(E, region) : NULL;
  if (!of) {
    emit_unsupported(E, st->loc, "wrap/reflect under an inherited region");
    return;
  }
  int rank = E->cover_rank;
  emit_line(E, "{ /* line %d: %s */", st->loc.line, st->reflect ? "reflect" : "wrap");
  E->indent++;
  emit_line(E, "zrt_region zx = %s;", emit_region_syn(E, of->base));
  emit_line(E, "const int64_t *zd = %s;", emit_dir(E, of->dir));
  emit_line(E, "for (int k = 0; k < %d; k++)", rank);
  emit_line(E, "  if (!(zx.flood >> k & 1) && (zd[k] < 0 ? -zd[k] : zd[k]) > zx.hi[k] - zx.lo[k] + 1)");
  emit_line(E, "    zrt_error(%d, \"'%s' direction is larger than the region it wraps\");", st->loc.line,
            st->reflect ? "reflect" : "wrap");
  /* R11, R4: the filled cells (the covering region) and the copied ones ((-d) in X for wrap, d in X
   * for reflect) must be in each operand's storage region */
  emit_line(E, "int64_t zsd[%d];", rank);
  emit_line(E, "for (int k = 0; k < %d; k++) zsd[k] = %szd[k];", rank, st->reflect ? "" : "-");
  emit_line(E, "zrt_region zs = zrt_region_in(zx, zsd);");
  for (int i = 0; i < st->noperands; i++) {
    Symbol *sym = sema_base_symbol(st->operands[i]);
    const char *a = emit_sym(E, sym);
    if (sym->global && E->cur_proc)
      emit_line(E, "if (!%s.allocated) zrt_error(%d, \"'%s' is used before its declaration is elaborated\");", a,
                st->loc.line, sym->name);
    emit_line(E, "if (!zrt_contains(&%s, &%s, NULL) || !zrt_contains(&zs, &%s, NULL))", E->cover, a, a);
    emit_line(E, "  zrt_error(%d, \"covering region is not inside the storage region of '%s'\");", st->loc.line, sym->name);
  }
  bool all_fields = true;
  for (int i = 0; i < st->noperands; i++) all_fields &= path_root(st->operands[i]) != NULL;
  if (all_fields) { /* a remap within each array, across processes */
    emit_line(E, "zrt_map zmp = zrt_map_wrap(&zx, zd, %d);", st->reflect);
    for (int i = 0; i < st->noperands; i++) {
      Expr *op = st->operands[i];
      Symbol *sym = sema_base_symbol(op);
      const char *a = emit_sym(E, sym);
      if (op->kind == EX_NAME) {
        emit_line(E, "zrt_remap(&%s, &%s, &%s, &zmp, %d);", a, E->cover, a, st->loc.line);
        continue;
      }
      /* a part of the elements: they come whole into a temporary, then only the part is copied */
      const char *zt = temp_over_cover(E, sym->type->elem, rank);
      emit_line(E, "zrt_remap(&%s, &%s, &%s, &zmp, %d);", zt, E->cover, a, st->loc.line);
      IndexMap map;
      loops_begin(E, E->cover, rank, NULL, &map);
      const char *dst = emit_expr(E, op);
      hoisted(E, path_root(op), temp_elem(E, zt, sym->type->elem, &map));
      emit_line(E, "%s = %s;", dst, emit_expr(E, op));
      loops_end(E, rank);
    }
    hoist_reset(E);
    E->indent--;
    emit_line(E, "}");
    return;
  }
  one_process_only(E, st->loc, "'wrap' and 'reflect' of this operand are");
  IndexMap map;
  loops_begin(E, E->cover, rank, NULL, &map);
  IndexMap src = {rank, {0}};
  for (int k = 0; k < rank; k++) {
    const char *j = index_names[k];
    src.idx[k] = st->reflect
      ? arena_printf(E->arena, "(zd[%d] > 0 ? 2 * zx.hi[%d] + 1 - %s : zd[%d] < 0 ? 2 * zx.lo[%d] - 1 - %s : %s)", k, k, j, k, k, j, j)
      : arena_printf(E->arena, "(zd[%d] > 0 ? %s - (zx.hi[%d] - zx.lo[%d] + 1) : zd[%d] < 0 ? %s + (zx.hi[%d] - zx.lo[%d] + 1) : %s)", k, j, k, k, k, j, k, k, j);
  }
  for (int i = 0; i < st->noperands; i++) {
    Expr *op = st->operands[i];
    const char *dst = emit_expr(E, op);
    E->idx = &src;
    const char *from = emit_expr(E, op);
    E->idx = &map;
    emit_line(E, "%s = %s;", dst, from);
  }
  loops_end(E, rank);
  E->indent--;
  emit_line(E, "}");
}

/* ---- control flow ---- */

/* The label a 'continue' of the innermost loop jumps to (marked as used). */
static const char *continue_label(Emitter *E) {
  if (!E->loop_labels.len) return "zcont";
  const char *label = E->loop_labels.items[E->loop_labels.len - 1];
  vec_push(E->arena, &E->used_labels, (void *)label);
  return label;
}

/* True if a 'continue' jumped to label. */
static bool label_used(Emitter *E, const char *label) {
  for (int i = 0; i < E->used_labels.len; i++)
    if (E->used_labels.items[i] == label) return true;
  return false;
}

/* A scalar condition, with its hoisted work emitted first. */
static const char *condition(Emitter *E, Expr *c) {
  access_checks(E, c);
  hoist(E, c, false);
  const char *r = emit_expr(E, c);
  return r;
}

/* True if e contains a reduction (whose loop must run before the expression is used). */
static bool has_reduction(const Expr *e) {
  if (!e) return false;
  if (e->kind == EX_REDUCE) return true;
  if (has_reduction(e->lhs) || has_reduction(e->rhs) || has_reduction(e->base)) return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_reduction(e->args[i])) return true;
  return false;
}

static void emit_if(Emitter *E, Stmt *st) {
  int closes = 0;
  for (int i = 0; i < st->narms; i++) {
    if (i > 0 && !has_reduction(st->conds[i])) { /* a flat else-if chain */
      emit_line(E, "} else if (%s) {", condition(E, st->conds[i]));
      hoist_reset(E);
      E->indent++;
      emit_stmts(E, &st->arms[i]);
      E->indent--;
      continue;
    }
    if (i > 0) { /* the reductions of this condition run only when it is reached */
      emit_line(E, "} else {");
      E->indent++;
      closes++;
    }
    emit_line(E, "if (%s) {", condition(E, st->conds[i]));
    hoist_reset(E);
    E->indent++;
    emit_stmts(E, &st->arms[i]);
    E->indent--;
  }
  if (st->has_else) {
    emit_line(E, "} else {");
    E->indent++;
    emit_stmts(E, &st->else_body);
    E->indent--;
  }
  emit_line(E, "}");
  for (int i = 0; i < closes; i++) {
    E->indent--;
    emit_line(E, "}");
  }
}

/* The body of loop st with its continue label; an iteration of a loop whose body is a
 * communication pattern (passes/patterns.c) is bracketed for the runtime (--az-pdl records it),
 * and what the body communicates goes into the pattern's table. */
static void loop_body(Emitter *E, Stmt *st, const char *label) {
  int pattern = st->ir ? st->ir->pattern : 0;
  PatTable *outer = E->pattern;
  E->has_patterns |= pattern != 0;
  if (pattern) {
    emit_line(E, "zrt_pattern_begin(%d);", pattern);
    E->pattern = ARENA_NEW(E->arena, PatTable);
    E->pattern->id = pattern;
    E->pattern->line = st->loc.line;
    vec_push(E->arena, &E->patterns, E->pattern);
  }
  vec_push(E->arena, &E->loop_labels, (void *)label);
  emit_stmts(E, &st->body);
  E->loop_labels.len--;
  if (label_used(E, label)) emit_line(E, "%s:;", label);
  if (pattern) emit_line(E, "zrt_pattern_end(%d);", pattern);
  E->pattern = outer;
}

/* True if loop st has a reduction that runs ahead (passes/runahead.c). */
static bool runs_ahead(const Stmt *st) {
  for (int i = 0; st->ir && i < st->ir->body.n; i++)
    if (st->ir->body.items[i]->runahead) return true;
  return false;
}

/* After loop st: an iteration of a pattern left by exit is not a complete one; the reductions
 * that ran ahead complete, since their variables may be read from here on. */
static void loop_after(Emitter *E, Stmt *st) {
  if (st->ir && st->ir->pattern) emit_line(E, "zrt_pattern_leave(%d);", st->ir->pattern);
  if (runs_ahead(st) && !E->no_overlap) {
    emit_line(E, "zrt_allgather_flush(); /* the reductions that ran ahead in the loop at line %d */", st->loc.line);
    E->has_runahead = true;
  }
}

static void emit_while(Emitter *E, Stmt *st) {
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "for (;;) {");
  E->indent++;
  emit_line(E, "if (!(%s)) break;", condition(E, st->conds[0]));
  hoist_reset(E);
  loop_body(E, st, label);
  E->indent--;
  emit_line(E, "}");
}

static void emit_repeat(Emitter *E, Stmt *st) {
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "for (;;) {");
  E->indent++;
  loop_body(E, st, label);
  emit_line(E, "if (%s) break;", condition(E, st->conds[0]));
  hoist_reset(E);
  E->indent--;
  emit_line(E, "}");
}

static void emit_for(Emitter *E, Stmt *st) {
  Symbol *v = st->var_sym;
  const char *var = emit_sym(E, v);
  const char *ct = emit_ctype(E, v->type);
  const char *hi = emit_fresh(E, "zhi"), *step = emit_fresh(E, "zst");
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "{");
  E->indent++;
  hoist(E, st->from, false);
  emit_line(E, "%s zfrom = %s;", ct, emit_convert(E, st->from, v->type));
  hoist(E, st->to, false);
  emit_line(E, "%s %s = %s;", ct, hi, emit_convert(E, st->to, v->type));
  if (st->step) hoist(E, st->step, false);
  emit_line(E, "int64_t %s = %s;", step, st->step ? arena_printf(E->arena, "(int64_t)(%s)", emit_expr(E, st->step)) : "1");
  hoist_reset(E);
  if (st->step) emit_line(E, "if (%s <= 0) zrt_error(%d, \"'for' step must be positive, got %%lld\", (long long)%s);", step, st->loc.line, step);
  emit_line(E, "for (%s = zfrom; %s %s %s; %s = (%s)(%s %s %s)) {", var, var, st->downto ? ">=" : "<=", hi, var, ct, var,
            st->downto ? "-" : "+", step);
  E->indent++;
  loop_body(E, st, label);
  E->indent--;
  emit_line(E, "}");
  E->indent--;
  emit_line(E, "}");
}

static void emit_return(Emitter *E, Stmt *st) {
  if (st->value) {
    access_checks(E, st->value);
    hoist(E, st->value, false);
    emit_line(E, "zresult = %s;", emit_convert(E, st->value, E->cur_proc->sym->result));
    hoist_reset(E);
  }
  emit_line(E, "goto zreturn;");
  E->used_return = true;
}

/* The covering region in effect (C expression, what sema knows, rank), saved while another is. */
typedef struct CoverScope {
  const char *cover;
  Region *sem;
  int rank;
} CoverScope;

/* Make (c, sem, rank) the covering region; returns the one it replaces. */
static CoverScope cover_enter(Emitter *E, const char *c, Region *sem, int rank) {
  CoverScope saved = {E->cover, E->cover_sem, E->cover_rank};
  E->cover = c;
  E->cover_sem = sem;
  E->cover_rank = rank;
  return saved;
}

/* Restore the covering region cover_enter replaced. */
static void cover_leave(Emitter *E, CoverScope saved) { cover_enter(E, saved.cover, saved.sem, saved.rank); }

/* Open the block of region statement st: its region as a C variable, made the covering region
 * (sema's view of it: sem); returns the one it replaces. region_close ends the block. */
static CoverScope region_open(Emitter *E, const Stmt *st, Region *sem) {
  const char *c = emit_fresh(E, "zc");
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_region %s ZRT_UNUSED = %s;", c, emit_region_bracket(E, st->region));
  return cover_enter(E, c, sem, st->cover ? st->cover->rank : 0);
}

static void region_close(Emitter *E) {
  E->indent--;
  emit_line(E, "}");
}

/* A region statement: the region becomes the covering region of the statement inside. */
static void emit_region_stmt(Emitter *E, Stmt *st) {
  CoverScope saved = region_open(E, st, st->inner->kind == ST_REGION ? NULL : st->cover);
  if (st->inner->kind == ST_WRAP) emit_wrap(E, st->inner, st->region);
  else emit_stmt(E, st->inner);
  region_close(E);
  cover_leave(E, saved);
}

/* ---- fused loop nests (passes/fusion.c) ---- */

/* Statements of one list that share a loop nest: array statements, possibly ended by a scalar
 * assignment whose one full reduction is folded into the nest; each may be the statement of a
 * region statement [R] s, all of the same R. */
typedef struct Nest {
  Stmt **members;              /* the array statements (inside their region statements) */
  int n;
  Stmt *reducing;              /* the scalar assignment, or NULL */
  Expr *r;                     /* its reduction */
  Stmt *region;                /* the first region statement, whose region the nest opens, or NULL */
} Nest;

/* The statement list item st stands for in a nest: the assignment inside region statement st. */
static Stmt *nest_core(Stmt *st) { return st->kind == ST_REGION && st->inner->kind == ST_ASSIGN ? st->inner : st; }

/* The nest that begins at l->items[i] (one member and nothing else if the statement is not fused). */
static Nest nest_at(Emitter *E, StmtList *l, int i) {
  int len = 1; /* list items in the nest */
  while (i + len < l->n && nest_core(l->items[i + len - 1])->ir && nest_core(l->items[i + len - 1])->ir->fuse_next) len++;
  Nest f = {ARENA_ARRAY(E->arena, Stmt *, len), 0, NULL, NULL, NULL};
  if (nest_core(l->items[i]) != l->items[i]) f.region = l->items[i];
  for (int k = 0; k < len; k++) {
    Stmt *st = nest_core(l->items[i + k]);
    if (k > 0 && st->lhs->rank == 0) { /* the scalar assignment that ends it */
      f.reducing = st;
      f.r = st->ir->reductions.items[0];
      break;
    }
    f.members[f.n++] = st;
  }
  return f;
}

/* How many statements of the list the nest is. */
static int nest_length(const Nest *f) { return f->n + (f->reducing != NULL); }

/* "12, 13 and 14": the nest's source lines. */
static const char *nest_lines(Emitter *E, const Nest *f) {
  Buf b = {0};
  int len = nest_length(f);
  for (int k = 0; k < len; k++) {
    const Stmt *st = k < f->n ? f->members[k] : f->reducing;
    buf_printf(&b, "%s%d", k == 0 ? "" : k == len - 1 ? " and " : ", ", st->loc.line);
  }
  const char *text = arena_printf(E->arena, "%s", b.data);
  free(b.data);
  return text;
}

/* True if the nest's indices may be computed several at once: no member reads its own target
 * other than at the current index (the pass made sure members read each other's only there), its
 * targets have no flood dimension, and nothing in it calls anything with an effect. */
static bool nest_vectorizable(const Nest *f) {
  for (int k = 0; k < f->n; k++) {
    const Stmt *st = f->members[k];
    if (!ir_reads_only_here(st->rhs, st->ir->writes) || !ir_distinct_elements(st->ir->writes) ||
        ir_expr_any(st->rhs, has_effectful_call, NULL))
      return false;
  }
  return !f->r || !ir_expr_any(f->r->rhs, has_effectful_call, NULL);
}

/* True if the nest may compute the interior of this process's part while ghost cells travel. */
static bool nest_may_overlap(Emitter *E, const Nest *f) {
  if (E->open_array_stmt) return false;
  for (int k = 0; k < f->n; k++)
    if (!may_overlap(E, f->members[k], f->r)) return false;
  return true;
}

/* The C variable holding the element of contracted array sym in the nest being emitted, or NULL. */
const char *emit_contracted(Emitter *E, const Symbol *sym) {
  for (int i = 0; E->in_loops && i < E->contracted_syms.len; i++)
    if (E->contracted_syms.items[i] == sym) return E->contracted_names.items[i];
  return NULL;
}

/* Store member st's element at the current index: into its array, or, contracted, into a C
 * variable of the loop body that later members read instead. */
static void nest_store(Emitter *E, Stmt *st) {
  Type *lt = st->lhs->type;
  if (!st->ir->contracted) {
    emit_line(E, "%s = %s;", emit_expr(E, st->lhs), assigned_value(E, st, lt));
    return;
  }
  const char *v = emit_fresh(E, "zc");
  emit_line(E, "const %s %s = %s; /* %s, contracted */", emit_ctype(E, lt), v, assigned_value(E, st, lt), st->lhs->sym->name);
  vec_push(E->arena, &E->contracted_syms, st->lhs->sym);
  vec_push(E->arena, &E->contracted_names, (void *)v);
}

/* Emit nest f: its transfers and hoisted values first, then one loop nest computing every member
 * at each index in turn (and folding the reduction), then the reduction's combining and the
 * scalar assignment. */
static void emit_nest(Emitter *E, const Nest *f) {
  Stmt *head = f->members[0];
  CoverScope outer = {0};
  if (f->region) {
    emit_pre_transfers(E, f->region);
    outer = region_open(E, f->region, f->region->cover);
  }
  emit_pre_transfers(E, head);
  int rank = head->rank;
  emit_line(E, "{ /* lines %s, one loop nest */", nest_lines(E, f));
  E->indent++;
  for (int k = 0; k < f->n; k++) {
    access_checks(E, f->members[k]->lhs);
    access_checks(E, f->members[k]->rhs);
  }
  if (f->r) access_checks(E, f->r->rhs);
  bool overlap = nest_may_overlap(E, f);
  for (int k = 0; k < f->n; k++) {
    E->overlap_ok = overlap && !E->split_dn; /* one transfer waits between the parts, the others before */
    hoist(E, f->members[k]->rhs, true);
  }
  E->overlap_ok = false;
  const char *acc = NULL, *ct = NULL;
  if (f->r) {
    hoist(E, f->r->rhs, true);
    acc = emit_fresh(E, "zr");
    ct = emit_ctype(E, f->r->type);
    emit_line(E, "%s %s = %s;", ct, acc, reduce_identity(E, (RedOp)f->r->op, f->r->type));
  }
  if (nest_vectorizable(f)) E->simd = f->r ? simd_reduction_clause(E, (RedOp)f->r->op, f->r->type, acc) : "omp simd";
  IndexMap map;
  loops_begin(E, E->cover, rank, E->cover_sem, &map);
  for (int k = 0; k < f->n; k++) nest_store(E, f->members[k]);
  if (f->r) {
    emit_line(E, "%s zv = %s;", ct, emit_convert(E, f->r->rhs, f->r->type));
    emit_line(E, "%s", reduce_step(E, (RedOp)f->r->op, acc, "zv"));
  }
  E->contracted_syms.len = 0;
  E->contracted_names.len = 0;
  loops_end(E, rank);
  if (f->r) {
    combine_partials(E, (RedOp)f->r->op, f->r->type, acc, f->r);
    hoisted(E, f->r, acc);
    emit_scalar_assign(E, f->reducing);
  } else {
    hoist_reset(E);
  }
  E->indent--;
  emit_line(E, "}");
  if (f->region) {
    region_close(E);
    cover_leave(E, outer);
  }
}

/* ---- split-phase reductions ----
 * x := E over the covering region, E made of full reductions (ir_split_values: x := op<< e,
 * x := sqrt(+<< e) / n, x := max<< A - min<< A): the reductions' local parts are computed where the
 * statement is, their combining with the other processes' parts (zrt_allgather_begin) begun right
 * after it, and ended (zrt_allgather_end, then the rest of E evaluated and x assigned) just before
 * the first later statement of the same list that may need x or change what the rest of E reads,
 * or at the end of the list, so that the statements in between overlap it. Consecutive such
 * statements are ready at the same point: their values travel in one gather (one collective, one
 * chance to wait for the slowest process), ended where the first of them is needed. In a loop
 * body, those the loop never needs (IrStmt.runahead) are not ended at the end of the body but
 * handed to the runtime (zrt_allgather_defer), which completes them up to AZ_RUNAHEAD gathers
 * later and at the latest after the loop (zrt_allgather_flush). */

typedef struct Deferred {
  PtrVec members;              /* Stmt*: the statements whose values went into the gather, in order */
  PtrVec values;               /* Expr*: the reductions of every statement of the group, in order */
  int *member_first;           /* per member: the index of its first value */
  const char *handle;
  const char *buf;             /* several values: the byte buffer they travel in */
  const char *size;            /* its size (a C expression valid anywhere) */
  bool runahead;               /* every member runs ahead */
  /* or a partial reduction, flood or scan statement P := op<< [S] e, >>[S] e, op|| e begun (its
   * handle above), whose blocks stay open until it ends: */
  Stmt *array_stmt;
  const char *zt, *zred;       /* the C names of its result's temporary and reduced dimensions */
  const char *handle2, *zk;    /* a scan under a mask: the assembly of where the mask holds */
  bool region;                 /* the block of a region statement around it is open too */
  bool begun, opened;
  const char *cover;           /* its covering region, and what was hoisted for it */
  Region *cover_sem;
  int cover_rank;
  PtrVec temps, hoist_keys, hoist_vals;
} Deferred;

/* True if st is a split-phase reduction here (see ir_split_stmt). */
static bool deferrable(Emitter *E, const Stmt *st) {
  return !E->no_overlap && (E->cover || st->kind == ST_REGION) && ir_split_stmt(st);
}

static Stmt *member(const Deferred *d, int i) { return d->members.items[i]; }
static Expr *value(const Deferred *d, int j) { return d->values.items[j]; }

/* The index in d->values of member i's first value. */
static int first_value(const Deferred *d, int i) { return d->member_first[i]; }

/* The C expression of the byte offset of value j in d's buffer. */
static const char *value_offset(Emitter *E, const Deferred *d, int j) {
  const char *off = "0";
  for (int k = 0; k < j; k++) off = arena_printf(E->arena, "%s + sizeof(%s)", off, emit_ctype(E, value(d, k)->type));
  return off;
}

/* In a statement of the group being emitted: if e is one of its values, send acc (its local part)
 * with the gather and return true. */
static bool defer_value(Emitter *E, const Expr *e, const char *acc) {
  Deferred *d = E->defer;
  for (int j = d ? E->defer_first : 0; d && j < d->values.len; j++) {
    if (value(d, j) != e) continue;
    if (d->buf) { /* one of several sent together: emit_group begins the gather */
      emit_line(E, "memcpy(%s + (%s), %s, sizeof %s);", d->buf, value_offset(E, d, j), acc_copy(E, e->type, acc), acc);
    } else {
      emit_line(E, "%s = zrt_allgather_begin(%s, sizeof %s);", d->handle, acc_copy(E, e->type, acc), acc);
      pattern_note(E, PC_GATHER_BEGIN, d->handle, NULL, value(d, j)->type);
    }
    E->defer_begun = true;
    return true;
  }
  return false;
}

/* Lines (each through line(E, text)) that combine value j's parts, in process order, from the
 * gathered bytes zp, and give the result to target (a C lvalue). */
static void combine_value(Emitter *E, const Deferred *d, int j, const char *target, void (*line)(Emitter *, const char *)) {
  Expr *r = value(d, j);
  const char *ct = emit_ctype(E, r->type);
  const char *step = reduce_step(E, (RedOp)r->op, "zacc", "zv");
  if (!d->buf) {
    line(E, arena_printf(E->arena, "{ const %s *zq_ = zp; %s zacc = zq_[0];", ct, ct));
    line(E, arena_printf(E->arena, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv = zq_[zq]; %s }", ct, step));
  } else {
    const char *off = value_offset(E, d, j);
    line(E, arena_printf(E->arena, "{ %s zacc; memcpy(&zacc, (const char *)zp + (%s), sizeof zacc);", ct, off));
    line(E, arena_printf(E->arena, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv; "
                                   "memcpy(&zv, (const char *)zp + (size_t)zq * (%s) + (%s), sizeof zv); %s }",
                         ct, d->size, off, step));
  }
  line(E, arena_printf(E->arena, "  %s = zacc; }", target));
}

/* Lines that give member i its value: its reductions combined, the rest of its expression
 * evaluated (with target as x; names the rest reads through names, see rest_names), assigned. */
static void finish_member(Emitter *E, const Deferred *d, int i, const char *target, const PtrVec *names,
                          const PtrVec *name_vals, void (*line)(Emitter *, const char *)) {
  Stmt *st = member(d, i);
  int j0 = first_value(d, i), n = ir_split_values(st, NULL);
  if (n == 1 && value(d, j0) == st->rhs && type_same(st->lhs->type, st->rhs->type)) { /* x := op<< e */
    combine_value(E, d, j0, target, line);
    return;
  }
  for (int j = j0; j < j0 + n; j++) {
    const char *zc = emit_fresh(E, "zc");
    line(E, arena_printf(E->arena, "%s %s;", emit_ctype(E, value(d, j)->type), zc));
    combine_value(E, d, j, zc, line);
    hoisted(E, value(d, j), zc);
  }
  for (int k = 0; names && k < names->len; k++) hoisted(E, names->items[k], name_vals->items[k]);
  line(E, arena_printf(E->arena, "%s = %s;", target, emit_convert(E, st->rhs, st->lhs->type)));
  E->hoist_keys.len = E->hoist_vals.len = 0;
}

static void line_here(Emitter *E, const char *text) { emit_line(E, "  %s", text); }
static void line_global(Emitter *E, const char *text) { buf_printf(&E->globals, "  %s\n", text); }

/* The lines numbers of d's members, for comments. */
static const char *member_lines(Emitter *E, const Deferred *d) {
  const char *s = arena_printf(E->arena, "%d", member(d, 0)->loc.line);
  for (int i = 1; i < d->members.len; i++) s = arena_printf(E->arena, "%s, %d", s, member(d, i)->loc.line);
  return s;
}

/* Finish d: combine each value's parts in process order and assign the members' variables. */
static void end_deferred(Emitter *E, const Deferred *d) {
  emit_line(E, "{ /* line%s %s: the reduction's result is needed from here on */", d->members.len > 1 ? "s" : "",
            member_lines(E, d));
  emit_line(E, "  const void *zp = zrt_allgather_end(%s);", d->handle);
  pattern_note(E, PC_GATHER_END, d->handle, NULL, value(d, 0)->type);
  for (int i = 0; i < d->members.len; i++) finish_member(E, d, i, emit_expr(E, member(d, i)->lhs), NULL, NULL, line_here);
  emit_line(E, "}");
}

/* Collect the names of variables and parameters e reads outside its full reductions. */
static void rest_names(Emitter *E, Expr *e, PtrVec *names) {
  if (!e || e->kind == EX_REDUCE) return;
  if (e->kind == EX_NAME && e->sym && (e->sym->kind == SYM_VAR || e->sym->kind == SYM_PARAM)) vec_push(E->arena, names, e);
  rest_names(E, e->lhs, names);
  rest_names(E, e->rhs, names);
  for (int i = 0; e->kind == EX_CALL && i < e->nargs; i++) rest_names(E, e->args[i], names);
}

/* Hand d to the runtime to complete later (a reduction that runs ahead): a function that combines
 * the values, evaluates the rest of each member's expression and assigns its variable, which it
 * gets, with the variables the rest reads, through pointers in its argument. */
static void defer_deferred(Emitter *E, const Deferred *d) {
  const char *done = emit_fresh(E, "zdone");
  PtrVec addrs = {0}, names = {0}, name_vals = {0};
  buf_printf(&E->globals, "/* line%s %s: the reduction's results, when their gather completes (run-ahead) */\n",
             d->members.len > 1 ? "s" : "", member_lines(E, d));
  buf_printf(&E->globals, "static void %s(const void *zp, void *zarg) {\n  void **zx = zarg; (void)zx;\n", done);
  for (int i = 0; i < d->members.len; i++) {
    Stmt *st = member(d, i);
    int first_name = names.len;
    rest_names(E, st->rhs, &names);
    for (int k = first_name; k < names.len; k++) {
      Expr *n = names.items[k];
      vec_push(E->arena, &name_vals, (void *)arena_printf(E->arena, "(*(%s *)zx[%d])", emit_ctype(E, n->type), addrs.len));
      vec_push(E->arena, &addrs, (void *)emit_expr(E, n));
    }
    const char *target = arena_printf(E->arena, "*(%s *)zx[%d]", emit_ctype(E, st->lhs->type), addrs.len);
    vec_push(E->arena, &addrs, (void *)emit_expr(E, st->lhs));
    PtrVec own_names = {names.items + first_name, names.len - first_name, 0};
    PtrVec own_vals = {name_vals.items + first_name, name_vals.len - first_name, 0};
    finish_member(E, d, i, target, &own_names, &own_vals, line_global);
  }
  buf_printf(&E->globals, "}\n");
  const char *args = emit_fresh(E, "zargs");
  emit_line(E, "{ static void *%s[%d]; /* line%s %s run%s ahead */", args, addrs.len, d->members.len > 1 ? "s" : "",
            member_lines(E, d), d->members.len > 1 ? "" : "s");
  for (int k = 0; k < addrs.len; k++) emit_line(E, "  %s[%d] = (void *)&%s;", args, k, (const char *)addrs.items[k]);
  emit_line(E, "  zrt_allgather_defer(%s, %s, %s); }", d->handle, done, args);
}

/* ---- split-phase partial reductions, floods and scans ----
 * [C] P := op<< [S] e, [C] P := >>[S] e and [C] P := op|| e, P a whole array variable the operand
 * does not read: the local parts are folded (copied) where the statement is and the communication
 * begun (combining along the grid's lines, zrt_line_allgather_begin; the flood's remap,
 * zrt_remap_begin; assembling the scan's grid line, zrt_line_assemble_begin); the statement's C
 * blocks stay open while the next statements are emitted inside them, until the first that may
 * need P (or whose transfers start from P) or the end of the list, where the parts are combined
 * (received, scanned) and P assigned, and the blocks close. Such statements begun inside those
 * blocks end before them; full reductions begun there may end later (their handles are static). */

/* The assignment inside st (st itself, or the statement of region statement st) if it is such a
 * partial reduction, flood or scan, else NULL. */
static Stmt *split_array_stmt(Emitter *E, Stmt *st) {
  if (E->no_overlap || (st->kind != ST_REGION && !E->cover)) return NULL;
  Stmt *in = st->kind == ST_REGION ? st->inner : st;
  if (in->kind != ST_ASSIGN || in->op != AS_ASSIGN || in->lhs->kind != EX_NAME || in->lhs->rank <= 0 || !in->lhs->sym ||
      in->lhs->sym->kind != SYM_VAR || !ir_line_comm(in->rhs, NULL) || !in->ir || in->ir->needs_temp)
    return NULL;
  if (ir_expr_needs(in->rhs, in->lhs->sym) || ir_expr_any(in->rhs->rhs, ir_line_comm, NULL)) return NULL;
  return in;
}

/* If e is the right-hand side of the partial reduction, flood or scan statement being begun
 * split-phase (E->open_array_stmt), its record, now begun, with a fresh handle named prefix...;
 * else NULL. The *_begun functions then emit the begin calls. */
static Deferred *array_stmt_beginning(Emitter *E, const Expr *e, const char *prefix) {
  Deferred *d = E->open_array_stmt;
  if (!d || d->begun || e != d->array_stmt->rhs) return NULL;
  d->handle = emit_fresh(E, prefix);
  d->begun = true;
  return d;
}

static bool partial_begun(Emitter *E, const Expr *e, const char *zt, const char *zred) {
  Deferred *d = array_stmt_beginning(E, e, "zlg");
  if (!d) return false;
  d->zt = zt;
  d->zred = zred;
  emit_line(E, "int %s = zrt_line_allgather_begin(%d, %s, %s.mem, zrt_array_elems(&%s) * sizeof(%s));", d->handle,
            E->cover_rank, zred, zt, zt, emit_ctype(E, e->type));
  return true;
}

static bool flood_begun(Emitter *E, const Expr *e, const char *zf, const char *zt, const char *zs) {
  Deferred *d = array_stmt_beginning(E, e, "zrm");
  if (!d) return false;
  emit_line(E, "zrt_remap_op *%s; { zrt_map zmp = zrt_map_flood(&%s); %s = zrt_remap_begin(&%s, &%s, &%s, &zmp, %d); }",
            d->handle, zf, d->handle, zt, E->cover, zs, e->loc.line);
  return true;
}

static bool scan_begun(Emitter *E, const Expr *e, const char *lv, const char *zv, const char *lk, const char *zk, unsigned mask) {
  Deferred *d = array_stmt_beginning(E, e, "zla");
  if (!d) return false;
  d->zt = lv;
  emit_line(E, "zrt_line_assembly *%s = zrt_line_assemble_begin(&%s, &%s, &%s, %uu, %d);", d->handle, lv, zv, E->cover, mask,
            e->loc.line);
  if (lk) {
    d->handle2 = emit_fresh(E, "zla");
    d->zk = lk;
    emit_line(E, "zrt_line_assembly *%s = zrt_line_assemble_begin(&%s, &%s, &%s, %uu, %d);", d->handle2, lk, zk, E->cover,
              mask, e->loc.line);
  }
  return true;
}

/* After the right-hand side of the statement being begun was hoisted: if its gather was begun,
 * finish its transfers, keep what the end needs, leave the blocks open and return true. */
static bool array_stmt_opened(Emitter *E) {
  Deferred *d = E->open_array_stmt;
  if (!d->begun) return false;
  end_transfers(E);
  d->cover = E->cover;
  d->cover_sem = E->cover_sem;
  d->cover_rank = E->cover_rank;
  d->temps = E->temps;
  d->hoist_keys = E->hoist_keys;
  d->hoist_vals = E->hoist_vals;
  E->temps = E->hoist_keys = E->hoist_vals = (PtrVec){0};
  d->opened = true;
  return true;
}

/* Emit region statement or assignment st, whose assignment in is a split-phase partial reduction,
 * flood or scan: begun, and pending unless it could not be. */
static void begin_array_stmt(Emitter *E, PtrVec *pending, Stmt *st, Stmt *in) {
  Deferred *d = ARENA_NEW(E->arena, Deferred);
  d->array_stmt = in;
  CoverScope saved = {E->cover, E->cover_sem, E->cover_rank};
  if (st->kind == ST_REGION) {
    d->region = true;
    emit_pre_transfers(E, st); /* those comm_opt starts before it (emit_stmt's, which is bypassed) */
    region_open(E, st, st->cover);
  }
  E->open_array_stmt = d;
  emit_stmt(E, in);
  E->open_array_stmt = NULL;
  if (d->opened) vec_push(E->arena, pending, d);
  else if (d->region) region_close(E);
  cover_leave(E, saved);
}

/* End partial reduction, flood or scan statement d: combine (receive, scan) the parts, assign P,
 * close the blocks. */
static void end_array_stmt(Emitter *E, Deferred *d) {
  CoverScope saved = cover_enter(E, d->cover, d->cover_sem, d->cover_rank);
  E->temps = d->temps;
  E->hoist_keys = d->hoist_keys;
  E->hoist_vals = d->hoist_vals;
  Expr *r = d->array_stmt->rhs;
  emit_line(E, "/* line %d: the %s's result is needed from here on */", d->array_stmt->loc.line,
            r->kind == EX_FLOOD ? "flood" : r->kind == EX_SCAN ? "scan" : "partial reduction");
  if (r->kind == EX_FLOOD) {
    emit_line(E, "zrt_remap_end(%s);", d->handle);
  } else if (r->kind == EX_SCAN) {
    emit_line(E, "zrt_line_assemble_end(%s);", d->handle);
    if (d->handle2) emit_line(E, "zrt_line_assemble_end(%s);", d->handle2);
    scan_rest(E, r, d->zt, d->zk);
  } else {
    combine_line(E, r, d->zt, d->zred, d->handle);
  }
  emit_assign_loops(E, d->array_stmt);
  if (d->region) region_close(E);
  cover_leave(E, saved);
}

/* True if st may need the result of partial reduction, flood or scan statement d: names P (or
 * may, see ir_stmt_needs), or starts a transfer from it. */
static bool needs_array_stmt(const Stmt *st, const Deferred *d) {
  Symbol *p = d->array_stmt->lhs->sym;
  if (ir_stmt_needs(st, p)) return true;
  for (int i = 0; st->ir && i < st->ir->pre.len; i++) {
    const IrTransfer *t = st->ir->pre.items[i];
    for (int k = 0; k < t->items.len; k++)
      if (ir_may_share(p, ((IrShift *)t->items.items[k])->array)) return true;
  }
  return false;
}

/* True if d has a member that st may need (ir_split_needed). */
static bool needs_member(const Stmt *st, const Deferred *d) {
  if (d->array_stmt) return needs_array_stmt(st, d);
  for (int i = 0; i < d->members.len; i++)
    if (ir_split_needed(st, member(d, i))) return true;
  return false;
}

/* Before statement st (NULL: the end of the list): end the pending reductions it may need; at the
 * end of a loop body, defer those that run ahead. A partial reduction, flood or scan statement
 * begun inside the blocks of one that ends, ends before it. */
static void end_needed(Emitter *E, PtrVec *pending, const Stmt *st) {
  int n = pending->len, kept = 0;
  if (n == 0) return;
  bool *ends = ARENA_ARRAY(E->arena, bool, n);
  bool inside = false;
  for (int i = 0; i < n; i++) {
    Deferred *d = pending->items[i];
    ends[i] = !st || (inside && d->array_stmt) || needs_member(st, d);
    inside |= ends[i] && d->array_stmt;
  }
  for (int i = n - 1; i >= 0; i--) {
    Deferred *d = pending->items[i];
    if (!ends[i]) continue;
    if (d->array_stmt) end_array_stmt(E, d);
    else if (!st && d->runahead) defer_deferred(E, d);
    else end_deferred(E, d);
  }
  for (int i = 0; i < n; i++)
    if (!ends[i]) pending->items[kept++] = pending->items[i];
  pending->len = kept;
}

/* How many statements from l->items[i] on are split-phase reductions that can travel in one
 * gather: none of them needs what an earlier one assigns or reads, none but the first has
 * transfers of its own to start (they would come between the values), and all run ahead or none
 * does. */
static int group_length(Emitter *E, StmtList *l, int i) {
  int n = 0;
  while (i + n < l->n && deferrable(E, l->items[i + n])) {
    Stmt *st = l->items[i + n];
    if (n > 0 && st->ir && st->ir->pre.len > 0) break;
    if (n > 0 && (st->ir && st->ir->runahead) != (l->items[i]->ir && l->items[i]->ir->runahead)) break;
    bool uses_earlier = false;
    for (int k = 0; k < n; k++) uses_earlier |= ir_split_needed(st, ir_split_stmt(l->items[i + k]));
    if (uses_earlier) break;
    n++;
  }
  return n;
}

/* Emit statements l->items[i .. i+n) (n >= 1, all deferrable; the first possibly the reducing
 * statement of nest): their values go into one gather, which becomes pending. */
static void emit_group(Emitter *E, PtrVec *pending, StmtList *l, int i, int n, const Nest *nest) {
  Deferred *d = ARENA_NEW(E->arena, Deferred);
  d->handle = emit_fresh(E, "zred");
  d->runahead = true;
  /* at file scope: it may end after the C blocks around it close (those of a split partial
   * reduction, flood or scan it was begun in); no call comes between its begin and end */
  buf_printf(&E->globals, "static int %s;\n", d->handle);
  int *firsts = ARENA_ARRAY(E->arena, int, n);
  d->member_first = ARENA_ARRAY(E->arena, int, n);
  for (int k = 0; k < n; k++) {
    const Expr *own[IR_MAX_SPLIT];
    int nv = ir_split_values(ir_split_stmt(l->items[i + k]), own);
    firsts[k] = d->values.len;
    for (int j = 0; j < nv; j++) vec_push(E->arena, &d->values, (void *)own[j]);
  }
  if (d->values.len > 1) {
    d->buf = emit_fresh(E, "zgather");
    d->size = value_offset(E, d, d->values.len);
    emit_line(E, "unsigned char %s[%s];", d->buf, d->size);
  }
  PtrVec *types = ARENA_NEW(E->arena, PtrVec); /* kept by the pattern table */
  for (int k = 0; k < n; k++) {
    Stmt *st = l->items[i + k];
    E->defer = d;
    E->defer_first = firsts[k];
    E->defer_begun = false;
    if (k == 0 && nest) emit_nest(E, nest);
    else emit_stmt(E, st);
    if (E->defer_begun) { /* its values are in the gather: assigned at the end */
      d->member_first[d->members.len] = firsts[k];
      vec_push(E->arena, &d->members, (void *)ir_split_stmt(st));
      d->runahead &= st->ir && st->ir->runahead;
    }
  }
  for (int j = 0; j < d->values.len; j++) vec_push(E->arena, types, value(d, j)->type);
  E->defer = NULL;
  E->defer_begun = false;
  if (d->buf) {
    emit_line(E, "%s = zrt_allgather_begin(%s, sizeof %s); /* lines %s in one gather */", d->handle, d->buf, d->buf,
              d->members.len ? member_lines(E, d) : "-");
    pattern_note_group(E, d->handle, types);
  }
  if (d->members.len > 0) vec_push(E->arena, pending, d);
  else if (!d->buf) emit_line(E, "(void)%s;", d->handle);
}

void emit_stmts(Emitter *E, StmtList *l) {
  PtrVec pending = {0};
  for (int i = 0; i < l->n; i++) {
    end_needed(E, &pending, l->items[i]);
    Stmt *array_stmt = split_array_stmt(E, l->items[i]);
    if (array_stmt) {
      begin_array_stmt(E, &pending, l->items[i], array_stmt);
      continue;
    }
    Nest nest = nest_at(E, l, i);
    bool fused = nest_length(&nest) > 1;
    if (fused) {
      for (int k = 1; k < nest_length(&nest); k++) end_needed(E, &pending, l->items[i + k]);
      i += nest_length(&nest) - 1;
      if (!nest.reducing || !deferrable(E, l->items[i])) { /* the list item: maybe [R] x := op<< e */
        emit_nest(E, &nest);
        continue;
      }
    }
    int n = group_length(E, l, i);
    if (n == 0) {
      emit_stmt(E, l->items[i]);
      continue;
    }
    for (int k = 1; k < n; k++) end_needed(E, &pending, l->items[i + k]);
    emit_group(E, &pending, l, i, n, fused ? &nest : NULL);
    i += n - 1;
  }
  end_needed(E, &pending, NULL);
}

void emit_stmt(Emitter *E, Stmt *st) {
  emit_pre_transfers(E, st);
  bool commented = st->kind == ST_EMPTY || st->kind == ST_BLOCK || st->kind == ST_REGION ||
                   (st->kind == ST_ASSIGN && st->lhs->rank > 0); /* those say their line themselves */
  if (!commented) emit_line(E, "/* line %d */", st->loc.line);
  switch (st->kind) {
  case ST_EMPTY: break;
  case ST_ASSIGN:
    if (st->lhs->rank > 0) emit_parallel_assign(E, st);
    else emit_scalar_assign(E, st);
    break;
  case ST_CALL:
    access_checks(E, st->rhs);
    hoist(E, st->rhs, false);
    emit_line(E, "(void)%s;", emit_expr(E, st->rhs));
    hoist_reset(E);
    break;
  case ST_BLOCK:
    emit_line(E, "{");
    E->indent++;
    emit_stmts(E, &st->body);
    E->indent--;
    emit_line(E, "}");
    break;
  case ST_REGION: emit_region_stmt(E, st); break;
  case ST_IF: emit_if(E, st); break;
  case ST_WHILE: emit_while(E, st); loop_after(E, st); break;
  case ST_REPEAT: emit_repeat(E, st); loop_after(E, st); break;
  case ST_FOR: emit_for(E, st); loop_after(E, st); break;
  case ST_EXIT: emit_line(E, "break;"); break;
  case ST_CONTINUE: emit_line(E, "goto %s;", continue_label(E)); break;
  case ST_RETURN: emit_return(E, st); break;
  case ST_HALT: case ST_WRITE: emit_write(E, st); break;
  case ST_READ: emit_read(E, st); break;
  case ST_WRAP: emit_wrap(E, st, NULL); break;
  default: emit_unsupported(E, st->loc, "this statement"); break;
  }
}
