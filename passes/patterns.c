/* patterns.c - communication patterns (Felten, seed 000): a pattern is a fixed conversation. The
 * body of an innermost loop whose communication is straight-line is one: every iteration sends
 * the same messages (its ghost-cell transfers and the gathers of its full reductions). A loop body
 * is not a pattern when its conversation may change from one iteration to the next or is not made
 * of point-to-point messages the runtime can describe: communication inside an if arm or a nested
 * loop (the condition of a nested while or repeat loop too, and those of an if's later arms, which
 * run only when reached), a procedure call, output or input of parallel values, floods, partial
 * reductions, scans, '@^' that ghost cells do not serve or wide shifts, wrap and reflect, transfers under regions that are not
 * named (their sizes may change), reductions that run ahead (passes/runahead.c: their gathers end
 * iterations later). Patterns are numbered 1, 2, ... (IrStmt.pattern of the loop), and each
 * iteration is bracketed: IC_PATTERN_BEGIN at the start of the body, IC_PATTERN_END at its end,
 * IC_PATTERN_LEAVE after the loop (an exit leaves an iteration open) and, in a procedure that
 * returns, at its exit (pattern 0: whichever is open). */
#include "passes.h"

typedef struct Scan {
  bool comm;                 /* has communication */
  bool other;                /* has communication a pattern cannot hold */
} Scan;

static void scan_list(const IrList *l, Scan *sc, bool straight);

/* True if e itself needs communication other than ghost-cell transfers and full reductions. */
static bool other_comm(const Expr *e, const void *arg) {
  return ir_line_comm(e, arg) || ir_is_call(e, arg);
}

/* True if one of s's transfers serves wrap-around read e with ghost cells (comm_insert.c). */
static bool wrap_in_transfer(const IrStmt *s, const Expr *e) {
  for (int i = 0; i < s->transfers.len; i++)
    if (ir_transfer_reads(s->transfers.items[i], e)) return true;
  return false;
}

/* True if statement s's own expressions need such communication, or transfers whose sizes may
 * change from one iteration to the next (under a region that is not a named one). */
static bool stmt_other(const IrStmt *s) {
  const Stmt *st = s->ast;
  if (s->kind == IR_IO || s->kind == IR_WRAP || st->kind == ST_CALL || s->runahead) return true;
  for (int i = 0; i < s->transfers.len; i++) {
    const IrTransfer *t = s->transfers.items[i];
    if ((t->place == XF_AT_ROOT || t->place == XF_EARLY) && !t->cover) return true;
  }
  for (int i = 0; i < s->shifts.len; i++) {
    const IrShift *sh = s->shifts.items[i];
    bool fits = sh->known && (!sh->wrap || wrap_in_transfer(s, sh->expr)) && ir_shift_fits(sh->array, sh->rank, sh->d);
    if (!fits) return true;
  }
  return ir_stmt_exprs_any(st, other_comm, NULL);
}

/* True if s's own expressions communicate at all. */
static bool stmt_comm(const IrStmt *s) {
  for (int i = 0; i < s->transfers.len; i++) {
    const IrTransfer *t = s->transfers.items[i];
    if (t->place == XF_AT_ROOT || t->place == XF_EARLY) return true; /* the others run elsewhere or not at all */
  }
  return s->reductions.len > 0 || s->pre.len > 0;
}

/* True if e is a full reduction (its partial results are gathered). */
static bool full_reduction(const Expr *e, const void *arg) {
  (void)arg;
  return e->kind == EX_REDUCE && !e->region;
}

/* True if evaluating e, an expression of s, communicates: a full reduction, or a transfer before it. */
static bool expr_comm(const IrStmt *s, const Expr *e) {
  for (int i = 0; i < s->transfers.len; i++) {
    const IrTransfer *t = s->transfers.items[i];
    if (t->root == e && (t->place == XF_AT_ROOT || t->place == XF_EARLY)) return true;
  }
  return e && ir_expr_any(e, full_reduction, NULL);
}

/* True if s's own communication may run other than once when s runs: the condition of a while or
 * repeat loop runs once per iteration of it, those of an if's later arms only when reached. */
static bool comm_repeats(const IrStmt *s) {
  const Stmt *st = s->ast;
  if (s->kind == IR_WHILE || s->kind == IR_REPEAT) return expr_comm(s, st->conds[0]);
  for (int i = 1; s->kind == IR_IF && i < s->narms; i++)
    if (expr_comm(s, st->conds[i])) return true;
  return false;
}

/* What s (with what it contains) does; straight: s runs once per iteration of the loop scanned. */
static void scan_stmt(const IrStmt *s, Scan *sc, bool straight) {
  bool own = stmt_comm(s) || stmt_other(s);
  if (own) sc->comm = true;
  if (stmt_other(s) || (own && (!straight || comm_repeats(s)))) sc->other = true;
  bool loop = s->kind == IR_WHILE || s->kind == IR_REPEAT || s->kind == IR_FOR;
  scan_list(&s->body, sc, straight && !loop);
  for (int i = 0; i < s->narms; i++) scan_list(&s->arms[i], sc, false);
  scan_list(&s->else_body, sc, false);
}

static void scan_list(const IrList *l, Scan *sc, bool straight) {
  for (int i = 0; i < l->n; i++) scan_stmt(l->items[i], sc, straight);
}

/* Put operation kind of pattern n first (at_front) or last in ops. */
static void bracket_op(Arena *a, PtrVec *ops, IrCommKind kind, int n, bool at_front) {
  IrComm *c = ir_comm_new(a, kind, IW_BETWEEN, NULL);
  c->pattern = n;
  vec_push(a, ops, c);
  if (!at_front) return;
  for (int i = ops->len - 1; i > 0; i--) ops->items[i] = ops->items[i - 1];
  ops->items[0] = c;
}

static bool find_list(Arena *a, IrProgram *ir, IrList *l);

/* Number the loops whose bodies are patterns, innermost first, and bracket their iterations;
 * true if s is or has such a loop. */
static bool find_stmt(Arena *a, IrProgram *ir, IrStmt *s) {
  bool found = find_list(a, ir, &s->body);
  for (int i = 0; i < s->narms; i++) found |= find_list(a, ir, &s->arms[i]);
  found |= find_list(a, ir, &s->else_body);
  if (s->kind != IR_WHILE && s->kind != IR_REPEAT && s->kind != IR_FOR) return found;
  Scan sc = {false, false};
  scan_list(&s->body, &sc, true);
  if (!sc.comm || sc.other) return found;
  s->pattern = ++ir->npatterns;
  bracket_op(a, &s->body.head, IC_PATTERN_BEGIN, s->pattern, true);
  bracket_op(a, &s->body.tail, IC_PATTERN_END, s->pattern, false);
  bracket_op(a, &s->after, IC_PATTERN_LEAVE, s->pattern, true);
  return true;
}

static bool find_list(Arena *a, IrProgram *ir, IrList *l) {
  bool found = false;
  for (int i = 0; i < l->n; i++) found |= find_stmt(a, ir, l->items[i]);
  return found;
}

void find_patterns(Arena *a, IrProgram *ir) {
  for (int i = 0; i < ir->procs.len; i++) {
    IrProc *p = ir->procs.items[i];
    if (find_list(a, ir, &p->body) && ir_returns(&p->body)) bracket_op(a, &p->exit, IC_PATTERN_LEAVE, 0, true);
  }
}
