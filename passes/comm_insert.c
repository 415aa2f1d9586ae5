/* comm_insert.c - which shifted reads need ghost cells from other processes: for every expression
 * a statement evaluates under its covering region (a right-hand side, a condition, an output
 * item, ...), the shifts A@d with a constant d no wider than the fluff and without wrap-around,
 * outside the operands of floods and partial reductions, become
 * one transfer whose DR, SR and DN come before the expression is evaluated and whose SV comes
 * after the statement; the operand of a flood or partial reduction, read over its own source
 * region, gets a transfer of its own. Other shifted reads are served by remaps (comm_place.c).
 * The initializers of the local variables of procedures other than the entry one (which inherit a
 * covering region) come last: their transfers are numbered after all the statements'. */
#include "passes.h"

typedef struct Comm {
  Arena *a;
  IrProgram *ir;
  PtrVec *owner;            /* where the transfers of the statement or initializer visited go */
  const Region *region;     /* its covering region (NULL: inherited) */
} Comm;

static void root(Comm *C, Expr *e, bool under_statement_region);

/* True if an item for the same array and direction is in t already. */
static bool has_item(const IrTransfer *t, const IrShift *sh) {
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *o = t->items.items[i];
    bool same = o->array == sh->array && o->rank == sh->rank;
    for (int k = 0; same && k < sh->rank; k++) same = o->d[k] == sh->d[k];
    if (same) return true;
  }
  return false;
}

/* Add the ghost-cell shifts of e to t. */
static void collect_ghost(Comm *C, IrTransfer *t, Expr *e) {
  if (!e) return;
  switch (e->kind) {
  case EX_SHIFT: {
    IrShift *sh = ARENA_NEW(C->a, IrShift);
    sh->array = sema_base_symbol(e->base);
    sh->wrap = e->wrap;
    sh->expr = e;
    sh->known = ir_shift_by_ghost(C->ir->sema, e, &sh->rank, sh->d);
    if (sh->known && !has_item(t, sh)) vec_push(C->a, &t->items, sh);
    collect_ghost(C, t, e->base);
    break;
  }
  case EX_BINARY: collect_ghost(C, t, e->lhs); collect_ghost(C, t, e->rhs); break;
  case EX_UNARY: case EX_SCAN: collect_ghost(C, t, e->rhs); break;
  case EX_REDUCE:
    if (!e->region) collect_ghost(C, t, e->rhs);
    else root(C, e->rhs, false); /* read over the reduction's source region */
    break;
  case EX_FLOOD: root(C, e->rhs, false); break; /* over the flood's source region */
  case EX_CALL: case EX_INDEX: case EX_UREDUCE:
    for (int i = 0; i < e->nargs; i++) collect_ghost(C, t, e->args[i]);
    if (e->kind == EX_INDEX) collect_ghost(C, t, e->base);
    break;
  case EX_FIELD: collect_ghost(C, t, e->base); break;
  default: break;
  }
}

/* The transfer for root expression e of the statement or initializer visited, if it needs one
 * (under its covering region, or under the source region of a flood or partial reduction). */
static void root(Comm *C, Expr *e, bool under_statement_region) {
  if (!e) return;
  IrTransfer t = {0};
  collect_ghost(C, &t, e);
  if (t.items.len == 0) return;
  IrTransfer *x = ARENA_NEW(C->a, IrTransfer);
  *x = t;
  x->id = ++C->ir->ntransfers;
  x->line = e->loc.line;
  x->root = e;
  x->own_items = x->items.len;
  x->place = XF_AT_ROOT;
  const Region *r = C->region;
  if (under_statement_region && r && r->named && (r->named->kind == SYM_REGION || r->named->kind == SYM_CONST) && !r->dynamic && !r->error) x->cover = r->named;
  vec_push(C->a, C->owner, x);
  vec_push(C->a, &C->ir->transfers, x);
}

static void comm_list(Comm *C, IrList *l);

static void comm_stmt(Comm *C, IrStmt *s) {
  Stmt *st = s->ast;
  C->owner = &s->transfers;
  C->region = s->region;
  switch (st->kind) {
  case ST_ASSIGN: case ST_CALL: root(C, st->rhs, true); break;
  case ST_RETURN: root(C, st->value, true); break;
  case ST_WRITE: case ST_HALT:
    for (int i = 0; i < st->nitems; i++) root(C, st->items[i].value, true);
    break;
  case ST_IF:
    for (int i = 0; i < st->narms; i++) root(C, st->conds[i], true);
    break;
  case ST_WHILE: case ST_REPEAT: root(C, st->conds[0], true); break;
  case ST_FOR: root(C, st->from, true); root(C, st->to, true); root(C, st->step, true); break;
  default: break;
  }
  comm_list(C, &s->body);
  for (int i = 0; i < s->narms; i++) comm_list(C, &s->arms[i]);
  comm_list(C, &s->else_body);
}

static void comm_list(Comm *C, IrList *l) {
  for (int i = 0; i < l->n; i++) comm_stmt(C, l->items[i]);
}

/* The initializers of p's local variables. */
static void comm_inits(Comm *C, IrProc *p) {
  Proc *proc = p->sym->proc;
  C->owner = &p->init_transfers;
  C->region = NULL;
  for (int i = 0; i < proc->nlocals; i++) {
    Decl *d = proc->locals[i];
    if (d->init && d->syms) root(C, d->init->expr, true);
  }
}

void comm_insert(Arena *a, IrProgram *ir) {
  Comm C = {a, ir, NULL, NULL};
  for (int i = 0; i < ir->procs.len; i++) comm_list(&C, &((IrProc *)ir->procs.items[i])->body);
  for (int i = 0; i < ir->procs.len; i++)
    if (!((IrProc *)ir->procs.items[i])->entry) comm_inits(&C, ir->procs.items[i]);
}
