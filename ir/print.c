/* print.c - azc --emit=ir: the IR as readable text, one statement per line with its source line,
 * what it reads, writes and shifts and what the passes decided for it, and every communication
 * operation at its place: between statements at the list's indentation, inside a statement below
 * it, marked '|'. */
#include <string.h>
#include "ir.h"

static void print_list(FILE *out, const IrProgram *ir, const IrList *l, int depth);

static const char *const kind_names[] = {"scalar", "array", "io", "wrap", "region", "if", "while", "repeat", "for", "block"};

/* The source text of a span. */
static void print_text(FILE *out, const IrProgram *ir, int start, int end) {
  fprintf(out, "%.*s", end - start, ir->sema->src->text + start);
}

/* A list of symbols as "A, B". */
static void print_syms(FILE *out, const PtrVec *v) {
  for (int i = 0; i < v->len; i++) fprintf(out, "%s%s", i ? ", " : "", ((Symbol *)v->items[i])->name);
}

/* A region: its source text when it has one, else its bounds ('?' where not known). */
static void print_region(FILE *out, const IrProgram *ir, const Region *r) {
  if (!r) {
    fputs("(inherited)", out);
    return;
  }
  if (r->syn || r->desig) { /* as written; Level[k] as its designator */
    fputc('[', out);
    print_text(out, ir, r->syn ? r->syn->start : r->desig->start, r->syn ? r->syn->end : r->desig->end);
    fputc(']', out);
    return;
  }
  if (r->named) {
    fputs(r->named->name, out);
    if (!r->of_region) return;
  }
  fputc('[', out);
  for (int k = 0; k < r->rank; k++) {
    const RDim *d = &r->dims[k];
    if (k) fputs(", ", out);
    if (d->kind == DK_STAR) fputc('*', out);
    else if (!d->known) fputc('?', out);
    else if (d->lo == d->hi) fprintf(out, "%lld", (long long)d->lo);
    else fprintf(out, "%lld..%lld", (long long)d->lo, (long long)d->hi);
    if (d->stride > 1) fprintf(out, " by %lld", (long long)d->stride);
  }
  fputc(']', out);
}

/* The items of transfer t: " A@[0,1] B@[1,0] C@^[0,-1]" (wrap-around ones with @^). */
static void print_items(FILE *out, const IrTransfer *t) {
  for (int j = 0; j < t->items.len; j++) {
    const IrShift *sh = t->items.items[j];
    fprintf(out, " %s%s[", sh->array->name, sh->wrap ? "@^" : "@");
    for (int k = 0; k < sh->rank; k++) fprintf(out, "%s%lld", k ? "," : "", (long long)sh->d[k]);
    fputc(']', out);
  }
}

/* Where comm_opt put transfer t's Ironman calls. */
static void print_placement(FILE *out, const IrProgram *ir, const IrTransfer *t) {
  switch (t->place) {
  case XF_AT_ROOT: case XF_EARLY:
    if (t->place == XF_EARLY) fprintf(out, "  DR SR before line %d, DN before '", t->start->line);
    else fputs("  DR SR DN before '", out);
    print_text(out, ir, t->root->start, t->root->end);
    fputs("', SV after the statement", out);
    break;
  case XF_HOISTED: fprintf(out, "  hoisted: DR SR DN SV before the loop at line %d", t->start->line); break;
  case XF_REDUNDANT: fprintf(out, "  removed: the ghost cells are current since transfer %d", t->by->id); break;
  case XF_COMBINED: fprintf(out, "  combined into transfer %d", t->by->id); break;
  }
  if (t->items.len > t->own_items) fprintf(out, " (with %d combined)", t->items.len - t->own_items);
  fputc('\n', out);
}

/* ' TEXT' of expression e in quotes. */
static void print_quoted(FILE *out, const IrProgram *ir, const Expr *e) {
  fputs(" '", out);
  print_text(out, ir, e->start, e->end);
  fputc('\'', out);
}

/* Where inside its statement operation c happens. */
static void print_when(FILE *out, const IrProgram *ir, const IrComm *c) {
  switch (c->when) {
  case IW_BEFORE: fputs(" before", out); print_quoted(out, ir, c->at); break;
  case IW_NEST: fputs(" in the loop nest of", out); print_quoted(out, ir, c->at); fputs(", between its interior and border", out); break;
  case IW_AFTER: fputs(" after", out); print_quoted(out, ir, c->at); break;
  case IW_AT: fputs(" at", out); print_quoted(out, ir, c->at); break;
  default: break;
  }
}

/* The source lines of gather g's statements, "12, 13". */
static void print_members(FILE *out, const IrGather *g) {
  for (int i = 0; i < g->members.len; i++) fprintf(out, "%s%d", i ? ", " : "", ((const IrStmt *)g->members.items[i])->line);
}

/* One communication operation, at source line `line`, indented depth. */
static void print_comm(FILE *out, const IrProgram *ir, const IrComm *c, int line, int depth) {
  fprintf(out, "%5d  %*s| %s", c->e ? c->e->loc.line : line, depth * 2, "", ir_comm_kind_name(c->kind));
  switch (c->kind) {
  case IC_XFER_BEGIN: case IC_XFER_ONCE: case IC_XFER_DN: case IC_XFER_SV: case IC_XFER_ELSEWHERE: case IC_WRAP_GHOST:
    fprintf(out, " %d", c->t->id);
    break;
  case IC_REMAP: print_quoted(out, ir, c->e); break;
  case IC_GATHER_PUT: case IC_GATHER_BEGIN: fprintf(out, " %d", c->g->id); break;
  case IC_GATHER_OPEN: case IC_GATHER_END: case IC_GATHER_DEFER:
    fprintf(out, " %d (lines ", c->g->id);
    print_members(out, c->g);
    fputc(')', out);
    break;
  case IC_GATHER_FLUSH:
    if (c->line) fprintf(out, " (of the loop at line %d)", c->line);
    break;
  case IC_LINE_BEGIN: case IC_LINE_END: print_quoted(out, ir, c->s->ast->rhs); fprintf(out, " (line %d)", c->s->line); break;
  case IC_PATTERN_BEGIN: case IC_PATTERN_END: case IC_PATTERN_LEAVE:
    if (c->pattern) fprintf(out, " %d", c->pattern);
    else fputs(" (whichever is open)", out);
    break;
  case IC_GATHER: case IC_LINE: case IC_WRAP: break; /* said by where it is */
  }
  print_when(out, ir, c);
  fputc('\n', out);
}

static void print_comms(FILE *out, const IrProgram *ir, const PtrVec *ops, int line, int depth) {
  for (int i = 0; i < ops->len; i++) print_comm(out, ir, ops->items[i], line, depth);
}

/* One statement and what it reads, writes and shifts. */
static void print_stmt(FILE *out, const IrProgram *ir, const IrStmt *s, int depth) {
  fprintf(out, "%5d  %*s%s", s->line, depth * 2, "", kind_names[s->kind]);
  if (s->pattern) fprintf(out, "  (its body is pattern %d)", s->pattern);
  Stmt *st = s->ast;
  if (s->kind == IR_ARRAY || s->kind == IR_IO || s->kind == IR_WRAP) {
    fputs("  ", out);
    print_region(out, ir, s->region);
    if (s->mask) {
      fprintf(out, " %s ", s->mask_without ? "without" : "with");
      print_text(out, ir, s->mask->start, s->mask->end);
    }
  }
  if (s->kind == IR_ARRAY) {
    fputs("  ", out);
    print_text(out, ir, st->lhs->start, st->lhs->end);
    fprintf(out, " %s ", assign_spelling((AssignOp)st->op));
    print_text(out, ir, st->rhs->start, st->rhs->end);
  }
  if (s->writes) fprintf(out, "  writes %s", s->writes->name);
  if (s->reads.len) {
    fputs("  reads ", out);
    print_syms(out, &s->reads);
  }
  for (int i = 0; i < s->shifts.len; i++) {
    const IrShift *sh = s->shifts.items[i];
    fprintf(out, "  shift %s%s", sh->array ? sh->array->name : "?", sh->wrap ? "@^" : "@");
    if (sh->known) {
      fputc('[', out);
      for (int k = 0; k < sh->rank; k++) fprintf(out, "%s%lld", k ? "," : "", (long long)sh->d[k]);
      fputc(']', out);
    } else {
      print_text(out, ir, sh->expr->dir->start, sh->expr->dir->end);
    }
  }
  if (s->reductions.len) fprintf(out, "  reductions %d", s->reductions.len);
  if (s->needs_temp) fputs("  temp", out);
  if (s->exchange) fprintf(out, "  exchange (%s is dead after it)", st->rhs->sym->name);
  if (s->contracted) fprintf(out, "  contracted (%s lives in the loop nest only)", s->writes->name);
  if (s->fuse_next) fputs("  fused with the next", out);
  if (s->rows_next) fputs("  rows with the next", out);
  for (int k = 0; k < MAX_RANK; k++)
    if (s->loop_dir[k] < 0) fprintf(out, "  down%d", k + 1);
  fputc('\n', out);
  for (int i = 0; i < s->transfers.len; i++) {
    const IrTransfer *t = s->transfers.items[i];
    fprintf(out, "%5d  %*stransfer %d:", t->line, depth * 2 + 2, "", t->id);
    print_items(out, t);
    print_placement(out, ir, t);
  }
  if (s->nest_dn) fprintf(out, "%5d  %*sinterior first: the loop nest waits for transfer %d between its interior and border\n", s->line,
                          depth * 2 + 2, "", s->nest_dn->id);
  if (s->gather) fprintf(out, "%5d  %*ssplit-phase: its reductions travel in gather %d\n", s->line, depth * 2 + 2, "", s->gather->id);
  if (s->line_split) fprintf(out, "%5d  %*ssplit-phase: its communication ends later\n", s->line, depth * 2 + 2, "");
  print_comms(out, ir, &s->comm, s->line, depth + 1);
  print_list(out, ir, &s->body, depth + 1);
  for (int i = 0; i < s->narms; i++) print_list(out, ir, &s->arms[i], depth + 1);
  print_list(out, ir, &s->else_body, depth + 1);
}

static void print_list(FILE *out, const IrProgram *ir, const IrList *l, int depth) {
  int line = l->n ? l->items[0]->line : 0;
  print_comms(out, ir, &l->head, line, depth);
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    print_comms(out, ir, &s->before, s->line, depth);
    print_stmt(out, ir, s, depth);
    print_comms(out, ir, &s->after, s->line, depth);
    line = s->line;
  }
  print_comms(out, ir, &l->tail, line, depth);
}

void ir_print(FILE *out, const IrProgram *ir) {
  for (int i = 0; i < ir->procs.len; i++) {
    const IrProc *p = ir->procs.items[i];
    int line = p->sym->proc->name.loc.line;
    fprintf(out, "%5d  procedure %s%s\n", line, p->sym->name, p->sym == ir->sema->entry ? " (entry)" : "");
    for (int k = 0; k < p->init_transfers.len; k++) {
      const IrTransfer *t = p->init_transfers.items[k];
      fprintf(out, "%5d    initializer transfer %d:", t->line, t->id);
      print_items(out, t);
      fputc('\n', out);
    }
    print_comms(out, ir, &p->init_comm, line, 1);
    print_list(out, ir, &p->body, 1);
    if (p->exit.len) fprintf(out, "%5d    at the exit (a return jumps there):\n", line);
    print_comms(out, ir, &p->exit, line, 2);
  }
}
