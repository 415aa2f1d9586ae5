/* emit_stmt.c - statements, control flow, region statements, and lists of statements.
 * The dispatch over statement kinds; if, while, repeat, for, exit, continue and return with the
 * labels they need; region statements (the covering region of what they hold); lists with the
 * communication operations between their statements (IrList, IrStmt.before and .after). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

static void emit_items(Emitter *E, IrList *l);

/* The label a 'continue' of the innermost loop jumps to (marked as used). */
static const char *continue_label(Emitter *E) {
  if (!E->loop_labels.len) return "zcont";
  const char *label = E->loop_labels.items[E->loop_labels.len - 1];
  vec_push(E->arena, &E->used_labels, (void *)label);
  return label;
}

/* True if a 'continue' jumped to label. */
static bool label_used(Emitter *E, const char *label) {
  for (int i = 0; i < E->used_labels.len; i++)
    if (E->used_labels.items[i] == label) return true;
  return false;
}

void emit_bind_element(Emitter *E, const IrElement *el) {
  emit_line(E, "%s = &%s;", emit_name(E, el->sym->name), emit_element_ref(E, el->index));
}

/* Bind the elements of indexed arrays of parallel arrays that statement s names (IrElement) where
 * condition cond is evaluated (NULL: when s starts). */
static void bind_elements(Emitter *E, const IrStmt *s, const Expr *cond) {
  for (int k = 0; k < s->elements.len; k++) {
    const IrElement *el = s->elements.items[k];
    if (el->cond == cond) emit_bind_element(E, el);
  }
}

/* True if condition cond of s binds elements (they come before it). */
static bool binds_at(const IrStmt *s, const Expr *cond) {
  for (int k = 0; k < s->elements.len; k++)
    if (((const IrElement *)s->elements.items[k])->cond == cond) return true;
  return false;
}

/* A scalar condition of statement s, with its elements bound and its hoisted work emitted first. */
static const char *condition(Emitter *E, const IrStmt *s, Expr *c) {
  bind_elements(E, s, c);
  access_checks(E, c);
  hoist(E, c, false);
  const char *r = emit_expr(E, c);
  return r;
}

/* True if e contains a reduction (whose loop must run before the expression is used). */
static bool has_reduction(const Expr *e) {
  if (!e) return false;
  if (e->kind == EX_REDUCE || e->kind == EX_UREDUCE) return true;
  if (has_reduction(e->lhs) || has_reduction(e->rhs) || has_reduction(e->base)) return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_reduction(e->args[i])) return true;
  return false;
}

static void emit_if(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  int closes = 0;
  for (int i = 0; i < st->narms; i++) {
    if (i > 0 && !has_reduction(st->conds[i]) && !binds_at(s, st->conds[i])) { /* a flat else-if chain */
      emit_line(E, "} else if (%s) {", condition(E, s, st->conds[i]));
      hoist_reset(E);
      E->indent++;
      emit_list(E, &s->arms[i]);
      E->indent--;
      continue;
    }
    if (i > 0) { /* the reductions of this condition run only when it is reached */
      emit_line(E, "} else {");
      E->indent++;
      closes++;
    }
    emit_line(E, "if (%s) {", condition(E, s, st->conds[i]));
    hoist_reset(E);
    E->indent++;
    emit_list(E, &s->arms[i]);
    E->indent--;
  }
  if (st->has_else) {
    emit_line(E, "} else {");
    E->indent++;
    emit_list(E, &s->else_body);
    E->indent--;
  }
  emit_line(E, "}");
  for (int i = 0; i < closes; i++) {
    E->indent--;
    emit_line(E, "}");
  }
}

/* The body of loop s with its continue label, which comes after everything that ends the body
 * but the end of a pattern iteration (passes/patterns.c). */
static void loop_body(Emitter *E, IrStmt *s, const char *label) {
  IrList *l = &s->body;
  vec_push(E->arena, &E->loop_labels, (void *)label);
  emit_ops(E, &l->head);
  emit_items(E, l);
  int n = l->tail.len;
  bool pattern_end = n > 0 && ((const IrComm *)l->tail.items[n - 1])->kind == IC_PATTERN_END;
  PtrVec ends = {l->tail.items, n - pattern_end, 0};
  emit_ops(E, &ends);
  E->loop_labels.len--;
  if (label_used(E, label)) emit_line(E, "%s:;", label);
  PtrVec last = {l->tail.items + n - pattern_end, pattern_end, 0};
  emit_ops(E, &last);
}

static void emit_while(Emitter *E, IrStmt *s) {
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "for (;;) {");
  E->indent++;
  emit_line(E, "if (!(%s)) break;", condition(E, s, s->ast->conds[0]));
  hoist_reset(E);
  loop_body(E, s, label);
  E->indent--;
  emit_line(E, "}");
}

static void emit_repeat(Emitter *E, IrStmt *s) {
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "for (;;) {");
  E->indent++;
  loop_body(E, s, label);
  emit_line(E, "if (%s) break;", condition(E, s, s->ast->conds[0]));
  hoist_reset(E);
  E->indent--;
  emit_line(E, "}");
}

static void emit_for(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  Symbol *v = st->var_sym;
  const char *var = emit_sym(E, v);
  const char *ct = emit_ctype(E, v->type);
  const char *hi = emit_fresh(E, "zhi"), *step = emit_fresh(E, "zst");
  const char *label = emit_fresh(E, "zcont");
  emit_line(E, "{");
  E->indent++;
  hoist(E, st->from, false);
  emit_line(E, "%s zfrom = %s;", ct, emit_convert(E, st->from, v->type));
  hoist(E, st->to, false);
  emit_line(E, "%s %s = %s;", ct, hi, emit_convert(E, st->to, v->type));
  if (st->step) hoist(E, st->step, false);
  emit_line(E, "int64_t %s = %s;", step, st->step ? arena_printf(E->arena, "(int64_t)(%s)", emit_expr(E, st->step)) : "1");
  hoist_reset(E);
  if (st->step) emit_line(E, "if (%s <= 0) zrt_error(%d, \"'for' step must be positive, got %%lld\", (long long)%s);", step, st->loc.line, step);
  emit_line(E, "for (%s = zfrom; %s %s %s; %s = (%s)(%s %s %s)) {", var, var, st->downto ? ">=" : "<=", hi, var, ct, var,
            st->downto ? "-" : "+", step);
  E->indent++;
  loop_body(E, s, label);
  E->indent--;
  emit_line(E, "}");
  E->indent--;
  emit_line(E, "}");
}

static void emit_return(Emitter *E, Stmt *st) {
  if (st->value) {
    access_checks(E, st->value);
    hoist(E, st->value, false);
    emit_line(E, "zresult = %s;", emit_convert(E, st->value, E->cur_proc->sym->result));
    hoist_reset(E);
  }
  emit_line(E, "goto zreturn;");
  E->used_return = true;
}


/* Make (c, sem, rank) the covering region; returns the one it replaces. */
CoverScope cover_enter(Emitter *E, const char *c, Region *sem, int rank) {
  CoverScope saved = {E->cover, E->cover_sem, E->cover_rank};
  E->cover = c;
  E->cover_sem = sem;
  E->cover_rank = rank;
  return saved;
}

/* Restore the covering region cover_enter replaced. */
void cover_leave(Emitter *E, CoverScope saved) { cover_enter(E, saved.cover, saved.sem, saved.rank); }

/* Open the block of region statement st: its region as a C variable, made the covering region
 * (sema's view of it: sem); returns the one it replaces. region_close ends the block. */
CoverScope region_open(Emitter *E, const Stmt *st, Region *sem) {
  const char *c = emit_fresh(E, "zc");
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_region %s ZRT_UNUSED = %s;", c, emit_region_bracket(E, st->region));
  return cover_enter(E, c, sem, st->cover ? st->cover->rank : 0);
}

void region_close(Emitter *E) {
  E->indent--;
  emit_line(E, "}");
}

/* A region statement: the region becomes the covering region of the statement inside. A
 * partial reduction, flood or scan begun split-phase inside keeps the block open until it ends. */
static void emit_region_stmt(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  IrStmt *in = s->body.items[0];
  CoverScope saved = region_open(E, st, in->ast->kind == ST_REGION ? NULL : st->cover);
  emit_ops(E, &in->before);
  if (in->ast->kind == ST_WRAP) emit_wrap(E, in->ast, st->region);
  else emit_stmt(E, in);
  emit_ops(E, &in->after);
  LineOpen *d = E->open_lines.len ? E->open_lines.items[E->open_lines.len - 1] : NULL;
  if (d && d->s == in && !d->region) d->region = true;
  else region_close(E);
  cover_leave(E, saved);
}

/* The statements of l (a fused loop nest as one), each with the operations just before and after
 * it. */
static void emit_items(Emitter *E, IrList *l) {
  for (int i = 0; i < l->n; i++) {
    bind_elements(E, l->items[i], NULL); /* its elements U[e], subscripts checked once */
    emit_ops(E, &l->items[i]->before);
    int fused = emit_fused(E, l, i);
    if (!fused) fused = emit_row_nest(E, l, i);
    if (fused) i += fused - 1;
    else emit_stmt(E, l->items[i]);
    emit_ops(E, &l->items[i]->after);
  }
}

void emit_list(Emitter *E, IrList *l) {
  emit_ops(E, &l->head);
  emit_items(E, l);
  emit_ops(E, &l->tail);
}

void emit_stmt(Emitter *E, IrStmt *s) {
  Stmt *st = s->ast;
  bool commented = st->kind == ST_EMPTY || st->kind == ST_BLOCK || st->kind == ST_REGION ||
                   (st->kind == ST_ASSIGN && st->lhs->rank > 0); /* those say their line themselves */
  if (!commented) emit_line(E, "/* line %d */", st->loc.line);
  switch (st->kind) {
  case ST_EMPTY: break;
  case ST_ASSIGN:
    if (st->lhs->rank > 0) emit_parallel_assign(E, s);
    else emit_scalar_assign(E, s);
    break;
  case ST_CALL:
    access_checks(E, st->rhs);
    hoist(E, st->rhs, false);
    emit_line(E, "(void)%s;", emit_expr(E, st->rhs));
    hoist_reset(E);
    break;
  case ST_BLOCK:
    emit_line(E, "{");
    E->indent++;
    emit_list(E, &s->body);
    E->indent--;
    emit_line(E, "}");
    break;
  case ST_REGION: emit_region_stmt(E, s); break;
  case ST_IF: emit_if(E, s); break;
  case ST_WHILE: emit_while(E, s); break;
  case ST_REPEAT: emit_repeat(E, s); break;
  case ST_FOR: emit_for(E, s); break;
  case ST_EXIT: emit_line(E, "break;"); break;
  case ST_CONTINUE: emit_line(E, "goto %s;", continue_label(E)); break;
  case ST_RETURN: emit_return(E, st); break;
  case ST_HALT: case ST_WRITE: emit_write(E, st); break;
  case ST_READ: emit_read(E, st); break;
  case ST_WRAP: emit_wrap(E, st, NULL); break;
  default: emit_unsupported(E, st->loc, "this statement"); break;
  }
}
