/* lower.c - lowering the checked syntax tree to the IR: classify statements, and collect for each
 * array statement its region, mask, writes, reads, shifted references and reductions. */
#include <string.h>
#include "ir.h"

typedef struct Lower {
  Arena *a;
  Sema *S;
  IrProc *proc;             /* the procedure being lowered */
  IrStmt *bind_to;          /* the list item whose start binds the elements named inside it */
  InitSyn *init;            /* the local initializer whose elements are being bound, or NULL */
} Lower;

static IrList lower_list(Lower *L, StmtList *l);
static void bind_stmt_elements(Lower *L, IrStmt *s, Stmt *st);

/* Add sym to v unless it is there. */
static void add_unique(Lower *L, PtrVec *v, Symbol *sym) {
  if (!sym) return;
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == sym) return;
  vec_push(L->a, v, sym);
}

/* True if sym is a parallel array (variable or parameter). */
static bool is_parallel_array(const Symbol *sym) {
  return sym && (sym->kind == SYM_VAR || sym->kind == SYM_PARAM) && sym->type && sym->type->kind == TY_PARALLEL;
}

/* Collect the arrays e reads, its shifts and its full reductions. */
static void collect(Lower *L, IrStmt *s, Expr *e) {
  if (!e) return;
  switch (e->kind) {
  case EX_NAME:
    if (is_parallel_array(e->sym)) add_unique(L, &s->reads, e->sym);
    break;
  case EX_SHIFT: {
    Symbol *base = sema_base_symbol(e->base);
    IrShift *sh = ARENA_NEW(L->a, IrShift);
    sh->array = base;
    sh->wrap = e->wrap;
    sh->expr = e;
    sema_dir(L->S, e->dir, &sh->rank, sh->d, &sh->known);
    vec_push(L->a, &s->shifts, sh);
    add_unique(L, &s->reads, base);
    break;
  }
  case EX_BINARY: collect(L, s, e->lhs); collect(L, s, e->rhs); break;
  case EX_UNARY: case EX_SCAN: case EX_FLOOD: collect(L, s, e->rhs); break;
  case EX_REDUCE:
    if (!e->region) vec_push(L->a, &s->reductions, e);
    collect(L, s, e->rhs);
    break;
  case EX_CALL: case EX_UREDUCE: /* a user-defined reduction's operands are read like a call's arguments */
    for (int i = 0; i < e->nargs; i++) collect(L, s, e->args[i]);
    break;
  case EX_FIELD: case EX_INDEX:
    collect(L, s, e->base);
    for (int i = 0; i < e->nargs; i++) collect(L, s, e->args[i]);
    break;
  default: break;
  }
}

/* Replace every element U[e] of an indexed array of parallel arrays inside e (section 15.2) by a
 * name of its own, bound by statement `owner` when it starts (IrElement). */
static void bind_elements_at(Lower *L, PtrVec *owner, Expr *e, Expr *cond) {
  if (!e) return;
  bind_elements_at(L, owner, e->lhs, cond);
  bind_elements_at(L, owner, e->rhs, cond);
  bind_elements_at(L, owner, e->base, cond);
  for (int i = 0; i < e->nargs; i++) bind_elements_at(L, owner, e->args[i], cond);
  if (e->kind != EX_INDEX || !e->ptype || e->ptype->kind != TY_PARALLEL) return;
  Symbol *array = sema_base_symbol(e->base);
  if (!array) return;
  IrElement *el = ARENA_NEW(L->a, IrElement);
  el->index = ARENA_NEW(L->a, Expr);
  *el->index = *e;
  Symbol *sym = ARENA_NEW(L->a, Symbol);
  sym->kind = SYM_PARAM;
  sym->mode = PM_INOUT;
  sym->type = e->ptype;
  sym->loc = e->loc;
  sym->owner = L->proc->sym->proc;
  sym->element_of = array;
  sym->resolve_state = 2;
  /* a digit first: no program name can be the same */
  sym->name = arena_printf(L->a, "%d%s", L->proc->elements.len + 1, array->name);
  memcpy(sym->border_lo, array->border_lo, sizeof sym->border_lo);
  memcpy(sym->border_hi, array->border_hi, sizeof sym->border_hi);
  el->sym = sym;
  el->cond = cond;
  el->init = L->init;
  if (owner != &L->proc->elements) vec_push(L->a, owner, el);
  vec_push(L->a, &L->proc->elements, el);
  e->kind = EX_NAME;
  e->sym = sym;
  e->name.name = sym->name;
  e->base = NULL;
  e->args = NULL;
  e->nargs = 0;
}

/* True if a write to array t may change what a read of array s sees at another index: the same
 * array, or storage shared through a by-reference parameter (a local variable cannot be reached
 * through a parameter; 'in' parameters are copies). */
bool ir_may_share(const Symbol *t, const Symbol *s) {
  if (!t || !s) return false;
  if (t == s) return true;
  if (!t->type || !s->type || t->type->kind != TY_PARALLEL || s->type->kind != TY_PARALLEL) return false;
  bool t_ref = t->kind == SYM_PARAM && t->mode != PM_IN, s_ref = s->kind == SYM_PARAM && s->mode != PM_IN;
  bool t_local = t->kind == SYM_VAR && !t->global, s_local = s->kind == SYM_VAR && !s->global;
  return (t_ref || s_ref) && !t_local && !s_local;
}

/* Decide how a parallel assignment to target keeps section 7.2 when its right-hand side e reads
 * the target (or storage it may share) other than at the current index. A read shifted by a
 * constant d without wrap-around still sees the old value if the loop nest visits index i+d after
 * i: dimension k, the first with d[k] != 0, must run in the direction of d[k]. Such reads set
 * s->loop_dir; anything else (a conflict of directions, @^, a shift by a run-time direction, a
 * scan, flood or partial reduction of the target) sets s->needs_temp. */
/* Note that array sym, which may share the target's storage, is read other than at the current
 * index (IrStmt.temp_for: the run-time check that may spare the temporary). */
static void note_other_read(Lower *L, IrStmt *s, Symbol *sym, const Symbol *target) {
  if (sym == target) {
    s->temp_always = true;
    return;
  }
  for (int i = 0; i < s->temp_for.len; i++)
    if (s->temp_for.items[i] == sym) return;
  vec_push(L->a, &s->temp_for, sym);
}

static void order_reads(Lower *L, IrStmt *s, const Expr *e, const Symbol *target, bool direct) {
  if (!e) return;
  switch (e->kind) {
  case EX_NAME:
    if (!direct && ir_may_share(target, e->sym)) {
      s->needs_temp = true;
      note_other_read(L, s, e->sym, target);
    }
    break;
  case EX_SHIFT: {
    Symbol *base = sema_base_symbol(e->base);
    if (!ir_may_share(target, base)) {
      order_reads(L, s, e->base, target, false);
      break;
    }
    note_other_read(L, s, base, target);
    int rank;
    int64_t d[MAX_RANK];
    bool known;
    sema_dir(s->sema, e->dir, &rank, d, &known);
    const Expr *b = e->base;
    while (b->kind == EX_FIELD) b = b->base;
    if (!direct || !known || e->wrap || b->kind != EX_NAME) {
      s->needs_temp = true;
      break;
    }
    for (int k = 0; k < rank; k++) {
      if (d[k] == 0) continue;
      int8_t want = d[k] > 0 ? 1 : -1;
      if (s->loop_dir[k] == -want) s->needs_temp = true;
      s->loop_dir[k] = want;
      break;
    }
    break;
  }
  case EX_BINARY: order_reads(L, s, e->lhs, target, direct); order_reads(L, s, e->rhs, target, direct); break;
  case EX_UNARY: order_reads(L, s, e->rhs, target, direct); break;
  case EX_SCAN: case EX_FLOOD: order_reads(L, s, e->rhs, target, false); break;
  case EX_REDUCE: if (e->region) order_reads(L, s, e->rhs, target, false); break;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++) order_reads(L, s, e->args[i], target, direct);
    break;
  case EX_FIELD: case EX_INDEX: order_reads(L, s, e->base, target, direct); break;
  default: break;
  }
}

/* A new IR statement for st. */
static IrStmt *ir_new(Lower *L, IrKind kind, Stmt *st) {
  IrStmt *s = ARENA_NEW(L->a, IrStmt);
  s->kind = kind;
  s->ast = st;
  bind_stmt_elements(L, s, st);
  st->ir = s;
  s->line = st->loc.line;
  s->region = st->cover;
  if (st->cover && st->cover->masked) {
    s->mask = st->cover->mask;
    s->mask_without = st->cover->syn && st->cover->syn->kind == RX_WITHOUT;
  }
  return s;
}

/* True if an I/O statement has a parallel item. */
static bool has_parallel_item(const Stmt *st) {
  for (int i = 0; i < st->nitems; i++)
    if (st->items[i].value->rank > 0) return true;
  return false;
}

static void bind_elements(Lower *L, IrStmt *owner, Expr *e) { bind_elements_at(L, &owner->elements, e, NULL); }

/* Bind the elements the expressions of statement st name: when it starts, or, in a condition of
 * if, while or repeat, where the condition is evaluated. */
static void bind_stmt_elements(Lower *L, IrStmt *s, Stmt *st) {
  IrStmt *owner = L->bind_to ? L->bind_to : s;
  switch (st->kind) {
  case ST_IF: case ST_WHILE: case ST_REPEAT:
    for (int i = 0; i < (st->kind == ST_IF ? st->narms : 1); i++) bind_elements_at(L, &s->elements, st->conds[i], st->conds[i]);
    break;
  case ST_FOR: bind_elements(L, owner, st->from); bind_elements(L, owner, st->to); bind_elements(L, owner, st->step); break;
  case ST_ASSIGN: bind_elements(L, owner, st->lhs); bind_elements(L, owner, st->rhs); break;
  case ST_CALL: bind_elements(L, owner, st->rhs); break;
  case ST_RETURN: bind_elements(L, owner, st->value); break;
  case ST_WRITE: case ST_HALT: case ST_READ:
    for (int i = 0; i < st->nitems; i++) bind_elements(L, owner, st->items[i].value);
    break;
  case ST_WRAP:
    for (int i = 0; i < st->noperands; i++) bind_elements(L, owner, st->operands[i]);
    break;
  default: break;
  }
}

static IrStmt *lower_stmt(Lower *L, Stmt *st) {
  IrStmt *s;
  switch (st->kind) {
  case ST_ASSIGN:
    s = ir_new(L, st->lhs->rank > 0 ? IR_ARRAY : IR_SCALAR, st);
    collect(L, s, st->rhs);
    if (s->kind == IR_ARRAY) {
      s->writes = sema_base_symbol(st->lhs);
      s->sema = L->S;
      order_reads(L, s, st->rhs, s->writes, true);
      if (s->needs_temp) memset(s->loop_dir, 0, sizeof s->loop_dir);
      if (st->op != AS_ASSIGN) add_unique(L, &s->reads, s->writes);
    }
    return s;
  case ST_WRITE: case ST_HALT: case ST_READ:
    s = ir_new(L, has_parallel_item(st) ? IR_IO : IR_SCALAR, st);
    for (int i = 0; i < st->nitems; i++) collect(L, s, st->items[i].value);
    return s;
  case ST_WRAP:
    s = ir_new(L, IR_WRAP, st);
    for (int i = 0; i < st->noperands; i++) collect(L, s, st->operands[i]);
    return s;
  case ST_REGION: {
    s = ir_new(L, IR_REGION, st);
    s->body.n = 1;
    s->body.items = ARENA_ARRAY(L->a, IrStmt *, 1);
    IrStmt *saved = L->bind_to;
    if (!saved) L->bind_to = s; /* [R] stmt binds the elements of R's mask and of stmt */
    if (st->cover && st->cover->masked) bind_elements(L, L->bind_to, st->cover->mask);
    s->body.items[0] = lower_stmt(L, st->inner);
    L->bind_to = saved;
    return s;
  }
  case ST_BLOCK:
    s = ir_new(L, IR_BLOCK, st);
    s->body = lower_list(L, &st->body);
    return s;
  case ST_IF:
    s = ir_new(L, IR_IF, st);
    s->narms = st->narms;
    s->arms = ARENA_ARRAY(L->a, IrList, st->narms);
    for (int i = 0; i < st->narms; i++) {
      collect(L, s, st->conds[i]);
      s->arms[i] = lower_list(L, &st->arms[i]);
    }
    if (st->has_else) s->else_body = lower_list(L, &st->else_body);
    return s;
  case ST_WHILE: case ST_REPEAT:
    s = ir_new(L, st->kind == ST_WHILE ? IR_WHILE : IR_REPEAT, st);
    collect(L, s, st->conds[0]);
    s->body = lower_list(L, &st->body);
    return s;
  case ST_FOR:
    s = ir_new(L, IR_FOR, st);
    s->body = lower_list(L, &st->body);
    return s;
  default:
    s = ir_new(L, IR_SCALAR, st);
    if (st->kind == ST_CALL) collect(L, s, st->rhs);
    if (st->kind == ST_RETURN) collect(L, s, st->value);
    return s;
  }
}

static IrList lower_list(Lower *L, StmtList *l) {
  IrList r = {.items = ARENA_ARRAY(L->a, IrStmt *, l->n > 0 ? l->n : 1), .n = l->n};
  IrStmt *saved = L->bind_to;
  L->bind_to = NULL; /* each statement of a list binds its own elements */
  for (int i = 0; i < l->n; i++) r.items[i] = lower_stmt(L, l->items[i]);
  L->bind_to = saved;
  return r;
}

/* Bind the elements named in initializer in (all its leaves) of a local variable of the procedure
 * being lowered: before the initializer is evaluated, every time the procedure is entered. */
static void bind_init_elements(Lower *L, InitSyn *in) {
  if (!in) return;
  bind_elements_at(L, &L->proc->elements, in->expr, NULL);
  for (int i = 0; i < in->nitems; i++) bind_init_elements(L, in->items[i]);
  for (int i = 0; i < in->nentries; i++) bind_init_elements(L, in->entries[i]);
}

IrProgram *ir_lower(Arena *a, Sema *S) {
  Lower L = {a, S, NULL, NULL, NULL};
  IrProgram *ir = ARENA_NEW(a, IrProgram);
  ir->sema = S;
  for (int i = 0; i < S->procs.len; i++) {
    Symbol *sym = S->procs.items[i];
    IrProc *p = ARENA_NEW(a, IrProc);
    p->sym = sym;
    p->entry = sym == S->entry;
    L.proc = p;
    for (int k = 0; k < sym->proc->nlocals; k++) {
      L.init = sym->proc->locals[k]->init;
      bind_init_elements(&L, L.init);
    }
    L.init = NULL;
    p->body.n = 1;
    p->body.items = ARENA_ARRAY(a, IrStmt *, 1);
    p->body.items[0] = lower_stmt(&L, sym->proc->body);
    vec_push(a, &ir->procs, p);
  }
  return ir;
}
