/* walk.c - questions about every expression of a statement or inside an expression, for the
 * passes and the back end (does a statement call a procedure, name a variable, ...). */
#include "ir.h"

bool ir_expr_any(const Expr *e, IrExprPred pred, const void *arg) {
  if (!e) return false;
  if (pred(e, arg)) return true;
  if (ir_expr_any(e->base, pred, arg) || ir_expr_any(e->lhs, pred, arg) || ir_expr_any(e->rhs, pred, arg) ||
      ir_expr_any(e->inner, pred, arg))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (ir_expr_any(e->args[i], pred, arg)) return true;
  return false;
}

bool ir_stmt_exprs_any(const Stmt *st, IrExprPred pred, const void *arg) {
  const Expr *own[] = {st->lhs, st->rhs, st->value, st->from, st->to, st->step};
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    if (ir_expr_any(own[i], pred, arg)) return true;
  int nconds = st->kind == ST_IF ? st->narms : (st->kind == ST_WHILE || st->kind == ST_REPEAT) ? 1 : 0;
  for (int i = 0; i < nconds; i++)
    if (ir_expr_any(st->conds[i], pred, arg)) return true;
  for (int i = 0; i < st->nitems; i++)
    if (ir_expr_any(st->items[i].value, pred, arg)) return true;
  for (int i = 0; i < st->noperands; i++)
    if (ir_expr_any(st->operands[i], pred, arg)) return true;
  return false;
}

bool ir_is_call(const Expr *e, const void *arg) {
  (void)arg;
  return e->kind == EX_CALL && e->sym && e->sym->kind == SYM_PROC;
}

/* True if e itself may read or write x (the Symbol* arg): names it (or, for a global x, any
 * parameter, which may be bound to it), or calls a procedure. */
static bool expr_needs(const Expr *e, const void *arg) {
  const Symbol *x = arg;
  if (e->kind == EX_NAME && e->sym && (e->sym == x || (x->global && e->sym->kind == SYM_PARAM))) return true;
  return ir_is_call(e, NULL);
}

bool ir_expr_needs(const Expr *e, const Symbol *x) { return ir_expr_any(e, expr_needs, x); }

static bool list_needs(const StmtList *l, const Symbol *x) {
  for (int i = 0; i < l->n; i++)
    if (ir_stmt_needs(l->items[i], x)) return true;
  return false;
}

bool ir_stmt_needs(const Stmt *st, const Symbol *x) {
  if (st->kind == ST_EXIT || st->kind == ST_CONTINUE || st->kind == ST_RETURN || st->kind == ST_HALT ||
      st->kind == ST_UNSUPPORTED || st->var_sym == x)
    return true;
  if (st->kind == ST_REGION && !(st->cover && st->cover->named)) return true; /* its bounds may read x */
  if (ir_stmt_exprs_any(st, expr_needs, x)) return true;
  if (st->inner && ir_stmt_needs(st->inner, x)) return true;
  if (list_needs(&st->body, x) || list_needs(&st->else_body, x)) return true;
  for (int i = 0; st->kind == ST_IF && i < st->narms; i++)
    if (list_needs(&st->arms[i], x)) return true;
  return false;
}

bool ir_split_reduction(const Stmt *st) {
  if (!st->cover || st->kind != ST_ASSIGN || st->op != AS_ASSIGN || st->lhs->kind != EX_NAME || st->lhs->rank != 0 ||
      !st->lhs->sym || st->lhs->sym->kind != SYM_VAR || st->rhs->kind != EX_REDUCE || st->rhs->region)
    return false;
  const Type *t = st->lhs->type;
  return t && t->kind == TY_SCALAR && t->scalar != SK_STRING && type_same((Type *)t, st->rhs->type);
}
