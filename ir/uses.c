/* uses.c - where the program uses an array, for the passes that change how arrays are stored
 * (copy elimination, contraction): does a statement name it, only assign it, read it only at the
 * current index, and is it only ever assigned outside a given window of statements; and for its
 * allocation, the ghost cells its wrap-around transfers need. */
#include "ir.h"

bool ir_names_sym(const Expr *e, const void *sym) { return e->kind == EX_NAME && e->sym == sym; }

bool ir_stmt_names(const IrStmt *s, const Symbol *t) {
  const Stmt *st = s->ast;
  if (ir_stmt_exprs_any(st, ir_names_sym, t)) return true;
  return st->cover && st->cover->masked && ir_expr_any(st->cover->mask, ir_names_sym, t);
}

bool ir_write_only(const IrStmt *s, const Symbol *t) {
  const Stmt *st = s->ast;
  return s->kind == IR_ARRAY && st->op == AS_ASSIGN && st->lhs->kind == EX_NAME && st->lhs->sym == t &&
         !ir_expr_any(st->rhs, ir_names_sym, t) && !(st->cover && st->cover->masked && ir_expr_any(st->cover->mask, ir_names_sym, t));
}

bool ir_reads_only_here(const Expr *e, const Symbol *sym) {
  if (!e) return true;
  switch (e->kind) {
  case EX_SHIFT: return !ir_may_share(sym, sema_base_symbol(e->base)) && ir_reads_only_here(e->base, sym);
  case EX_SCAN: case EX_FLOOD: case EX_REDUCE: case EX_UREDUCE: return false; /* these read other indices */
  case EX_BINARY: return ir_reads_only_here(e->lhs, sym) && ir_reads_only_here(e->rhs, sym);
  case EX_UNARY: return ir_reads_only_here(e->rhs, sym);
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!ir_reads_only_here(e->args[i], sym)) return false;
    return true;
  case EX_FIELD: case EX_INDEX: return ir_reads_only_here(e->base, sym);
  default: return true;
  }
}

/* The statements a caller checks itself: items[first..last] of one list. */
typedef struct Window {
  const IrList *body;
  int first, last;
} Window;

static bool in_window(const Window *w, const IrStmt *s) {
  for (int i = w->first; i <= w->last; i++)
    if (s == w->body->items[i]) return true;
  return false;
}

static bool list_only_assigns(const IrList *l, const Window *w, const Symbol *t) {
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    if (in_window(w, s)) continue;
    if (!ir_write_only(s, t) && ir_stmt_names(s, t)) return false;
    if (!list_only_assigns(&s->body, w, t) || !list_only_assigns(&s->else_body, w, t)) return false;
    for (int k = 0; k < s->narms; k++)
      if (!list_only_assigns(&s->arms[k], w, t)) return false;
  }
  return true;
}

bool ir_only_assigned_outside(const IrProgram *ir, const IrList *body, int first, int last, const Symbol *t) {
  Window w = {body, first, last};
  for (int p = 0; p < ir->procs.len; p++)
    if (!list_only_assigns(&((const IrProc *)ir->procs.items[p])->body, &w, t)) return false;
  return true;
}

Symbol *ir_storage_shape(const IrProgram *ir, const Symbol *t) {
  for (int i = 0; ir && i + 1 < ir->storage_like.len; i += 2)
    if (ir->storage_like.items[i] == t) return ir->storage_like.items[i + 1];
  return NULL;
}

bool ir_distinct_elements(const Symbol *sym) {
  const Type *t = sym ? sym->type : NULL;
  if (!t || t->kind != TY_PARALLEL || !t->region) return false;
  for (int k = 0; k < t->rank; k++)
    if (t->region->dims[k].kind == DK_STAR) return false;
  return true;
}

/* True if arrays s and t are the same or may exchange storage (IrProgram.storage_like). */
static bool same_storage(const IrProgram *ir, const Symbol *s, const Symbol *t) {
  if (s == t) return true;
  for (int i = 0; i + 1 < ir->storage_like.len; i += 2) {
    const void *x = ir->storage_like.items[i], *y = ir->storage_like.items[i + 1];
    if ((x == s && y == t) || (x == t && y == s)) return true;
  }
  return false;
}

void ir_wrap_ghosts(const IrProgram *ir, const Symbol *t, int64_t *lo, int64_t *hi) {
  for (int k = 0; k < MAX_RANK; k++) lo[k] = hi[k] = 0;
  for (int i = 0; ir && i < ir->wrap_items.len; i++) {
    const IrShift *sh = ir->wrap_items.items[i];
    if (!same_storage(ir, sh->array, t)) continue;
    for (int k = 0; k < sh->rank; k++) {
      if (-sh->d[k] > lo[k]) lo[k] = -sh->d[k];
      if (sh->d[k] > hi[k]) hi[k] = sh->d[k];
    }
  }
}

bool ir_transfer_reads(const IrTransfer *t, const Expr *e) {
  for (int i = 0; i < t->own_items; i++)
    if (((const IrShift *)t->items.items[i])->expr == e) return true;
  return false;
}
