/* emit_anchors.c - the reads of one array through a ghost view in a loop nest (a multigrid
 * stencil's 20 to 27 neighbours u@^dir110[k], ...), addressed from one address per row.
 *
 * Every read of the array in the nest lands on one of its stored indices, so the cells of two reads
 * differ by a constant: (d - a) / step in each dimension, for directions d and a (exact: zrt_cell
 * with phase 0). The nest's first read of the array is its anchor; the others add their constant
 * (zo<n>, declared before the nest) to the anchor's cell, so that a row costs one address per
 * array, not one per read. (Writing the constants as the strides with coefficients known from the
 * directions' signs, in a second version of the nest, was measured no faster: samples/mg.zpl class
 * S 2.4-3.2 ms against 2.3-2.4, W the same or slower, and a third more C to compile.) */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The first read of an array in the nest (per row_shift: a pair's second statement has its own). */
typedef struct Anchor {
  Symbol *arr;
  const char *dvar, *row_shift;
} Anchor;

/* The constant of another read. */
typedef struct NestOffset {
  const char *name;
  Symbol *arr;
  const char *dvar;
  const Anchor *anchor;
} NestOffset;

void anchors_reset(Emitter *E) {
  E->anchors.len = 0;
  E->nest_offsets.len = 0;
}

const char *anchor_read(Emitter *E, Symbol *arr, const char *dvar, const char **offset) {
  *offset = NULL;
  for (int i = 0; i < E->anchors.len; i++) {
    const Anchor *a = E->anchors.items[i];
    if (a->arr != arr || a->row_shift != E->row_shift) continue;
    if (!strcmp(a->dvar, dvar)) return a->dvar;
    for (int j = 0; j < E->nest_offsets.len; j++) { /* the same read again */
      const NestOffset *o = E->nest_offsets.items[j];
      if (o->anchor == a && !strcmp(o->dvar, dvar)) {
        *offset = o->name;
        return a->dvar;
      }
    }
    NestOffset *o = ARENA_NEW(E->arena, NestOffset);
    *o = (NestOffset){arena_printf(E->arena, "zo%d", ++E->noffsets), arr, dvar, a};
    vec_push(E->arena, &E->nest_offsets, o);
    *offset = o->name;
    return a->dvar;
  }
  Anchor *a = ARENA_NEW(E->arena, Anchor);
  *a = (Anchor){arr, dvar, E->row_shift};
  vec_push(E->arena, &E->anchors, a);
  return dvar;
}

/* The cells between o's read and its anchor's along dimension k: the C expression. */
static const char *cells_apart(Emitter *E, const NestOffset *o, int k) {
  const char *diff = arena_printf(E->arena, "(%s_%d - %s_%d)", o->dvar, k, o->anchor->dvar, k);
  if (!o->arr->may_stride) return diff;
  return arena_printf(E->arena, "zrt_cell(%s, 0, zsh_%s_%d, zmi_%s_%d)", diff, o->arr->name, k, o->arr->name, k);
}

/* The declaration of o's constant. */
static const char *offset_decl(Emitter *E, const NestOffset *o) {
  const Type *t = o->arr->type;
  Buf b = {0};
  buf_printf(&b, "const int64_t %s = 0", o->name);
  for (int k = 0; k < t->rank; k++) {
    bool is_flood;
    bool known = flood_known(t, k, &is_flood);
    if (known && is_flood) continue;
    if (known && k == t->rank - 1) buf_printf(&b, " + %s", cells_apart(E, o, k));
    else buf_printf(&b, " + %s * zs_%s_%d", cells_apart(E, o, k), o->arr->name, k);
  }
  buf_printf(&b, "; (void)%s;", o->name);
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

void anchors_emit_nest(Emitter *E, const char *nest) {
  if (E->offsets_out) /* declared by the nest of rows around, once for all its steps */
    for (int i = 0; i < E->nest_offsets.len; i++) vec_push(E->arena, E->offsets_out, E->nest_offsets.items[i]);
  else
    for (int i = 0; i < E->nest_offsets.len; i++) emit_line(E, "%s", offset_decl(E, E->nest_offsets.items[i]));
  buf_add(E->out, nest);
}

void anchors_emit_offsets(Emitter *E, const PtrVec *offsets) {
  PtrVec arrays = {0};
  for (int i = 0; i < offsets->len; i++) {
    Symbol *arr = ((const NestOffset *)offsets->items[i])->arr;
    bool seen = false;
    for (int j = 0; j < arrays.len && !seen; j++) seen = arrays.items[j] == arr;
    if (seen) continue;
    vec_push(E->arena, &arrays, arr);
    emit_line(E, "%s", emit_stride_decls(E, arr));
  }
  for (int i = 0; i < offsets->len; i++) emit_line(E, "%s", offset_decl(E, offsets->items[i]));
}
