/* lower.c - lowering the checked syntax tree to the IR: classify statements, and collect for each
 * array statement its region, mask, writes, reads, shifted references and reductions. */
#include <string.h>
#include "ir.h"

typedef struct Lower {
  Arena *a;
  Sema *S;
} Lower;

static IrList lower_list(Lower *L, StmtList *l);

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
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++) collect(L, s, e->args[i]);
    break;
  case EX_FIELD: case EX_INDEX:
    collect(L, s, e->base);
    for (int i = 0; i < e->nargs; i++) collect(L, s, e->args[i]);
    break;
  default: break;
  }
}

/* True if e reads sym other than at the current index (section 7.2: then a temporary is needed). */
static bool reads_elsewhere(const Expr *e, const Symbol *sym, bool direct) {
  if (!e) return false;
  switch (e->kind) {
  case EX_NAME: return !direct && e->sym == sym;
  case EX_SHIFT: return sema_base_symbol(e->base) == sym || reads_elsewhere(e->base, sym, false);
  case EX_BINARY: return reads_elsewhere(e->lhs, sym, direct) || reads_elsewhere(e->rhs, sym, direct);
  case EX_UNARY: return reads_elsewhere(e->rhs, sym, direct);
  case EX_SCAN: case EX_FLOOD: return reads_elsewhere(e->rhs, sym, false);
  case EX_REDUCE: return e->region ? reads_elsewhere(e->rhs, sym, false) : false;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (reads_elsewhere(e->args[i], sym, direct)) return true;
    return false;
  case EX_FIELD: case EX_INDEX: return reads_elsewhere(e->base, sym, direct);
  default: return false;
  }
}

/* A new IR statement for st. */
static IrStmt *ir_new(Lower *L, IrKind kind, Stmt *st) {
  IrStmt *s = ARENA_NEW(L->a, IrStmt);
  s->kind = kind;
  s->ast = st;
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

static IrStmt *lower_stmt(Lower *L, Stmt *st) {
  IrStmt *s;
  switch (st->kind) {
  case ST_ASSIGN:
    s = ir_new(L, st->lhs->rank > 0 ? IR_ARRAY : IR_SCALAR, st);
    collect(L, s, st->rhs);
    if (s->kind == IR_ARRAY) {
      s->writes = sema_base_symbol(st->lhs);
      s->needs_temp = reads_elsewhere(st->rhs, s->writes, true);
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
  case ST_REGION:
    s = ir_new(L, IR_REGION, st);
    s->body.n = 1;
    s->body.items = ARENA_ARRAY(L->a, IrStmt *, 1);
    s->body.items[0] = lower_stmt(L, st->inner);
    return s;
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
  IrList r = {ARENA_ARRAY(L->a, IrStmt *, l->n > 0 ? l->n : 1), l->n};
  for (int i = 0; i < l->n; i++) r.items[i] = lower_stmt(L, l->items[i]);
  return r;
}

IrProgram *ir_lower(Arena *a, Sema *S) {
  Lower L = {a, S};
  IrProgram *ir = ARENA_NEW(a, IrProgram);
  ir->sema = S;
  for (int i = 0; i < S->procs.len; i++) {
    Symbol *sym = S->procs.items[i];
    IrProc *p = ARENA_NEW(a, IrProc);
    p->sym = sym;
    p->body.n = 1;
    p->body.items = ARENA_ARRAY(a, IrStmt *, 1);
    p->body.items[0] = lower_stmt(&L, sym->proc->body);
    vec_push(a, &ir->procs, p);
  }
  return ir;
}
