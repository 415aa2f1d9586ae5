/* emit_loops.c - loop nests over regions, temporaries over the covering region, containment checks.
 * A loop nest covers this process's part of a region (section 11), in row-major or a given order
 * and direction, skipping masked-out indices, split into interior and border around a transfer's
 * DN where the IR says so (passes/overlap.c), with the arrays' pointers and strides hoisted in
 * front; over a strided region its outer loops count rows, and the values every row shares are
 * declared before it (step_value), so that the arrays' offsets are affine in the counts. The
 * run-time containment checks (section 5.8, R3 and R4) come once per statement, before
 * it changes anything. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

const char *const index_names[MAX_RANK] = {"i0", "i1", "i2", "i3", "i4", "i5"};

/* True if dimension k of the covering region is known to be a plain range or singleton with unit
 * stride (so the loop needs no flood or stride logic). */
bool simple_dim(const Region *sem, int k) {
  return sem && !sem->error && !sem->dynamic && !sem->strided && k < sem->rank &&
         (sem->dims[k].kind == DK_RANGE || sem->dims[k].kind == DK_SINGLE);
}

/* Declare name = value (C) among the values of the nest of rows' step (once: a pair's step and its
 * statements' single steps share them). */
void step_value(Emitter *E, const char *name, const char *value) {
  for (int i = 0; i < E->step_names.len; i++)
    if (!strcmp(E->step_names.items[i], name)) return;
  vec_push(E->arena, &E->step_names, (void *)name);
  vec_push(E->arena, &E->step_values, (void *)value);
  vec_push(E->arena, E->step_prelude, arena_printf(E->arena, "const int64_t %s = %s;", name, value));
}

/* The name of value (C) among the step's values: declared with a name of its own the first time. */
const char *step_shared(Emitter *E, const char *value) {
  for (int i = 0; i < E->step_values.len; i++)
    if (!strcmp(E->step_values.items[i], value)) return E->step_names.items[i];
  const char *name = arena_printf(E->arena, "zsv%d", ++E->nstep_values);
  step_value(E, name, value);
  return name;
}

/* True if the nest over region c counts its rows: a direct nest over a strided region, its outer
 * loops upwards in row-major order, its values shared by every row before it (loops_end), so that
 * the offsets are affine in the counts. */
bool nest_counts_rows(Emitter *E, const char *c, int rank, const Region *sem, const int *order, const int8_t *dir) {
  bool plain = !order && !(sem && sem->masked);
  for (int k = 0; plain && dir && k < rank; k++) plain = dir[k] >= 0;
  return plain && !E->step_prelude && rank >= 2 && cover_may_stride(E) && !(simple_dim(E->cover_sem, rank - 1) && !strcmp(c, E->cover ? E->cover : ""));
}

/* Open the loop nest over region c (a C zrt_region variable) with dimensions in the given order
 * (outermost first; NULL: row-major); the index of dimension k is index_names[k]. The body is
 * collected apart so that the arrays it touches get their pointers and strides hoisted in front
 * of the nest. Masked regions skip masked-out indices. */
void loops_begin_dir(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order,
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
  E->counted_dim = -1;
  E->simple_dim = -1;
  const char *simd_unit = E->simd_unit;
  E->simd_unit = NULL;
  if (!E->loops_whole && rank > 0) { /* this process's part (section 11) */
    if (split)
      emit_line(E, "zrt_region zparts[ZRT_SPLIT_MAX]; int zborder; int znparts = zrt_xfer_split(zparts, &zborder, &%s, &%s);", c, split);
    else emit_line(E, "zrt_region zm; zrt_region_mine(&zm, &%s); ZRT_WORK(zm);", c);
    c = "zm";
  }
  E->saved_out = E->out;
  E->nest.len = 0; /* its storage serves every loop nest of the program (emit_c_program frees it) */
  if (E->nest.data) E->nest.data[0] = 0;
  E->out = &E->nest;
  E->loop_arrays.len = 0;
  anchors_reset(E);
  E->in_loops = true;
  if (split) { /* the interior while the ghost cells travel, then the border (see loops_end) */
    E->indent++;
    E->split_open = split;
  }
  /* a nest of rows' step: one index in each outer dimension, the counted loop's values from before
   * the rows (emit_rows.c) */
  bool row = !order && !dir && !(sem && sem->masked) && E->step_prelude && E->loops_whole && !split && !strcmp(c, E->step_region);
  bool counted_rows = nest_counts_rows(E, c, rank, sem, order, dir);
  E->counted_in_step = false;
  if (counted_rows) {
    E->nest_prelude.len = 0;
    E->step_prelude = &E->nest_prelude;
    E->nest_owns_prelude = true;
    E->step_names.len = 0;
    E->step_values.len = 0;
    E->step_region = c;
  }
  for (int o = 0; o < rank; o++) {
    int k = order ? order[o] : o;
    if (row && o < rank - 1) {
      emit_line(E, "{ const int64_t %s = %s.lo[%d]; (void)%s;", index_names[k], c, k, index_names[k]);
      E->indent++;
      continue;
    }
    if (counted_rows && o < rank - 1) {
      E->row_first[k] = arena_printf(E->arena, "zdf%d", k);
      E->row_step[k] = arena_printf(E->arena, "zds%d", k);
      E->row_var[k] = arena_printf(E->arena, "zdr%d", k);
      step_value(E, E->row_first[k], arena_printf(E->arena, "%s.flood >> %d & 1 ? 0 : zrt_region_first(&%s, %d, %s.lo[%d])", c, k, c, k, c, k));
      step_value(E, E->row_step[k], arena_printf(E->arena, "%s.flood >> %d & 1 ? 1 : %s.stride[%d]", c, k, c, k));
      step_value(E, arena_printf(E->arena, "zdn%d", k), arena_printf(E->arena, "zrt_region_count(&%s, %d)", c, k));
      emit_line(E, "for (int64_t zdr%d = 0; zdr%d < zdn%d; zdr%d++) {", k, k, k, k);
      emit_line(E, "  const int64_t %s = zdf%d + zdr%d * zds%d; (void)%s;", index_names[k], k, k, k, index_names[k]);
      E->indent++;
      if (o == 0) emit_line(E, "ZRT_POLL(%s.hi[%d] - %s.lo[%d] + 1);", c, rank - 1, c, rank - 1);
      continue;
    }
    if (o == rank - 1 && ((dir && dir[k] < 0) || (simple_dim(E->cover_sem, k) && simple_ok))) {
      E->simple_dim = k; /* strided arrays' cells along it: see emit_elem */
      E->simple_lo = arena_printf(E->arena, "%s.lo[%d]", c, k);
    }
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
    } else if (o == rank - 1 && cover_may_stride(E)) { /* counted: the cells of strided arrays are affine in zct<k> */
      if (row || counted_rows) { /* the row's inner dimension is the region's: the same at every row */
        const char *cf = arena_printf(E->arena, "%s_cf%d", c, k), *cs = arena_printf(E->arena, "%s_cs%d", c, k);
        step_value(E, cf, arena_printf(E->arena, "%s.flood >> %d & 1 ? 0 : zrt_region_first(&%s, %d, %s.lo[%d])", c, k, c, k, c, k));
        step_value(E, cs, arena_printf(E->arena, "%s.flood >> %d & 1 ? 1 : %s.stride[%d]", c, k, c, k));
        step_value(E, arena_printf(E->arena, "%s_cn%d", c, k),
                   arena_printf(E->arena, "%s.flood >> %d & 1 ? 1 : %s.hi[%d] < %s ? 0 : (%s.hi[%d] - %s) / %s + 1", c, k, c, k, cf, c, k, cf, cs));
        emit_line(E, "const int64_t zcf%d = %s_cf%d, zcs%d = %s_cs%d, zcn%d = %s_cn%d;", k, c, k, k, c, k, k, c, k);
        E->counted_in_step = true;
      } else {
        emit_line(E, "const int64_t zcf%d = (%s.flood >> %d & 1) ? 0 : zrt_region_first(&%s, %d, %s.lo[%d]);", k, c, k, c, k, c, k);
        emit_line(E, "const int64_t zcs%d = (%s.flood >> %d & 1) ? 1 : %s.stride[%d];", k, c, k, c, k);
        emit_line(E, "const int64_t zcn%d = (%s.flood >> %d & 1) ? 1 : %s.hi[%d] < zcf%d ? 0 : (%s.hi[%d] - zcf%d) / zcs%d + 1;", k, c,
                  k, c, k, k, c, k, k, k);
      }
      E->counted_at = E->nest.len;
      E->counted_simd = simd_unit ? simd_unit : simd;
      emit_line(E, "for (int64_t zct%d = 0; zct%d < zcn%d; zct%d++) {", k, k, k, k);
      emit_line(E, "  const int64_t %s = zcf%d + zct%d * zcs%d; (void)%s;", index_names[k], k, k, k, index_names[k]);
      E->counted_dim = k;
    } else {
      emit_line(E, "for (int64_t %s = (%s.flood >> %d & 1) ? 0 : zrt_region_first(&%s, %d, %s.lo[%d]); "
                   "%s <= ((%s.flood >> %d & 1) ? 0 : %s.hi[%d]); %s += (%s.flood >> %d & 1) ? 1 : %s.stride[%d]) {",
                index_names[k], c, k, c, k, c, k, index_names[k], c, k, c, k, index_names[k], c, k, c, k);
    }
    E->indent++;
    if (o == 0 && rank >= 2 && !row) { /* progress for gathers in flight, about every ZRT_POLL_ELEMS elements
                                         * (a nest of rows polls once a row) */
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
void loops_begin_order(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order) {
  loops_begin_dir(E, c, rank, sem, map, order, NULL);
}

/* Open the row-major loop nest over region c. */
void loops_begin(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map) {
  loops_begin_dir(E, c, rank, sem, map, NULL, NULL);
}

/* True if the loop directions an array statement asks for (IrStmt.loop_dir) can be emitted: a
 * downward loop only over a simple dimension of the covering region. */
bool loop_dirs_ok(Emitter *E, const IrStmt *s, int rank) {
  for (int k = 0; k < rank; k++)
    if (s->loop_dir[k] < 0 && !simple_dim(E->cover_sem, k)) return false;
  return true;
}

/* Close the loop nest: hoisted array declarations first, then the nest. */
void loops_end(Emitter *E, int rank) {
  if (E->rowsums_on && E->counted_dim >= 0) { /* the row buffers, filled before the row's loop */
    rowsums_buffers(E);
    const char *fill = rowsums_fill(E);
    size_t n = strlen(fill);
    buf_insert(&E->nest, E->counted_at, fill);
    E->counted_at += n;
    E->rowsums_on = false;
  }
  for (int k = 0; k < rank; k++) {
    E->indent--;
    emit_line(E, "}");
    if (k == 0 && E->counted_dim >= 0) E->counted_end = E->nest.len;
  }
  if (E->counted_dim >= 0) strided_version_counted(E);
  const char *split = E->split_open;
  E->split_open = NULL;
  E->idx = NULL;
  E->in_loops = false;
  E->counted_dim = -1;
  E->simple_dim = -1;
  E->out = E->saved_out;
  if (split) { /* one block per part: its restrict pointers do not live across zrt_dn */
    E->indent--;
    emit_line(E, "for (int zpart = 0; zpart < znparts; zpart++) {");
    E->indent++;
    emit_line(E, "if (zpart > 0) zrt_xfer_part(&%s, zpart, zborder);", split);
    emit_line(E, "const zrt_region zm = zparts[zpart]; ZRT_WORK(zm);");
  }
  /* Variables are distinct storage; a parameter may be bound to any of them, so no restrict then. */
  bool distinct = true;
  for (int i = 0; i < E->loop_arrays.len; i++) distinct &= ((Symbol *)E->loop_arrays.items[i])->kind == SYM_VAR;
  for (int i = 0; i < E->loop_arrays.len; i++) emit_line(E, "%s", emit_array_decls(E, E->loop_arrays.items[i], distinct));
  if (E->nest_owns_prelude) { /* a direct nest's values shared by its rows */
    for (int i = 0; i < E->nest_prelude.len; i++) emit_line(E, "%s", (const char *)E->nest_prelude.items[i]);
    E->nest_owns_prelude = false;
    E->step_prelude = NULL;
    E->step_region = NULL;
    for (int k = 0; k < MAX_RANK; k++) E->row_var[k] = NULL;
  }
  if (E->nest.len) anchors_emit_nest(E, E->nest.data);
  E->nest.len = 0;
  if (split) {
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (znparts <= zborder) zrt_dn(&%s);", split);
  }
  E->indent--;
  emit_line(E, "}");
}

/* True if sym is a parallel array variable or parameter. */
bool is_array_sym(const Symbol *sym) {
  return sym && (sym->kind == SYM_VAR || sym->kind == SYM_PARAM) && sym->type && sym->type->kind == TY_PARALLEL;
}

/* A check of a wrap-around read of a strided array (R3), held back so that consecutive ones of one
 * array under one region become one runtime call. */
typedef struct WrapCheck {
  const char *cover, *array; /* C expressions: the covering region and the array */
  const char *dir;           /* C expression of the direction's components (int64_t *) */
  const char *message;       /* C string literal of the error message */
  int line;
} WrapCheck;

/* Emit one check: fn (zrt_contains or zrt_wrap_contains) of w's shifted read, the error if it fails. */
static void emit_shift_check(Emitter *E, const char *fn, const WrapCheck *w) {
  emit_line(E, "if (!%s(&%s, &%s, %s)) zrt_error(%d, \"%%s\", %s);", fn, w->cover, w->array, w->dir, w->line, w->message);
}

/* Emit the held-back checks: one zrt_wrap_contains a check, or for two or more of one array under
 * one region one zrt_wrap_contains_dirs that names the first that fails. The directions are
 * evaluated in order before the call, as the reads will. */
static void flush_wrap_checks(Emitter *E) {
  WrapCheck **w = (WrapCheck **)E->wrap_checks.items;
  int n = E->wrap_checks.len;
  for (int i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && !strcmp(w[j]->cover, w[i]->cover) && !strcmp(w[j]->array, w[i]->array);) j++;
    if (j - i == 1) {
      emit_shift_check(E, "zrt_wrap_contains", w[i]);
      continue;
    }
    Buf dirs = {0}, lines = {0}, messages = {0};
    emit_line(E, "{");
    E->indent++;
    for (int k = i; k < j; k++) {
      emit_line(E, "const int64_t *const zwd%d = %s;", k - i, w[k]->dir);
      buf_printf(&dirs, "%szwd%d", k > i ? ", " : "", k - i);
      buf_printf(&lines, "%s%d", k > i ? ", " : "", w[k]->line);
      buf_printf(&messages, "%s%s", k > i ? ", " : "", w[k]->message);
    }
    emit_line(E, "const int zw = zrt_wrap_contains_dirs(&%s, &%s, %d, (const int64_t *const[]){%s});", w[i]->cover,
              w[i]->array, j - i, dirs.data);
    emit_line(E, "if (zw >= 0) zrt_error((const int[]){%s}[zw], \"%%s\", (const char *const[]){%s}[zw]);", lines.data,
              messages.data);
    free(dirs.data);
    free(lines.data);
    free(messages.data);
    E->indent--;
    emit_line(E, "}");
  }
  E->wrap_checks.len = 0;
}

/* The checks for every access of e under the covering region, in the order of e's reads; checks of
 * wrap-around reads of strided arrays held back in E->wrap_checks. */
static void collect_access_checks(Emitter *E, Expr *e) {
  if (!e || !E->cover || emit_hoisted(E, e)) return; /* hoisted: already checked and computed */
  switch (e->kind) {
  case EX_NAME:
    if (is_array_sym(e->sym)) {
      flush_wrap_checks(E);
      if (e->sym->global && E->cur_proc) /* a procedure may run during elaboration (R11) */
        emit_line(E, "if (!%s.allocated) zrt_error(%d, \"'%s' is used before its declaration is elaborated\");",
                  emit_sym(E, e->sym), e->loc.line, e->sym->name);
      emit_line(E, "if (!zrt_contains(&%s, &%s, NULL)) zrt_error(%d, \"covering region is not inside the storage region of '%s'\");",
                E->cover, emit_sym(E, e->sym), e->loc.line, array_label(e->sym));
    }
    break;
  case EX_SHIFT: {
    Symbol *base = sema_base_symbol(e->base);
    if (!is_array_sym(base) || (e->wrap && !base->may_stride)) break;
    int64_t d[MAX_RANK] = {0};
    int rank;
    bool known;
    sema_dir(E->S, e->dir, &rank, d, &known);
    const char *dv = known ? arena_printf(E->arena, "((int64_t[]){%lld, %lld, %lld, %lld, %lld, %lld})", (long long)d[0],
                                          (long long)d[1], (long long)d[2], (long long)d[3], (long long)d[4], (long long)d[5])
                           : emit_dir(E, e->dir);
    const char *text = arena_printf(E->arena, "'%s' accesses elements outside the storage region of '%s'",
                                    emit_source_text(E, e->base->start, e->dir->end), array_label(base));
    WrapCheck *w = arena_alloc(E->arena, sizeof *w);
    *w = (WrapCheck){E->cover, emit_sym(E, base), dv, emit_c_string(E, text, strlen(text)), e->loc.line};
    if (e->wrap) {
      vec_push(E->arena, &E->wrap_checks, w);
      break;
    }
    flush_wrap_checks(E);
    emit_shift_check(E, "zrt_contains", w);
    break;
  }
  case EX_BINARY: collect_access_checks(E, e->lhs); collect_access_checks(E, e->rhs); break;
  case EX_UNARY: case EX_SCAN: collect_access_checks(E, e->rhs); break;
  case EX_REDUCE: if (!e->region) collect_access_checks(E, e->rhs); break;
  case EX_UREDUCE:
    for (int i = 0; i < e->nargs; i++) collect_access_checks(E, e->args[i]);
    break;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!(e->sym && e->sym->ptypes && i < e->sym->nparams && e->sym->ptypes[i]->kind == TY_PARALLEL))
        collect_access_checks(E, e->args[i]);
    break;
  case EX_FIELD: case EX_INDEX: collect_access_checks(E, e->base); break;
  default: break;
  }
}

/* Emit the checks for every access of e under the covering region. */
void access_checks(Emitter *E, Expr *e) {
  collect_access_checks(E, e);
  flush_wrap_checks(E);
}

/* The checks of target e, an array written under the covering region: its accesses, and where its
 * type does not say whether it has flood dimensions (a parameter of a generic type), that the
 * region has '*' in those it has (what sema checks for the others, E29). */
void target_checks(Emitter *E, Expr *e) {
  access_checks(E, e);
  Symbol *sym = sema_base_symbol(e);
  if (!E->cover || !is_array_sym(sym)) return;
  Type *t = sema_target_type(e, sym);
  if (!t || t->kind != TY_PARALLEL || t->region) return;
  const char *label = array_label(sym);
  emit_line(E, "{ const int zfd = zrt_flood_written_dim(&%s, &%s); if (zfd) zrt_error(%d, %s, %s, zfd); }", E->cover,
            emit_sym(E, sym), e->loc.line, emit_c_string(E, FLOOD_WRITE_MESSAGE, strlen(FLOOD_WRITE_MESSAGE)),
            emit_c_string(E, label, strlen(label)));
}

/* The checks for the accesses of e under region src instead of the covering region (the operands of
 * partial reductions and floods, section 5.8 rule 4). */
void access_checks_under(Emitter *E, Expr *e, const char *src) {
  const char *cover = E->cover;
  E->cover = src;
  access_checks(E, e);
  E->cover = cover;
}

/* A temporary array over the covering region, freed after the statement; returns its C name. */
const char *temp_over_cover(Emitter *E, Type *t, int rank) {
  const char *zt = emit_fresh(E, "zt");
  emit_line(E, "zrt_array %s;", zt);
  if (cover_may_stride(E)) /* one cell per index of a strided covering region (section 15.3) */
    emit_line(E, "zrt_array_alloc_strided(&%s, %d, sizeof(%s), %s.lo, %s.hi, %s.flood, NULL, NULL, &%s, 0);", zt, rank,
              emit_ctype(E, t), E->cover, E->cover, E->cover, E->cover);
  else
    emit_line(E, "zrt_array_alloc(&%s, %d, sizeof(%s), %s.lo, %s.hi, %s.flood);", zt, rank, emit_ctype(E, t), E->cover,
              E->cover, E->cover);
  vec_push(E->arena, &E->temps, (void *)zt);
  return zt;
}

/* The element of temporary zt at the indices of map. */
const char *temp_elem(Emitter *E, const char *zt, Type *t, const IndexMap *map) {
  Buf off = {0};
  bool cells = cover_may_stride(E);
  for (int k = 0; k < map->rank; k++)
    if (cells) buf_printf(&off, "%szrt_array_cell(&%s, %d, %s) * %s.stride[%d]", k ? " + " : "", zt, k, map->idx[k], zt, k);
    else buf_printf(&off, "%s(%s) * %s.stride[%d]", k ? " + " : "", map->idx[k], zt, k);
  const char *r = arena_printf(E->arena, "((%s *)%s.origin)[%s]", emit_ctype(E, t), zt, off.data ? off.data : "0");
  free(off.data);
  return r;
}
