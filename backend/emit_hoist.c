/* emit_hoist.c - the work a statement computes once, before it (section 6.2).
 * Full reductions (built-in and user-defined), partial reductions, scans and floods anywhere, and
 * every non-trivial scalar subexpression of a parallel one, in left-to-right order, each root
 * expression's communication first; and what is forgotten when the statement ends (its SVs printed, its temporaries freed). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

static void hoist_inner(Emitter *E, Expr *e, bool parallel_ctx);

/* Remember that e's value is in C variable v. */
void hoisted(Emitter *E, Expr *e, const char *v) {
  vec_push(E->arena, &E->hoist_keys, e);
  vec_push(E->arena, &E->hoist_vals, (void *)v);
}

/* True for expressions cheap and safe to evaluate per element (no need to hoist). */
static bool trivial(const Expr *e) {
  return e->kind == EX_INT || e->kind == EX_FLOAT || e->kind == EX_CHAR || e->kind == EX_NAME;
}

/* Hoist what must be computed once: full reductions anywhere, and (inside a parallel expression)
 * every non-trivial scalar subexpression, in left-to-right order (section 6.2); the communication
 * before a root expression first. */
void hoist(Emitter *E, Expr *e, bool parallel_ctx) {
  if (!e || emit_hoisted(E, e)) return;
  if (E->hoist_depth == 0) comm_before(E, e);
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
  if (e->kind == EX_UREDUCE) {
    hoist_ureduce(E, e);
    return;
  }
  if (e->kind == EX_SCAN) {
    hoist_scan(E, e);
    return;
  }
  if (emit_is_elements(e) && e->rank == 0) parallel_ctx = false; /* read element by element where it is used */
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

void hoist_init(Emitter *E, InitSyn *in) {
  if (!in) return;
  hoist(E, in->expr, false);
  for (int i = 0; i < in->nitems; i++) hoist_init(E, in->items[i]);
}

/* Forget what was hoisted for the statement just emitted, after its SVs. */
void hoist_reset(Emitter *E) {
  comm_after(E);
  for (int i = 0; i < E->temps.len; i++) emit_line(E, "zrt_array_free(&%s);", (const char *)E->temps.items[i]);
  E->temps.len = 0;
  for (int i = 0; i < E->iarray_temps.len; i++) emit_line(E, "zrt_iarray_free(&%s);", (const char *)E->iarray_temps.items[i]);
  E->iarray_temps.len = 0;
  E->hoist_keys.len = 0;
  E->hoist_vals.len = 0;
}
