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
  return (e->kind == EX_CALL && e->sym && e->sym->kind == SYM_PROC) || e->kind == EX_UREDUCE;
}

bool ir_own_loop(const Expr *e, const void *arg) {
  return e->kind == EX_REDUCE || e->kind == EX_SCAN || e->kind == EX_FLOOD || ir_is_call(e, arg);
}

bool ir_line_comm(const Expr *e, const void *arg) {
  (void)arg;
  return e->kind == EX_FLOOD || e->kind == EX_SCAN || (e->kind == EX_REDUCE && e->region);
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

/* True if name e denotes a scalar whose value a later statement can read as it is here, or that
 * it can change only by naming it (not a by-reference parameter). */
static bool plain_name(const Expr *e) {
  const Symbol *s = e->sym;
  if (!s) return false;
  switch (s->kind) {
  case SYM_VAR: case SYM_CONST: case SYM_CONFIG_VAR: case SYM_CONFIG_CONST: case SYM_ENUMERATOR: return true;
  case SYM_PARAM: return s->mode == PM_DEFAULT || s->mode == PM_CONST || s->mode == PM_IN;
  default: return false;
  }
}

/* True if builtin call e has no effect but its value and cannot fail (the functions of section
 * 8.1 and the conversions; not files or timers). */
static bool pure_builtin(const Expr *e) {
  return e->sym && e->sym->kind == SYM_BUILTIN && e->sym->builtin < BF_open;
}

/* Collect into out (at most IR_MAX_SPLIT) the full reductions of e that are not inside another
 * one, if everything of e outside them is scalar and can be evaluated later with the same result
 * and no other effect: constants, plain names, operators that cannot fail, pure builtins. Returns
 * their number, or -1 if e is not of that form. */
static int split_values(const Expr *e, const Expr **out, int n) {
  if (n < 0) return n;
  if (e->kind == EX_REDUCE) { /* not of free values: in a procedure applied elementwise they stay local */
    if (e->region || e->over_processes || n == IR_MAX_SPLIT) return -1;
    out[n] = e;
    return n + 1;
  }
  const Type *t = e->type;
  if (e->rank != 0 || !t || t->kind != TY_SCALAR || t->scalar == SK_STRING) return -1;
  switch (e->kind) {
  case EX_INT: case EX_FLOAT: case EX_CHAR: return n;
  case EX_NAME: return plain_name(e) ? n : -1;
  case EX_UNARY: return split_values(e->rhs, out, n);
  case EX_BINARY:
    if ((e->op == OP_DIV || e->op == OP_MOD || e->op == OP_POW) && !type_is_floating(t)) return -1; /* may fail */
    return split_values(e->rhs, out, split_values(e->lhs, out, n));
  case EX_CALL:
    if (!pure_builtin(e)) return -1;
    for (int i = 0; i < e->nargs; i++) n = split_values(e->args[i], out, n);
    return n;
  default: return -1;
  }
}

int ir_split_values(const Stmt *st, const Expr **out) {
  if (!st->cover || st->kind != ST_ASSIGN || st->op != AS_ASSIGN || st->lhs->kind != EX_NAME || st->lhs->rank != 0 ||
      !st->lhs->sym || st->lhs->sym->kind != SYM_VAR)
    return 0;
  const Type *t = st->lhs->type;
  if (!t || t->kind != TY_SCALAR || t->scalar == SK_STRING) return 0;
  const Expr *scratch[IR_MAX_SPLIT];
  int n = split_values(st->rhs, out ? out : scratch, 0);
  return n > 0 ? n : 0;
}

const Stmt *ir_split_stmt(const Stmt *st) {
  while (st->kind == ST_REGION && st->inner) st = st->inner;
  return ir_split_values(st, NULL) > 0 ? st : NULL;
}

/* True if st may need (see ir_stmt_needs) a name e reads outside its full reductions. */
static bool rest_needed(const Stmt *st, const Expr *e) {
  if (!e || e->kind == EX_REDUCE) return false;
  if (e->kind == EX_NAME) return e->sym && ir_stmt_needs(st, e->sym);
  if (rest_needed(st, e->lhs) || rest_needed(st, e->rhs)) return true;
  for (int i = 0; e->kind == EX_CALL && i < e->nargs; i++)
    if (rest_needed(st, e->args[i])) return true;
  return false;
}

bool ir_split_needed(const Stmt *st, const Stmt *split) {
  return ir_stmt_needs(st, split->lhs->sym) || rest_needed(st, split->rhs);
}

bool ir_effectful_call(const Expr *e, const void *arg) {
  (void)arg;
  return ir_is_call(e, NULL) || (e->kind == EX_CALL && (!e->sym || e->sym->kind != SYM_BUILTIN || e->sym->builtin >= BF_open));
}

bool ir_elements_independent_if(const IrStmt *s, bool unshared) {
  return ir_elements_independent_but_target(s, unshared) && ir_distinct_elements(s->writes);
}

bool ir_elements_independent_but_target(const IrStmt *s, bool unshared) {
  if (!s || s->kind != IR_ARRAY || (s->needs_temp && !unshared) || ir_expr_any(s->ast->rhs, ir_own_loop, NULL) ||
      ir_expr_any(s->ast->rhs, ir_effectful_call, NULL))
    return false;
  if (unshared) return true;
  for (int k = 0; k < MAX_RANK; k++)
    if (s->loop_dir[k] != 0) return false;
  for (int i = 0; i < s->shifts.len; i++)
    if (ir_may_share(s->writes, ((IrShift *)s->shifts.items[i])->array)) return false;
  return true;
}

bool ir_elements_independent(const IrStmt *s) { return ir_elements_independent_if(s, false); }

/* True if e may not be evaluated twice: it communicates or has an effect. */
static bool twice_unsafe(const Expr *e, const void *arg) {
  (void)arg;
  return e->kind == EX_REDUCE || e->kind == EX_FLOOD || e->kind == EX_SCAN || e->kind == EX_UREDUCE || ir_effectful_call(e, NULL);
}

bool ir_temp_only_if_shared(const IrStmt *s) {
  const Stmt *st = s->ast;
  return s->needs_temp && !s->temp_always && s->temp_for.len > 0 && st->lhs->kind == EX_NAME &&
         sema_base_symbol(st->lhs) && !ir_expr_any(st->rhs, twice_unsafe, NULL);
}

Expr *ir_path_root(Expr *e) {
  for (;;) {
    if (e->kind == EX_FIELD) {
      e = e->base;
    } else if (e->kind == EX_INDEX && e->base->rank > 0) {
      for (int i = 0; i < e->nargs; i++)
        if (e->args[i]->rank != 0) return NULL;
      e = e->base;
    } else {
      break;
    }
  }
  return e->kind == EX_NAME && e->sym ? e : NULL;
}

bool ir_shift_by_ghost(Sema *S, Expr *sh, int *rank, int64_t *d) {
  bool known;
  sema_dir(S, sh->dir, rank, d, &known);
  Symbol *array = sema_base_symbol(sh->base);
  /* an element U[k] is another array at every execution of its statement: a remap; a wrap-around
   * shift also needs its transfer's periodic exchange (comm_insert.c's wrap_by_ghosts) */
  if (!known || !array || array->element_of) return false;
  return ir_shift_fits(array, *rank, d); /* no wider than the ghost cells (compact storage: in cells) */
}

bool ir_returns(const IrList *l) {
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    if (s->ast->kind == ST_RETURN || ir_returns(&s->body) || ir_returns(&s->else_body)) return true;
    for (int k = 0; k < s->narms; k++)
      if (ir_returns(&s->arms[k])) return true;
  }
  return false;
}

/* fn for list l, after the lists inside its statements. */
static void each_list(IrList *l, void (*fn)(IrList *l, void *arg), void *arg) {
  for (int i = 0; i < l->n; i++) {
    IrStmt *s = l->items[i];
    each_list(&s->body, fn, arg);
    each_list(&s->else_body, fn, arg);
    for (int k = 0; k < s->narms; k++) each_list(&s->arms[k], fn, arg);
  }
  fn(l, arg);
}

void ir_each_list(IrProgram *ir, void (*fn)(IrList *l, void *arg), void *arg) {
  for (int p = 0; p < ir->procs.len; p++) each_list(&((IrProc *)ir->procs.items[p])->body, fn, arg);
}
