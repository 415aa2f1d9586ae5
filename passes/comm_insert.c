/* comm_insert.c - which shifted reads need ghost cells from other processes: for every expression
 * a statement evaluates under its covering region (a right-hand side, a condition, an output
 * item, ...), the shifts A@d with a constant d no wider than the fluff, and the wrap-around shifts
 * A@^d of the same kind that ghost cells can serve (wrap_by_ghosts), outside the operands of floods
 * and partial reductions, become
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
  bool under_region;        /* the expression visited is evaluated under that region */
  bool views;               /* ... and is the right-hand side of an assignment: ghost views may serve
                               its shifts by run-time directions */
} Comm;

static void root(Comm *C, Expr *e, bool under_statement_region);

/* True if an item for the same array and direction is in t already. */
static bool has_item(const IrTransfer *t, const IrShift *sh) {
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *o = t->items.items[i];
    bool same = o->array == sh->array && o->rank == sh->rank && o->wrap == sh->wrap;
    for (int k = 0; same && k < sh->rank; k++) same = o->d[k] == sh->d[k];
    if (same) return true;
  }
  return false;
}

/* True if covering region c certainly lies inside the declared region of parallel type t: both
 * are the same named region, or both are boxes known at compile time. */
static bool region_inside(const Region *c, const Type *t) {
  const Region *D = t->region;
  if (!c || !D || c->error || D->error || c->dynamic || c->strided || D->strided || D->per_element || D->desig ||
      c->desig || c->rank != D->rank)
    return false;
  for (int k = 0; k < c->rank; k++)
    if ((c->dims[k].kind != DK_RANGE && c->dims[k].kind != DK_SINGLE) ||
        (D->dims[k].kind != DK_RANGE && D->dims[k].kind != DK_SINGLE))
      return false;
  if (t->region_name && c->named == t->region_name) return true;
  for (int k = 0; k < c->rank; k++) {
    const RDim *x = &c->dims[k], *y = &D->dims[k];
    if (!x->known || !y->known || y->lo > y->hi) return false;
    if (x->lo <= x->hi && (x->lo < y->lo || x->hi > y->hi)) return false;
  }
  return true;
}

/* True if ghost cells serve wrap-around shift sh (of expression e, with a constant direction no
 * wider than the fluff): a parallel array variable read under the statement's covering region,
 * which lies inside the array's declared region, and no border storage where d leaves that
 * region (the wrapped values go in cells beyond it, apart from border cells). Other '@^' reads are
 * remaps. */
static bool wrap_by_ghosts(const Comm *C, const Expr *e, const IrShift *sh) {
  const Expr *b = e->base;
  if (!C->under_region || b->kind != EX_NAME || !b->sym || b->sym->kind != SYM_VAR || b->sym->may_stride) return false;
  const Symbol *a = b->sym;
  const Type *t = a->type;
  if (!t || t->kind != TY_PARALLEL || t->rank != sh->rank) return false;
  for (int k = 0; k < sh->rank; k++)
    if ((sh->d[k] > 0 && a->border_hi[k] != 0) || (sh->d[k] < 0 && a->border_lo[k] != 0)) return false;
  return region_inside(C->region, t);
}

/* True if a ghost view serves shift e (IrShift sh) by an element of a direction-constant array
 * (section 15.1: U@^dir100[k]), whose magnitude is known only at elaboration: a parallel array
 * variable or parameter (or an element U[k] bound for the statement) shifted under the covering
 * region of an assignment (backend/emit_views.c). Other shifts by run-time directions (cannon's
 * skew, A@^[0, i - 1]) are usually wide: remaps. */
static bool by_view(const Comm *C, const Expr *e, const IrShift *sh) {
  const Expr *b = e->base;
  if (!C->under_region || !C->views || sh->known || e->dir->kind != DIR_DESIG || b->kind != EX_NAME || !b->sym) return false;
  const Symbol *a = b->sym;
  return (a->kind == SYM_VAR || a->kind == SYM_PARAM) && a->type && a->type->kind == TY_PARALLEL &&
         a->type->rank == sh->rank && sh->rank > 0;
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
    bool fits = sh->known && (!sh->wrap || wrap_by_ghosts(C, e, sh));
    if (fits && !has_item(t, sh)) {
      vec_push(C->a, &t->items, sh);
      if (sh->wrap) vec_push(C->a, &C->ir->wrap_items, sh);
    } else if (!fits && by_view(C, e, sh)) {
      sh->dynamic = t->dynamic = true;
      vec_push(C->a, &t->items, sh);
    }
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
  bool saved = C->under_region;
  C->under_region = under_statement_region;
  collect_ghost(C, &t, e);
  C->under_region = saved;
  if (t.items.len == 0) return;
  IrTransfer *x = ARENA_NEW(C->a, IrTransfer);
  *x = t;
  x->id = ++C->ir->ntransfers;
  x->line = e->loc.line;
  x->root = e;
  x->own_items = x->items.len;
  x->place = XF_AT_ROOT;
  const Region *r = C->region;
  if (under_statement_region && r && r->named && (r->named->kind == SYM_REGION || r->named->kind == SYM_CONST) && !r->dynamic && !r->error &&
      !x->dynamic)
    x->cover = r->named;
  vec_push(C->a, C->owner, x);
  vec_push(C->a, &C->ir->transfers, x);
}

static void comm_list(Comm *C, IrList *l);

static void comm_stmt(Comm *C, IrStmt *s) {
  Stmt *st = s->ast;
  C->owner = &s->transfers;
  C->region = s->region;
  switch (st->kind) {
  case ST_ASSIGN:
    C->views = true;
    root(C, st->rhs, true);
    C->views = false;
    break;
  case ST_CALL: root(C, st->rhs, true); break;
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

/* Every expression of initializer in (each entry of a brace list) is a root. */
static void init_roots(Comm *C, InitSyn *in) {
  if (!in) return;
  root(C, in->expr, true);
  for (int i = 0; i < in->nitems; i++) init_roots(C, in->items[i]);
}

/* The initializers of p's local variables. */
static void comm_inits(Comm *C, IrProc *p) {
  Proc *proc = p->sym->proc;
  C->owner = &p->init_transfers;
  C->region = NULL;
  for (int i = 0; i < proc->nlocals; i++) {
    Decl *d = proc->locals[i];
    if (d->syms) init_roots(C, d->init);
  }
}

void comm_insert(Arena *a, IrProgram *ir) {
  Comm C = {a, ir, NULL, NULL, false, false};
  for (int i = 0; i < ir->procs.len; i++) comm_list(&C, &((IrProc *)ir->procs.items[i])->body);
  for (int i = 0; i < ir->procs.len; i++)
    if (!((IrProc *)ir->procs.items[i])->entry) comm_inits(&C, ir->procs.items[i]);
}
