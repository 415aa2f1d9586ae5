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
