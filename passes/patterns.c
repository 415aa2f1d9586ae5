/* patterns.c - communication patterns (Felten, seed 000): a pattern is a fixed conversation. The
 * body of an innermost loop whose communication is straight-line is one: every iteration sends
 * the same messages (its ghost-cell transfers and the gathers of its full reductions). A loop body
 * is not a pattern when its conversation may change from one iteration to the next or is not made
 * of point-to-point messages the runtime can describe: communication inside an if arm or a nested
 * loop (the condition of a nested while or repeat loop too, and those of an if's later arms, which
 * run only when reached), a procedure call, output or input of parallel values, floods, partial
 * reductions, scans, '@^' or wide shifts, wrap and reflect, transfers under regions that are not
 * named (their sizes may change), reductions that run ahead (passes/runahead.c: their gathers end
 * iterations later). Patterns are numbered 1, 2, ... (IrStmt.pattern of the loop); the generated
 * code brackets each iteration with zrt_pattern_begin/end. */
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
    bool fits = sh->known && !sh->wrap;
    for (int k = 0; fits && k < sh->rank; k++) fits = sh->d[k] <= IR_FLUFF && sh->d[k] >= -IR_FLUFF;
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

static void find_list(IrProgram *ir, IrList *l);

/* Number the loops whose bodies are patterns, innermost first. */
static void find_stmt(IrProgram *ir, IrStmt *s) {
  find_list(ir, &s->body);
  for (int i = 0; i < s->narms; i++) find_list(ir, &s->arms[i]);
  find_list(ir, &s->else_body);
  if (s->kind != IR_WHILE && s->kind != IR_REPEAT && s->kind != IR_FOR) return;
  Scan sc = {false, false};
  scan_list(&s->body, &sc, true);
  if (sc.comm && !sc.other) s->pattern = ++ir->npatterns;
}

static void find_list(IrProgram *ir, IrList *l) {
  for (int i = 0; i < l->n; i++) find_stmt(ir, l->items[i]);
}

void find_patterns(Arena *a, IrProgram *ir) {
  (void)a;
  for (int i = 0; i < ir->procs.len; i++) find_list(ir, &((IrProc *)ir->procs.items[i])->body);
}
