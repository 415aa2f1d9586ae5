/* runahead.c - reductions that may run ahead (issue 7; Pakin, seed 002): in a loop body, a
 * split-phase reduction x := op<< e whose result the loop never needs (no other statement of the
 * body, nor its own right-hand side, nor the loop's condition reads or writes x, calls a procedure
 * or leaves the body early) need not complete in its own iteration. Its gather is handed to the
 * runtime, which completes it at the latest when AZ_RUNAHEAD later ones have begun, and in any case
 * after the loop, where x may be read; the value x has then is the last iteration's, as before.
 * Only statements directly in the loop body qualify. Such a loop's iterations do not each hold a
 * whole conversation, so it is not a pattern (passes/patterns.c). */
#include "ir.h"

/* True if no statement of body but s, and not s's own value or the loop's condition, needs x. */
static bool loop_never_needs(const IrStmt *loop, const IrStmt *s, const Symbol *x) {
  const Stmt *l = loop->ast;
  if ((l->kind == ST_WHILE || l->kind == ST_REPEAT) && ir_expr_needs(l->conds[0], x)) return false;
  if (l->var_sym == x || ir_expr_needs(s->ast->rhs, x)) return false;
  for (int i = 0; i < loop->body.n; i++)
    if (loop->body.items[i] != s && ir_stmt_needs(loop->body.items[i]->ast, x)) return false;
  return true;
}

static void find_list(IrList *l);

static void find_stmt(IrStmt *s) {
  find_list(&s->body);
  for (int i = 0; i < s->narms; i++) find_list(&s->arms[i]);
  find_list(&s->else_body);
  if (s->kind != IR_WHILE && s->kind != IR_REPEAT && s->kind != IR_FOR) return;
  for (int i = 0; i < s->body.n; i++) {
    IrStmt *r = s->body.items[i];
    if (r->ast && ir_split_reduction(r->ast)) r->runahead = loop_never_needs(s, r, r->ast->lhs->sym);
  }
}

static void find_list(IrList *l) {
  for (int i = 0; i < l->n; i++) find_stmt(l->items[i]);
}

void find_runahead(IrProgram *ir) {
  for (int i = 0; i < ir->procs.len; i++) find_list(&((IrProc *)ir->procs.items[i])->body);
}
