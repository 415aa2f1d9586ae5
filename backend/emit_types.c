/* emit_types.c - the generated C's text, names and types.
 * Growable buffers and indented lines, fresh names, program names (z_NAME), and the C type of every
 * type of the language (section 4.1): records as structs, indexed arrays inline with compile-time
 * bounds or as zrt_iarray, parallel arrays as zrt_array; a variable or parameter as an lvalue. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"
#include "text_format.h"

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

/* Insert s into b at byte at (b is not spilled: a loop nest's text). */
void buf_insert(Buf *b, size_t at, const char *s) {
  size_t n = strlen(s);
  buf_reserve(b, n);
  memmove(b->data + at + n, b->data + at, b->len - at + 1);
  memcpy(b->data + at, s, n);
  b->len += n;
}

/* Append printf-formatted text to b (formatted in place: no copy). */
static void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  buf_reserve(b, 0);
  int n = text_vformat(b->data + b->len, b->cap - b->len, fmt, ap);
  if (n < 0) arena_fatal("a line of the generated C is too large");
  if ((size_t)n >= b->cap - b->len) {
    buf_reserve(b, (size_t)n);
    text_vformat(b->data + b->len, b->cap - b->len, fmt, again);
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

/* The first member of a family keeps z_NAME; member k > 0 of an overloaded family is zoK_NAME
 * (section 15.4: every member is its own C function; no other name azc writes begins with zo). */
const char *emit_proc_name(Emitter *E, const Symbol *proc) {
  if (proc->overload_index == 0) return emit_name(E, proc->name);
  return arena_printf(E->arena, "zo%d_%s", proc->overload_index, proc->name);
}

static const char *const scalar_ctype[SK_COUNT] = {
  "zrt_bool", "signed char", "signed char", "unsigned char", "int16_t", "uint16_t", "int32_t", "uint32_t",
  "int64_t", "uint64_t", "float", "double", "long double", "zrt_string", "zrt_file", "zrt_timer",
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
  case TY_REGION: return "zrt_region";
  case TY_DIRECTION: return "zrt_dir";
  default: return "void";
  }
}

const char *emit_sym(Emitter *E, Symbol *sym) {
  if (sym->c_name) return sym->c_name;
  if (sym->kind == SYM_EXTERN_VAR || sym->kind == SYM_EXTERN_CONST) return sym->name;
  if (sym->kind == SYM_PARAM) {
    bool by_ref = sym->mode == PM_OUT || sym->mode == PM_INOUT || sym->mode == PM_VAR;
    bool is_array = sym->type->kind == TY_PARALLEL || sym->type->kind == TY_ARRAY;
    bool is_file = sym->type->kind == TY_SCALAR && sym->type->scalar == SK_FILE;
    if ((by_ref && !is_file) || is_array) return arena_printf(E->arena, "(*%s)", emit_name(E, sym->name));
  }
  return emit_name(E, sym->name);
}
