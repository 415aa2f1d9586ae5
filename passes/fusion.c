/* fusion.c - loop fusion and array contraction (section 7.2 allows both; -fno-fuse turns them off).
 *
 *     [R] X1 := e1;  [R] X2 := e2;  ...  [R] Xn := en;   [R] x := op<< e;
 *
 * Consecutive array statements of one list under the same unmasked covering region (or each
 * under its own [R] of the same named region R) run in one loop nest, each computing its element
 * at every index in turn, when that keeps what each means:
 *   - a later statement reads an earlier one's target only at the current index (it sees the new
 *     element there, as it would after the earlier statement's own loop);
 *   - an earlier statement reads a later one's target only at the current index (it sees the old
 *     element there, which the later statement has not yet replaced);
 *   - no statement needs a loop order or a temporary, calls a procedure, or computes a reduction,
 *     scan or flood, so the indices may be visited in any order (interior first, several at once);
 *   - no transfer starts between them (comm_opt's early DR/SR), so the ghost cells every
 *     statement reads may all arrive before the nest: none of its arrays is written in it.
 * A plain copy A := B is left alone: the runtime copies rows (or exchanges storage) faster. A
 * scalar assignment whose only full reduction reads the nest's targets only at the current index
 * may end the run: its reduction is folded in the same nest (so may a lone array statement's,
 * even with an upward loop order).
 *
 * Contraction: a target written (:=) by one statement of a nest and read nowhere in the program
 * but by later statements of the same nest (elsewhere it is only ever assigned) needs no storage
 * there: each element lives in a C variable of the loop body. Its array keeps its allocation,
 * which no one reads, for the containment checks. */
#include "passes.h"

/* The most array statements one nest holds: more arrays than this in one loop would not keep
 * their rows in cache (and the pairwise checks stay cheap on generated programs). */
#define MAX_NEST 24

/* True if s is an array statement X := e (or op=) of a plain target under its own unmasked
 * covering region of the statement's rank that needs no temporary, no downward loop and no scan,
 * flood or partial reduction. With independent set: also no loop order at all, nothing with a
 * loop of its own (ir_own_loop), and not a plain copy of an array. */
static bool loop_statement(const IrStmt *s, bool independent) {
  const Stmt *st = s->ast;
  if (s->kind != IR_ARRAY || st->kind != ST_ASSIGN || st->lhs->kind != EX_NAME || s->needs_temp || s->exchange || !st->cover ||
      st->cover->masked || st->rank != st->cover->rank || !ir_distinct_elements(s->writes) || ir_expr_any(st->rhs, ir_line_comm, NULL))
    return false;
  for (int k = 0; k < MAX_RANK; k++)
    if (s->loop_dir[k] < 0 || (independent && s->loop_dir[k] > 0)) return false;
  if (!independent) return true;
  bool copy = st->rhs->kind == EX_NAME && st->rhs->sym && st->rhs->sym->type && st->rhs->sym->type->kind == TY_PARALLEL;
  return !copy && !ir_expr_any(st->rhs, ir_own_loop, NULL);
}

/* The statement list item s stands for: the statement inside a region statement [R] s over a
 * named region R without mask (statements under the same R may share a nest); else s. */
static IrStmt *core(IrStmt *s) {
  const Region *r = s->ast->cover;
  if (s->kind != IR_REGION || s->body.n != 1 || !r || !r->named || r->masked || r->dynamic || r->strided) return s;
  IrStmt *in = s->body.items[0];
  return in->kind == IR_ARRAY || in->kind == IR_SCALAR ? in : s;
}

/* True if list items a and b run under the same covering region: both plain statements under one
 * covering region, or both [R] s of the same named region R. */
static bool same_cover(IrStmt *a, IrStmt *b) {
  bool wa = core(a) != a, wb = core(b) != b;
  if (wa != wb) return false;
  return wa ? a->ast->cover->named == b->ast->cover->named : a->ast->cover == b->ast->cover;
}

/* True if no transfer starts before list item s (comm_opt's early DR/SR, on it or inside it), nor
 * does it bind elements of indexed arrays of parallel arrays (emit_items binds a nest's first's). */
static bool nothing_starts(IrStmt *s) { return s->pre.len == 0 && core(s)->pre.len == 0 && s->elements.len == 0; }

/* True if array statements a (earlier) and b (later) may share a loop nest as far as the two of
 * them go: each reads the other's target only at the current index. */
static bool pair_fuses(const IrStmt *a, const IrStmt *b) {
  return ir_reads_only_here(b->ast->rhs, a->writes) && ir_reads_only_here(a->ast->rhs, b->writes);
}

/* True if list item s may join the nest of items[first..last] of l as an array statement. */
static bool joins(const IrList *l, int first, int last, IrStmt *s) {
  if (!loop_statement(core(s), true) || !nothing_starts(s) || !same_cover(l->items[first], s)) return false;
  for (int i = first; i <= last; i++)
    if (!pair_fuses(core(l->items[i]), core(s))) return false;
  return true;
}

/* The one full reduction of scalar assignment (list item) s if it may end the nest of
 * items[first..last]: over the same covering region, of the nest's rank, reading the nest's
 * targets only here. */
static const Expr *ending_reduction(const IrList *l, int first, int last, IrStmt *s) {
  const IrStmt *c = core(s);
  const Stmt *st = c->ast;
  if (c->kind != IR_SCALAR || st->kind != ST_ASSIGN || st->lhs->rank != 0 || c->reductions.len != 1 || !nothing_starts(s) ||
      !same_cover(l->items[first], s))
    return NULL;
  const Expr *r = c->reductions.items[0];
  if (r->region || r->rhs->rank != core(l->items[first])->ast->rank || ir_expr_any(r->rhs, ir_own_loop, NULL)) return NULL;
  for (int i = first; i <= last; i++)
    if (!ir_reads_only_here(r->rhs, core(l->items[i])->writes)) return NULL;
  return r;
}

/* True if the target of items[w] (in the nest items[first..last], the statement after it
 * possibly its ending reduction statement) may live in a C variable: assigned with := (from an
 * expression not naming it) as a plain variable of scalar elements, not named by the nest before
 * w nor assigned after it, and only ever assigned outside the nest. */
static bool contractible(const IrProgram *ir, const IrList *l, int first, int w, int end) {
  const IrStmt *s = core(l->items[w]);
  Symbol *t = s->writes;
  if (s->ast->op != AS_ASSIGN || t->kind != SYM_VAR || !t->type->elem || t->type->elem->kind != TY_SCALAR ||
      t->type->elem->scalar == SK_STRING || ir_expr_any(s->ast->rhs, ir_names_sym, t))
    return false;
  for (int i = first; i < w; i++)
    if (ir_stmt_names(core(l->items[i]), t)) return false;
  for (int i = w + 1; i <= end; i++)
    if (core(l->items[i])->kind == IR_ARRAY && ir_may_share(core(l->items[i])->writes, t)) return false;
  return ir_only_assigned_outside(ir, l, first, end, t);
}

/* Mark the nests of list l (the lists inside its statements are done). */
static void fuse_list(IrList *l, void *arg) {
  IrProgram *ir = arg;
  for (int i = 0; i < l->n; i++) {
    if (!loop_statement(core(l->items[i]), false)) continue;
    int last = i;
    if (loop_statement(core(l->items[i]), true))
      while (last + 1 < l->n && last + 1 - i < MAX_NEST && joins(l, i, last, l->items[last + 1])) last++;
    int end = last;
    if (last + 1 < l->n && ending_reduction(l, i, last, l->items[last + 1])) end = last + 1;
    if (end == i) continue;
    for (int k = i; k < end; k++) core(l->items[k])->fuse_next = true;
    for (int k = i; k < end && k <= last; k++) core(l->items[k])->contracted = contractible(ir, l, i, k, end);
    i = end;
  }
}

void find_fusion(Arena *a, IrProgram *ir) {
  ir_each_list(ir, fuse_list, ir);
  find_row_nests(a, ir); /* then statements under different covering regions, row by row */
}
