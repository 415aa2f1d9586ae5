/* emit_rows.c - statements under different covering regions whose rows share one loop nest
 * (passes/rows.c: IrStmt.rows_next). First each statement's covering region and checks, in order
 * (each under its own region: a ditto region means the one around the nest). Then, where the
 * run-time conditions hold (no array read at other indices shares a target's storage, the regions
 * of statements touching a common array do not meet, no region or target has a '*' dimension),
 * every statement's transfers and ghost views (those of statements that read one array through ghost
 * views under moves of the region around the nest as one transfer), and one nest over rows: its step k runs the k-th
 * row of this process's part of every statement's region in turn (in the order the rows lie in
 * memory), so the rows of the statements are in cache together, and two statements whose rows are
 * neighbours along the last dimension write them in one loop where their rows match (pairs); the
 * SVs and the views' ends after it. The shared transfer's DN the nest takes itself where
 * passes/overlap.c allows it (IrStmt.rows_overlap): it runs once per part zrt_xfer_split_rows
 * cuts, every statement's interior while the ghost cells travel, then its border. What every row
 * of a step shares (its counted loop's first index, step and count, the arrays' steps, each
 * offset's first row and distance between rows: emit_loops.c's step values) is declared once
 * before the rows. Else the statements as written, one after the other, each with its own
 * transfers. The conditions are the same on every process, so all take the same branch
 * (a pair's own condition may differ between processes: it only picks one loop or two). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"
#include "zrt_geom.h"

/* A statement of the nest and its covering region. */
typedef struct RowStmt {
  IrStmt *s;
  CoverScope cover;
} RowStmt;

/* The statement list item x stands for in a nest of rows: itself, or the one inside region statement x. */
static IrStmt *row_core(IrStmt *x) { return x->kind == IR_REGION && x->body.n == 1 ? x->body.items[0] : x; }

/* True if no operation comes between the n list items from l->items[i] on, nor inside their region
 * statements: the nest emits none there. */
static bool quiet_between(const IrList *l, int i, int n) {
  for (int k = 0; k < n; k++) {
    IrStmt *x = l->items[i + k], *c = row_core(x);
    if ((k > 0 && x->before.len) || (k < n - 1 && x->after.len) || (c != x && (c->before.len || c->after.len))) return false;
  }
  return true;
}

/* The covering region (a C zrt_region) of statement s of the nest. */
static const char *cover_of(const RowStmt *m, int n, const IrStmt *s) {
  for (int k = 0; k < n; k++)
    if (m[k].s == s) return m[k].cover.cover;
  return NULL; /* not reached: passes/rows.c pairs statements of the nest */
}

/* The C condition under which the rows may share the nest (see passes/rows.c). */
static const char *rows_condition(Emitter *E, const IrStmt *head, const RowStmt *m, int n) {
  Buf c = {0};
  for (int k = 0; k < n; k++)
    buf_printf(&c, "%s!%s.flood && !%s.flood", k ? " && " : "", m[k].cover.cover, emit_sym(E, m[k].s->writes));
  for (int i = 0; i + 1 < head->rows_unshared.len; i += 2)
    buf_printf(&c, " && !zrt_array_shares(&%s, &%s)", emit_sym(E, head->rows_unshared.items[i]),
               emit_sym(E, head->rows_unshared.items[i + 1]));
  for (int i = 0; i + 1 < head->rows_disjoint.len; i += 2)
    buf_printf(&c, " && zrt_regions_disjoint(&%s, &%s)", cover_of(m, n, head->rows_disjoint.items[i]),
               cover_of(m, n, head->rows_disjoint.items[i + 1]));
  const char *text = arena_printf(E->arena, "%s", c.data);
  free(c.data);
  return text;
}

/* The direction that moves list item x's covering region from the one around the nest ("" for
 * none: NULL returned, *none set); NULL if x's region is not one of those. */
static DirSyn *move_of(const IrStmt *x, bool *none) {
  *none = x->kind != IR_REGION;
  if (*none) return NULL;
  const Bracket *b = x->ast->region;
  if (!b || b->n != 1 || b->items[0].kind != BI_REGION) return NULL;
  const RegionSyn *rs = b->items[0].region;
  if (rs->kind != RX_AT || !rs->base || rs->base->kind != RX_DITTO) return NULL;
  return rs->dir;
}

/* The sign of component k of direction d ('+', '-' or '0'), from its value or its type; 0 if unknown. */
char direction_sign(Emitter *E, DirSyn *d, int k) {
  int rank;
  int64_t v[MAX_RANK];
  bool known;
  if (!d || !sema_dir(E->S, d, &rank, v, &known) || k >= rank) return 0;
  if (known) return v[k] > 0 ? '+' : v[k] < 0 ? '-' : '0';
  if (d->zero >> k & 1) return '0';
  const Type *t = d->kind == DIR_DESIG && d->desig ? d->desig->type : d->sym ? d->sym->type : NULL;
  return t && t->kind == TY_DIRECTION && (t->shape[k] == '+' || t->shape[k] == '-') ? t->shape[k] : 0;
}

/* The pair partner of list item i + j of the nest (a later statement writing the same array, whose
 * region is j's moved along the innermost dimension alone, as far as the directions' signs tell: the
 * two write neighbouring elements of one row, interp's parity classes of the last dimension), or -1;
 * *sign is the side of j's element that the partner's lies on. The rows' counts and the neighbours
 * are checked at run time (pair_condition). */
static int pair_partner(Emitter *E, const IrList *l, int i, const RowStmt *m, int n, int j, const bool *taken, int *sign) {
  int rank = m[j].s->ast->rank, inner = rank - 1;
  const Stmt *st = m[j].s->ast;
  if (taken[j] || st->lhs->kind != EX_NAME || !m[j].cover.sem || m[j].cover.sem->masked) return -1;
  bool none_j;
  DirSyn *dj = move_of(l->items[i + j], &none_j);
  if (!none_j && (!dj || direction_sign(E, dj, inner) != '0')) return -1;
  for (int p = j + 1; p < n; p++) {
    const Stmt *sp = m[p].s->ast;
    if (taken[p] || sp->lhs->kind != EX_NAME || m[p].s->writes != m[j].s->writes || sp->rank != st->rank || !m[p].cover.sem ||
        m[p].cover.sem->masked)
      continue;
    bool none_p;
    DirSyn *dp = move_of(l->items[i + p], &none_p);
    char last = dp ? direction_sign(E, dp, inner) : 0;
    if (!dp || (last != '+' && last != '-')) continue;
    bool same = true;
    for (int k = 0; k < inner && same; k++) same = (none_j ? '0' : direction_sign(E, dj, k)) == direction_sign(E, dp, k) && direction_sign(E, dp, k);
    if (!same) continue;
    *sign = last == '-' ? -1 : 1;
    return p;
  }
  return -1;
}

/* The C condition under which statements j and p of the nest run as a pair: the same rows (first
 * index, count and stride of this process's part in every outer dimension), as many elements in
 * the row at the same stride, and p's first target element the neighbour (sign) of j's. */
static const char *pair_condition(Emitter *E, const RowStmt *m, int j, int p, int sign) {
  int rank = m[j].s->ast->rank, inner = rank - 1;
  Buf c = {0};
  for (int k = 0; k < inner; k++)
    buf_printf(&c, "zrf%d_%d == zrf%d_%d && zrn%d_%d == zrn%d_%d && zrs%d_%d == zrs%d_%d && ", j, k, p, k, j, k, p, k, j, k, p, k);
  const char *u = emit_sym(E, m[j].s->writes);
  buf_printf(&c, "zrt_region_count(&zrm%d, %d) == zrt_region_count(&zrm%d, %d) && zrm%d.stride[%d] == zrm%d.stride[%d] && "
                 "zrt_array_cell(&%s, %d, zrt%d.lo[%d]) - zrt_array_cell(&%s, %d, zrt%d.lo[%d]) == %d",
             j, inner, p, inner, j, inner, p, inner, u, inner, p, inner, u, inner, j, inner, sign);
  const char *text = arena_strdup(E->arena, c.data);
  free(c.data);
  return text;
}

/* The order of the statements within a step of the nest: by where their rows lie in memory, as
 * far as the signs of their moves tell (a row moved down an outer dimension comes before one not
 * moved), so that every plane's rows are visited upwards, as a stream (interp's parity classes
 * in program order would visit rows 2, 1, 4, 3, ...); in program order where a sign is unknown.
 * Any order keeps the nest's meaning: its statements touch no element another one writes. */
static int *step_order(Emitter *E, const IrList *l, int i, const RowStmt *m, int n) {
  int *order = ARENA_ARRAY(E->arena, int, n), *key = ARENA_ARRAY(E->arena, int, n);
  int outer = m[0].s->ast->rank - 1;
  bool known = true;
  for (int j = 0; j < n; j++) {
    order[j] = j;
    bool none;
    DirSyn *d = move_of(l->items[i + j], &none);
    for (int k = 0; k < outer; k++) {
      char c = none ? '0' : d ? direction_sign(E, d, k) : 0;
      known &= c != 0;
      key[j] = 3 * key[j] + (c == '-' ? 0 : c == '0' ? 1 : 2);
    }
  }
  for (int j = 1; known && j < n; j++) /* a stable insertion sort: n is small */
    for (int p = j; p > 0 && key[order[p - 1]] > key[order[p]]; p--) {
      int t = order[p];
      order[p] = order[p - 1];
      order[p - 1] = t;
    }
  return order;
}

/* Statement j's row of the nest's step, over its row alone (partner -1), or with its partner's. */
static void row_step(Emitter *E, const RowStmt *m, int j, int partner, int sign) {
  int rank = m[j].s->ast->rank, outer = rank - 1;
  Buf has = {0};
  for (int k = 0; k < outer; k++) buf_printf(&has, "%szr%d < zrn%d_%d", k ? " && " : "", k, j, k);
  emit_line(E, "if (%s) {", has.data ? has.data : "1");
  free(has.data);
  E->indent++;
  /* zrt<j> is the row: its outer indices set, the rest kept from step to step (no copy) */
  for (int k = 0; k < outer; k++) emit_line(E, "zrt%d.lo[%d] = zrt%d.hi[%d] = zrt%d.align[%d] = zrf%d_%d + zr%d * zrs%d_%d;", j, k, j, k, j, k, j, k, k, j, k);
  E->step_region = arena_printf(E->arena, "zrt%d", j);
  for (int k = 0; k < outer; k++) {
    E->row_first[k] = arena_printf(E->arena, "zrf%d_%d", j, k);
    E->row_step[k] = arena_printf(E->arena, "zrs%d_%d", j, k);
    E->row_var[k] = arena_printf(E->arena, "zr%d", k);
  }
  cover_enter(E, E->step_region, m[j].cover.sem, m[j].cover.rank);
  if (partner < 0) emit_direct_loops(E, m[j].s, rank, ir_elements_independent_if(m[j].s, true), true);
  else
    emit_pair_loops(E, m[j].s, m[partner].s, rank,
                    ir_elements_independent_if(m[j].s, true) && ir_elements_independent_if(m[partner].s, true),
                    arena_printf(E->arena, "zpd%d", j), sign);
  E->indent--;
  emit_line(E, "}");
}

/* Open the loop over the parts of a nest split for transfer split (C name), the interiors while the
 * ghost cells travel, then the borders (zrt_xfer_split_rows): each part's zrm<j> is statement j's
 * part; zpn<j> and zpo<j> count pair j's parts that have rows, and those run in one loop. */
static void parts_open(Emitter *E, const RowStmt *m, int n, const int *partner, const char *split) {
  Buf covers = {0};
  for (int j = 0; j < n; j++) buf_printf(&covers, "%s&%s", j ? ", " : "", m[j].cover.cover);
  emit_line(E, "zrt_region zrp[%d * ZRT_SPLIT_MAX]; int zborder;", n);
  emit_line(E, "const int znparts = zrt_xfer_split_rows(zrp, &zborder, %d, (const zrt_region *const[]){%s}, &%s);", n, covers.data,
            split);
  free(covers.data);
  for (int j = 0; j < n; j++)
    if (partner[j] >= 0) emit_line(E, "int zpn%d = 0, zpo%d = 0;", j, j);
  emit_line(E, "for (int zpart = 0; zpart < znparts; zpart++) {");
  E->indent++;
  emit_line(E, "if (zpart > 0) zrt_xfer_part(&%s, zpart, zborder);", split);
}

/* Close the loop over the parts: DN if no part took it; a pair ran in one loop if it did so in
 * every part that had its rows. */
static void parts_close(Emitter *E, int n, const int *partner, const char *split) {
  E->indent--;
  emit_line(E, "}");
  emit_line(E, "if (znparts <= zborder) zrt_dn(&%s);", split);
  for (int j = 0; j < n; j++)
    if (partner[j] >= 0) emit_line(E, "zrt_pair_note(zpo%d == zpn%d);", j, j);
}

/* The nest over rows: the counts of this process's rows of every statement in each outer
 * dimension, then for each step the statements that have that row, each over its row alone, or a
 * pair of them in one loop where pair_partner pairs them and their rows match at run time. */
static void rows_loops(Emitter *E, const IrList *l, int i, const RowStmt *m, int n, const char *split) {
  int rank = m[0].s->ast->rank, outer = rank - 1;
  int *partner = ARENA_ARRAY(E->arena, int, n), *sign = ARENA_ARRAY(E->arena, int, n);
  bool *taken = ARENA_ARRAY(E->arena, bool, n);
  for (int j = 0; j < n; j++) {
    partner[j] = pair_partner(E, l, i, m, n, j, taken, &sign[j]);
    if (partner[j] >= 0) taken[j] = taken[partner[j]] = true;
  }
  emit_line(E, "{");
  E->indent++;
  if (split) parts_open(E, m, n, partner, split);
  for (int j = 0; j < n; j++) {
    if (split) emit_line(E, "const zrt_region zrm%d = zrp[%d * ZRT_SPLIT_MAX + zpart]; ZRT_WORK(zrm%d);", j, j, j);
    else emit_line(E, "zrt_region zrm%d; zrt_region_mine(&zrm%d, &%s); ZRT_WORK(zrm%d);", j, j, m[j].cover.cover, j);
    for (int k = 0; k < outer; k++)
      emit_line(E, "const int64_t zrf%d_%d = zrt_region_first(&zrm%d, %d, zrm%d.lo[%d]), zrn%d_%d = zrt_region_count(&zrm%d, %d), "
                   "zrs%d_%d = zrm%d.stride[%d];", j, k, j, k, j, k, j, k, j, k, j, k, j, k);
    /* the rows: one index in each outer dimension (stride 1), the inner one from its first index
     * (aligned there, so that the loop finds it without dividing) */
    emit_line(E, "zrt_region zrt%d = zrm%d;", j, j);
    for (int k = 0; k < outer; k++) emit_line(E, "zrt%d.stride[%d] = 1;", j, k);
    emit_line(E, "zrt%d.lo[%d] = zrt%d.align[%d] = zrt_region_first(&zrm%d, %d, zrm%d.lo[%d]);", j, outer, j, outer, j, outer, j, outer);
  }
  for (int k = 0; k < outer; k++) {
    emit_line(E, "int64_t zrr%d = zrn0_%d;", k, k);
    for (int j = 1; j < n; j++) emit_line(E, "if (zrn%d_%d > zrr%d) zrr%d = zrn%d_%d;", j, k, k, k, j, k);
  }
  Buf len = {0}; /* the elements of a row of every statement: the progress made at each row */
  for (int j = 0; j < n; j++) buf_printf(&len, "%szrt_region_count(&zrm%d, %d)", j ? " + " : "", j, outer);
  emit_line(E, "const int64_t zrlen = %s;", len.data ? len.data : "0");
  free(len.data);
  for (int j = 0; j < n; j++) {
    if (partner[j] < 0) continue;
    emit_line(E, "const int64_t zpd%d = zrt%d.lo[%d] - zrt%d.lo[%d]; (void)zpd%d;", j, partner[j], outer, j, outer, j);
    emit_line(E, "const bool zpair%d = %s;", j, pair_condition(E, m, j, partner[j], sign[j]));
    if (!split) {
      emit_line(E, "zrt_pair_note(zpair%d);", j);
      continue;
    }
    Buf rows = {0};
    for (int k = 0; k < outer; k++) buf_printf(&rows, "zrn%d_%d > 0 && ", j, k);
    emit_line(E, "if (%szrt_region_count(&zrm%d, %d) > 0) { zpn%d++; zpo%d += zpair%d; }", rows.data ? rows.data : "", j, outer, j, j, j);
    free(rows.data);
  }
  /* the steps go to a buffer first: the reads' offsets their nests collect are the same at every
   * step, declared once in front of them */
  Buf steps = {0};
  Buf *out = E->out;
  PtrVec offsets = {0}, prelude = {0};
  E->out = &steps;
  E->offsets_out = &offsets;
  E->step_prelude = &prelude; /* and the values every row shares */
  E->step_names.len = 0;
  E->step_values.len = 0;
  for (int k = 0; k < outer; k++) {
    emit_line(E, "for (int64_t zr%d = 0; zr%d < zrr%d; zr%d++) {", k, k, k, k);
    E->indent++;
  }
  emit_line(E, "ZRT_POLL(zrlen);");
  bool whole = E->loops_whole;
  E->loops_whole = true; /* each row is already this process's */
  int *order = step_order(E, l, i, m, n);
  for (int o = 0; o < n; o++) {
    int j = order[o];
    if (taken[j] && partner[j] < 0) continue; /* a partner: with the statement it pairs with */
    if (partner[j] < 0) {
      row_step(E, m, j, -1, 0);
      continue;
    }
    emit_line(E, "if (zpair%d) {", j);
    E->indent++;
    row_step(E, m, j, partner[j], sign[j]);
    E->indent--;
    emit_line(E, "} else {");
    E->indent++;
    row_step(E, m, j, -1, 0);
    row_step(E, m, partner[j], -1, 0);
    E->indent--;
    emit_line(E, "}");
  }
  E->loops_whole = whole;
  for (int k = 0; k < outer; k++) {
    E->indent--;
    emit_line(E, "}");
  }
  E->out = out;
  E->offsets_out = NULL;
  E->step_prelude = NULL;
  E->step_region = NULL;
  for (int k = 0; k < MAX_RANK; k++) E->row_var[k] = NULL;
  anchors_emit_offsets(E, &offsets);
  for (int k = 0; k < prelude.len; k++) emit_line(E, "%s", (const char *)prelude.items[k]);
  if (steps.data) buf_add(E->out, steps.data);
  free(steps.data);
  if (split) parts_close(E, n, partner, split);
  E->indent--;
  emit_line(E, "}");
}

/* The move (a C int64_t array) that makes list item x's covering region out of the one around the
 * nest: "" for none (x has no region of its own), dir for [" at dir]; NULL for any other region. */
static const char *moved_by(Emitter *E, const IrStmt *x) {
  bool none;
  DirSyn *d = move_of(x, &none);
  return none ? "" : d ? emit_dir(E, d) : NULL;
}

/* The transfer made before statement s's right-hand side if every item of it is a ghost view of
 * one array (wrapping or not) and its DN is not split off into the loop nest, else NULL. */
static const IrTransfer *view_transfer(Emitter *E, const IrStmt *s) {
  const PtrVec *ops = ir_comm_at(E->arena, E->ir, s->ast->rhs);
  const IrTransfer *t = NULL;
  for (int i = 0; ops && i < ops->len; i++) {
    const IrComm *c = ops->items[i];
    if (c->kind == IC_XFER_BEGIN && c->when == IW_BEFORE && !t) t = c->t;
    else if (c->kind == IC_XFER_BEGIN || c->when == IW_NEST) return NULL;
  }
  if (!t || !t->dynamic || t->items.len == 0) return NULL;
  const IrShift *f = t->items.items[0];
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *sh = t->items.items[i];
    if (!sh->dynamic || sh->array != f->array || sh->wrap != f->wrap) return NULL;
  }
  return t;
}

/* Statements of the nest that read the same array through ghost views, each under the region
 * around the nest or that region moved (interp's seven parity classes of the finer level, each
 * reading the coarser one), share one transfer under the region around the nest: one exchange
 * instead of one each (views_merged), at most ZG_MAX_ITEMS shifts. Returns the transfer (C name)
 * whose DN the nest takes between the statements' interiors and their borders, where every
 * statement allows it (IrStmt.rows_overlap), else NULL. */
static const char *merge_transfers(Emitter *E, IrList *l, int i, const RowStmt *m, int n, const char *around) {
  const IrTransfer **ts = ARENA_ARRAY(E->arena, const IrTransfer *, n);
  const char **moved = ARENA_ARRAY(E->arena, const char *, n);
  int count = 0, items = 0;
  for (int k = 0; k < n; k++) {
    const IrTransfer *t = view_transfer(E, m[k].s);
    const char *by = t ? moved_by(E, l->items[i + k]) : NULL;
    if (!by) continue;
    const IrShift *f = t->items.items[0], *g = count ? ts[0]->items.items[0] : f;
    if (f->array != g->array || f->wrap != g->wrap || items + t->items.len > ZG_MAX_ITEMS) continue;
    ts[count] = t;
    moved[count++] = by;
    items += t->items.len;
  }
  if (count < 2) return NULL;
  bool split = n <= ZRT_ROWS_SPLIT_MAX;
  for (int k = 0; k < n && split; k++) split = m[k].s->rows_overlap;
  const char *x = emit_xfer_name(E, ts[0]);
  views_merged(E, ts, moved, count, around, x, split);
  return split ? x : NULL;
}

/* Each statement's transfers, ghost views and hoisted values, under its own region. */
static void prologues(Emitter *E, const RowStmt *m, int n) {
  for (int k = 0; k < n; k++) {
    cover_leave(E, m[k].cover);
    hoist(E, m[k].s->ast->rhs, true);
  }
}

int emit_row_nest(Emitter *E, IrList *l, int i) {
  IrStmt *head = row_core(l->items[i]);
  if (!head->rows_next || (i > 0 && row_core(l->items[i - 1])->rows_next)) return 0;
  int n = 1;
  while (i + n < l->n && row_core(l->items[i + n - 1])->rows_next) n++;
  if (!quiet_between(l, i, n)) return 0; /* each statement by itself */
  RowStmt *m = ARENA_ARRAY(E->arena, RowStmt, n);
  CoverScope outer = {E->cover, E->cover_sem, E->cover_rank};
  Buf lines = {0};
  for (int k = 0; k < n; k++) buf_printf(&lines, "%s%d", k == 0 ? "" : k == n - 1 ? " and " : ", ", row_core(l->items[i + k])->line);
  emit_line(E, "{ /* lines %s: their rows in one loop nest */", lines.data ? lines.data : "");
  free(lines.data);
  E->indent++;
  int regions = 0;
  for (int k = 0; k < n; k++) {
    IrStmt *x = l->items[i + k];
    cover_leave(E, outer); /* a ditto region is the one around the nest */
    if (x != row_core(x)) {
      region_open(E, x->ast, x->ast->cover);
      regions++;
    }
    m[k].s = row_core(x);
    m[k].cover = (CoverScope){E->cover, E->cover_sem, E->cover_rank};
    target_checks(E, m[k].s->ast->lhs);
    access_checks(E, m[k].s->ast->rhs);
  }
  /* the nest: every transfer first (no statement changes what another's read) */
  emit_line(E, "if (%s) {", rows_condition(E, head, m, n));
  E->indent++;
  cover_leave(E, outer);
  const char *split = merge_transfers(E, l, i, m, n, outer.cover);
  prologues(E, m, n);
  rows_loops(E, l, i, m, n, split);
  hoist_reset(E);
  E->merged_xfers.len = 0;
  E->indent--;
  /* else as written: each statement's transfers after the statements before it */
  emit_line(E, "} else {");
  E->indent++;
  E->general_only = true; /* it rarely runs: its loops without their constant-step versions */
  for (int k = 0; k < n; k++) {
    prologues(E, m + k, 1);
    emit_assign_nest(E, m[k].s);
    hoist_reset(E);
  }
  E->general_only = false;
  E->indent--;
  emit_line(E, "}");
  cover_leave(E, outer);
  for (int k = 0; k < regions; k++) region_close(E);
  E->indent--;
  emit_line(E, "}");
  return n;
}
