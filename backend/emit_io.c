/* emit_io.c - formatted output and input (sections 7.9 and 7.10).
 * Default and user formats, literals as spelled, parallel items gathered to process 0 and printed
 * in row-major order with their line breaks, values read by process 0 and kept by their owners. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The default printf format of a value of type t (parallel element or scalar). */
static const char *default_format(const Type *t, bool element) {
  if (t->kind == TY_ENUM) return "%9d ";
  switch (t->scalar) {
  case SK_INTEGER: return "%9d ";
  case SK_SHORTINT: return "%9hd ";
  case SK_LONGINT: return "%9ld ";
  case SK_UINTEGER: return "%9u ";
  case SK_USHORTINT: return "%9hu ";
  case SK_ULONGINT: return "%9lu ";
  case SK_SBYTE: return "%d ";
  case SK_UBYTE: return "%u ";
  case SK_FLOAT: case SK_DOUBLE: return "%9.4f ";
  case SK_QUAD: return "%9.4Lf ";
  case SK_CHAR: return "%c";
  case SK_STRING: return "%s ";
  case SK_BOOLEAN: return element ? "%5s " : "%s";
  default: return "%d ";
  }
}

/* The C argument that goes with a default format. */
static const char *default_arg(Emitter *E, const Type *t, const char *v) {
  if (t->kind == TY_ENUM) return arena_printf(E->arena, "(int)(%s)", v);
  switch (t->scalar) {
  case SK_INTEGER: return arena_printf(E->arena, "(int)(%s)", v);
  case SK_SHORTINT: return arena_printf(E->arena, "(short)(%s)", v);
  case SK_LONGINT: return arena_printf(E->arena, "(long)(%s)", v);
  case SK_UINTEGER: return arena_printf(E->arena, "(unsigned)(%s)", v);
  case SK_USHORTINT: return arena_printf(E->arena, "(unsigned short)(%s)", v);
  case SK_ULONGINT: return arena_printf(E->arena, "(unsigned long)(%s)", v);
  case SK_SBYTE: case SK_CHAR: return arena_printf(E->arena, "(int)(%s)", v);
  case SK_UBYTE: return arena_printf(E->arena, "(unsigned)(%s)", v);
  case SK_FLOAT: case SK_DOUBLE: return arena_printf(E->arena, "(double)(%s)", v);
  case SK_QUAD: return arena_printf(E->arena, "(long double)(%s)", v);
  case SK_STRING: return arena_printf(E->arena, "(%s).s", v);
  case SK_BOOLEAN: return arena_printf(E->arena, "(%s) ? \"true\" : \"false\"", v);
  default: return v;
  }
}

/* A user format with the length modifier azc supplies, and the argument to pass (section 7.9). */
static const char *user_format(Emitter *E, const char *fmt, int n, const Type *t, const char *v, const char **arg) {
  Buf b = {0};
  for (int i = 0; i < n; i++) {
    if (fmt[i] != '%') {
      buf_printf(&b, "%c", fmt[i]);
      continue;
    }
    if (i + 1 < n && fmt[i + 1] == '%') {
      buf_add(&b, "%%");
      i++;
      continue;
    }
    int j = i + 1;
    while (j < n && strchr("-+ #0123456789.", fmt[j])) j++;
    buf_printf(&b, "%.*s", j - i, fmt + i);
    while (j < n && strchr("hlL", fmt[j])) j++;
    char conv = fmt[j];
    bool is_bool = is_sk(t, SK_BOOLEAN);
    bool wide = t->kind == TY_SCALAR && (t->scalar == SK_LONGINT || t->scalar == SK_ULONGINT);
    switch (conv) {
    case 'd': case 'i':
      buf_printf(&b, "ll%c", conv);
      *arg = arena_printf(E->arena, "(long long)(%s)", v);
      break;
    case 'u': case 'o': case 'x': case 'X': {
      const char *ut = wide ? "unsigned long long" : t->scalar == SK_SHORTINT || t->scalar == SK_USHORTINT ? "unsigned short"
                       : t->scalar <= SK_UBYTE ? "unsigned char" : "unsigned";
      buf_printf(&b, "ll%c", conv);
      *arg = arena_printf(E->arena, "(unsigned long long)(%s)(%s)", ut, v);
      break;
    }
    case 'c':
      buf_add(&b, "c");
      *arg = arena_printf(E->arena, "(int)(unsigned char)(%s)", v);
      break;
    case 's':
      buf_add(&b, "s");
      *arg = is_bool ? arena_printf(E->arena, "(%s) ? \"true\" : \"false\"", v) : arena_printf(E->arena, "(%s).s", v);
      break;
    default:
      if (is_sk(t, SK_QUAD)) {
        buf_printf(&b, "L%c", conv);
        *arg = arena_printf(E->arena, "(long double)(%s)", v);
      } else {
        buf_printf(&b, "%c", conv);
        *arg = arena_printf(E->arena, "(double)(%s)", v);
      }
      break;
    }
    i = j;
  }
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

/* A C string literal for format text. */
static const char *c_lit(Emitter *E, const char *s) { return emit_c_string(E, s, strlen(s)); }

/* Print one value (scalar, or the element at the current index) with its item's format. */
static void print_value(Emitter *E, const char *f, IoItem *it, bool element, int line) {
  Type *t = it->value->type;
  const char *v = E->print_value ? E->print_value : emit_expr(E, it->value);
  if (it->format) {
    const char *arg = v;
    const char *fmt = user_format(E, it->format->str, it->format->slen, t, v, &arg);
    emit_line(E, "zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, fmt), arg);
  } else if (is_sk(t, SK_BOOLEAN) && !element) {
    emit_line(E, "zrt_write_bool(%s, %d, %s);", f, line, v);
  } else {
    emit_line(E, "zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, default_format(t, element)), default_arg(E, t, v));
  }
}

/* A literal written directly as an item prints as spelled (section 7.9). */
static bool print_literal(Emitter *E, const char *f, Expr *e, int line) {
  if (e->parens) return false;
  const char *text;
  if (e->kind == EX_STRING) text = arena_strndup(E->arena, e->str, (size_t)e->slen);
  else if (e->kind == EX_INT || e->kind == EX_FLOAT) text = arena_printf(E->arena, "%.*s", e->end - e->start, E->S->src->text + e->start);
  else if (e->kind == EX_CHAR) text = arena_printf(E->arena, "%c", (char)e->ival);
  else return false;
  size_t n = e->kind == EX_STRING ? (size_t)e->slen : strlen(text);
  if (e->kind == EX_STRING) { /* "%%" in a string item prints one '%' */
    Buf u = {0};
    for (size_t i = 0; i < n; i++) {
      if (text[i] == '%' && i + 1 < n && text[i + 1] == '%') i++;
      buf_printf(&u, "%c", text[i]);
    }
    emit_line(E, "zrt_write(%s, %d, %s, %zu);", f, line, emit_c_string(E, u.data ? u.data : "", u.len), u.len);
    free(u.data);
  } else {
    emit_line(E, "zrt_write(%s, %d, %s, %zu);", f, line, emit_c_string(E, text, n), n);
  }
  return true;
}

/* A parallel item: every element of the covering region in row-major order, with line breaks
 * after the last index of the last dimension that has more than one index. */
static void print_parallel(Emitter *E, const char *f, IoItem *it, int line) {
  int rank = it->value->rank == RANK_ANY ? E->cover_rank : it->value->rank;
  Type *t = it->value->type;
  IndexMap map;
  /* the values over the covering region, gathered to process 0 (section 11: output in order) */
  Symbol *whole = it->value->kind == EX_NAME ? it->value->sym : NULL;
  const char *src;
  if (whole && is_array_sym(whole) && type_same(whole->type->elem, t)) {
    src = emit_sym(E, whole);
  } else {
    src = temp_over_cover(E, t, rank);
    loops_begin(E, E->cover, rank, NULL, &map);
    emit_line(E, "%s = %s;", temp_elem(E, src, t, &map), emit_expr(E, it->value));
    loops_end(E, rank);
  }
  emit_line(E, "{");
  E->indent++;
  emit_line(E, "zrt_array zg;");
  emit_line(E, "zrt_gather(&zg, &%s, &%s, %d);", src, E->cover, line);
  emit_line(E, "if (zrt_my_process() == 0) {");
  E->indent++;
  emit_line(E, "int zl = zrt_region_line_dim(&%s);", E->cover);
  emit_line(E, "int64_t zlast = zrt_region_last(&%s, zl);", E->cover);
  E->loops_whole = true;
  loops_begin(E, E->cover, rank, NULL, &map);
  E->print_value = temp_elem(E, "zg", t, &map);
  print_value(E, f, it, true, line);
  E->print_value = NULL;
  Buf cond = {0};
  for (int k = 0; k < rank; k++) buf_printf(&cond, "%s(zl == %d && %s == zlast)", k ? " || " : "", k, index_names[k]);
  emit_line(E, "if (%s) zrt_write(%s, %d, \"\\n\", 1);", cond.data ? cond.data : "1", f, line);
  free(cond.data);
  loops_end(E, rank);
  E->loops_whole = false;
  E->indent--;
  emit_line(E, "}");
  emit_line(E, "zrt_array_free(&zg);");
  E->indent--;
  emit_line(E, "}");
}

/* write/writeln/halt items. */
void emit_write(Emitter *E, Stmt *st) {
  int line = st->loc.line;
  const char *f = "ZRT_ZOUT";
  int first = 0;
  if (st->kind == ST_WRITE && st->nitems > 0 && !st->items[0].format && is_sk(st->items[0].value->type, SK_FILE) &&
      st->items[0].value->rank == 0) {
    hoist(E, st->items[0].value, false);
    f = emit_fresh(E, "zf");
    emit_line(E, "zrt_file %s = %s;", f, emit_expr(E, st->items[0].value));
    first = 1;
  }
  for (int i = first; i < st->nitems; i++) {
    IoItem *it = &st->items[i];
    access_checks(E, it->value);
    hoist(E, it->value, it->value->rank > 0);
    if (!it->format && print_literal(E, f, it->value, line)) continue;
    if (it->value->type->kind == TY_ARRAY) { /* a[] or a projection: every element in row-major order */
      Type *et;
      int loops;
      const char *v = emit_elements_begin(E, it->value, &et, &loops);
      emit_line(E, "zrt_printf(%s, %d, %s, %s);", f, line, c_lit(E, default_format(et, false)), default_arg(E, et, v));
      emit_elements_end(E, loops);
      continue;
    }
    if (it->value->rank > 0) print_parallel(E, f, it, line);
    else print_value(E, f, it, false, line);
    hoist_reset(E);
  }
  if (st->newline) emit_line(E, "zrt_write(%s, %d, \"\\n\", 1);", f, line);
  hoist_reset(E);
  if (st->kind == ST_HALT) emit_line(E, "zrt_halt(%d);", line);
}

/* C statement reading one value of type t into lvalue v. */
static void read_value(Emitter *E, const char *f, const char *v, Type *t, int line) {
  if (is_sk(t, SK_STRING)) {
    emit_line(E, "zrt_read_string(%s, %d, &%s);", f, line, v);
    return;
  }
  if (is_sk(t, SK_BOOLEAN)) emit_line(E, "%s = zrt_read_bool(%s, %d);", v, f, line);
  else if (is_sk(t, SK_CHAR)) emit_line(E, "%s = zrt_read_char(%s, %d);", v, f, line);
  else if (type_is_floating(t)) emit_line(E, "%s = (%s)zrt_read_float(%s, %d, \"%s\");", v, emit_ctype(E, t), f, line, scalar_name(t->scalar));
  else if (t->scalar == SK_UBYTE || t->scalar == SK_USHORTINT || t->scalar == SK_UINTEGER || t->scalar == SK_ULONGINT) {
    static const char *const max[] = {[SK_UBYTE] = "UINT8_MAX", [SK_USHORTINT] = "UINT16_MAX", [SK_UINTEGER] = "UINT32_MAX", [SK_ULONGINT] = "UINT64_MAX"};
    emit_line(E, "%s = (%s)zrt_read_uint(%s, %d, %s, \"%s\");", v, emit_ctype(E, t), f, line, max[t->scalar], scalar_name(t->scalar));
  } else {
    static const char *const lim[][2] = {[SK_SBYTE] = {"INT8_MIN", "INT8_MAX"}, [SK_SHORTINT] = {"INT16_MIN", "INT16_MAX"},
                                         [SK_INTEGER] = {"INT32_MIN", "INT32_MAX"}, [SK_LONGINT] = {"INT64_MIN", "INT64_MAX"}};
    emit_line(E, "%s = (%s)zrt_read_int(%s, %d, %s, %s, \"%s\");", v, emit_ctype(E, t), f, line, lim[t->scalar][0],
              lim[t->scalar][1], scalar_name(t->scalar));
  }
}

void emit_read(Emitter *E, Stmt *st) {
  int line = st->loc.line;
  const char *f = "ZRT_ZIN";
  int first = 0;
  if (st->nitems > 1 && is_sk(st->items[0].value->type, SK_FILE) && st->items[0].value->rank == 0) {
    f = emit_fresh(E, "zf");
    emit_line(E, "zrt_file %s = %s;", f, emit_expr(E, st->items[0].value));
    first = 1;
  }
  for (int i = first; i < st->nitems; i++) /* R4, R11 before anything is read (section 5.8) */
    if (st->items[i].value->rank > 0) target_checks(E, st->items[i].value);
  for (int i = first; i < st->nitems; i++) {
    Expr *e = st->items[i].value;
    if (e->type->kind == TY_ARRAY) { /* a[] or a projection: every element in row-major order */
      Type *et;
      int loops;
      const char *v = emit_elements_begin(E, e, &et, &loops);
      read_value(E, f, v, et, line);
      emit_elements_end(E, loops);
    } else if (e->rank > 0) {
      /* every process reads every value (process 0 reads, all receive) and keeps what it owns */
      IndexMap map;
      int rank = e->rank == RANK_ANY ? E->cover_rank : e->rank;
      emit_line(E, "{");
      E->indent++;
      emit_line(E, "zrt_region zown; zrt_region_mine(&zown, &%s);", E->cover);
      E->loops_whole = true;
      loops_begin(E, E->cover, rank, NULL, &map);
      emit_line(E, "%s zrv;", emit_ctype(E, e->type));
      read_value(E, f, "zrv", e->type, line);
      Buf own = {0};
      for (int k = 0; k < rank; k++)
        buf_printf(&own, "%s((zown.flood >> %d & 1) || (zown.lo[%d] <= %s && %s <= zown.hi[%d]))", k ? " && " : "", k, k,
                   index_names[k], index_names[k], k);
      emit_line(E, "if (%s) %s = zrv;", own.data, emit_expr(E, e));
      free(own.data);
      loops_end(E, rank);
      E->loops_whole = false;
      E->indent--;
      emit_line(E, "}");
    } else {
      read_value(E, f, emit_expr(E, e), e->type, line);
    }
  }
}
