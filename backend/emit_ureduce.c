/* emit_ureduce.c - user-defined full reductions f<< e and f<< (e1, ..., em) (section 15.5),
 * computed before their statement. Each process starts a state with the identity procedure and
 * folds its indices of the covering region into it in row-major order with the accumulate one; the
 * states then travel as bytes (zrt_allgather) and every process combines them in increasing process
 * order, r starting as process 0's: combine(s_p, r) for p = 1, ..., P-1. The function forms fold
 * left: s := f(s, x) and r := f(r, s_p). The procedures are called as the front end chose them,
 * through the writer's own calls (a call expression made here), so arguments convert and pass as
 * in any call. */
#include "emit_internal.h"

/* An expression standing for the C variable v of type t (its value is "hoisted" there). */
static Expr *variable_expr(Emitter *E, const char *v, Type *t, Loc at) {
  Expr *x = ARENA_NEW(E->arena, Expr);
  x->kind = EX_NAME;
  x->type = t;
  x->loc = at;
  hoisted(E, x, v);
  return x;
}

/* The C text of the call of procedure f with arguments args[0..n-1]. */
static const char *call(Emitter *E, Symbol *f, Expr **args, int n, Loc at) {
  Expr *c = ARENA_NEW(E->arena, Expr);
  c->kind = EX_CALL;
  c->sym = f;
  c->name.name = f->name;
  c->name.loc = at;
  c->loc = at;
  c->type = f->result;
  c->args = args;
  c->nargs = n;
  return emit_expr(E, c);
}

/* The arguments a, b as an array for call. */
static Expr **two(Emitter *E, Expr *a, Expr *b) {
  Expr **v = ARENA_ARRAY(E->arena, Expr *, 2);
  v[0] = a;
  v[1] = b;
  return v;
}

/* state := the identity state. */
static void emit_identity(Emitter *E, const UserReduce *u, Expr *state, const char *sv, Loc at) {
  if (u->identity_fn) emit_line(E, "%s = %s;", sv, call(E, u->identity, NULL, 0, at));
  else emit_line(E, "%s;", call(E, u->identity, &state, 1, at));
}

/* Fold the operands of e at the current index into state. */
static void emit_accumulate(Emitter *E, Expr *e, Expr *state, const char *sv) {
  const UserReduce *u = e->ureduce;
  if (u->accumulate_fn) {
    emit_line(E, "%s = %s;", sv, call(E, u->accumulate, two(E, state, e->args[0]), 2, e->loc));
    return;
  }
  Expr **args = ARENA_ARRAY(E->arena, Expr *, e->nargs + 1);
  for (int j = 0; j < e->nargs; j++) args[j] = e->args[j];
  args[e->nargs] = state;
  emit_line(E, "%s;", call(E, u->accumulate, args, e->nargs + 1, e->loc));
}

/* Fold process p's state (part) into the result (r): combine(s_p, r), or r := f(r, s_p). */
static void emit_combine(Emitter *E, const UserReduce *u, Expr *part, Expr *r, const char *rv, Loc at) {
  if (u->combine_fn) emit_line(E, "%s = %s;", rv, call(E, u->combine, two(E, r, part), 2, at));
  else emit_line(E, "%s;", call(E, u->combine, two(E, part, r), 2, at));
}

/* The rank of the loop over the covering region: that of the operands. */
static int operand_rank(Emitter *E, const Expr *e) {
  int rank = 0;
  for (int j = 0; j < e->nargs; j++)
    if (e->args[j]->rank > rank || e->args[j]->rank == RANK_ANY) rank = e->args[j]->rank;
  return rank == RANK_ANY ? E->cover_rank : rank;
}

/* Every process's state sv (of C type ct), and the states combined in process order into sv; with
 * one process combine is never called. */
static void gather_states(Emitter *E, const UserReduce *u, Expr *state, const char *sv, const char *ct, Loc at) {
  Type *t = u->state;
  emit_line(E, "const %s *zp = zrt_allgather(&%s, sizeof %s);", ct, sv, sv);
  emit_line(E, "%s = zp[0];", sv);
  emit_line(E, "for (int zq = 1; zq < zrt_processors(); zq++) {");
  E->indent++;
  emit_line(E, "%s zs = zp[zq];", ct);
  emit_combine(E, u, variable_expr(E, "zs", t, at), state, sv, at);
  E->indent--;
  emit_line(E, "}");
}

/* The same for a state that is an indexed array with run-time bounds (a zrt_iarray: the same
 * bounds on every process): its elements travel. */
static void gather_iarray_states(Emitter *E, const UserReduce *u, Expr *state, const char *sv, Loc at) {
  emit_line(E, "const size_t zn = (size_t)%s.count * %s.elem;", sv, sv);
  emit_line(E, "const char *zp = zrt_allgather(%s.data, zn);", sv);
  emit_line(E, "if (zn) memcpy(%s.data, zp, zn);", sv);
  emit_line(E, "zrt_iarray zs = {0};");
  emit_line(E, "zrt_iarray_copy(&zs, &%s);", sv);
  emit_line(E, "for (int zq = 1; zq < zrt_processors(); zq++) {");
  E->indent++;
  emit_line(E, "if (zn) memcpy(zs.data, zp + (size_t)zq * zn, zn);");
  emit_combine(E, u, variable_expr(E, "zs", u->state, at), state, sv, at);
  E->indent--;
  emit_line(E, "}");
  emit_line(E, "zrt_iarray_free(&zs);");
}

void hoist_ureduce(Emitter *E, Expr *e) {
  const UserReduce *u = e->ureduce;
  Type *t = u->state;
  for (int j = 0; j < e->nargs; j++) hoist(E, e->args[j], true);
  const char *sv = emit_fresh(E, "zu");
  const char *ct = emit_ctype(E, t);
  bool run_time_bounds = t->kind == TY_ARRAY && !iarray_fixed(t);
  if (has_nested_iarray(t))
    emit_unsupported(E, e->loc, "a user-defined reduction whose state holds an indexed array with run-time bounds");
  emit_line(E, "%s %s = {0};", ct, sv);
  hoisted(E, e, sv);
  if (!E->cover) {
    emit_unsupported(E, e->loc, "a reduction without a covering region");
    return;
  }
  if (run_time_bounds) {
    alloc_iarray(E, sv, t);
    vec_push(E->arena, &E->iarray_temps, (void *)sv);
  }
  Expr *state = variable_expr(E, sv, t, e->loc);
  emit_line(E, "{ /* %s<< */", e->name.name);
  E->indent++;
  emit_identity(E, u, state, sv, e->loc);
  IndexMap map;
  int rank = operand_rank(E, e);
  loops_begin(E, E->cover, rank, E->cover_sem, &map);
  emit_accumulate(E, e, state, sv);
  loops_end(E, rank);
  if (run_time_bounds) gather_iarray_states(E, u, state, sv, e->loc);
  else gather_states(E, u, state, sv, ct, e->loc);
  E->indent--;
  emit_line(E, "}");
}
