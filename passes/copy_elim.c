/* copy_elim.c - copy elimination (-fno-copy-elim turns it off). In a loop body
 *
 *     [R] T := e;      -- W: writes all of T, reads no T
 *     ...              -- may read T (not shifted, not passed to a procedure)
 *     [R] A := T;      -- C: the copy
 *
 * T's values are dead after C: every element of T any statement reads was written by W of the
 * same iteration first, because T is read nowhere else (outside W..C it is only ever assigned),
 * its storage is exactly R (no border) and W covers R. So C may exchange the storage of A and T
 * instead of copying (zrt_array_exchange: only the frame of A outside R is copied, into T's old
 * storage, which becomes A's). For that, T is allocated with A's storage shape (IrProgram.
 * storage_like) while it keeps its own storage region for the containment checks. T has no
 * shifted reads, so no transfer ever names it; A's transfers name A's zrt_array, whose storage
 * the runtime looks up at each call, and none is in flight across a write of A. */
#include "passes.h"

/* The loop body a candidate copy sits in, and where. */
typedef struct Candidate {
  const IrList *body;
  int write, copy;         /* indices of W and C in body */
  Symbol *a, *t;
} Candidate;

/* A shifted read of t, or t passed to a procedure (which might keep or read it anywhere). */
static bool shifted_or_passed(const Expr *e, const void *arg) {
  if (e->kind == EX_SHIFT && e->base && ir_expr_any(e->base, ir_names_sym, arg)) return true;
  if (e->kind == EX_CALL && e->sym && e->sym->kind != SYM_BUILTIN)
    for (int i = 0; i < e->nargs; i++)
      if (ir_expr_any(e->args[i], ir_names_sym, arg)) return true;
  return false;
}

/* Visit every statement of l and below with f(s, arg); false as soon as f says so. */
typedef bool (*StmtPred)(const IrStmt *s, const void *arg);
static bool list_all(const IrList *l, StmtPred f, const void *arg);

static bool stmt_all(const IrStmt *s, StmtPred f, const void *arg) {
  if (!f(s, arg)) return false;
  if (!list_all(&s->body, f, arg) || !list_all(&s->else_body, f, arg)) return false;
  for (int i = 0; i < s->narms; i++)
    if (!list_all(&s->arms[i], f, arg)) return false;
  return true;
}

static bool list_all(const IrList *l, StmtPred f, const void *arg) {
  for (int i = 0; i < l->n; i++)
    if (!stmt_all(l->items[i], f, arg)) return false;
  return true;
}

/* Statements between W and C: they may read t, but not shifted and not through a procedure. */
static bool plain_use(const IrStmt *s, const void *arg) {
  const Stmt *st = s->ast;
  if (s->kind == IR_WRAP && ir_stmt_names(s, arg)) return false;
  if (st->kind == ST_READ && ir_stmt_names(s, arg)) return false;
  if (ir_stmt_exprs_any(st, shifted_or_passed, arg)) return false;
  return !(st->cover && st->cover->masked && ir_expr_any(st->cover->mask, shifted_or_passed, arg));
}

/* W..C use t plainly, and every other statement of the program only assigns it. */
static bool program_ok(const IrProgram *ir, const Candidate *c) {
  for (int i = c->write; i <= c->copy; i++)
    if (!stmt_all(c->body->items[i], plain_use, c->t)) return false;
  return ir_only_assigned_outside(ir, c->body, c->write, c->copy, c->t);
}

/* True if sym is a parallel array variable over a named region, without flood dimensions. */
static bool plain_array_var(const Symbol *sym) {
  return sym && sym->kind == SYM_VAR && sym->type && sym->type->kind == TY_PARALLEL && sym->type->region_name &&
         ir_distinct_elements(sym);
}

/* True if statement s is [R] x := e under exactly x's declared region R, unmasked. */
static bool over_declared_region(const IrStmt *s, const Symbol *x) {
  const Region *r = s->ast->cover;
  return r && !r->masked && !r->strided && !r->dynamic && r->named && r->named == x->type->region_name &&
         r->rank == x->type->rank;
}

/* C is [R] A := T with A and T distinct variables of one scope, the same element type and
 * declared region R (T without border), no mask. */
static bool copy_of(const IrStmt *s, Symbol **a, Symbol **t) {
  const Stmt *st = s->ast;
  if (s->kind != IR_ARRAY || st->kind != ST_ASSIGN || st->op != AS_ASSIGN || st->lhs->kind != EX_NAME ||
      st->rhs->kind != EX_NAME || s->needs_temp || s->shifts.len || s->reductions.len)
    return false;
  Symbol *x = st->lhs->sym, *y = st->rhs->sym;
  if (x == y || !plain_array_var(x) || !plain_array_var(y) || x->global != y->global || (!x->global && x->owner != y->owner) ||
      x->type->region_name != y->type->region_name || x->type->rank != y->type->rank ||
      !type_same(x->type->elem, y->type->elem) || !over_declared_region(s, y))
    return false;
  for (int k = 0; k < y->type->rank; k++)
    if (y->border_lo[k] || y->border_hi[k]) /* T's storage is R: W covers all of it */
      return false;
  *a = x;
  *t = y;
  return true;
}

/* The statement s stands for: the one inside a region statement [R] s. */
static IrStmt *core(IrStmt *s) {
  while (s->kind == IR_REGION && s->body.n == 1) s = s->body.items[0];
  return s;
}

/* Already paired (each array shares its shape with one other at most). */
static bool paired(const IrProgram *ir, const Symbol *s) {
  for (int i = 0; i < ir->storage_like.len; i++)
    if (ir->storage_like.items[i] == s) return true;
  return false;
}

/* Look at loop body l for copies to exchange. */
static void body_copies(Arena *a, IrProgram *ir, const IrList *l) {
  for (int ci = 0; ci < l->n; ci++) {
    Candidate c = {l, -1, ci, NULL, NULL};
    if (!copy_of(core(l->items[ci]), &c.a, &c.t) || paired(ir, c.a) || paired(ir, c.t)) continue;
    for (int wi = ci - 1; wi >= 0 && c.write < 0; wi--) /* the last assignment of T before C */
      if (ir_write_only(core(l->items[wi]), c.t)) c.write = wi;
    if (c.write < 0 || !over_declared_region(core(l->items[c.write]), c.t) || core(l->items[c.write])->mask) continue;
    if (!program_ok(ir, &c)) continue; /* covers the statements before W: they would see A's old values */
    core(l->items[ci])->exchange = true;
    vec_push(a, &ir->storage_like, c.t);
    vec_push(a, &ir->storage_like, c.a);
  }
}

static void visit_list(Arena *a, IrProgram *ir, const IrList *l);

/* The statements a loop repeats: its body, or the list of the one block or region scope it is. */
static const IrList *loop_list(const IrStmt *loop) {
  const IrList *l = &loop->body;
  while (l->n == 1 && (l->items[0]->kind == IR_BLOCK || l->items[0]->kind == IR_REGION)) l = &l->items[0]->body;
  return l;
}

static void visit(Arena *a, IrProgram *ir, IrStmt *s) {
  if (s->kind == IR_WHILE || s->kind == IR_REPEAT || s->kind == IR_FOR) body_copies(a, ir, loop_list(s));
  visit_list(a, ir, &s->body);
  visit_list(a, ir, &s->else_body);
  for (int i = 0; i < s->narms; i++) visit_list(a, ir, &s->arms[i]);
}

static void visit_list(Arena *a, IrProgram *ir, const IrList *l) {
  for (int i = 0; i < l->n; i++) visit(a, ir, l->items[i]);
}

void copy_elim(Arena *a, IrProgram *ir) {
  for (int p = 0; p < ir->procs.len; p++) visit_list(a, ir, &((IrProc *)ir->procs.items[p])->body);
}
