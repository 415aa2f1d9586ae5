/* emit_project.c - blank-index projections (section 15.7): c.max[].loc[] denotes every element
 * reached by all combinations of its blank subscripts, in row-major order with the leftmost '[]'
 * varying slowest. Each '[]' of the designator opens one C loop over all the elements of its
 * level; the element at the innermost is read, written, assigned a scalar, or copied from or to
 * another projection (or whole array) of the same shape through a buffer, so that the source is
 * read whole before the target is written. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The C lvalue of designator e's element inside the loops opened for its blanks (counted in
 * *loops), and its type: the type of the variable's part it reaches, not the projection's shape. */
static const char *element(Emitter *E, Expr *e, Type **type, int *loops) {
  *type = e->type;
  if (e->kind == EX_FIELD) {
    Type *rt;
    const char *base = element(E, e->base, &rt, loops);
    for (int i = 0; i < rt->nfields; i++)
      if (!strcmp(rt->fields[i].name, e->name.name)) *type = rt->fields[i].type;
    return arena_printf(E->arena, "(%s).%s", base, emit_name(E, e->name.name));
  }
  if (e->kind != EX_INDEX) return emit_expr(E, e);
  Type *at;
  const char *base = element(E, e->base, &at, loops);
  *type = at->elem;
  if (e->nargs > 0) return emit_index_into(E, e, base, at);
  const char *k = emit_fresh(E, "zk");
  emit_line(E, "for (int64_t %s = 0; %s < %s; %s++) {", k, k, iarray_count_c(E, at, base), k);
  E->indent++;
  ++*loops;
  return arena_printf(E->arena, "((%s *)(%s).data)[%s]", emit_ctype(E, at->elem), base, k);
}

bool emit_is_projection(const Expr *e) { return e && e->type && e->type->kind == TY_ARRAY && e->projection; }

bool emit_is_elements(const Expr *e) {
  return emit_is_projection(e) || (e && e->type && e->type->kind == TY_ARRAY && e->kind == EX_INDEX && e->nargs == 0);
}

const char *emit_elements_begin(Emitter *E, Expr *e, Type **type, int *loops) {
  *loops = 0;
  return element(E, e, type, loops);
}

void emit_elements_end(Emitter *E, int loops) {
  for (int i = 0; i < loops; i++) {
    E->indent--;
    emit_line(E, "}");
  }
}

/* C value v of type from as a value of type to (section 4.7, as in an assignment). */
static const char *convert_c(Emitter *E, const char *v, const Type *from, Type *to) {
  if (to->kind == TY_SCALAR && from->kind == TY_SCALAR && to->scalar == from->scalar) return v;
  if (is_sk(to, SK_BOOLEAN)) return arena_printf(E->arena, "((zrt_bool)((%s) != 0))", v);
  if (to->kind == TY_SCALAR && to->scalar <= SK_QUAD) return arena_printf(E->arena, "((%s)(%s))", emit_ctype(E, to), v);
  if (to->kind == TY_ENUM) return arena_printf(E->arena, "((int32_t)(%s))", v);
  return v;
}

/* A C variable holding the number of elements of e (a projection or whole array): a constant, or
 * counted when an outer level's bounds are known only at elaboration. */
static const char *element_count(Emitter *E, Expr *e) {
  const char *n = emit_fresh(E, "zn");
  bool fixed = iarray_fixed(e->type);
  emit_line(E, "int64_t %s = %lldLL;", n, fixed ? (long long)iarray_count(e->type) : 0LL);
  if (!fixed) {
    Type *et;
    int loops;
    const char *x = emit_elements_begin(E, e, &et, &loops);
    emit_line(E, "(void)(%s); %s++;", x, n);
    emit_elements_end(E, loops);
  }
  return n;
}

/* target := value where one of them is a projection (and the other a projection or a whole array of
 * the same shape, or a scalar): element by element in row-major order. */
void emit_projection_assign(Emitter *E, Stmt *st) {
  Type *et, *lt = st->lhs->type->elem;
  int loops;
  const char *ct = emit_ctype(E, lt);
  emit_line(E, "{");
  E->indent++;
  if (st->rhs->type->kind != TY_ARRAY) { /* a scalar to every element */
    const char *v = emit_fresh(E, "zv");
    emit_line(E, "const %s %s = %s;", ct, v, emit_convert(E, st->rhs, lt));
    const char *x = emit_elements_begin(E, st->lhs, &et, &loops);
    emit_line(E, "%s = %s;", x, v);
    emit_elements_end(E, loops);
  } else { /* through a buffer of the target's element type */
    const char *n = element_count(E, st->rhs);
    const char *m = element_count(E, st->lhs);
    Symbol *a = sema_base_symbol(st->lhs), *b = sema_base_symbol(st->rhs);
    emit_line(E, "if (%s != %s) zrt_error(%d, \"cannot assign %%lld elements of '%s' to %%lld elements of '%s'\", (long long)%s, (long long)%s);",
              n, m, st->loc.line, b ? b->name : "?", a ? a->name : "?", n, m);
    const char *buf = emit_fresh(E, "zbuf");
    emit_line(E, "zrt_iarray %s; zrt_iarray_alloc(&%s, 1, sizeof(%s), (int64_t[]){1}, (int64_t[]){%s});", buf, buf, ct, n);
    const char *at = arena_printf(E->arena, "((%s *)%s.data)[%s++]", ct, buf, n);
    emit_line(E, "%s = 0;", n);
    const char *x = emit_elements_begin(E, st->rhs, &et, &loops);
    emit_line(E, "%s = %s;", at, convert_c(E, x, et, lt));
    emit_elements_end(E, loops);
    emit_line(E, "%s = 0;", n);
    x = emit_elements_begin(E, st->lhs, &et, &loops);
    emit_line(E, "%s = %s;", x, at);
    emit_elements_end(E, loops);
    emit_line(E, "zrt_iarray_free(&%s);", buf);
  }
  E->indent--;
  emit_line(E, "}");
}
