/* emit_split.c - split-phase collectives, as passes/overlap.c placed them.
 * Gathers that carry several statements' reductions: opened, begun after the statements, ended
 * (each statement's rest evaluated, its variable assigned) or handed to the runtime (run-ahead: a
 * completion function does that). Partial reductions, floods and scans begun split-phase: their C
 * blocks stay open while the next statements are emitted inside them, until their end. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The C names of split-phase gather g. */
typedef struct GatherC {
  const IrGather *g;
  const char *handle;          /* its handle: a static int, it may end outside the C blocks it began in */
  const char *buf;             /* several values: the byte buffer they travel in */
  const char *size;            /* its size (a C expression valid anywhere) */
  const char *combine;         /* every value exact (reduce_exact): the runtime's combine function, which
                                  makes the end return one combined block; else NULL */
} GatherC;

static Expr *value(const IrGather *g, int j) { return g->values.items[j]; }

static IrStmt *member(const IrGather *g, int i) { return g->members.items[i]; }

/* The C names of gather g (opened by IC_GATHER_OPEN). */
static GatherC *gather_c(Emitter *E, const IrGather *g) { return E->gathers[g->id]; }

/* The C expression of the byte offset of value j in g's buffer. */
static const char *value_offset(Emitter *E, const IrGather *g, int j) {
  const char *off = "0";
  for (int k = 0; k < j; k++) off = arena_printf(E->arena, "%s + sizeof(%s)", off, emit_ctype(E, value(g, k)->type));
  return off;
}

/* IC_GATHER_OPEN: g's handle (file scope) and, for several values, its buffer. */
void gather_open(Emitter *E, const IrGather *g) {
  GatherC *c = ARENA_NEW(E->arena, GatherC);
  c->g = g;
  c->handle = emit_fresh(E, "zred");
  buf_printf(&E->globals, "static int %s;\n", c->handle);
  if (g->values.len > 1) {
    c->buf = emit_fresh(E, "zgather");
    c->size = value_offset(E, g, g->values.len);
    emit_line(E, "unsigned char %s[%s];", c->buf, c->size);
  }
  if (gather_exact(g)) c->combine = emit_combine_fn(E, g->values.len, (Expr *const *)g->values.items);
  E->gathers[g->id] = c;
}

bool gather_exact(const IrGather *g) {
  for (int j = 0; j < g->values.len; j++)
    if (!reduce_exact((RedOp)value(g, j)->op, value(g, j)->type)) return false;
  return true;
}

/* The call that begins gather c with the size bytes at v: an exact reduction that runs ahead may
 * wait in the runtime for the next ones, to travel with them. */
static const char *begin_call(Emitter *E, const GatherC *c, const char *v, const char *size) {
  if (c->combine)
    return arena_printf(E->arena, "zrt_allreduce_begin%s(%s, %s, %s)", c->g->runahead ? "_ahead" : "", v, size, c->combine);
  return arena_printf(E->arena, "zrt_allgather_begin(%s, %s)", v, size);
}

/* IC_GATHER_PUT or IC_GATHER_BEGIN at reduction op->e: acc (its local part) goes into the gather. */
void gather_value(Emitter *E, const IrComm *op, const char *acc) {
  GatherC *c = gather_c(E, op->g);
  if (op->kind == IC_GATHER_BEGIN) {
    emit_line(E, "%s = %s;", c->handle, begin_call(E, c, acc_copy(E, op->e->type, acc), arena_printf(E->arena, "sizeof %s", acc)));
    return;
  }
  int j = 0;
  while (value(op->g, j) != op->e) j++;
  emit_line(E, "memcpy(%s + (%s), %s, sizeof %s);", c->buf, value_offset(E, op->g, j), acc_copy(E, op->e->type, acc), acc);
}

/* Lines (each through line(E, text)) that combine value j's parts, in process order, from the
 * gathered bytes zp (an exact gather's one combined block: take it), and give the result to
 * target (a C lvalue). */
static void combine_value(Emitter *E, const GatherC *c, int j, const char *target, void (*line)(Emitter *, const char *)) {
  Expr *r = value(c->g, j);
  const char *ct = emit_ctype(E, r->type);
  const char *step = reduce_step(E, (RedOp)r->op, "zacc", "zv");
  if (c->combine) {
    line(E, arena_printf(E->arena, "{ %s zacc; memcpy(&zacc, (const char *)zp + (%s), sizeof zacc);", ct,
                         c->buf ? value_offset(E, c->g, j) : "0"));
  } else if (!c->buf) {
    line(E, arena_printf(E->arena, "{ const %s *zq_ = zp; %s zacc = zq_[0];", ct, ct));
    line(E, arena_printf(E->arena, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv = zq_[zq]; %s }", ct, step));
  } else {
    const char *off = value_offset(E, c->g, j);
    line(E, arena_printf(E->arena, "{ %s zacc; memcpy(&zacc, (const char *)zp + (%s), sizeof zacc);", ct, off));
    line(E, arena_printf(E->arena, "  for (int zq = 1; zq < zrt_processors(); zq++) { %s zv; "
                                   "memcpy(&zv, (const char *)zp + (size_t)zq * (%s) + (%s), sizeof zv); %s }",
                         ct, c->size, off, step));
  }
  line(E, arena_printf(E->arena, "  %s = zacc; }", target));
}

/* Lines that give member i its value: its reductions combined, the rest of its expression
 * evaluated (with target as x; names the rest reads through names, see rest_names), assigned. */
static void finish_member(Emitter *E, const GatherC *c, int i, const char *target, const PtrVec *names,
                          const PtrVec *name_vals, void (*line)(Emitter *, const char *)) {
  Stmt *st = member(c->g, i)->ast;
  int j0 = c->g->member_first[i], n = ir_split_values(st, NULL);
  if (n == 1 && value(c->g, j0) == st->rhs && type_same(st->lhs->type, st->rhs->type)) { /* x := op<< e */
    combine_value(E, c, j0, target, line);
    return;
  }
  for (int j = j0; j < j0 + n; j++) {
    const char *zc = emit_fresh(E, "zc");
    line(E, arena_printf(E->arena, "%s %s;", emit_ctype(E, value(c->g, j)->type), zc));
    combine_value(E, c, j, zc, line);
    hoisted(E, value(c->g, j), zc);
  }
  for (int k = 0; names && k < names->len; k++) hoisted(E, names->items[k], name_vals->items[k]);
  line(E, arena_printf(E->arena, "%s = %s;", target, emit_convert(E, st->rhs, st->lhs->type)));
  E->hoist_keys.len = E->hoist_vals.len = 0;
}

static void line_here(Emitter *E, const char *text) { emit_line(E, "  %s", text); }

static void line_global(Emitter *E, const char *text) { buf_printf(&E->globals, "  %s\n", text); }

/* The lines numbers of g's members, for comments. */
static const char *member_lines(Emitter *E, const IrGather *g) {
  const char *s = arena_printf(E->arena, "%d", member(g, 0)->line);
  for (int i = 1; i < g->members.len; i++) s = arena_printf(E->arena, "%s, %d", s, member(g, i)->line);
  return s;
}

/* IC_GATHER_BEGIN after the statements of a gather of several values. */
void gather_begin(Emitter *E, const IrGather *g) {
  GatherC *c = gather_c(E, g);
  emit_line(E, "%s = %s; /* lines %s in one gather */", c->handle,
            begin_call(E, c, c->buf, arena_printf(E->arena, "sizeof %s", c->buf)), member_lines(E, g));
}

/* IC_GATHER_END: combine each value's parts in process order and assign the members' variables. */
void gather_end(Emitter *E, const IrGather *g) {
  GatherC *c = gather_c(E, g);
  emit_line(E, "{ /* line%s %s: the reduction's result is needed from here on */", g->members.len > 1 ? "s" : "",
            member_lines(E, g));
  emit_line(E, "  const void *zp = zrt_allgather_end(%s);", c->handle);
  for (int i = 0; i < g->members.len; i++) finish_member(E, c, i, emit_expr(E, member(g, i)->ast->lhs), NULL, NULL, line_here);
  emit_line(E, "}");
}

/* Collect the names of variables and parameters e reads outside its full reductions. */
static void rest_names(Emitter *E, Expr *e, PtrVec *names) {
  if (!e || e->kind == EX_REDUCE) return;
  if (e->kind == EX_NAME && e->sym && (e->sym->kind == SYM_VAR || e->sym->kind == SYM_PARAM)) vec_push(E->arena, names, e);
  rest_names(E, e->lhs, names);
  rest_names(E, e->rhs, names);
  for (int i = 0; e->kind == EX_CALL && i < e->nargs; i++) rest_names(E, e->args[i], names);
}

/* IC_GATHER_DEFER: hand g to the runtime to complete later (a reduction that runs ahead): a
 * function that combines the values, evaluates the rest of each member's expression and assigns
 * its variable, which it gets, with the variables the rest reads, through pointers in its argument. */
void gather_defer(Emitter *E, const IrGather *g) {
  GatherC *c = gather_c(E, g);
  const char *done = emit_fresh(E, "zdone");
  PtrVec addrs = {0}, names = {0}, name_vals = {0};
  buf_printf(&E->globals, "/* line%s %s: the reduction's results, when their gather completes (run-ahead) */\n",
             g->members.len > 1 ? "s" : "", member_lines(E, g));
  buf_printf(&E->globals, "static void %s(const void *zp, void *zarg) {\n  void **zx = zarg; (void)zx;\n", done);
  for (int i = 0; i < g->members.len; i++) {
    Stmt *st = member(g, i)->ast;
    int first_name = names.len;
    rest_names(E, st->rhs, &names);
    for (int k = first_name; k < names.len; k++) {
      Expr *n = names.items[k];
      vec_push(E->arena, &name_vals, (void *)arena_printf(E->arena, "(*(%s *)zx[%d])", emit_ctype(E, n->type), addrs.len));
      vec_push(E->arena, &addrs, (void *)emit_expr(E, n));
    }
    const char *target = arena_printf(E->arena, "*(%s *)zx[%d]", emit_ctype(E, st->lhs->type), addrs.len);
    vec_push(E->arena, &addrs, (void *)emit_expr(E, st->lhs));
    PtrVec own_names = {names.items + first_name, names.len - first_name, 0};
    PtrVec own_vals = {name_vals.items + first_name, name_vals.len - first_name, 0};
    finish_member(E, c, i, target, &own_names, &own_vals, line_global);
  }
  buf_printf(&E->globals, "}\n");
  const char *args = emit_fresh(E, "zargs");
  emit_line(E, "{ static void *%s[%d]; /* line%s %s run%s ahead */", args, addrs.len, g->members.len > 1 ? "s" : "",
            member_lines(E, g), g->members.len > 1 ? "" : "s");
  for (int k = 0; k < addrs.len; k++) emit_line(E, "  %s[%d] = (void *)&%s;", args, k, (const char *)addrs.items[k]);
  emit_line(E, "  zrt_allgather_defer(%s, %s, %s); }", c->handle, done, args);
}

/* If e is the right-hand side of the statement being begun split-phase (IC_LINE_BEGIN), its record,
 * now begun, with a fresh handle named prefix...; else NULL. The *_begun functions then emit the
 * begin calls. */
static LineOpen *line_beginning(Emitter *E, const Expr *e, const char *prefix) {
  const IrComm *c = comm_at(E, e);
  LineOpen *d = E->beginning;
  if (!c || c->kind != IC_LINE_BEGIN || !d || d->begun) return NULL;
  d->handle = emit_fresh(E, prefix);
  d->begun = true;
  return d;
}

bool partial_begun(Emitter *E, const Expr *e, const char *zt, const char *zred) {
  LineOpen *d = line_beginning(E, e, "zlg");
  if (!d) return false;
  d->zt = zt;
  d->zred = zred;
  emit_line(E, "int %s = zrt_line_allgather_begin(%d, %s, %s.mem, zrt_array_elems(&%s) * sizeof(%s));", d->handle,
            E->cover_rank, zred, zt, zt, emit_ctype(E, e->type));
  return true;
}

bool flood_begun(Emitter *E, const Expr *e, const char *zf, const char *zt, const char *zs) {
  LineOpen *d = line_beginning(E, e, "zrm");
  if (!d) return false;
  emit_line(E, "zrt_remap_op *%s; { zrt_map zmp = zrt_map_flood(&%s); %s = zrt_remap_begin(&%s, &%s, &%s, &zmp, %d); }",
            d->handle, zf, d->handle, zt, E->cover, zs, e->loc.line);
  return true;
}

bool scan_begun(Emitter *E, const Expr *e, const char *lv, const char *zv, const char *lk, const char *zk, unsigned mask) {
  LineOpen *d = line_beginning(E, e, "zla");
  if (!d) return false;
  d->zt = lv;
  emit_line(E, "zrt_line_assembly *%s = zrt_line_assemble_begin(&%s, &%s, &%s, %uu, %d);", d->handle, lv, zv, E->cover, mask,
            e->loc.line);
  if (lk) {
    d->handle2 = emit_fresh(E, "zla");
    d->zk = lk;
    emit_line(E, "zrt_line_assembly *%s = zrt_line_assemble_begin(&%s, &%s, &%s, %uu, %d);", d->handle2, lk, zk, E->cover,
              mask, e->loc.line);
  }
  return true;
}

/* After the right-hand side of line statement d was hoisted and its communication begun: its SVs,
 * then keep what the end needs and leave the blocks open. */
void line_opened(Emitter *E, LineOpen *d) {
  comm_after(E);
  d->cover = E->cover;
  d->cover_sem = E->cover_sem;
  d->cover_rank = E->cover_rank;
  d->temps = E->temps;
  d->hoist_keys = E->hoist_keys;
  d->hoist_vals = E->hoist_vals;
  E->temps = E->hoist_keys = E->hoist_vals = (PtrVec){0};
  vec_push(E->arena, &E->open_lines, d);
}

/* IC_LINE_END of statement s, the innermost open one: combine (receive, scan) the parts, assign P,
 * close the blocks. */
void line_end(Emitter *E, const IrStmt *s) {
  if (!E->open_lines.len || ((LineOpen *)E->open_lines.items[E->open_lines.len - 1])->s != s) return;
  LineOpen *d = E->open_lines.items[--E->open_lines.len];
  CoverScope saved = cover_enter(E, d->cover, d->cover_sem, d->cover_rank);
  E->temps = d->temps;
  E->hoist_keys = d->hoist_keys;
  E->hoist_vals = d->hoist_vals;
  Expr *r = d->s->ast->rhs;
  emit_line(E, "/* line %d: the %s's result is needed from here on */", d->s->line,
            r->kind == EX_FLOOD ? "flood" : r->kind == EX_SCAN ? "scan" : "partial reduction");
  if (r->kind == EX_FLOOD) {
    emit_line(E, "zrt_remap_end(%s);", d->handle);
  } else if (r->kind == EX_SCAN) {
    emit_line(E, "zrt_line_assemble_end(%s);", d->handle);
    if (d->handle2) emit_line(E, "zrt_line_assemble_end(%s);", d->handle2);
    scan_rest(E, r, d->zt, d->zk);
  } else {
    combine_line(E, r, d->zt, d->zred, d->handle);
  }
  emit_assign_loops(E, d->s);
  if (d->region) region_close(E);
  cover_leave(E, saved);
}
