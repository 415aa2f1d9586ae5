/* emit_views.c - shifts by directions known only at run time (direction constants, section 15.1:
 * U@^dir110[k]) read through ghost cells. Before the transfer of such shifts, the statement
 * evaluates each direction once into scalars and asks the runtime for a ghost view of every array
 * shifted so (zrt_ghost_view, rtl/zrt/zrt_view.c): the array itself when its ghost cells are wide
 * enough (arrays that are, Symbol.dyn_ghost, are allocated with one cell more around every
 * dimension: emit_decls.c), else a copy with wider ones. The transfer fills the view's ghost cells
 * (wrapped around for @^) and the loop nest reads the shifted elements from it, with no
 * temporary over the covering region and no remap. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* A made-up symbol for view number id of array a: its C lvalue is (*zvID), the loop nest's hoisted
 * pointer zp_IDv (no program name begins with a digit). */
static Symbol *view_symbol(Emitter *E, const Symbol *a, int id) {
  Symbol *v = ARENA_NEW(E->arena, Symbol);
  *v = *a;
  v->kind = SYM_PARAM; /* not a distinct variable: its pointer is not restrict */
  v->mode = PM_IN;
  v->name = arena_printf(E->arena, "%dv", id);
  v->c_name = arena_printf(E->arena, "(*zv%d)", id);
  return v;
}

/* Declare the scalars name_0, name_1, ... of the components of direction dir (a C int64_t array) of
 * rank rank; their list goes into *list (NULL: nowhere). */
static void direction_scalars(Emitter *E, const char *name, const char *dir, int rank, Buf *list) {
  Buf line = {0};
  for (int k = 0; k < rank; k++) {
    buf_printf(&line, "%s%s_%d = %s[%d]", k ? ", " : "const int64_t ", name, k, dir, k);
    if (list) buf_printf(list, "%s%s_%d", list->len ? ", " : "", name, k);
  }
  emit_line(E, "%s;", line.data);
  free(line.data);
}

/* Shift sh of view id, the n-th: its direction as the scalars zvdID_N_k (listed in *dirs) and the
 * record of what it reads (its symbol set by view_done). */
static void view_shift(Emitter *E, const IrShift *sh, int id, int n, Buf *dirs) {
  const char *dvar = arena_printf(E->arena, "zvd%d_%d", id, n);
  direction_scalars(E, dvar, emit_dir(E, sh->expr->dir), sh->rank, dirs);
  EmitView *v = ARENA_NEW(E->arena, EmitView);
  v->shift = sh->expr;
  v->dvar = dvar;
  vec_push(E->arena, &E->views, v);
}

/* View id of array a, read by the last n shifts recorded: their symbol, and the view to end when the
 * statement is done. Returns the symbol. */
static Symbol *view_done(Emitter *E, const Symbol *a, int id, int n) {
  Symbol *sym = view_symbol(E, a, id);
  for (int i = E->views.len - n; i < E->views.len; i++) ((EmitView *)E->views.items[i])->sym = sym;
  EmitView *end = ARENA_NEW(E->arena, EmitView);
  end->sym = sym;
  end->tmp = arena_printf(E->arena, "zvt%d", id);
  end->dvar = arena_printf(E->arena, "zv%d", id);
  vec_push(E->arena, &E->views_open, end);
  return sym;
}

/* True if item sh is dynamic and shifts the same array the same way (wrapping or not) as item first. */
static bool same_view(const IrShift *first, const IrShift *sh) {
  return sh->dynamic && sh->array == first->array && sh->wrap == first->wrap;
}

/* The view of the dynamic items of t like item `first` (the first of them): their directions as
 * scalars, the view, and what each shift reads. */
static void view_of_group(Emitter *E, const IrTransfer *t, int first, const char *c) {
  const IrShift *f = t->items.items[first];
  int id = ++E->nviews, n = 0;
  Buf dirs = {0};
  for (int i = first; i < t->items.len; i++)
    if (same_view(f, t->items.items[i])) view_shift(E, t->items.items[i], id, n++, &dirs);
  view_done(E, f->array, id, n);
  emit_line(E, "zrt_array zvt%d; zrt_array *const zv%d = zrt_ghost_view(&%s, &%s, %d, %d, (int64_t[]){%s}, &zvt%d, %d);", id, id,
            emit_sym(E, f->array), c, f->wrap, n, dirs.data, id, t->line);
  free(dirs.data);
}

void views_begin(Emitter *E, const IrTransfer *t, const char *c) {
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *sh = t->items.items[i];
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = same_view(sh, t->items.items[j]);
    if (sh->dynamic && !seen) view_of_group(E, t, i, c);
  }
}

void views_merged(Emitter *E, const IrTransfer *const *ts, const char *const *moved, int n, const char *c, const char *x,
                  bool nest_dn) {
  const IrShift *f = ts[0]->items.items[0];
  int id = ++E->nviews, rank = f->rank, count = 0;
  Buf dirs = {0}, moves = {0}, lines = {0};
  for (int i = 0; i < n; i++) {
    buf_printf(&lines, "%s%d", i ? ", " : "", ts[i]->line);
    const char *mv = NULL;
    if (*moved[i]) {
      mv = arena_printf(E->arena, "zvm%d_%d", id, i);
      direction_scalars(E, mv, moved[i], rank, NULL);
    }
    for (int j = 0; j < ts[i]->items.len; j++) {
      view_shift(E, ts[i]->items.items[j], id, count++, &dirs);
      for (int k = 0; k < rank; k++)
        buf_printf(&moves, "%s%s", moves.len ? ", " : "", mv ? arena_printf(E->arena, "%s_%d", mv, k) : "0");
    }
  }
  Symbol *sym = view_done(E, f->array, id, count);
  emit_line(E, "/* the transfers of lines %s as one: each shift under its statement's region, this one moved */", lines.data);
  emit_line(E, "const int64_t zvmv%d[] = {%s};", id, moves.data);
  emit_line(E, "zrt_array zvt%d; zrt_array *const zv%d = zrt_ghost_view_moved(&%s, &%s, %d, %d, (int64_t[]){%s}, zvmv%d, &zvt%d, %d);",
            id, id, emit_sym(E, f->array), c, f->wrap, count, dirs.data, id, id, ts[0]->line);
  emit_line(E, "zrt_xfer_begin(&%s, &%s);", x, c);
  for (int j = 0; j < count; j++) {
    Buf d = {0};
    for (int k = 0; k < rank; k++) buf_printf(&d, "%szvd%d_%d_%d", k ? ", " : "", id, j, k);
    emit_line(E, "zrt_xfer_add_view_moved(&%s, &%s, (int64_t[]){%s}, %d, zvmv%d + %d);", x, emit_sym(E, sym), d.data, f->wrap, id,
              j * rank);
    free(d.data);
  }
  emit_line(E, "zrt_dr(&%s); zrt_sr(&%s);", x, x);
  if (!nest_dn) emit_line(E, "zrt_dn(&%s);", x);
  free(dirs.data);
  free(moves.data);
  free(lines.data);
  for (int i = 0; i < n; i++) vec_push(E->arena, &E->merged_xfers, (void *)ts[i]);
}

bool xfer_merged(const Emitter *E, const IrTransfer *t) {
  for (int i = 0; i < E->merged_xfers.len; i++)
    if (E->merged_xfers.items[i] == t) return true;
  return false;
}

const EmitView *emit_view_of(Emitter *E, const Expr *e) {
  for (int i = E->views.len - 1; i >= 0; i--)
    if (((const EmitView *)E->views.items[i])->shift == e) return E->views.items[i];
  return NULL;
}

void view_item_add(Emitter *E, const IrShift *sh, const char *x) {
  const EmitView *v = emit_view_of(E, sh->expr);
  Buf d = {0};
  for (int k = 0; k < sh->rank; k++) buf_printf(&d, "%s%s_%d", k ? ", " : "", v->dvar, k);
  emit_line(E, "zrt_xfer_add_view(&%s, &%s, (int64_t[]){%s}, %d);", x, emit_sym(E, v->sym), d.data, sh->wrap);
  free(d.data);
}

void views_end(Emitter *E) {
  for (int i = 0; i < E->views_open.len; i++) {
    const EmitView *v = E->views_open.items[i];
    emit_line(E, "zrt_ghost_view_end(%s, &%s);", v->dvar, v->tmp);
  }
  E->views_open.len = 0;
  E->views.len = 0;
}
