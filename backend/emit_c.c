/* emit_c.c - the C program azc writes: the prelude, record types, globals with their elaboration
 * (section 3.3), config vars with the command line (section 10), procedures, and main(). */
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"
#include "ir.h"

/* ---- buffers and small helpers ---- */

#define SPILL_AT ((size_t)1 << 20)

/* Make room in b for n more bytes and a NUL (spilling what it holds first, if it spills). */
static void buf_reserve(Buf *b, size_t n) {
  if (b->len + n + 1 <= b->cap) return;
  if (b->spill && b->len >= SPILL_AT) {
    if (fwrite(b->data, 1, b->len, b->spill) != b->len) arena_fatal("cannot write a temporary file");
    b->len = 0;
    b->data[0] = 0;
    if (n + 1 <= b->cap) return;
  }
  if (n > SIZE_MAX / 4 || b->len > SIZE_MAX / 4) arena_fatal("the generated C is too large");
  b->cap = (b->len + n + 1) * 2;
  b->data = xrealloc(b->data, b->cap);
}

void buf_add(Buf *b, const char *s) {
  size_t n = strlen(s);
  buf_reserve(b, n);
  memcpy(b->data + b->len, s, n + 1);
  b->len += n;
}

/* Append printf-formatted text to b (formatted in place: no copy). */
static void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  buf_reserve(b, 0);
  int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
  if (n < 0) arena_fatal("a line of the generated C is too large");
  if ((size_t)n >= b->cap - b->len) {
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, b->cap - b->len, fmt, again);
  }
  va_end(again);
  b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void emit_line(Emitter *E, const char *fmt, ...) {
  static const char spaces[] = "                                                                ";
  for (int i = E->indent; i > 0; i -= 32) buf_add(E->out, spaces + (i >= 32 ? 0 : 64 - 2 * i));
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(E->out, fmt, ap);
  va_end(ap);
  buf_add(E->out, "\n");
}

const char *emit_fresh(Emitter *E, const char *prefix) { return arena_printf(E->arena, "%s%d", prefix, ++E->tmp); }

const char *emit_name(Emitter *E, const char *name) { return arena_printf(E->arena, "z_%s", name); }

/* ---- C types ---- */

static const char *const scalar_ctype[SK_COUNT] = {
  "zrt_bool", "signed char", "signed char", "unsigned char", "int16_t", "uint16_t", "int32_t", "uint32_t",
  "int64_t", "uint64_t", "float", "double", "long double", "zrt_string", "zrt_file",
};

/* Emit the struct of a record type (fields first), once; returns its C name. */
static const char *record_ctype(Emitter *E, Type *t) {
  for (int i = 0; i < E->record_types.len; i++)
    if (E->record_types.items[i] == t) return arena_printf(E->arena, "struct zrec%d", i);
  int id = E->record_types.len;
  vec_push(E->arena, &E->record_types, t);
  Buf fields = {0};
  for (int i = 0; i < t->nfields; i++)
    buf_printf(&fields, "  %s %s;\n", emit_ctype(E, t->fields[i].type), emit_name(E, t->fields[i].name));
  buf_printf(&E->types, "struct zrec%d { /* record %s */\n%s};\n", id, t->name, fields.data ? fields.data : "  char unused;\n");
  free(fields.data);
  return arena_printf(E->arena, "struct zrec%d", id);
}

bool iarray_fixed(const Type *t) {
  for (int k = 0; k < t->ndims; k++)
    if (!t->dims[k].known) return false;
  return true;
}

int64_t iarray_count(const Type *t) {
  int64_t n = 1;
  for (int k = 0; k < t->ndims; k++) {
    int64_t ext = t->dims[k].hi_val - t->dims[k].lo_val + 1;
    n *= ext < 0 ? 0 : ext;
  }
  return n;
}

const char *iarray_count_c(Emitter *E, const Type *t, const char *a) {
  if (iarray_fixed(t)) return arena_printf(E->arena, "%lldLL", (long long)iarray_count(t));
  return arena_printf(E->arena, "(%s).count", a);
}

const char *iarray_bounds_c(Emitter *E, const Type *t, const char *a, bool hi) {
  if (!iarray_fixed(t)) return arena_printf(E->arena, "(%s).%s", a, hi ? "hi" : "lo");
  Buf b = {0};
  for (int k = 0; k < t->ndims; k++)
    buf_printf(&b, "%s%lldLL", k ? ", " : "", (long long)(hi ? t->dims[k].hi_val : t->dims[k].lo_val));
  const char *r = arena_printf(E->arena, "((const int64_t[]){%s})", b.data);
  free(b.data);
  return r;
}

const char *iarray_copy_c(Emitter *E, const Type *t, const char *dst, const char *src) {
  if (iarray_fixed(t)) return arena_printf(E->arena, "%s = %s;", dst, src);
  return arena_printf(E->arena, "zrt_iarray_copy(&%s, &%s);", dst, src);
}

/* The inline struct of an indexed array with compile-time bounds, once per element type and size. */
static const char *fixed_array_ctype(Emitter *E, Type *t) {
  const char *et = emit_ctype(E, t->elem);
  int64_t n = iarray_count(t);
  const char *key = arena_printf(E->arena, "%s[%lld]", et, (long long)n);
  for (int i = 0; i < E->array_keys.len; i++)
    if (!strcmp(E->array_keys.items[i], key)) return arena_printf(E->arena, "struct zarr%d", i);
  int id = E->array_keys.len;
  vec_push(E->arena, &E->array_keys, (void *)key);
  buf_printf(&E->types, "struct zarr%d { %s data[%lld]; };\n", id, et, (long long)(n > 0 ? n : 1));
  return arena_printf(E->arena, "struct zarr%d", id);
}

const char *emit_ctype(Emitter *E, Type *t) {
  switch (t->kind) {
  case TY_SCALAR: return scalar_ctype[t->scalar];
  case TY_ENUM: return "int32_t";
  case TY_RECORD: return record_ctype(E, t);
  case TY_ARRAY: return iarray_fixed(t) ? fixed_array_ctype(E, t) : "zrt_iarray";
  case TY_PARALLEL: return "zrt_array";
  default: return "void";
  }
}

const char *emit_sym(Emitter *E, Symbol *sym) {
  if (sym->kind == SYM_EXTERN_VAR || sym->kind == SYM_EXTERN_CONST) return sym->name;
  if (sym->kind == SYM_PARAM) {
    bool by_ref = sym->mode == PM_OUT || sym->mode == PM_INOUT || sym->mode == PM_VAR;
    bool is_array = sym->type->kind == TY_PARALLEL || sym->type->kind == TY_ARRAY;
    bool is_file = sym->type->kind == TY_SCALAR && sym->type->scalar == SK_FILE;
    if ((by_ref && !is_file) || is_array) return arena_printf(E->arena, "(*%s)", emit_name(E, sym->name));
  }
  return emit_name(E, sym->name);
}

/* ---- parallel arrays: storage region = declared region widened by the border ---- */

/* The storage region of array sym (of declared region C expression `decl`) as C array initializers
 * lo and hi, and the fluff its transfers read, flo and fhi. */
static void storage_bounds(const Symbol *sym, const char *decl, Buf *lo, Buf *hi, Buf *flo, Buf *fhi) {
  for (int k = 0; k < sym->type->rank; k++) {
    buf_printf(lo, "%s%s.lo[%d] - %d", k ? ", " : "", decl, k, sym->border_lo[k]);
    buf_printf(hi, "%s%s.hi[%d] + %d", k ? ", " : "", decl, k, sym->border_hi[k]);
    /* fluff: as far as the program's ghost-cell transfers read (the border widths are the
     * widest shifts of the array, through parameters too); wider shifts use remaps */
    buf_printf(flo, "%s%d", k ? ", " : "", sym->border_lo[k] < IR_FLUFF ? sym->border_lo[k] : IR_FLUFF);
    buf_printf(fhi, "%s%d", k ? ", " : "", sym->border_hi[k] < IR_FLUFF ? sym->border_hi[k] : IR_FLUFF);
  }
}

/* Allocate parallel array variable sym (of declared region C expression `decl`). An array that
 * may exchange storage with another (passes/copy_elim.c) is allocated in that one's shape. */
static void alloc_array(Emitter *E, Symbol *sym, const char *decl) {
  Type *t = sym->type;
  const char *a = emit_sym(E, sym);
  Buf lo = {0}, hi = {0}, flo = {0}, fhi = {0}, alo = {0}, ahi = {0};
  storage_bounds(sym, decl, &lo, &hi, &flo, &fhi);
  Symbol *shape = copy_elim_shape_of(E->ir, sym);
  if (shape) {
    free(flo.data);
    free(fhi.data);
    flo = fhi = (Buf){0};
    storage_bounds(shape, decl, &alo, &ahi, &flo, &fhi);
  }
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_region zd = %s;", decl);
  if (shape) emit_line(E, "/* in the shape of '%s', to exchange storage with it */", shape->name);
  emit_line(E, "zrt_array_alloc_fluff(&%s, %d, sizeof(%s), (int64_t[]){%s}, (int64_t[]){%s}, zd.flood, (int64_t[]){%s}, (int64_t[]){%s}, %d);",
            a, t->rank, emit_ctype(E, t->elem), shape ? alo.data : lo.data, shape ? ahi.data : hi.data, flo.data, fhi.data,
            sym->loc.line);
  emit_line(E, "for (int k = 0; k < %d; k++) {", t->rank);
  emit_line(E, "  %s.dlo[k] = zd.lo[k]; %s.dhi[k] = zd.hi[k];", a, a);
  emit_line(E, "  %s.slo[k] = ((int64_t[]){%s})[k]; %s.shi[k] = ((int64_t[]){%s})[k];", a, lo.data, a, hi.data);
  emit_line(E, "}");
  E->indent--;
  emit_line(E, "}");
  free(lo.data);
  free(hi.data);
  free(flo.data);
  free(fhi.data);
  free(alo.data);
  free(ahi.data);
}

/* The declared region of a parallel type as a C zrt_region (following type names). */
static const char *array_region(Emitter *E, TypeSyn *ts) {
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
static void alloc_iarray(Emitter *E, const char *a, Type *t) {
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

/* Store an initializer into variable a of type t (section 3.9). */
static void emit_init(Emitter *E, const char *a, Type *t, InitSyn *in) {
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
      emit_line(E, "{ int64_t zix[%d];", t->ndims);
      E->indent++;
      const char *lo = iarray_bounds_c(E, t, a, false), *hi = iarray_bounds_c(E, t, a, true);
      for (int k = 0; k < t->ndims; k++) {
        emit_line(E, "for (zix[%d] = %s[%d]; zix[%d] <= %s[%d]; zix[%d]++) {", k, lo, k, k, hi, k, k);
        E->init_idx[k] = arena_printf(E->arena, "zix[%d]", k);
      }
      emit_line(E, "((%s *)%s.data)[zrt_iindex(zix, %s, %s, %d, %d, \"?\")] = %s;", emit_ctype(E, et), a, lo, hi, t->ndims,
                in->loc.line, emit_convert(E, in->expr, et));
      for (int k = 0; k < t->ndims; k++) {
        emit_line(E, "}");
        E->init_idx[k] = NULL;
      }
      E->indent--;
      emit_line(E, "}");
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
      emit_line(E, "((%s *)%s.data)[%d] = %s;", emit_ctype(E, et), a, i, emit_convert(E, leaf->expr, et));
    }
    return;
  }
  if (t->kind == TY_RECORD && !in->expr) {
    for (int i = 0; i < in->nitems && i < t->nfields; i++)
      emit_init(E, arena_printf(E->arena, "%s.%s", a, emit_name(E, t->fields[i].name)), t->fields[i].type, in->items[i]);
    return;
  }
  emit_line(E, "%s = %s;", a, emit_convert(E, in->expr, t));
}

/* True if values of type t hold an indexed array with run-time bounds inside a record or another
 * array (its storage would need allocating per element, which the emitter does not do yet). */
static bool has_nested_iarray(const Type *t) {
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
  hoist(E, d->init->expr, false);
  emit_init(E, name, t, d->init);
  hoist_reset(E);
}

/* Declare and (in the elaboration function) set up one variable of a var/const/config item. */
static void emit_variable(Emitter *E, Symbol *sym, Decl *d, int config_index) {
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

/* ---- procedures ---- */

/* C parameter declaration of parameter i of procedure sym. */
static const char *param_decl(Emitter *E, Symbol *sym, int i) {
  Type *t = sym->ptypes[i];
  ParamMode m = sym->pmodes[i];
  const char *n = emit_name(E, sym->pnames[i]);
  bool is_file = t->kind == TY_SCALAR && t->scalar == SK_FILE;
  if (t->kind == TY_PARALLEL || t->kind == TY_ARRAY || ((m == PM_OUT || m == PM_INOUT || m == PM_VAR) && !is_file))
    return arena_printf(E->arena, "%s *%s", emit_ctype(E, t), n);
  return arena_printf(E->arena, "%s %s", emit_ctype(E, t), n);
}

/* The C prototype of a program procedure. */
static const char *proc_header(Emitter *E, Symbol *sym) {
  Buf b = {0};
  buf_printf(&b, "static %s %s(const zrt_region *zcover", sym->result ? emit_ctype(E, sym->result) : "void", emit_name(E, sym->name));
  for (int i = 0; i < sym->nparams; i++) buf_printf(&b, ", %s", param_decl(E, sym, i));
  buf_add(&b, ")");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* The C prototype of an extern procedure (its C name, no covering region). */
static const char *extern_header(Emitter *E, Symbol *sym) {
  Buf b = {0};
  buf_printf(&b, "extern %s %s(", sym->result ? emit_ctype(E, sym->result) : "void", sym->name);
  for (int i = 0; i < sym->nparams; i++) {
    bool ref = sym->pmodes[i] == PM_OUT || sym->pmodes[i] == PM_INOUT || sym->pmodes[i] == PM_VAR;
    buf_printf(&b, "%s%s%s", i ? ", " : "", emit_ctype(E, sym->ptypes[i]), ref ? " *" : "");
  }
  if (sym->nparams == 0) buf_add(&b, "void");
  buf_add(&b, ");");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* One procedure: locals allocated on entry and freed at its single exit. */
static void emit_proc(Emitter *E, Symbol *sym) {
  Proc *p = sym->proc;
  E->cur_proc = p;
  E->out = &E->body;
  bool entry = sym == E->S->entry;
  buf_printf(&E->protos, "%s ZRT_UNUSED;\n", proc_header(E, sym)); /* a program need not call all its procedures */
  emit_line(E, "%s {", proc_header(E, sym));
  E->indent = 1;
  emit_line(E, "(void)zcover;");
  for (int i = 0; i < p->nparams; i++) emit_line(E, "(void)%s;", emit_name(E, p->params[i].name.name)); /* maybe unused */
  if (sym->result) emit_line(E, "%s zresult = {0};", emit_ctype(E, sym->result));
  for (int i = 0; i < p->nparams; i++) {
    Param *pa = &p->params[i];
    Type *t = sym->ptypes[i];
    if (pa->mode == PM_IN && t->kind == TY_PARALLEL) {
      const char *n = emit_name(E, pa->name.name);
      emit_line(E, "zrt_array zin_%s = {0}; zrt_array_copy(&zin_%s, %s); %s = &zin_%s;", pa->name.name, pa->name.name, n, n,
                pa->name.name);
    } else if (pa->mode == PM_IN && t->kind == TY_ARRAY) {
      const char *n = emit_name(E, pa->name.name);
      const char *local = arena_printf(E->arena, "zin_%s", pa->name.name);
      emit_line(E, "%s %s = {0}; %s %s = &%s;", emit_ctype(E, t), local, iarray_copy_c(E, t, local, arena_printf(E->arena, "(*%s)", n)),
                n, local);
    }
  }
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++)
      if (d->syms[k]) {
        if (has_nested_iarray(d->syms[k]->type))
          emit_unsupported(E, d->loc, "indexed arrays with run-time bounds inside records or arrays");
        emit_line(E, "%s %s ZRT_UNUSED = {0};", emit_ctype(E, d->syms[k]->type), emit_name(E, d->syms[k]->name));
      }
  }
  E->cover = entry ? NULL : "(*zcover)";
  E->cover_sem = NULL;
  E->cover_rank = sym->info ? sym->info->needs_rank : 0;
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++) {
      Symbol *v = d->syms[k];
      if (!v) continue;
      const char *saved = E->cover;
      if (v->type->kind == TY_PARALLEL) alloc_array(E, v, array_region(E, d->type));
      else if (v->type->kind == TY_ARRAY) alloc_iarray(E, emit_name(E, v->name), v->type);
      E->cover = saved;
      if (d->init) {
        hoist(E, d->init->expr, false);
        emit_init(E, emit_name(E, v->name), v->type, d->init);
        hoist_reset(E);
      }
    }
  }
  E->used_return = false;
  E->has_patterns = false;
  E->has_runahead = false;
  emit_stmt(E, p->body);
  if (sym->result) emit_line(E, "zrt_error(%d, \"procedure '%s' ended without returning a value\");", p->name.loc.line, sym->name);
  E->indent = 0;
  if (E->used_return) emit_line(E, "zreturn:;");
  E->indent = 1;
  if (E->used_return && E->has_patterns) emit_line(E, "zrt_pattern_leave(0);");
  if (E->used_return && E->has_runahead) emit_line(E, "zrt_allgather_flush();");
  for (int i = 0; i < p->nparams; i++)
    if (p->params[i].mode == PM_IN && sym->ptypes[i]->kind == TY_PARALLEL) emit_line(E, "zrt_array_free(&zin_%s);", p->params[i].name.name);
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++) {
      Symbol *v = d->syms[k];
      if (v && v->type->kind == TY_PARALLEL) emit_line(E, "zrt_array_free(&%s);", emit_name(E, v->name));
    }
  }
  if (sym->result) emit_line(E, "return zresult;");
  E->indent = 0;
  emit_line(E, "}");
  emit_line(E, "%s", "");
  E->cur_proc = NULL;
}

/* ---- config vars, elaboration, main ---- */

/* Source text with every run of whitespace and comments replaced by one space, trimmed (section 10.3). */
static const char *normalized_text(Emitter *E, int start, int end) {
  const char *t = E->S->src->text;
  Buf b = {0};
  bool space = false;
  for (int i = start; i < end; i++) {
    char c = t[i];
    if (c == '"' || c == '\'') { /* copy literals unchanged */
      if (space && b.len) buf_add(&b, " ");
      space = false;
      int j = i + 1;
      while (j < end && t[j] != c && t[j] != '\n') j += t[j] == '\\' ? 2 : 1;
      buf_printf(&b, "%.*s", j - i + 1 > end - i ? end - i : j - i + 1, t + i);
      i = j;
      continue;
    }
    if (c == '-' && i + 1 < end && t[i + 1] == '-') {
      while (i < end && t[i] != '\n') i++;
      space = true;
      continue;
    }
    if (c == '/' && i + 1 < end && t[i + 1] == '*') {
      i += 2;
      while (i + 1 < end && !(t[i] == '*' && t[i + 1] == '/')) i++;
      i++;
      space = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
      continue;
    }
    if (space && b.len) buf_add(&b, " ");
    space = false;
    buf_printf(&b, "%c", c);
  }
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

/* The runtime kind of a config var's type. */
static const char *config_kind(const Type *t) {
  static const char *const kinds[] = {"ZRT_CFG_BOOLEAN", "ZRT_CFG_CHAR", "ZRT_CFG_SBYTE", "ZRT_CFG_UBYTE",
                                      "ZRT_CFG_SHORTINT", "ZRT_CFG_USHORTINT", "ZRT_CFG_INTEGER", "ZRT_CFG_UINTEGER",
                                      "ZRT_CFG_LONGINT", "ZRT_CFG_ULONGINT", "ZRT_CFG_FLOAT", "ZRT_CFG_DOUBLE",
                                      "ZRT_CFG_QUAD", "ZRT_CFG_STRING"};
  if (t->kind == TY_ENUM) return "ZRT_CFG_ENUM";
  return kinds[t->scalar];
}

/* The C string literal of a text. */
static const char *quoted(Emitter *E, const char *s) { return emit_c_string(E, s, strlen(s)); }

/* The config table handed to zrt_init, and the enumerator value tables. */
static void emit_config_table(Emitter *E, Buf *out) {
  Buf rows = {0};
  int n = 0;
  for (int i = 0; i < E->S->prog->decls.len; i++) {
    Decl *d = E->S->prog->decls.items[i];
    if ((d->kind != D_CONFIG_VAR && d->kind != D_CONFIG_CONST) || !d->syms || !d->syms[0]) continue;
    Type *t = d->syms[0]->type;
    const char *enums = "NULL";
    int nenums = 0;
    if (t->kind == TY_ENUM) {
      Buf names = {0}, vals = {0};
      for (int k = 0; k < t->nenums; k++) {
        buf_printf(&names, "%s\"%s\"", k ? ", " : "", t->enumerators[k]->name);
        buf_printf(&vals, "%s%lld", k ? ", " : "", (long long)t->enumerators[k]->const_val);
      }
      buf_printf(out, "static const char *const zenumname%d[] = {%s};\n", n, names.data);
      buf_printf(out, "static const int32_t zenum%d[] = {%s};\n", n, vals.data);
      free(names.data);
      free(vals.data);
      enums = arena_printf(E->arena, "zenumname%d", n);
      nenums = t->nenums;
    }
    buf_printf(&rows, "  {%s, %s, %s, %s, %s, %d},\n", quoted(E, d->names[0].name), quoted(E, normalized_text(E, d->type->start, d->type->end)),
               quoted(E, normalized_text(E, d->init->start, d->init->end)), config_kind(t), enums, nenums);
    d->syms[0]->config_index = n++;
  }
  buf_printf(out, "static const zrt_config zconfigs[] = {\n%s  {NULL, NULL, NULL, ZRT_CFG_INTEGER, NULL, 0}\n};\n", rows.data ? rows.data : "");
  buf_printf(out, "static const zrt_program zprogram = {%s, %s, zconfigs, %d};\n\n", quoted(E, E->S->prog->name.name),
             quoted(E, E->source), n);
  free(rows.data);
}

/* The elaboration of every global declaration, in order (section 3.3). */
static void emit_elaboration(Emitter *E) {
  E->out = &E->body;
  emit_line(E, "static void zelaborate(void) {");
  E->indent = 1;
  E->cover = NULL;
  for (int i = 0; i < E->S->prog->decls.len; i++) {
    Decl *d = E->S->prog->decls.items[i];
    if (!d->syms) continue;
    for (int k = 0; k < d->nnames; k++) {
      Symbol *sym = d->syms[k];
      if (!sym) continue;
      switch (d->kind) {
      case D_REGION:
        buf_printf(&E->globals, "static zrt_region %s ZRT_UNUSED;\n", emit_name(E, sym->name));
        emit_line(E, "%s = %s;", emit_name(E, sym->name), emit_region_syn(E, d->region));
        emit_line(E, "zrt_bbox_add(&%s);", emit_name(E, sym->name));
        break;
      case D_DIRECTION:
        buf_printf(&E->globals, "static int64_t %s[%d] ZRT_UNUSED;\n", emit_name(E, sym->name), sym->dir_rank);
        for (int c = 0; c < sym->dir_rank; c++)
          emit_line(E, "%s[%d] = %s;", emit_name(E, sym->name), c,
                    d->dir->kind == DIR_LIT ? arena_printf(E->arena, "(int64_t)(%s)", emit_expr(E, d->dir->comps[c]))
                                            : arena_printf(E->arena, "%s[%d]", emit_name(E, d->dir->sym->name), c));
        break;
      case D_CONFIG_VAR: case D_CONFIG_CONST: emit_variable(E, sym, d, sym->config_index); break;
      case D_VAR: case D_CONST: case D_EXTERN_VAR: case D_EXTERN_CONST: emit_variable(E, sym, d, -1); break;
      default: break;
      }
    }
  }
  if (!E->distributed) emit_line(E, "zrt_distribute_all();");
  E->distributed = true;
  E->indent = 0;
  emit_line(E, "}");
  emit_line(E, "%s", "");
}

int emit_c_program(FILE *out, Arena *a, Program *prog, Sema *S, const char *source, const EmitOptions *opts,
                   PtrVec *patterns) {
  IrOptions io = {opts->no_comm_opt, opts->no_overlap, opts->no_copy_elim, opts->no_fuse};
  IrProgram *ir = ir_lower(a, S, &io);
  Emitter E = {0};
  E.ir = ir;
  E.nxfers = ir->ntransfers;
  E.no_overlap = opts->no_overlap;
  E.S = S;
  E.arena = a;
  E.source = source;
  E.out = &E.body;
  E.body.spill = tmpfile(); /* NULL: kept in memory */
  Buf head = {0};
  emit_config_table(&E, &head);
  emit_elaboration(&E);
  for (int i = 0; i < S->procs.len; i++) emit_proc(&E, S->procs.items[i]);
  for (int i = 0; i < prog->decls.len; i++) {
    Decl *d = prog->decls.items[i];
    if (d->kind == D_PROC && d->proc->is_extern && d->proc->sym) buf_printf(&E.protos, "%s\n", extern_header(&E, d->proc->sym));
  }
  for (int i = 0; patterns && i < E.patterns.len; i++) vec_push(a, patterns, E.patterns.items[i]);
  if (E.unsupported) {
    fprintf(stderr, "%s:%d:%d: error: code generation for %s is not implemented yet\n", source, E.unsupported_loc.line,
            E.unsupported_loc.col, E.unsupported);
    if (E.body.spill) fclose(E.body.spill);
    return 1;
  }
  fprintf(out, "/* Generated by azc from %s. Do not edit. */\n", emit_comment_text(&E, source));
  fputs("#include <float.h>\n#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n"
        "#include \"zrt.h\"\n#include \"zrt_ops.h\"\n#include \"zrt_region.h\"\n\n", out);
  for (int i = 0; i < prog->decls.len; i++) {
    Decl *d = prog->decls.items[i];
    if (d->kind == D_EXTERN_HEADER) fprintf(out, "#include \"%s\"\n", d->header);
  }
  /* the program's comparisons are kept as written even where C can tell their value ('u < 0' for an
   * unsigned u, 'x = x', '!x = 5'): valid programs, not mistakes in the generated C */
  fputs("#ifndef __clang__\n#pragma GCC diagnostic ignored \"-Wtype-limits\"\n"
        "#pragma GCC diagnostic ignored \"-Wtautological-compare\"\n#pragma GCC diagnostic ignored \"-Wbool-compare\"\n"
        "#endif\n", out);
  /* reduction loops carry '#pragma omp simd' (vectorized with -fopenmp-simd, which azc --cflags
   * gives); compiled without it they are plain loops */
  fputs("#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"\n\n", out);
  if (E.types.data) fputs(E.types.data, out);
  fputs(head.data, out);
  if (E.globals.data) fputs(E.globals.data, out);
  fputs("\n", out);
  if (E.protos.data) fputs(E.protos.data, out);
  fputs("\n", out);
  if (E.body.spill) { /* what was spilled, then the rest */
    char chunk[1 << 16];
    size_t got;
    if (fflush(E.body.spill) != 0) arena_fatal("cannot write a temporary file");
    rewind(E.body.spill);
    while ((got = fread(chunk, 1, sizeof chunk, E.body.spill)) > 0) fwrite(chunk, 1, got, out);
    if (ferror(E.body.spill)) arena_fatal("cannot read a temporary file");
    fclose(E.body.spill);
  }
  if (E.body.data) fputs(E.body.data, out);
  fprintf(out, "int main(int argc, char **argv) {\n  zrt_init(argc, argv, &zprogram);\n");
  if (E.p1_reason) /* not distributed yet: say so instead of computing something else */
    fprintf(out, "  if (zrt_processors() > 1)\n    zrt_error(%d, \"%s not supported on more than one process yet (run with mpirun -np 1)\");\n",
            E.p1_line, E.p1_reason);
  fprintf(out, "  zelaborate();\n  %s(NULL);\n  zrt_exit(0);\n}\n", S->entry ? emit_name(&E, S->entry->name) : "/* no entry */");
  free(head.data);
  free(E.types.data);
  free(E.globals.data);
  free(E.protos.data);
  free(E.body.data);
  return 0;
}
