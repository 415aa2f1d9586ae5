/* overlap.c - communication overlapped with computation: interior first, split-phase collectives.
 * -fno-overlap leaves this pass out.
 *
 * Interior first. An array statement whose elements are independent (ir_elements_independent),
 * under an unmasked covering region, or a fused loop nest of such statements, computes the interior
 * of each process's part while its ghost cells travel and the border after them: the DN of its
 * first transfer comes between the two (IrStmt.nest_dn). A nest of rows (rows.c) runs only where
 * its elements may come in any order, so it may always be cut so too (IrStmt.rows_overlap): around
 * the DN of the transfer its statements share (backend/emit_rows.c).
 *
 * Split-phase reductions. x := E over a covering region, E made of full reductions
 * (ir_split_values: x := op<< e, x := sqrt(+<< e) / n, x := max<< A - min<< A): the reductions'
 * local parts are computed where the statement is, their combining with the other processes'
 * parts begun right after it, and ended (then the rest of E evaluated and x assigned) just before
 * the first later statement of the same list that may need x or change what the rest of E reads,
 * or at the end of the list, so that the statements in between overlap it. Consecutive such
 * statements are ready at the same point: their values travel in one gather (IrGather: one
 * collective, one chance to wait for the slowest process), ended where the first of them is
 * needed. In a loop body, those the loop never needs (IrStmt.runahead) are not ended at the end of
 * the body but handed to the runtime (IC_GATHER_DEFER), which ends them up to AZ_RUNAHEAD gathers
 * later and at the latest after the loop (IC_GATHER_FLUSH, also at the exit of a procedure that
 * returns from inside such a loop).
 *
 * Split-phase partial reductions, floods and scans. [C] P := op<< [S] e, [C] P := >>[S] e and
 * [C] P := op|| e, P a whole array variable the operand does not read: the local parts are folded
 * (copied) where the statement is and the communication begun (IrStmt.line_split); it ends
 * (IC_LINE_END: the parts combined, received or scanned, and P assigned) before the first later
 * statement of the list that may need P or starts a transfer from it, or at the end of the list.
 * The writer keeps the statement's C blocks open in between, so such statements begun while
 * another is open end before it; full reductions begun there may end later.
 *
 * The begins and ends go between statements (IrStmt.before and .after, IrList.tail), the
 * statements' own parts are placed inside them by comm_place.c. */
#include "passes.h"

typedef struct Overlap {
  Arena *a;
  IrProgram *ir;
  bool cover;                  /* a covering region is in effect */
  const Region *cover_sem;     /* what sema knows of it where it is a region statement's, or NULL */
  bool runahead_loop;          /* the procedure has a loop whose gathers are deferred */
} Overlap;

/* A split-phase gather or line statement begun in a list and not yet ended. */
typedef struct Pending {
  IrGather *g;                 /* a gather, or */
  IrStmt *line;                /* a partial reduction, flood or scan statement P := e */
} Pending;

static void walk_stmt(Overlap *O, IrStmt *s);
static void walk_list(Overlap *O, IrList *l);

/* Add operation kind (about gather g or line statement s) to ops. */
static IrComm *add_op(Overlap *O, PtrVec *ops, IrCommKind kind, IrGather *g, IrStmt *s) {
  IrComm *c = ir_comm_new(O->a, kind, IW_BETWEEN, NULL);
  c->g = g;
  c->s = s;
  vec_push(O->a, ops, c);
  return c;
}

/* ---- interior first ---- */

/* True if array statement s (fused with the reduction r, if any) may compute the interior of this
 * process's part while its ghost cells travel and the border after them: its elements are
 * independent, the covering region is unmasked, and r gives the same result in any order. */
static bool may_overlap(const Overlap *O, const IrStmt *s, const Expr *r) {
  if (!ir_elements_independent(s) || !O->cover_sem || O->cover_sem->masked) return false;
  if (!r) return true;
  bool exact = r->op != RED_ADD && r->op != RED_MUL ? true : type_is_integer(r->type);
  return exact && !ir_expr_any(r->rhs, ir_own_loop, NULL);
}

/* True if array statement s, which needs a temporary only when an array it reads shares its
 * target's storage, may compute its interior first where none does (the writer's in-place nest;
 * the other waits before it computes). A target that may be bound to a flood array (a parameter)
 * is written under a region with '*' in its flood dimensions (checked at run time, target_checks),
 * which the runtime does not cut. */
static bool may_overlap_unshared(const Overlap *O, const IrStmt *s) {
  return ir_temp_only_if_shared(s) && ir_elements_independent_but_target(s, true) && O->cover_sem && !O->cover_sem->masked;
}

/* The transfer before array statement s's right-hand side whose DN a loop nest may take: one the
 * statement begins or waits for itself. */
static IrTransfer *waited_transfer(const IrStmt *s) {
  for (int i = 0; i < s->transfers.len; i++) {
    IrTransfer *t = s->transfers.items[i];
    if (t->root == s->ast->rhs) return t->place == XF_AT_ROOT || t->place == XF_EARLY ? t : NULL;
  }
  return NULL;
}

/* ---- fused loop nests (fusion.c), as the writer emits them ---- */

/* The statement list item s stands for in a nest: the assignment inside region statement s. */
static IrStmt *nest_core(IrStmt *s) {
  return s->kind == IR_REGION && s->body.items[0]->ast->kind == ST_ASSIGN ? s->body.items[0] : s;
}

/* How many list items from l->items[i] on share a loop nest (1: not fused). */
static int nest_length(const IrList *l, int i) {
  int len = 1;
  while (i + len < l->n && nest_core(l->items[i + len - 1])->fuse_next) len++;
  return len;
}

/* The nest of list items i..i+len-1: the DN of its first transfer between interior and border if
 * every member (and the reduction that may end it) allows it. */
static void nest_overlap(Overlap *O, IrList *l, int i, int len) {
  const Region *saved = O->cover_sem;
  IrStmt *head = nest_core(l->items[i]);
  if (head != l->items[i]) O->cover_sem = l->items[i]->ast->cover;
  IrStmt *last = nest_core(l->items[i + len - 1]);
  const Expr *r = last->kind == IR_SCALAR ? last->reductions.items[0] : NULL;
  int members = len - (r != NULL);
  bool ok = true;
  for (int k = 0; k < members && ok; k++) ok = may_overlap(O, nest_core(l->items[i + k]), r);
  for (int k = 0; k < members && ok && !head->nest_dn; k++) head->nest_dn = waited_transfer(nest_core(l->items[i + k]));
  O->cover_sem = saved;
}

/* ---- split-phase statements ---- */

/* True if list item s is a split-phase reduction here (see ir_split_stmt). */
static bool deferrable(const Overlap *O, const IrStmt *s) {
  return (O->cover || s->kind == IR_REGION) && ir_split_stmt(s->ast);
}

/* The IR of the assignment a split-phase reduction list item stands for. */
static IrStmt *split_core(IrStmt *s) {
  while (s->kind == IR_REGION) s = s->body.items[0];
  return s;
}

/* The assignment list item s stands for (s itself, or the statement of region statement s) if it
 * is a partial reduction, flood or scan that may run split-phase, else NULL. */
static IrStmt *line_stmt(const Overlap *O, IrStmt *s) {
  if (s->kind != IR_REGION && !O->cover) return NULL;
  IrStmt *in = s->kind == IR_REGION ? s->body.items[0] : s;
  const Stmt *st = in->ast;
  if (st->kind != ST_ASSIGN || st->op != AS_ASSIGN || st->lhs->kind != EX_NAME || st->lhs->rank <= 0 || !st->lhs->sym ||
      st->lhs->sym->kind != SYM_VAR || !ir_line_comm(st->rhs, NULL) || in->needs_temp)
    return NULL;
  if (ir_expr_needs(st->rhs, st->lhs->sym) || ir_expr_any(st->rhs->rhs, ir_line_comm, NULL)) return NULL;
  return in;
}

/* True if list item s may need the result of line statement p: names its target (or may, see
 * ir_stmt_needs), or starts a transfer from it. */
static bool needs_line(const IrStmt *s, const IrStmt *p) {
  Symbol *target = p->ast->lhs->sym;
  if (ir_stmt_needs(s->ast, target)) return true;
  for (int i = 0; i < s->pre.len; i++) {
    const IrTransfer *t = s->pre.items[i];
    for (int k = 0; k < t->items.len; k++)
      if (ir_may_share(target, ((IrShift *)t->items.items[k])->array)) return true;
  }
  return false;
}

/* True if list item s may need what pending record d assigns (ir_split_needed). */
static bool needs_pending(const IrStmt *s, const Pending *d) {
  if (d->line) return needs_line(s, d->line);
  for (int i = 0; i < d->g->members.len; i++)
    if (ir_split_needed(s->ast, ((IrStmt *)d->g->members.items[i])->ast)) return true;
  return false;
}

/* Before list item s (NULL: at the end of the list), into ops: end the pending records it may
 * need; at the end of a loop body, defer the gathers that run ahead. A line statement begun inside
 * the blocks of one that ends, ends before it. */
static void end_needed(Overlap *O, PtrVec *pending, const IrStmt *s, PtrVec *ops) {
  int n = pending->len, kept = 0;
  if (n == 0) return;
  bool *ends = ARENA_ARRAY(O->a, bool, n);
  bool inside = false;
  for (int i = 0; i < n; i++) {
    Pending *d = pending->items[i];
    ends[i] = !s || (inside && d->line) || needs_pending(s, d);
    inside |= ends[i] && d->line;
  }
  for (int i = n - 1; i >= 0; i--) {
    Pending *d = pending->items[i];
    if (!ends[i]) continue;
    if (d->line) add_op(O, ops, IC_LINE_END, NULL, d->line);
    else add_op(O, ops, !s && d->g->runahead ? IC_GATHER_DEFER : IC_GATHER_END, d->g, NULL);
  }
  for (int i = 0; i < n; i++)
    if (!ends[i]) pending->items[kept++] = pending->items[i];
  pending->len = kept;
}

/* How many list items from l->items[i] on are split-phase reductions that can travel in one
 * gather: none of them needs what an earlier one assigns or reads, none but the first has
 * transfers of its own to start (they would come between the values), and all run ahead or none
 * does. */
static int group_length(const Overlap *O, const IrList *l, int i) {
  int n = 0;
  while (i + n < l->n && deferrable(O, l->items[i + n])) {
    const IrStmt *s = l->items[i + n];
    if (n > 0 && s->pre.len > 0) break;
    if (n > 0 && s->runahead != l->items[i]->runahead) break;
    bool uses_earlier = false;
    for (int k = 0; k < n; k++) uses_earlier |= ir_split_needed(s->ast, ir_split_stmt(l->items[i + k]->ast));
    if (uses_earlier) break;
    n++;
  }
  return n;
}

/* The gather of list items i..i+n-1 (their first possibly ending a nest that starts at item
 * `open`): opened before the nest or the first item, begun after the last one (at the value when it
 * has only one), pending. */
static void group(Overlap *O, PtrVec *pending, IrList *l, int open, int i, int n) {
  IrGather *g = ARENA_NEW(O->a, IrGather);
  g->id = O->ir->gathers.len + 1;
  g->runahead = true;
  g->member_first = ARENA_ARRAY(O->a, int, n);
  vec_push(O->a, &O->ir->gathers, g);
  for (int k = 0; k < n; k++) {
    IrStmt *m = split_core(l->items[i + k]);
    const Expr *own[IR_MAX_SPLIT];
    int nv = ir_split_values(m->ast, own);
    g->member_first[k] = g->values.len;
    for (int j = 0; j < nv; j++) vec_push(O->a, &g->values, (void *)own[j]);
    vec_push(O->a, &g->members, m);
    m->gather = g;
    g->runahead &= l->items[i + k]->runahead;
  }
  add_op(O, &l->items[open]->before, IC_GATHER_OPEN, g, NULL);
  if (g->values.len > 1) add_op(O, &l->items[i + n - 1]->after, IC_GATHER_BEGIN, g, NULL);
  Pending *d = ARENA_NEW(O->a, Pending);
  d->g = g;
  vec_push(O->a, pending, d);
}

/* List item s, a line statement (its assignment in): begun here, pending. */
static void begin_line(Overlap *O, PtrVec *pending, IrStmt *in) {
  in->line_split = true;
  Pending *d = ARENA_NEW(O->a, Pending);
  d->line = in;
  vec_push(O->a, pending, d);
}

/* ---- the walk ---- */

static void walk_list(Overlap *O, IrList *l) {
  PtrVec pending = {0};
  for (int i = 0; i < l->n; i++) {
    end_needed(O, &pending, l->items[i], &l->items[i]->before);
    IrStmt *line = line_stmt(O, l->items[i]);
    if (line) {
      begin_line(O, &pending, line);
      continue;
    }
    int len = nest_length(l, i), open = i;
    if (len > 1) {
      for (int k = 1; k < len; k++) end_needed(O, &pending, l->items[i + k], &l->items[open]->before);
      nest_overlap(O, l, i, len);
      i += len - 1;
      if (nest_core(l->items[i])->kind != IR_SCALAR || !deferrable(O, l->items[i])) continue;
    }
    int n = group_length(O, l, i);
    if (n == 0) {
      walk_stmt(O, l->items[i]);
      continue;
    }
    for (int k = 1; k < n; k++) end_needed(O, &pending, l->items[i + k], &l->items[open]->before);
    group(O, &pending, l, open, i, n);
    i += n - 1;
  }
  end_needed(O, &pending, NULL, &l->tail);
}

/* True if loop s has a reduction that runs ahead. */
static bool runs_ahead(const IrStmt *s) {
  for (int i = 0; i < s->body.n; i++)
    if (s->body.items[i]->runahead) return true;
  return false;
}

static void walk_stmt(Overlap *O, IrStmt *s) {
  switch (s->kind) {
  case IR_REGION: {
    bool cover = O->cover;
    const Region *sem = O->cover_sem;
    O->cover = true;
    O->cover_sem = s->body.items[0]->kind == IR_REGION ? NULL : s->ast->cover;
    walk_stmt(O, s->body.items[0]);
    O->cover = cover;
    O->cover_sem = sem;
    break;
  }
  case IR_ARRAY:
    if (s->in_rows) /* the nest runs only where its elements may come in any order (rows.c) */
      s->rows_overlap = true;
    else if (may_overlap(O, s, NULL) || may_overlap_unshared(O, s))
      s->nest_dn = waited_transfer(s);
    break;
  case IR_BLOCK: walk_list(O, &s->body); break;
  case IR_IF:
    for (int i = 0; i < s->narms; i++) walk_list(O, &s->arms[i]);
    walk_list(O, &s->else_body);
    break;
  case IR_WHILE: case IR_REPEAT: case IR_FOR:
    walk_list(O, &s->body);
    if (runs_ahead(s)) {
      add_op(O, &s->after, IC_GATHER_FLUSH, NULL, NULL)->line = s->line;
      O->runahead_loop = true;
    }
    break;
  default: break;
  }
}

void overlap(Arena *a, IrProgram *ir) {
  for (int i = 0; i < ir->procs.len; i++) {
    IrProc *p = ir->procs.items[i];
    Overlap O = {a, ir, !p->entry, NULL, false};
    walk_stmt(&O, p->body.items[0]);
    if (O.runahead_loop && ir_returns(&p->body)) add_op(&O, &p->exit, IC_GATHER_FLUSH, NULL, NULL);
  }
}
