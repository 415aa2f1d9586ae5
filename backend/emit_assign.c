/* emit_assign.c - assignments: scalar, parallel, and fused loop nests of several statements.
 * Scalar targets include indexed arrays and strings. A parallel assignment is a loop nest over this
 * process's part in an order that keeps the old values section 7.2 asks for (or goes through a
 * temporary), a row copy, or an exchange of storage (passes/copy_elim.c); a fused nest computes
 * several statements at each index, contracted targets in C variables, a reduction folded in
 * (passes/fusion.c). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

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

void emit_scalar_assign(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  Type *lt = st->lhs->type;
  access_checks(E, st->rhs);
  hoist(E, st->rhs, false);
  if (s->gather) { /* assigned where the split-phase gather ends */
    hoist_reset(E);
    return;
  }
  if (emit_is_projection(st->lhs) || emit_is_projection(st->rhs)) {
    emit_projection_assign(E, st);
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

/* True if st is A := B of two parallel array variables of the same element type with no flood
 * dimensions, under an unmasked covering region of unit-stride ranges: a copy of rows. */
static bool row_copy(Emitter *E, const Stmt *st, int rank) {
  const Expr *l = st->lhs, *r = st->rhs;
  if (st->op != AS_ASSIGN || l->kind != EX_NAME || r->kind != EX_NAME || !is_array_sym(l->sym) || !is_array_sym(r->sym) ||
      !E->cover_sem || E->cover_sem->masked || rank < 1 || rank != E->cover_sem->rank)
    return false;
  const Type *lt = l->sym->type, *rt = r->sym->type;
  if (lt->rank != rank || rt->rank != rank || !type_same(lt->elem, rt->elem) || !lt->region || !rt->region) return false;
  if (l->sym->may_stride || r->sym->may_stride) return false; /* compact rows: element by element */
  for (int k = 0; k < rank; k++)
    if (!simple_dim(E->cover_sem, k) || lt->region->dims[k].kind == DK_STAR || rt->region->dims[k].kind == DK_STAR)
      return false;
  return true;
}

/* A := B as row copies (memmove: the arrays may be one, through a parameter): the element loop
 * would cost a sweep where the C library copies whole rows. */
static void emit_row_copy(Emitter *E, const IrStmt *s, int rank) {
  const Stmt *st = s->ast;
  const char *a = emit_sym(E, st->lhs->sym), *b = emit_sym(E, st->rhs->sym);
  if (s->exchange && !E->loops_whole) { /* b is dead: exchange storage (passes/copy_elim.c) */
    emit_line(E, "zrt_array_exchange(&%s, &%s, &%s);", a, b, E->cover);
    return;
  }
  const char *ct = emit_ctype(E, st->lhs->sym->type->elem);
  const char *c = E->cover;
  emit_line(E, "{");
  E->indent++;
  if (!E->loops_whole) {
    emit_line(E, "zrt_region zm; zrt_region_mine(&zm, &%s); ZRT_WORK(zm);", c);
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

/* A parallel assignment: its checks, its right-hand side hoisted, its loop nest; one begun
 * split-phase (IrStmt.line_split) stays open until its IC_LINE_END. */
void emit_parallel_assign(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  emit_line(E, "{ /* line %d */", st->loc.line);
  E->indent++;
  target_checks(E, st->lhs);
  access_checks(E, st->rhs);
  LineOpen *d = NULL;
  if (s->line_split) {
    d = ARENA_NEW(E->arena, LineOpen);
    d->s = s;
    E->beginning = d;
  }
  hoist(E, st->rhs, true);
  E->beginning = NULL;
  if (d && d->begun) {
    line_opened(E, d);
    return;
  }
  emit_assign_loops(E, s);
}

/* The loop nest of s computing into a temporary over the covering region (stored compactly where
 * it is strided), then copying it into the target: the right-hand side reads the target elsewhere
 * (section 7.2) and no loop order keeps the old values. */
static void through_temp(Emitter *E, IrStmt *s, int rank) {
  Stmt *st = s->ast;
  Type *lt = st->lhs->type;
  const char *ct = emit_ctype(E, lt);
  IndexMap map;
  bool compact = cover_may_stride(E);
  emit_line(E, "zrt_array zt;");
  if (compact)
    emit_line(E, "zrt_array_alloc_strided(&zt, %d, sizeof(%s), %s.lo, %s.hi, %s.flood, NULL, NULL, &%s, %d);", rank, ct, E->cover,
              E->cover, E->cover, E->cover, st->loc.line);
  else
    emit_line(E, "zrt_array_alloc(&zt, %d, sizeof(%s), %s.lo, %s.hi, %s.flood);", rank, ct, E->cover, E->cover, E->cover);
  loops_begin(E, E->cover, rank, E->cover_sem, &map);
  Buf off = {0};
  for (int k = 0; k < rank; k++) {
    if (compact) buf_printf(&off, "%szrt_array_cell(&zt, %d, %s) * zt.stride[%d]", k ? " + " : "", k, index_names[k], k);
    else buf_printf(&off, "%s%s * zt.stride[%d]", k ? " + " : "", index_names[k], k);
  }
  emit_line(E, "((%s *)zt.origin)[%s] = %s;", ct, off.data, assigned_value(E, st, lt));
  loops_end(E, rank);
  loops_begin(E, E->cover, rank, E->cover_sem, &map);
  emit_line(E, "%s = ((%s *)zt.origin)[%s];", emit_expr(E, st->lhs), ct, off.data);
  loops_end(E, rank);
  emit_line(E, "zrt_array_free(&zt);");
  free(off.data);
}

/* Open the loop nest of s (and of s2, a pair's second statement, or NULL) over the covering region,
 * with OpenMP simd where their elements are independent. Returns the target. */
static Symbol *open_direct_loops(Emitter *E, IrStmt *s, IrStmt *s2, int rank, bool simd, bool unshared, IndexMap *map) {
  Symbol *target = sema_base_symbol(s->ast->lhs);
  if (simd) E->simd = "omp simd";
  if (simd || (target && target->may_stride && ir_elements_independent_but_target(s, unshared) &&
               (!s2 || ir_elements_independent_but_target(s2, unshared))))
    E->simd_unit = "omp simd"; /* a strided target's step in the version condition (strided_version_counted) */
  loops_begin_dir(E, E->cover, rank, E->cover_sem, map, NULL, s->needs_temp || s2 ? NULL : s->loop_dir);
  return target;
}

/* Close it: the target for the versions of its strided loop (strided_version_counted). */
static void close_direct_loops(Emitter *E, Symbol *target, int rank) {
  E->loop_target = target;
  loops_end(E, rank);
  E->loop_target = NULL;
}

/* The nest of s itself: its target assigned at each index of the covering region. */
static void direct_nest(Emitter *E, IrStmt *s, int rank, bool simd, bool unshared) {
  Stmt *st = s->ast;
  IndexMap map;
  Symbol *target = open_direct_loops(E, s, NULL, rank, simd, unshared, &map);
  if (emit_is_elements(st->lhs)) emit_projection_assign(E, st); /* [R] A.loc[] := ...: at each index */
  else emit_line(E, "%s = %s;", emit_expr(E, st->lhs), assigned_value(E, st, st->lhs->type));
  close_direct_loops(E, target, rank);
}

/* A nest that counts its rows, whose right-hand side has partial sums along the last dimension
 * (emit_rowsums.c): where their directions are moves of each other, a version reading them from
 * row buffers, else the nest as written. */
void emit_direct_loops(Emitter *E, IrStmt *s, int rank, bool simd, bool unshared) {
  Stmt *st = s->ast;
  if (E->general_only || emit_is_elements(st->lhs) || !nest_counts_rows(E, E->cover, rank, E->cover_sem, NULL, s->needs_temp ? NULL : s->loop_dir) ||
      !rowsums_find(E, st->rhs)) {
    direct_nest(E, s, rank, simd, unshared);
    return;
  }
  const char *ok = emit_fresh(E, "zsums");
  emit_line(E, "const bool %s = %s;", ok, rowsums_condition(E));
  emit_line(E, "zrt_rowsums_note(%s);", ok);
  emit_line(E, "if (%s) { /* partial sums along the last dimension from row buffers */", ok);
  E->indent++;
  const char *split = E->split_dn; /* each version splits its nest for the same DN */
  E->rowsums_on = true;
  direct_nest(E, s, rank, simd, unshared);
  E->rowsums_on = false;
  E->rowsum_families.len = 0;
  E->indent--;
  emit_line(E, "} else {");
  E->indent++;
  E->split_dn = split;
  E->general_only = true; /* it rarely runs: its loops without their constant-step versions */
  direct_nest(E, s, rank, simd, unshared);
  E->general_only = false;
  E->indent--;
  emit_line(E, "}");
}

void emit_pair_loops(Emitter *E, IrStmt *s, IrStmt *s2, int rank, bool simd, const char *delta, int sign) {
  Stmt *st = s->ast, *st2 = s2->ast;
  IndexMap map;
  Symbol *target = open_direct_loops(E, s, s2, rank, simd, true, &map);
  const char *lhs = emit_expr(E, st->lhs);
  emit_line(E, "%s = %s;", lhs, assigned_value(E, st, st->lhs->type));
  E->row_shift = delta;
  E->pair_target = target;
  E->pair_elem = arena_printf(E->arena, "%.*s %c 1]", (int)strlen(lhs) - 1, lhs, sign < 0 ? '-' : '+');
  emit_line(E, "%s = %s;", emit_expr(E, st2->lhs), assigned_value(E, st2, st2->lhs->type));
  E->row_shift = NULL;
  E->pair_target = NULL;
  close_direct_loops(E, target, rank);
}

/* For s, which needs a temporary only if an argument shares its target's storage (IrStmt.temp_for):
 * open `if (any of them shares it) {` and return true; false (nothing emitted) if it always needs
 * one. */
static bool unshared_check(Emitter *E, IrStmt *s) {
  if (!ir_temp_only_if_shared(s)) return false;
  Symbol *target = sema_base_symbol(s->ast->lhs);
  Buf c = {0};
  for (int i = 0; i < s->temp_for.len; i++)
    buf_printf(&c, "%szrt_array_shares(&%s, &%s)", i ? " || " : "", emit_sym(E, target), emit_sym(E, s->temp_for.items[i]));
  emit_line(E, "if (%s) {", c.data);
  free(c.data);
  E->indent++;
  return true;
}

void emit_assign_loops(Emitter *E, IrStmt *s) {
  emit_assign_nest(E, s);
  hoist_reset(E);
  E->indent--;
  emit_line(E, "}");
}

void emit_assign_nest(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  int rank = st->rank == RANK_ANY ? E->cover_rank : st->rank;
  if ((s->needs_temp || !loop_dirs_ok(E, s, rank)) && emit_is_elements(st->lhs)) {
    emit_unsupported(E, st->loc, "an assignment to whole indexed arrays inside a parallel array that reads them at other indices");
  } else if ((s->needs_temp || !loop_dirs_ok(E, s, rank)) && !unshared_check(E, s)) {
    through_temp(E, s, rank);
  } else if (s->needs_temp) { /* a temporary only if an argument shares the target's storage */
    const char *dn = E->split_dn; /* the in-place nest computes its interior while ghost cells travel */
    E->split_dn = NULL;
    if (dn) emit_line(E, "zrt_dn(&%s);", dn);
    through_temp(E, s, rank);
    E->indent--;
    emit_line(E, "} else {");
    E->indent++;
    E->split_dn = dn; /* a target bound to a flood array: written under '*' there (target_checks), not cut */
    emit_direct_loops(E, s, rank, ir_elements_independent_if(s, true), true);
    E->indent--;
    emit_line(E, "}");
  } else if (row_copy(E, st, rank)) {
    emit_row_copy(E, s, rank);
  } else {
    emit_direct_loops(E, s, rank, ir_elements_independent(s), false);
  }
}

/* Statements of one list that share a loop nest: array statements, possibly ended by a scalar
 * assignment whose one full reduction is folded into the nest; each may be the statement of a
 * region statement [R] s, all of the same R. */
typedef struct Nest {
  IrStmt **members;            /* the array statements (inside their region statements) */
  int n;
  IrStmt *reducing;            /* the scalar assignment, or NULL */
  Expr *r;                     /* its reduction */
  IrStmt *region;              /* the first region statement, whose region the nest opens, or NULL */
} Nest;

/* The statement list item s stands for in a nest: the assignment inside region statement s. */
static IrStmt *nest_core(IrStmt *s) {
  return s->kind == IR_REGION && s->body.items[0]->ast->kind == ST_ASSIGN ? s->body.items[0] : s;
}

/* The nest that begins at l->items[i] (one member and nothing else if the statement is not fused). */
static Nest nest_at(Emitter *E, IrList *l, int i) {
  int len = 1; /* list items in the nest */
  while (i + len < l->n && nest_core(l->items[i + len - 1])->fuse_next) len++;
  Nest f = {ARENA_ARRAY(E->arena, IrStmt *, len), 0, NULL, NULL, NULL};
  if (nest_core(l->items[i]) != l->items[i]) f.region = l->items[i];
  for (int k = 0; k < len; k++) {
    IrStmt *s = nest_core(l->items[i + k]);
    if (k > 0 && s->ast->lhs->rank == 0) { /* the scalar assignment that ends it */
      f.reducing = s;
      f.r = s->reductions.items[0];
      break;
    }
    f.members[f.n++] = s;
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
    const IrStmt *s = k < f->n ? f->members[k] : f->reducing;
    buf_printf(&b, "%s%d", k == 0 ? "" : k == len - 1 ? " and " : ", ", s->line);
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
    const IrStmt *s = f->members[k];
    if (!ir_reads_only_here(s->ast->rhs, s->writes) || !ir_distinct_elements(s->writes) ||
        ir_expr_any(s->ast->rhs, ir_effectful_call, NULL))
      return false;
  }
  return !f->r || !ir_expr_any(f->r->rhs, ir_effectful_call, NULL);
}

/* The C variable holding the element of contracted array sym in the nest being emitted, or NULL. */
const char *emit_contracted(Emitter *E, const Symbol *sym) {
  for (int i = 0; E->in_loops && i < E->contracted_syms.len; i++)
    if (E->contracted_syms.items[i] == sym) return E->contracted_names.items[i];
  return NULL;
}

/* Store member s's element at the current index: into its array, or, contracted, into a C
 * variable of the loop body that later members read instead. */
static void nest_store(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  Type *lt = st->lhs->type;
  if (!s->contracted) {
    if (emit_is_elements(st->lhs)) emit_projection_assign(E, st);
    else emit_line(E, "%s = %s;", emit_expr(E, st->lhs), assigned_value(E, st, lt));
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
  IrStmt *head = f->members[0];
  CoverScope outer = {0};
  if (f->region) {
    outer = region_open(E, f->region->ast, f->region->ast->cover);
    emit_ops(E, &head->before);
  }
  int rank = head->ast->rank;
  emit_line(E, "{ /* lines %s, one loop nest */", nest_lines(E, f));
  E->indent++;
  for (int k = 0; k < f->n; k++) {
    target_checks(E, f->members[k]->ast->lhs);
    access_checks(E, f->members[k]->ast->rhs);
  }
  if (f->r) access_checks(E, f->r->rhs);
  for (int k = 0; k < f->n; k++) hoist(E, f->members[k]->ast->rhs, true);
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

int emit_fused(Emitter *E, IrList *l, int i) {
  Nest nest = nest_at(E, l, i);
  if (nest_length(&nest) < 2) return 0;
  emit_nest(E, &nest);
  return nest_length(&nest);
}
