/* sema_ureduce.c - user-defined full reductions (section 15.5): f<< e and f<< (e1, ..., em), whose
 * identity, accumulate and combine procedures are chosen from the procedures named f for the element
 * types of the operands (E74; E1, E5 for f, E25 and E15 for the operands). The three procedures are
 * recorded as elementwise calls, so that the promotion rules apply to them (E46). */
#include <string.h>
#include "sema_internal.h"

/* True if parameter i of m is passed by value. */
static bool by_value(const Symbol *m, int i) { return !sema_by_reference(m->pmodes[i]); }

/* True if parameter i of m is an inout (or var) parameter of type t. */
static bool inout_of(const Symbol *m, int i, const Type *t) {
  return (m->pmodes[i] == PM_INOUT || m->pmodes[i] == PM_VAR) && type_same(m->ptypes[i], t);
}

/* The state type an identity member fixes (f(inout s : T), f(out s : T), or f() : T when m = 1 and
 * T = E1), or NULL if m is no identity. */
static Type *identity_state(const Symbol *m, Expr *const *ops, int n, bool *fn) {
  *fn = false;
  if (m->nparams == 1 && sema_by_reference(m->pmodes[0]) && !m->result) return m->ptypes[0];
  if (n == 1 && m->nparams == 0 && m->result && type_same(m->result, ops[0]->type)) {
    *fn = true;
    return m->result;
  }
  return NULL;
}

/* True if m folds one tuple into a state of type t: f(x1 : E1; ...; xm : Em; inout s : T), or the
 * function f(x, y : T) : T when m = 1 and T = E1. */
static bool is_accumulate(const Symbol *m, Expr *const *ops, int n, const Type *t, bool *fn) {
  *fn = false;
  if (m->nparams == n + 1 && !m->result && inout_of(m, n, t)) {
    for (int j = 0; j < n; j++)
      if (!by_value(m, j) || !type_same(m->ptypes[j], ops[j]->type)) return false;
    return true;
  }
  if (n == 1 && type_same(t, ops[0]->type) && m->nparams == 2 && m->result && type_same(m->result, t) &&
      by_value(m, 0) && by_value(m, 1) && type_same(m->ptypes[0], t) && type_same(m->ptypes[1], t)) {
    *fn = true;
    return true;
  }
  return false;
}

/* True if m folds one state into another: f(inout s1 : T; inout s2 : T). */
static bool is_combine(const Symbol *m, const Type *t) {
  return m->nparams == 2 && !m->result && inout_of(m, 0, t) && inout_of(m, 1, t);
}

/* E74 for a missing role; the procedure it needs is spelled with the operand and state types. */
static void missing_role(Sema *S, Expr *e, const char *role, const Type *t) {
  const char *f = e->name.name, *tn = t ? type_name(S, t) : "T";
  const char *want;
  if (!strcmp(role, "identity")) {
    want = arena_printf(S->arena, "%s(inout %s)", f, tn);
  } else if (!strcmp(role, "combine")) {
    want = arena_printf(S->arena, "%s(inout %s, inout %s)", f, tn, tn);
  } else {
    const char *list = "";
    for (int j = 0; j < e->nargs; j++) list = arena_printf(S->arena, "%s%s, ", list, type_name(S, e->args[j]->type));
    want = arena_printf(S->arena, "%s(%sinout %s)", f, list, tn);
  }
  SEMA_ERR(S, e->loc, "user-defined reduction '%s' needs a %s procedure '%s'", f, role, want);
}

/* The state type to name in an E74 for a missing identity: the state of a member shaped like an
 * accumulate procedure, else E1 for one operand. */
static const Type *guess_state(const Symbol *f, Expr *const *ops, int n) {
  for (const Symbol *m = f; m && m->kind == SYM_PROC; m = m->next_overload)
    if (m->nparams == n + 1 && sema_by_reference(m->pmodes[n])) return m->ptypes[n];
  return n == 1 ? ops[0]->type : NULL;
}

/* Find the three procedures in the family f (E74 for the first role missing). */
static UserReduce *choose_roles(Sema *S, Expr *e, Symbol *f) {
  Expr *const *ops = e->args;
  int n = e->nargs;
  UserReduce *u = ARENA_NEW(S->arena, UserReduce);
  Type *first_state = NULL;
  for (Symbol *id = f; id; id = id->next_overload) {
    sema_proc_signature(S, id);
    bool id_fn;
    Type *t = identity_state(id, ops, n, &id_fn);
    if (!t || t->kind == TY_ERROR) continue;
    if (!first_state) first_state = t;
    Symbol *acc = NULL, *comb = NULL;
    bool acc_fn = false;
    for (Symbol *m = f; m; m = m->next_overload) {
      sema_proc_signature(S, m);
      bool fn;
      if (!acc && is_accumulate(m, ops, n, t, &fn)) {
        acc = m;
        acc_fn = fn;
      }
      if (!comb && is_combine(m, t)) comb = m;
    }
    if (!acc) continue;
    /* the two-procedure form: with m = 1 and E1 = T, accumulate(s1, s2) folds s1 into s2 */
    if (!comb && n == 1 && type_same(t, ops[0]->type)) comb = acc;
    if (!comb) continue;
    u->identity = id;
    u->accumulate = acc;
    u->combine = comb;
    u->state = t;
    u->identity_fn = id_fn;
    u->accumulate_fn = acc_fn;
    u->combine_fn = comb == acc && acc_fn;
    if (type_has_timer(t)) {
      missing_role(S, e, "identity", t);
      return NULL;
    }
    return u;
  }
  if (!first_state) {
    missing_role(S, e, "identity", guess_state(f, ops, n));
    return NULL;
  }
  bool fn;
  for (Symbol *m = f; m; m = m->next_overload)
    if (is_accumulate(m, ops, n, first_state, &fn)) {
      missing_role(S, e, "combine", first_state);
      return NULL;
    }
  missing_role(S, e, "accumulate", first_state);
  return NULL;
}

/* Check the operands: their ranks agree (E15) and one at least is parallel (E25). */
static bool check_operands(Sema *S, Expr *e) {
  bool saved_free = S->free_ok; /* free values are reduced by the built-in operators only */
  S->free_ok = false;
  bool ok = true, parallel = false;
  int rank = 0;
  for (int j = 0; j < e->nargs && ok; j++) {
    Expr *a = e->args[j];
    ok = sema_expr(S, a)->kind != TY_ERROR;
    if (!ok) break;
    if (rank_join(rank, a->rank) < 0) {
      SEMA_ERR(S, e->loc, "operands have different ranks (%d and %d)", rank, a->rank);
      S->need_other = -1; /* E15 says it: no E13 for the statement as well (section 5.7 rule 5) */
      ok = false;
    }
    rank = rank_join(rank, a->rank);
    parallel |= a->rank > 0;
  }
  S->free_ok = saved_free;
  if (ok && !parallel) SEMA_ERR(S, e->loc, "operand of '%s<<' must be a parallel expression", e->name.name);
  return ok && parallel;
}

Type *sema_user_reduce(Sema *S, Expr *e) {
  e->rank = 0;
  e->parallel = false;
  Symbol *f = sema_lookup(S, e->name.name, e->loc.off);
  e->sym = f;
  if (!f) {
    SEMA_ERR(S, e->loc, "undeclared identifier '%s'", e->name.name);
    return e->type = S->t_error;
  }
  if (f->kind == SYM_UNSUPPORTED) {
    SEMA_ERR(S, e->loc, "%s", f->unsupported);
    return e->type = S->t_error;
  }
  if (f->kind != SYM_PROC && f->kind != SYM_BUILTIN) {
    SEMA_ERR(S, e->loc, "'%s' is not a procedure", e->name.name);
    return e->type = S->t_error;
  }
  if (f->error || !check_operands(S, e)) return e->type = S->t_error;
  if (f->kind == SYM_BUILTIN) { /* a predefined procedure is never a reduction's */
    missing_role(S, e, "identity", guess_state(NULL, e->args, e->nargs));
    return e->type = S->t_error;
  }
  UserReduce *u = choose_roles(S, e, f);
  if (!u) return e->type = S->t_error;
  e->ureduce = u;
  sema_record_call(S, u->identity, e, true); /* each runs once per index: the promotion rules apply */
  sema_record_call(S, u->accumulate, e, true);
  if (u->combine != u->accumulate) sema_record_call(S, u->combine, e, true);
  return e->type = u->state;
}
