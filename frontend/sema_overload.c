/* sema_overload.c - procedure overloading (section 15.4): the members of a family of procedures with
 * one name, each prototype paired with the definition that has its parameter types (E2, E54), and
 * the member a call chooses by its arguments (E73, E76). */
#include <stdio.h>
#include <string.h>
#include "sema_internal.h"

bool sema_is_overloaded(const Symbol *sym) { return sym && sym->kind == SYM_PROC && sym->next_overload; }

/* True if two members have the same parameter types (modes and results aside); a type in error
 * matches anything, so that it causes no second error. *error: one of them was in error. */
static bool same_parameter_types(const Symbol *a, const Symbol *b, bool *error) {
  if (a->nparams != b->nparams) return false;
  for (int i = 0; i < a->nparams; i++) {
    const Type *x = a->ptypes[i], *y = b->ptypes[i];
    if (x->kind == TY_ERROR || y->kind == TY_ERROR) {
      *error = true;
      continue;
    }
    if (!type_same(x, y)) return false;
  }
  return true;
}

/* Pair member m (a later declaration) with the earlier member q that has its parameter types: a
 * prototype with its definition (E54 when the modes or result differ); anything else is E2. */
static void pair_member(Sema *S, Symbol *q, Symbol *m, bool error) {
  Proc *p = m->proc;
  bool q_unpaired_proto = q->proc->is_prototype && !q->proto, q_unpaired_def = !q->proc->is_prototype && !q->proto;
  p->sym = NULL;
  if (q_unpaired_proto && !p->is_prototype) { /* the prototype's definition */
    q->proto = q->proc;
    q->proc = p;
    p->sym = q;
    q->nparams = m->nparams; /* the definition's signature (its parameter names) */
    q->ptypes = m->ptypes;
    q->pmodes = m->pmodes;
    q->pnames = m->pnames;
    q->result = m->result;
  } else if (q_unpaired_def && p->is_prototype) { /* a prototype of an earlier definition */
    q->proto = p;
    p->sym = q;
  } else if (!error) {
    SEMA_ERR(S, p->name.loc, "redefinition of '%s' (previously declared at line %d)", p->name.name, q->loc.line);
    q->error = true; /* calls that would choose it are not reported again */
  }
}

/* The members of one family, each prototype paired with its definition; the family is relinked to
 * hold only the members that remain. */
static void pair_family(Sema *S, Symbol *head) {
  PtrVec kept = {0};
  for (Symbol *m = head; m; m = m->next_overload) {
    sema_proc_signature(S, m);
    Symbol *same = NULL;
    bool error = false;
    for (int k = 0; k < kept.len && !same; k++)
      if (same_parameter_types(kept.items[k], m, &error)) same = kept.items[k];
    if (same) pair_member(S, same, m, error);
    else vec_push(S->arena, &kept, m);
  }
  for (int k = 0; k < kept.len; k++) {
    Symbol *m = kept.items[k];
    m->overload_index = k;
    m->next_overload = k + 1 < kept.len ? kept.items[k + 1] : NULL;
    m->family_done = true;
  }
}

void sema_pair_families(Sema *S) {
  for (int i = 0; i < S->prog->decls.len; i++) {
    Decl *d = S->prog->decls.items[i];
    Symbol *head = d->kind == D_PROC && d->proc->sym ? d->proc->sym : NULL;
    if (head && head->next_overload && !head->family_done) pair_family(S, head);
  }
}

/* ---- choosing the member a call means ---- */

/* True if member m could be promoted over parallel arguments (section 6.10's signature rules). */
static bool promotable_signature(const Symbol *m) {
  if (!m->result) return false;
  for (int i = 0; i < m->nparams; i++) {
    const Type *t = m->ptypes[i];
    if (sema_by_reference(m->pmodes[i]) || !(t->kind == TY_SCALAR || t->kind == TY_ENUM || t->kind == TY_RECORD)) return false;
  }
  return true;
}

/* True if member m accepts the (checked) arguments of call e; *exact: without any conversion. */
static bool accepts(const Symbol *m, const Expr *e, bool stmt, bool *exact) {
  if (m->nparams != e->nargs) return false;
  bool parallel = false;
  *exact = true;
  for (int i = 0; i < e->nargs; i++) {
    const Type *pt = m->ptypes[i], *at = e->args[i]->type;
    int rank = e->args[i]->rank;
    if (pt->kind == TY_ERROR) return false;
    if (pt->kind == TY_PARALLEL) {
      if (rank != pt->rank || !type_same(at, pt->elem)) return false;
    } else if (pt->kind == TY_ARRAY) {
      if (rank != 0 || !type_same(at, pt)) return false;
    } else if (sema_by_reference(m->pmodes[i]) && !(pt->kind == TY_SCALAR && pt->scalar == SK_FILE)) {
      if (rank != 0 || !type_same(at, pt)) return false;
    } else {
      if (at->kind == TY_ARRAY || at->kind == TY_PARALLEL) return false;
      if (!type_assignable(pt, at) && !type_same(pt, at)) return false; /* a timer takes a timer */
      if (!type_same(pt, at)) *exact = false;
      parallel |= rank > 0;
    }
  }
  return !parallel || (!stmt && promotable_signature(m));
}

/* " (candidates at lines L1, L2, ...)" for the members in v. */
static const char *candidate_lines(Sema *S, const PtrVec *v) {
  char buf[512];
  int n = snprintf(buf, sizeof buf, " (candidates at lines");
  for (int i = 0; i < v->len && n < (int)sizeof buf - 32; i++)
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %d", i ? "," : "", ((Symbol *)v->items[i])->loc.line);
  snprintf(buf + n, sizeof buf - (size_t)n, ")");
  return arena_strdup(S->arena, buf);
}

/* What checking one argument added to the statement: its rank need and its access records. */
typedef struct ArgNote {
  int need_rank;
  Loc need_loc;
  int acc_from, acc_to;
} ArgNote;

/* Check every argument once, recording what each one adds. False if one is in error. */
static bool precheck_arguments(Sema *S, Expr *e, ArgNote *notes) {
  bool ok = true;
  for (int i = 0; i < e->nargs; i++) {
    S->need_rank = 0;
    notes[i].acc_from = S->accesses.len;
    bool saved = S->bare_array_ok;
    S->bare_array_ok = true; /* an indexed array may be passed whole */
    ok &= sema_expr_whole(S, e->args[i])->kind != TY_ERROR;
    S->bare_array_ok = saved;
    notes[i].acc_to = S->accesses.len;
    notes[i].need_rank = S->need_rank;
    notes[i].need_loc = S->need_loc;
  }
  return ok;
}

/* Now that the member is chosen: an array passed whole to an array parameter is not an operand
 * (section 5.7 Rule 5), so its rank need and access record go; the others count in order. */
static void settle_arguments(Sema *S, Symbol *m, Expr *e, ArgNote *notes, int need, Loc need_loc) {
  S->need_rank = need;
  S->need_loc = need_loc;
  int from = e->nargs ? notes[0].acc_from : S->accesses.len, to = from;
  for (int i = 0; i < e->nargs; i++) {
    Type *pt = m->ptypes[i];
    bool whole = pt->kind == TY_PARALLEL || pt->kind == TY_ARRAY;
    for (int k = notes[i].acc_from; k < notes[i].acc_to; k++) {
      Access *a = S->accesses.items[k];
      if (!(whole && a->expr == e->args[i])) S->accesses.items[to++] = a;
    }
    if (!whole && notes[i].need_rank && !S->need_rank) {
      S->need_rank = notes[i].need_rank;
      S->need_loc = notes[i].need_loc;
    }
  }
  S->accesses.len = to;
}

Symbol *sema_choose_overload(Sema *S, Symbol *head, Expr *e, bool stmt) {
  int need = S->need_rank;
  Loc need_loc = S->need_loc;
  ArgNote *notes = ARENA_ARRAY(S->arena, ArgNote, e->nargs ? e->nargs : 1);
  bool ok = precheck_arguments(S, e, notes);
  S->need_rank = need;
  S->need_loc = need_loc;
  if (!ok) return NULL;
  PtrVec all = {0}, accepted = {0}, exact = {0};
  bool in_error = false; /* a member in error (E2) takes them: nothing more to report */
  for (Symbol *m = head; m; m = m->next_overload) {
    sema_proc_signature(S, m);
    vec_push(S->arena, &all, m);
    bool is_exact;
    if (!accepts(m, e, stmt, &is_exact)) continue;
    in_error |= m->error;
    vec_push(S->arena, &accepted, m);
    if (is_exact) vec_push(S->arena, &exact, m);
  }
  Symbol *chosen = accepted.len == 1 ? accepted.items[0] : exact.len == 1 ? exact.items[0] : NULL;
  if (in_error) return NULL;
  if (!chosen) {
    if (accepted.len == 0)
      SEMA_ERR(S, e->loc, "no procedure '%s' takes these arguments%s", e->name.name, candidate_lines(S, &all));
    else
      SEMA_ERR(S, e->loc, "call to '%s' is ambiguous%s", e->name.name, candidate_lines(S, exact.len > 1 ? &exact : &accepted));
    return NULL;
  }
  settle_arguments(S, chosen, e, notes, need, need_loc);
  return chosen;
}
