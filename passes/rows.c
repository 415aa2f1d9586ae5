/* rows.c - statements under different covering regions that share one loop nest, row by row
 * (part of the fusion pass, -fno-fuse turns it off).
 *
 *     [R] begin  u := u + z;  [" at d1] u := u + f1(z@^...);  ...  [" at d7] u := u + f7(z@^...);  end
 *
 * Consecutive array statements of one list, each under its own covering region (the multigrid
 * interpolation's eight statements each update one eighth of the fine level: its points of one
 * parity per dimension), run in one nest that visits the k-th row of every statement in turn: the
 * rows they touch are neighbours in memory and stay in cache together, where eight sweeps each
 * brought the whole array through memory. The order of the elements changes, so the nest keeps what
 * the statements mean only if:
 *   - each statement computes its elements in any order (elements independent, no reduction, scan,
 *     flood or call, no loop order) and reads the targets of the others only at its current index;
 *   - at run time, no two statements that touch a common array (one's target, the other's target or
 *     an array it reads, or storage they may share) have a common index: each reads and writes only
 *     elements the others do not touch (IrStmt.rows_disjoint);
 *   - at run time, no array a statement reads at other indices shares a target's storage (through
 *     parameters: IrStmt.rows_unshared; the statements' own temporaries come from such reads), and
 *     no target has a '*' dimension (one element for many indices);
 *   - their transfers stay at their statements (ghost views of shifts by direction constants, or
 *     none), so that all of them may complete before the nest and end after it.
 * Where the run-time conditions fail the statements run one after the other as usual
 * (backend/emit_rows.c). Statements under one covering region are fusion.c's, not these; and
 * one of the regions must be strided (or may be), where the rows of the statements interleave. */
#include "passes.h"

/* The most statements one nest holds (as for fusion.c's nests). */
#define MAX_ROWS 16

/* The array statement list item s stands for: s itself, or the one statement of region statement
 * s under an unmasked region; NULL if it is neither. */
static IrStmt *row_core(IrStmt *s) {
  if (s->kind == IR_ARRAY) return s;
  if (s->kind != IR_REGION || s->body.n != 1 || s->body.items[0]->kind != IR_ARRAY) return NULL;
  const Region *r = s->ast->cover;
  return r && !r->masked ? s->body.items[0] : NULL;
}

/* Push the pair (x, y) onto v unless it is there already. */
static void push_pair(Arena *a, PtrVec *v, void *x, void *y) {
  for (int i = 0; i + 1 < v->len; i += 2)
    if (v->items[i] == x && v->items[i + 1] == y) return;
  vec_push(a, v, x);
  vec_push(a, v, y);
}

/* True if e reads array t itself only at the current index. The arrays it reads at other indices
 * that may share t's storage are pushed onto *pairs as (t, array): they must not at run time. */
static bool reads_here(Arena *a, const Expr *e, Symbol *t, PtrVec *pairs) {
  if (!e) return true;
  switch (e->kind) {
  case EX_SHIFT: {
    Symbol *base = sema_base_symbol(e->base);
    if (base == t) return false;
    if (ir_may_share(t, base)) push_pair(a, pairs, t, base);
    return reads_here(a, e->base, t, pairs);
  }
  case EX_SCAN: case EX_FLOOD: case EX_REDUCE: case EX_UREDUCE: return false;
  case EX_BINARY: return reads_here(a, e->lhs, t, pairs) && reads_here(a, e->rhs, t, pairs);
  case EX_UNARY: return reads_here(a, e->rhs, t, pairs);
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!reads_here(a, e->args[i], t, pairs)) return false;
    return true;
  case EX_FIELD: case EX_INDEX: return reads_here(a, e->base, t, pairs);
  default: return true;
  }
}

/* True if the transfers of s stay at it: ghost views (dynamic), begun and ended by the statement. */
static bool transfers_stay(const IrStmt *s) {
  for (int i = 0; i < s->transfers.len; i++) {
    const IrTransfer *t = s->transfers.items[i];
    if (!t->dynamic || t->place != XF_AT_ROOT) return false;
  }
  return s->pre.len == 0;
}

/* True if list item item (array statement s) may be a statement of a row nest by itself. */
static bool row_statement(const IrStmt *item, const IrStmt *s) {
  const Stmt *st = s->ast;
  if (st->kind != ST_ASSIGN || st->lhs->kind != EX_NAME || s->exchange || s->fuse_next || !st->cover || st->cover->masked ||
      st->rank < 2 || st->rank != st->cover->rank || s->elements.len || item->elements.len ||
      item->pre.len || !transfers_stay(s) || ir_expr_any(st->rhs, ir_own_loop, NULL))
    return false;
  if (s->needs_temp) return !s->temp_always && s->temp_for.len > 0;
  for (int k = 0; k < MAX_RANK; k++)
    if (s->loop_dir[k] != 0) return false;
  return true;
}

/* True if array statement s may read or write what array statement t writes. */
static bool touches(const IrStmt *s, const IrStmt *t) {
  if (ir_may_share(t->writes, s->writes)) return true;
  for (int i = 0; i < s->reads.len; i++)
    if (ir_may_share(t->writes, s->reads.items[i])) return true;
  return false;
}

/* True if the row nest of items[first..last] of l may take item s (array statement c) too; its
 * run-time conditions are added to head's lists. */
static bool row_joins(Arena *a, const IrList *l, int first, int last, IrStmt *c, IrStmt *head) {
  if (!row_statement(l->items[last + 1], c) || c->ast->rank != head->ast->rank) return false;
  PtrVec pairs = {0};
  if (!reads_here(a, c->ast->rhs, c->writes, &pairs)) return false;
  for (int i = first; i <= last; i++) {
    IrStmt *m = row_core(l->items[i]);
    if (!reads_here(a, c->ast->rhs, m->writes, &pairs) || !reads_here(a, m->ast->rhs, c->writes, &pairs)) return false;
  }
  for (int i = 0; i + 1 < pairs.len; i += 2) push_pair(a, &head->rows_unshared, pairs.items[i], pairs.items[i + 1]);
  for (int i = first; i <= last; i++) {
    IrStmt *m = row_core(l->items[i]);
    if (touches(m, c) || touches(c, m)) push_pair(a, &head->rows_disjoint, m, c);
  }
  return true;
}

/* True if region r may have a stride other than 1 (known or only at run time). */
static bool may_stride(const Region *r) {
  if (r->strided || r->desig || r->per_element) return true;
  for (int k = 0; k < r->rank; k++)
    if (r->dims[k].stride > 1) return true;
  return false;
}

/* True if items[first..last] of l are worth a nest of rows: they do not all run under one
 * covering region (else fusion.c's), and one of the regions may be strided (its rows interleave
 * with the others', as the parity classes of a level do; statements over a grid's edges gain
 * nothing). */
static bool worth_rows(const IrList *l, int first, int last) {
  bool differ = false, strided = false;
  for (int i = first; i <= last; i++) {
    const Region *r = row_core(l->items[i])->ast->cover;
    differ |= l->items[i]->kind == IR_REGION || r != row_core(l->items[first])->ast->cover;
    strided |= may_stride(r);
  }
  return differ && strided;
}

/* Mark the row nests of list l (the lists inside its statements are done). */
static void rows_list(IrList *l, void *arg) {
  Arena *a = arg;
  for (int i = 0; i < l->n; i++) {
    IrStmt *head = row_core(l->items[i]);
    if (!head || !row_statement(l->items[i], head)) continue;
    PtrVec own = {0};
    if (!reads_here(a, head->ast->rhs, head->writes, &own)) continue;
    head->rows_unshared = own;
    head->rows_disjoint.len = 0;
    int last = i;
    while (last + 1 < l->n && last + 1 - i < MAX_ROWS && row_core(l->items[last + 1]) &&
           row_joins(a, l, i, last, row_core(l->items[last + 1]), head))
      last++;
    if (last == i || !worth_rows(l, i, last)) {
      head->rows_unshared.len = head->rows_disjoint.len = 0;
      continue;
    }
    for (int k = i; k <= last; k++) {
      row_core(l->items[k])->in_rows = true;
      row_core(l->items[k])->rows_next = k < last;
    }
    i = last;
  }
}

void find_row_nests(Arena *a, IrProgram *ir) {
  ir_each_list(ir, rows_list, a);
}
