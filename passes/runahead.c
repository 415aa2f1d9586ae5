/* runahead.c - reductions that may run ahead (issue 7; Pakin, seed 002): in a loop body, a
 * split-phase reduction x := E (E made of full reductions, see ir_split_values) whose result the
 * loop never needs (no other statement of the body, nor its own right-hand side, nor the loop's
 * condition reads or writes x, calls a procedure or leaves the body early, and nothing in the loop
 * changes what the rest of E reads) need not complete in its own iteration. Its gather is handed to the
 * runtime, which completes it at the latest when AZ_RUNAHEAD later ones have begun, and in any case
 * after the loop, where x may be read; the value x has then is the last iteration's, as before.
 * Only statements directly in the loop body qualify. Such a loop's iterations do not each hold a
 * whole conversation, so it is not a pattern (passes/patterns.c). */
#include "passes.h"

/* True if no statement of body but s, and not s's own value or the loop's condition, needs x,
 * and nothing in the loop changes what the rest of s's value reads. */
static bool loop_never_needs(const IrStmt *loop, const IrStmt *s, const Stmt *split) {
  const Stmt *l = loop->ast;
  const Symbol *x = split->lhs->sym;
  if ((l->kind == ST_WHILE || l->kind == ST_REPEAT) && ir_expr_needs(l->conds[0], x)) return false;
  if (l->var_sym == x || ir_expr_needs(split->rhs, x)) return false;
  if (l->var_sym && ir_expr_needs(split->rhs, l->var_sym)) return false;
  for (int i = 0; i < loop->body.n; i++)
    if (loop->body.items[i] != s && ir_split_needed(loop->body.items[i]->ast, split)) return false;
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
    const Stmt *split = r->ast ? ir_split_stmt(r->ast) : NULL;
    if (split) r->runahead = loop_never_needs(s, r, split);
  }
}

static void find_list(IrList *l) {
  for (int i = 0; i < l->n; i++) find_stmt(l->items[i]);
}

void find_runahead(Arena *a, IrProgram *ir) {
  (void)a;
  for (int i = 0; i < ir->procs.len; i++) find_list(&((IrProc *)ir->procs.items[i])->body);
}
