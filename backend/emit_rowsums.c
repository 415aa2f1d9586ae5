/* emit_rowsums.c - partial sums along the last dimension (NAS MG's u1/u2, r1/r2, x1/y1): sums of
 * reads of one array through a ghost view that are the same sum moved along the last dimension,
 * computed once per row into a buffer and read from it at their distance.
 *
 * In a nest over a strided region (emit_loops.c counts its rows), a sum (u@^dir0N0[k] +
 * u@^dir010[k] + ...), parenthesised as the program writes it, whose terms all lie on one side of
 * the last dimension (or on it), and another sum of the same shape whose terms are the first's
 * moved by one distance along the last dimension alone, are one family: its first member is
 * computed for every cell of the row that any member reads, into a buffer (zsb<f>, the runtime's
 * zrt_row_buffer), before the row's loop, which reads each member from it; the families through
 * one view share their range of cells and one loop fills them all. The sums are the
 * program's, term by term in its order, so the values are the same bit for bit. Whether the
 * directions really are moves of each other is known at run time only: the nest runs so where
 * they are (rowsums_condition), else as written. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

#define SUM_LEAVES 16
#define FAMILY_MEMBERS 8

/* A sum of reads through one ghost view: its terms in order. */
typedef struct SumMember {
  Expr *e;
  int n;
  Expr *leaf[SUM_LEAVES];
  const EmitView *view[SUM_LEAVES];
} SumMember;

/* Sums of one shape through one view whose terms are moves of each other along the last dimension. */
typedef struct SumFamily {
  int id;
  const Symbol *sym;         /* the view */
  int n;
  SumMember *m[FAMILY_MEMBERS];
} SumFamily;

/* True if e is a sum (+ only) of reads through ghost views of one symbol; appends its terms to m. */
static bool sum_terms(Emitter *E, Expr *e, SumMember *m) {
  if (e->kind == EX_BINARY && e->op == OP_ADD) return sum_terms(E, e->lhs, m) && sum_terms(E, e->rhs, m);
  if (e->kind != EX_SHIFT || m->n == SUM_LEAVES || emit_hoisted(E, e)) return false;
  const EmitView *v = emit_view_of(E, e);
  if (!v || (m->n > 0 && v->sym != m->view[0]->sym)) return false;
  m->leaf[m->n] = e;
  m->view[m->n++] = v;
  return true;
}

/* The rank of a term's array. */
static int leaf_rank(const Expr *leaf) { return sema_base_symbol(leaf->base)->type->rank; }

/* The sign of the last component of a term's direction ('+', '-', '0'; 0 if unknown). */
static char last_sign(Emitter *E, const Expr *leaf) { return direction_sign(E, leaf->dir, leaf_rank(leaf) - 1); }

/* True if a and b have the same shape of sums. */
static bool same_shape(const Expr *a, const Expr *b) {
  bool sa = a->kind == EX_BINARY, sb = b->kind == EX_BINARY;
  if (sa != sb) return false;
  return !sa || (same_shape(a->lhs, b->lhs) && same_shape(a->rhs, b->rhs));
}

/* True if b may be a moved along the last dimension: the same view and shape, each term's signs the
 * same but for the last, which is one sign in each of the two and differs between them. */
static bool moved_along_last(Emitter *E, const SumMember *a, const SumMember *b) {
  if (a->n != b->n || a->view[0]->sym != b->view[0]->sym || !same_shape(a->e, b->e)) return false;
  int last = leaf_rank(a->leaf[0]) - 1;
  if (last_sign(E, a->leaf[0]) == last_sign(E, b->leaf[0])) return false;
  for (int j = 0; j < a->n; j++) {
    for (int k = 0; k < last; k++) {
      char s = direction_sign(E, a->leaf[j]->dir, k);
      if (!s || s != direction_sign(E, b->leaf[j]->dir, k)) return false;
    }
  }
  return true;
}

/* Collect the sums of e that may be members (maximal ones: a sum's own parts are not). */
static void collect_sums(Emitter *E, Expr *e, PtrVec *sums) {
  if (!e) return;
  if (e->kind == EX_BINARY && e->op == OP_ADD) {
    SumMember *m = ARENA_NEW(E->arena, SumMember);
    m->e = e;
    bool uniform = sum_terms(E, e, m) && m->n >= 2 && last_sign(E, m->leaf[0]);
    for (int j = 1; uniform && j < m->n; j++) uniform = last_sign(E, m->leaf[j]) == last_sign(E, m->leaf[0]);
    if (uniform) {
      vec_push(E->arena, sums, m);
      return;
    }
  }
  if (e->kind == EX_BINARY) {
    collect_sums(E, e->lhs, sums);
    collect_sums(E, e->rhs, sums);
  } else if (e->kind == EX_UNARY) collect_sums(E, e->rhs, sums);
}

bool rowsums_find(Emitter *E, Expr *rhs) {
  E->rowsum_families.len = 0;
  PtrVec sums = {0};
  collect_sums(E, rhs, &sums);
  bool *taken = ARENA_ARRAY(E->arena, bool, sums.len ? sums.len : 1);
  for (int i = 0; i < sums.len; i++) {
    if (taken[i]) continue;
    SumFamily *f = ARENA_NEW(E->arena, SumFamily);
    f->m[f->n++] = sums.items[i];
    f->sym = f->m[0]->view[0]->sym;
    for (int j = i + 1; j < sums.len && f->n < FAMILY_MEMBERS; j++)
      if (!taken[j] && moved_along_last(E, f->m[0], sums.items[j])) {
        bool again = false; /* one member a distance: a second one would be a copy */
        for (int p = 1; p < f->n; p++) again |= last_sign(E, f->m[p]->leaf[0]) == last_sign(E, ((SumMember *)sums.items[j])->leaf[0]);
        if (again) continue;
        f->m[f->n++] = sums.items[j];
        taken[j] = true;
      }
    if (f->n < 2 || E->rowsum_families.len == ZRT_ROW_BUFFERS) continue; /* alone: read in place */
    f->id = E->rowsum_families.len;
    vec_push(E->arena, &E->rowsum_families, f);
  }
  return E->rowsum_families.len > 0;
}

/* Component k of term j of member m's direction (the view's direction scalar). */
static const char *comp(Emitter *E, const SumMember *m, int j, int k) { return arena_printf(E->arena, "%s_%d", m->view[j]->dvar, k); }

const char *rowsums_condition(Emitter *E) {
  Buf c = {0};
  for (int i = 0; i < E->rowsum_families.len; i++) {
    const SumFamily *f = E->rowsum_families.items[i];
    const SumMember *b = f->m[0];
    int last = leaf_rank(b->leaf[0]) - 1;
    const char *a = emit_sym(E, (Symbol *)f->sym);
    buf_printf(&c, "%s%s.stride[%d] == 1", c.len ? " && " : "", a, last);
    for (int p = 1; p < f->n; p++) {
      const SumMember *m = f->m[p];
      const char *d0 = arena_printf(E->arena, "(%s - %s)", comp(E, m, 0, last), comp(E, b, 0, last));
      buf_printf(&c, " && zrt_divides(%s.step[%d] > 1 ? %s.step[%d] : 1, %s)", a, last, a, last, d0);
      for (int j = 0; j < b->n; j++) {
        for (int k = 0; k < last; k++) buf_printf(&c, " && %s == %s", comp(E, m, j, k), comp(E, b, j, k));
        if (j > 0) buf_printf(&c, " && %s - %s == %s", comp(E, m, j, last), comp(E, b, j, last), d0);
      }
    }
  }
  const char *r = arena_strdup(E->arena, c.data ? c.data : "1");
  free(c.data);
  return r;
}

/* The cells between member p and the first along the last dimension (C, exact under the condition). */
static const char *distance(Emitter *E, const SumFamily *f, int p) {
  if (p == 0) return "0";
  int last = leaf_rank(f->m[0]->leaf[0]) - 1;
  const char *a = emit_sym(E, (Symbol *)f->sym);
  return arena_printf(E->arena, "zrt_cell(%s - %s, 0, %s.shift[%d], %s.inv[%d])", comp(E, f->m[p], 0, last), comp(E, f->m[0], 0, last), a,
                      last, a, last);
}

/* The first family of the nest through f's view: the families through one view share one range of
 * cells and are filled by one loop. */
static const SumFamily *first_of_view(Emitter *E, const SumFamily *f) {
  for (int i = 0;; i++) {
    const SumFamily *g = E->rowsum_families.items[i];
    if (g->sym == f->sym) return g;
  }
}

void rowsums_buffers(Emitter *E) {
  for (int i = 0; i < E->rowsum_families.len; i++) {
    const SumFamily *f = E->rowsum_families.items[i];
    const char *lo = arena_printf(E->arena, "zsl%d", f->id), *hi = arena_printf(E->arena, "zsh%d", f->id);
    const char *n = arena_printf(E->arena, "zsn%d", f->id);
    const SumFamily *first = first_of_view(E, f);
    if (first != f) { /* the range of the view's first family (its first cell and length) */
      step_value(E, lo, arena_printf(E->arena, "zsl%d", first->id));
      step_value(E, n, arena_printf(E->arena, "zsn%d", first->id));
    } else {
      /* the lowest and highest distances of the families through f's view */
      const char *lows = "0", *highs = "0";
      for (int j = i; j < E->rowsum_families.len; j++) {
        const SumFamily *g = E->rowsum_families.items[j];
        if (g->sym != f->sym) continue;
        for (int p = 1; p < g->n; p++) {
          const char *d = step_shared(E, distance(E, g, p));
          lows = arena_printf(E->arena, "(%s < %s ? %s : %s)", d, lows, d, lows);
          highs = arena_printf(E->arena, "(%s > %s ? %s : %s)", d, highs, d, highs);
        }
      }
      step_value(E, lo, lows);
      step_value(E, hi, highs);
      const char *cnt = arena_printf(E->arena, "%s_cn%d", E->step_region, E->counted_dim);
      const char *st = counted_step_value(E, f->sym);
      /* rounded up: the fill loop ends without a scalar tail (ZRT_FILL_ROUND, rtl/zrt/zrt.h) */
      step_value(E, n, arena_printf(E->arena, "((%s > 0 ? (%s - 1) * %s : 0) + %s - %s + ZRT_FILL_ROUND) / ZRT_FILL_ROUND * ZRT_FILL_ROUND", cnt,
                                    cnt, st, hi, lo));
    }
    const char *ct = emit_ctype(E, f->m[0]->e->type);
    vec_push(E->arena, E->step_prelude,
             arena_printf(E->arena, "%s *const zsb%d = (%s *)zrt_row_buffer(%d, (size_t)zsn%d * sizeof(%s));", ct, f->id, ct, f->id, f->id, ct));
  }
}

/* The family and member of sum e, or NULL. */
static const SumFamily *member_of(Emitter *E, const Expr *e, int *p) {
  for (int i = 0; i < E->rowsum_families.len; i++) {
    const SumFamily *f = E->rowsum_families.items[i];
    for (*p = 0; *p < f->n; (*p)++)
      if (f->m[*p]->e == e) return f;
  }
  return NULL;
}

const char *rowsums_read(Emitter *E, const Expr *e) {
  if (!E->rowsums_on || E->rowsum_filling) return NULL;
  int p;
  const SumFamily *f = member_of(E, e, &p);
  if (!f) return NULL;
  int k = E->counted_dim;
  return arena_printf(E->arena, "zsb%d[zct%d * zst_%s + %s - zsl%d]", f->id, k, f->sym->name, step_shared(E, distance(E, f, p)), f->id);
}

/* C: family f's first member at cell zb of its buffer. */
static const char *fill_value(Emitter *E, const SumFamily *f) {
  E->rowsum_filling = true;
  E->counted_override_sym = f->sym;
  E->counted_override = arena_printf(E->arena, "(zb + zsl%d)", f->id);
  const char *v = emit_expr(E, f->m[0]->e);
  E->counted_override_sym = NULL;
  E->counted_override = NULL;
  E->rowsum_filling = false;
  return v;
}

/* One loop per view, filling the buffers of all its families (NPB's u1 and u2 together): the
 * same rows read, one loop's overhead. */
const char *rowsums_fill(Emitter *E) {
  Buf b = {0};
  for (int i = 0; i < E->rowsum_families.len; i++) {
    const SumFamily *f = E->rowsum_families.items[i];
    if (first_of_view(E, f) != f) continue;
    buf_printf(&b, "#pragma omp simd\nfor (int64_t zb = 0; zb < zsn%d; zb++) {\n", f->id);
    for (int j = i; j < E->rowsum_families.len; j++) {
      const SumFamily *g = E->rowsum_families.items[j];
      if (g->sym == f->sym) buf_printf(&b, "  zsb%d[zb] = %s;\n", g->id, fill_value(E, g));
    }
    buf_printf(&b, "}\n");
  }
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}
