/* emit_decls.c - variables: their storage, their initializers, a global's elaboration step.
 * A parallel array's storage region is its declared region widened by its border, with the fluff
 * its transfers need (in another array's shape where copy elimination exchanges the two); indexed
 * arrays may have run-time bounds; a config var comes from the command line (section 10), other
 * globals in declaration order (section 3.3). */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The widest of a and b, at most most. */
static int64_t fluff_of(int64_t a, int64_t b, int64_t most) {
  int64_t w = a > b ? a : b;
  return w < most ? w : most;
}

/* Ghost width w (in indices) of dimension k, widened for an array shifted by direction constants to
 * one cell: one stride of its declared region decl (backend/emit_views.c). */
static void ghost_width(Buf *b, int k, int64_t w, const Symbol *sym, const char *decl) {
  const char *sep = k ? ", " : "";
  if (!sym->dyn_ghost) buf_printf(b, "%s%lld", sep, (long long)w);
  else if (!sym->may_stride) buf_printf(b, "%s%lld", sep, (long long)(w > 1 ? w : 1));
  else buf_printf(b, "%s(%lld > %s.stride[%d] ? %lld : %s.stride[%d])", sep, (long long)w, decl, k, (long long)w, decl, k);
}

/* The storage region of array sym (of declared region C expression `decl`) as C array initializers
 * lo and hi, the fluff its transfers read, flo and fhi, and the ghost cells beyond the storage
 * region its wrap-around transfers read, wlo and whi (all zero: none, and true returned). */
static bool storage_bounds(const IrProgram *ir, const Symbol *sym, int rank, const char *decl, Buf *lo, Buf *hi,
                           Buf *flo, Buf *fhi, Buf *wlo, Buf *whi) {
  int64_t wl[MAX_RANK], wh[MAX_RANK];
  bool none = true;
  ir_wrap_ghosts(ir, sym, wl, wh);
  for (int k = 0; k < rank; k++) {
    if (sym->may_stride) { /* the border continues the stride (section 15.3) */
      buf_printf(lo, "%szrt_border_bound(%s, %d, %d, false)", k ? ", " : "", decl, k, sym->border_lo[k]);
      buf_printf(hi, "%szrt_border_bound(%s, %d, %d, true)", k ? ", " : "", decl, k, sym->border_hi[k]);
    } else {
      buf_printf(lo, "%s%s.lo[%d] - %d", k ? ", " : "", decl, k, sym->border_lo[k]);
      buf_printf(hi, "%s%s.hi[%d] + %d", k ? ", " : "", decl, k, sym->border_hi[k]);
    }
    /* fluff: as far as the program's ghost-cell transfers read (the border widths are the
     * widest shifts of the array, through parameters too; wrap-around ones are apart); wider
     * shifts use remaps. IR_FLUFF cells: of a strided array, IR_FLUFF strides */
    int64_t most = ir_fluff(sym, k);
    ghost_width(flo, k, fluff_of(sym->border_lo[k], wl[k], most), sym, decl);
    ghost_width(fhi, k, fluff_of(sym->border_hi[k], wh[k], most), sym, decl);
    ghost_width(wlo, k, wl[k], sym, decl);
    ghost_width(whi, k, wh[k], sym, decl);
    none &= wl[k] == 0 && wh[k] == 0 && !sym->dyn_ghost;
  }
  return none;
}

/* Allocate the parallel array a (C lvalue) of type t, with the borders of sym, over declared region
 * decl; in the shape of array `shape` when not NULL (passes/copy_elim.c: to exchange storage with
 * it). An array that may be strided holds one cell per strided index (section 15.3); one with
 * wrap-around transfers has ghost cells beyond its storage region for them. */
static void alloc_storage(Emitter *E, const char *a, Type *t, Symbol *sym, Symbol *shape, const char *decl) {
  Buf lo = {0}, hi = {0}, flo = {0}, fhi = {0}, alo = {0}, ahi = {0}, wlo = {0}, whi = {0};
  const char *d = sym->may_stride ? "zd" : decl;
  bool no_wrap = storage_bounds(E->ir, sym, t->rank, d, &lo, &hi, &flo, &fhi, &wlo, &whi);
  if (shape) {
    Buf *v[] = {&flo, &fhi, &wlo, &whi};
    for (int i = 0; i < 4; i++) {
      free(v[i]->data);
      *v[i] = (Buf){0};
    }
    no_wrap = storage_bounds(E->ir, shape, t->rank, d, &alo, &ahi, &flo, &fhi, &wlo, &whi);
  }
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_region zd = %s;", decl);
  if (shape) emit_line(E, "/* in the shape of '%s', to exchange storage with it */", shape->name);
  if (sym->may_stride && !no_wrap) /* compact, with ghost cells for shifts by direction constants */
    emit_line(E, "zrt_array_alloc_wide(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s}, zd.flood, (int64_t[]){%s}, (int64_t[]){%s}, (int64_t[]){%s}, (int64_t[]){%s}, &zd, %d);",
              a, t->rank, emit_ctype(E, t->elem), shape ? alo.data : lo.data, shape ? ahi.data : hi.data, flo.data, fhi.data,
              wlo.data, whi.data, sym->loc.line);
  else if (sym->may_stride) /* one cell per strided index (section 15.3); no wrap-around items (comm_insert.c) */
    emit_line(E, "zrt_array_alloc_strided(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s}, zd.flood, (int64_t[]){%s}, (int64_t[]){%s}, &zd, %d);",
              a, t->rank, emit_ctype(E, t->elem), shape ? alo.data : lo.data, shape ? ahi.data : hi.data, flo.data, fhi.data,
              sym->loc.line);
  else if (no_wrap)
    emit_line(E, "zrt_array_alloc_fluff(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s}, zd.flood, (int64_t[]){%s}, (int64_t[]){%s}, %d);",
              a, t->rank, emit_ctype(E, t->elem), shape ? alo.data : lo.data, shape ? ahi.data : hi.data, flo.data, fhi.data,
              sym->loc.line);
  else /* with ghost cells beyond the storage region for its wrap-around shifts */
    emit_line(E, "zrt_array_alloc_ghosts(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s}, zd.flood, (int64_t[]){%s}, (int64_t[]){%s}, (int64_t[]){%s}, (int64_t[]){%s}, %d);",
              a, t->rank, emit_ctype(E, t->elem), shape ? alo.data : lo.data, shape ? ahi.data : hi.data, flo.data, fhi.data,
              wlo.data, whi.data, sym->loc.line);
  emit_line(E, "for (int k = 0; k < %d; k++) {", t->rank);
  emit_line(E, "  %s.dlo[k] = zd.lo[k]; %s.dhi[k] = zd.hi[k];", a, a);
  emit_line(E, "  %s.slo[k] = ((int64_t[]){%s})[k]; %s.shi[k] = ((int64_t[]){%s})[k];", a, lo.data, a, hi.data);
  emit_line(E, "}");
  E->indent--;
  emit_line(E, "}");
  Buf *all[] = {&lo, &hi, &flo, &fhi, &alo, &ahi, &wlo, &whi};
  for (int i = 0; i < 8; i++) free(all[i]->data);
}

void alloc_array(Emitter *E, Symbol *sym, const char *decl) {
  alloc_storage(E, emit_sym(E, sym), sym->type, sym, ir_storage_shape(E->ir, sym), decl);
}

/* Open loops over every element of indexed array a of type t in row-major order, index1..indexm
 * their subscripts; returns the element's C lvalue. element_loops_end closes them. */
static const char *element_loops_begin(Emitter *E, const char *a, Type *t, int line) {
  emit_line(E, "{ int64_t zix[%d];", t->ndims);
  E->indent++;
  const char *lo = iarray_bounds_c(E, t, a, false), *hi = iarray_bounds_c(E, t, a, true);
  for (int k = 0; k < t->ndims; k++) {
    emit_line(E, "for (zix[%d] = %s[%d]; zix[%d] <= %s[%d]; zix[%d]++) {", k, lo, k, k, hi, k, k);
    E->init_idx[k] = arena_printf(E->arena, "zix[%d]", k);
  }
  return arena_printf(E->arena, "((%s *)%s.data)[zrt_iindex(zix, %s, %s, %d, %d, \"?\")]", emit_ctype(E, t->elem), a, lo, hi,
                      t->ndims, line);
}

static void element_loops_end(Emitter *E, Type *t) {
  for (int k = 0; k < t->ndims; k++) {
    emit_line(E, "}");
    E->init_idx[k] = NULL;
  }
  E->indent--;
  emit_line(E, "}");
}

/* The syntax of the region of the elements of an indexed array of parallel arrays. */
static Bracket *element_region(Emitter *E, TypeSyn *ts) {
  while (ts && ts->kind == TS_NAME) {
    Symbol *sym = sema_lookup(E->S, ts->name.name, ts->loc.off);
    ts = sym && sym->kind == SYM_TYPE && sym->decl ? sym->decl->type : NULL;
  }
  ts = ts && ts->kind == TS_ARRAY ? ts->elem : NULL;
  while (ts && ts->kind == TS_NAME) {
    Symbol *sym = sema_lookup(E->S, ts->name.name, ts->loc.off);
    ts = sym && sym->kind == SYM_TYPE && sym->decl ? sym->decl->type : NULL;
  }
  return ts && ts->kind == TS_PARALLEL ? ts->region : NULL;
}

void alloc_elements(Emitter *E, Symbol *sym, TypeSyn *ts) {
  Type *t = sym->type;
  const char *a = emit_sym(E, sym);
  Bracket *b = element_region(E, ts);
  if (!b) {
    emit_unsupported(E, sym->loc, "this indexed array of parallel arrays");
    return;
  }
  const char *saved = E->cover;
  E->cover = NULL;
  if (!E->distributed) { /* section 11: the regions written in global array declarations */
    element_loops_begin(E, a, t, sym->loc.line);
    emit_line(E, "zrt_region zd = %s; zrt_bbox_add(&zd);", emit_region_bracket(E, b));
    element_loops_end(E, t);
    emit_line(E, "zrt_distribute_all();");
    E->distributed = true;
  }
  const char *el = element_loops_begin(E, a, t, sym->loc.line);
  alloc_storage(E, el, t->elem, sym, NULL, emit_region_bracket(E, b));
  element_loops_end(E, t);
  E->cover = saved;
}

void free_elements(Emitter *E, Symbol *sym) {
  const char *el = element_loops_begin(E, emit_sym(E, sym), sym->type, sym->loc.line);
  emit_line(E, "zrt_array_free(&%s);", el);
  element_loops_end(E, sym->type);
}

/* The declared region of a parallel type as a C zrt_region (following type names). */
const char *array_region(Emitter *E, TypeSyn *ts) {
  while (ts && ts->kind == TS_NAME) {
    Symbol *sym = sema_lookup(E->S, ts->name.name, ts->loc.off);
    ts = sym && sym->kind == SYM_TYPE && sym->decl ? sym->decl->type : NULL;
  }
  if (!ts || ts->kind != TS_PARALLEL) return "zregion_none";
  const char *saved = E->cover;
  E->cover = NULL;
  const char *r = emit_region_bracket(E, ts->region);
  E->cover = saved;
  return r;
}

/* Allocate an indexed array variable of type t (those with compile-time bounds are inline). */
void alloc_iarray(Emitter *E, const char *a, Type *t) {
  if (iarray_fixed(t)) return;
  Buf lo = {0}, hi = {0};
  for (int k = 0; k < t->ndims; k++) {
    buf_printf(&lo, "%s(int64_t)(%s)", k ? ", " : "", emit_expr(E, t->dims[k].lo));
    buf_printf(&hi, "%s(int64_t)(%s)", k ? ", " : "", emit_expr(E, t->dims[k].hi));
  }
  emit_line(E, "zrt_iarray_alloc(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s});", a, t->ndims,
            emit_ctype(E, t->elem), lo.data, hi.data);
  free(lo.data);
  free(hi.data);
}

/* The value of a direction initializer (section 15.1) of type t, checked against the signs of t
 * (R16) when they are not known to hold at compile time. */
static const char *dir_value(Emitter *E, const Type *t, DirSyn *d, int line) {
  const char *v;
  if (d->kind == DIR_NAME && d->sym->kind == SYM_CONST) v = emit_name(E, d->sym->name);
  else if (d->kind == DIR_DESIG) v = emit_expr(E, d->desig);
  else v = arena_printf(E->arena, "zrt_dir_make(%d, %s)", t->rank, emit_dir(E, d));
  if (d->known) return v;
  return arena_printf(E->arena, "zrt_dir_check_signs(%s, \"%.*s\", %d)", v, t->rank, t->shape, line);
}

/* Store one initializer leaf into lvalue a of (element) type t; a region also joins the bounding
 * box of its rank (section 11: every region constant and every element of an array of regions). */
static void store_init(Emitter *E, const char *a, Type *t, InitSyn *in) {
  if (t->kind == TY_REGION) {
    emit_line(E, "%s = %s;", a, emit_region_syn(E, in->region));
    emit_line(E, "zrt_bbox_add(&%s);", a);
  } else if (t->kind == TY_DIRECTION) {
    emit_line(E, "%s = %s;", a, dir_value(E, t, in->dir, in->loc.line));
  } else {
    emit_line(E, "%s = %s;", a, emit_convert(E, in->expr, t));
  }
}

/* Store an initializer into variable a of type t (section 3.9). */
void emit_init(Emitter *E, const char *a, Type *t, InitSyn *in) {
  if (t->kind == TY_PARALLEL) {
    const char *v = emit_convert(E, in->expr, t->elem);
    /* every cell of the storage, row padding included (zrt_array_elems) */
    emit_line(E, "{ %s zv = %s; size_t n = zrt_array_elems(&%s);", emit_ctype(E, t->elem), v, a);
    emit_line(E, "  for (size_t i = 0; i < n; i++) ((%s *)%s.mem)[i] = zv; }", emit_ctype(E, t->elem), a);
    return;
  }
  if (t->kind == TY_ARRAY) {
    Type *et = t->elem;
    if (in->expr) { /* one expression, possibly using index1..index6, per element in row-major order */
      const char *el = element_loops_begin(E, a, t, in->loc.line);
      if (et->kind == TY_PARALLEL) emit_init(E, el, et, in); /* every element of every array */
      else store_init(E, el, et, in);
      element_loops_end(E, t);
      return;
    }
    if (in->entries) { /* an array of records or arrays: one initializer per element */
      for (int i = 0; i < in->nentries; i++)
        emit_init(E, arena_printf(E->arena, "((%s *)%s.data)[%d]", emit_ctype(E, et), a, i), et, in->entries[i]);
      return;
    }
    PtrVec leaves = {0};
    PtrVec stack = {0};
    vec_push(E->arena, &stack, in);
    while (stack.len) { /* flatten the brace list in row-major order */
      InitSyn *x = stack.items[--stack.len];
      if (x->expr) vec_push(E->arena, &leaves, x);
      else
        for (int i = x->nitems - 1; i >= 0; i--) vec_push(E->arena, &stack, x->items[i]);
    }
    for (int i = 0; i < leaves.len; i++) {
      InitSyn *leaf = leaves.items[i];
      store_init(E, arena_printf(E->arena, "((%s *)%s.data)[%d]", emit_ctype(E, et), a, i), et, leaf);
    }
    return;
  }
  if (t->kind == TY_RECORD && !in->expr) {
    for (int i = 0; i < in->nitems && i < t->nfields; i++)
      emit_init(E, arena_printf(E->arena, "%s.%s", a, emit_name(E, t->fields[i].name)), t->fields[i].type, in->items[i]);
    return;
  }
  store_init(E, a, t, in);
}

/* True if values of type t hold an indexed array with run-time bounds inside a record or another
 * array (its storage would need allocating per element, which the emitter does not do yet). */
bool has_nested_iarray(const Type *t) {
  if (t->kind == TY_PARALLEL || t->kind == TY_ARRAY)
    return (t->elem->kind == TY_ARRAY && !iarray_fixed(t->elem)) || has_nested_iarray(t->elem);
  if (t->kind == TY_RECORD)
    for (int i = 0; i < t->nfields; i++) {
      const Type *f = t->fields[i].type;
      if ((f->kind == TY_ARRAY && !iarray_fixed(f)) || has_nested_iarray(f)) return true;
    }
  return false;
}

/* The initializer of variable name (of type t) from declaration d, if it has one. */
static void initialize(Emitter *E, const char *name, Type *t, Decl *d) {
  if (!d->init) return;
  hoist_init(E, d->init);
  emit_init(E, name, t, d->init);
  hoist_reset(E);
}

/* Declare and (in the elaboration function) set up one variable of a var/const/config item. */
void emit_variable(Emitter *E, Symbol *sym, Decl *d, int config_index) {
  Type *t = sym->type;
  if (!t || t->kind == TY_ERROR) return;
  if (has_nested_iarray(t)) emit_unsupported(E, d->loc, "indexed arrays with run-time bounds inside records or arrays");
  const char *name = emit_sym(E, sym);
  if (sym->kind != SYM_EXTERN_VAR && sym->kind != SYM_EXTERN_CONST)
    buf_printf(&E->globals, "static %s %s ZRT_UNUSED;\n", emit_ctype(E, t), name);
  else
    buf_printf(&E->globals, "extern %s%s %s;\n", sym->kind == SYM_EXTERN_CONST ? "const " : "", emit_ctype(E, t), name);
  if (t->kind == TY_PARALLEL && !E->distributed) {
    /* section 11: the grids follow the bounding boxes of the regions elaborated so far (all of
     * them when regions are declared before arrays, as usual); arrays are allocated in order */
    emit_line(E, "{ zrt_region zd = %s; zrt_bbox_add(&zd); }", array_region(E, d->type));
    emit_line(E, "zrt_distribute_all();");
    E->distributed = true;
  }
  if (t->kind == TY_PARALLEL) alloc_array(E, sym, array_region(E, d->type));
  if (t->kind == TY_ARRAY) alloc_iarray(E, name, t);
  if (t->kind == TY_ARRAY && t->elem->kind == TY_PARALLEL) alloc_elements(E, sym, d->type);
  if (config_index >= 0) {
    if (t->kind == TY_ENUM) {
      emit_line(E, "{ int32_t zpos; if (zrt_config_get(%d, &zpos)) %s = zenum%d[zpos]; else %s = %s; }", config_index, name,
                config_index, name, emit_convert(E, d->init->expr, t));
    } else {
      emit_line(E, "if (!zrt_config_get(%d, &%s)) %s = %s;", config_index, name, name, emit_convert(E, d->init->expr, t));
    }
    return;
  }
  initialize(E, name, t, d);
}
