/* emit_expr.c - C for expressions (section 6): literals, names, elements of parallel arrays at
 * the current index (with @ and @^), operators with the language's integer semantics, built-in
 * functions, calls, and regions as zrt_region values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

const char *emit_c_string(Emitter *E, const char *s, size_t n) {
  Buf b = {0};
  buf_add(&b, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') buf_printf(&b, "\\%c", c);
    else if (c >= 0x20 && c < 0x7f && c != '?') buf_printf(&b, "%c", c);
    else buf_printf(&b, "\\%03o", c);
  }
  buf_add(&b, "\"");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* s as the text of a C comment: "*" "/" cannot end it (it becomes "* /"), and bytes that are not
 * printable ASCII are written as '?'. */
const char *emit_comment_text(Emitter *E, const char *s) {
  Buf b = {0};
  buf_add(&b, "");
  for (const char *p = s; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (c == '*' && p[1] == '/') buf_add(&b, "* ");
    else if (c >= 0x20 && c < 0x7f) buf_printf(&b, "%c", c);
    else buf_add(&b, "?");
  }
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* The source text of a floating literal without its l/L suffix (its C meaning is the same double). */
static const char *float_text(Emitter *E, Expr *e) {
  int n = e->end - e->start;
  const char *t = E->S->src->text + e->start;
  if (n > 0 && (t[n - 1] == 'l' || t[n - 1] == 'L')) n--;
  const char *text = arena_printf(E->arena, "%.*s", n, t);
  /* a value beyond double's range is an infinity or zero (section 2.5), which the C compiler would
   * warn about if it saw the literal */
  double v = strtod(text, NULL);
  if (isinf(v)) return "HUGE_VAL";
  bool nonzero = false;
  size_t mantissa = strcspn(text, "eE");
  for (size_t i = 0; i < mantissa; i++) nonzero |= text[i] >= '1' && text[i] <= '9';
  return v == 0.0 && nonzero ? "0.0" : text;
}

/* Values of the predefined constants of section 8.3 that are not plain integers. */
static const char *predefined_value(Emitter *E, Symbol *sym) {
  static const char *const names[] = {"PROCESSORS", "zin", "zout", "zerr", "znull", "file_read", "file_write",
                                      "ULONG_MAX", "FLT_EPSILON", "FLT_MIN", "FLT_MAX", "DBL_EPSILON",
                                      "DBL_MIN", "DBL_MAX", "M_SQRT_2"};
  static const char *const vals[] = {"zrt_processors()", "ZRT_ZIN", "ZRT_ZOUT", "ZRT_ZERR", "ZRT_ZNULL",
                                     "zrt_str(\"r\")", "zrt_str(\"w\")", "UINT64_MAX", "FLT_EPSILON",
                                     "FLT_MIN", "FLT_MAX", "DBL_EPSILON", "DBL_MIN", "DBL_MAX",
                                     "0.70710678118654752440"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(sym->name, names[i])) return vals[i];
  if (!strncmp(sym->name, "M_", 2)) return sym->name; /* math.h constants */
  (void)E;
  return NULL;
}

/* An integer constant in C, typed. */
static const char *int_const(Emitter *E, int64_t v, Type *t) {
  const char *ct = emit_ctype(E, t);
  if (v == INT64_MIN) return arena_printf(E->arena, "((%s)INT64_MIN)", ct);
  return arena_printf(E->arena, "((%s)%lldLL)", ct, (long long)v);
}

/* The wrapped value of an integer +, - or * whose operands are compile-time constants, so that the C
 * compiler never folds (and warns about) a signed overflow; NULL otherwise. */
static const char *folded_int(Emitter *E, Expr *e) {
  int64_t v;
  if (!type_is_integer(e->type) || !sema_const_int(E->S, e, &v)) return NULL;
  return int_const(E, v, e->type);
}

bool flood_known(const Type *t, int k, bool *is_flood) {
  if (!t->region) return false; /* a blank-region parameter: decided by the argument */
  *is_flood = t->region->dims[k].kind == DK_STAR;
  return true;
}

/* Note that the loop nest being emitted reads or writes arr (its pointer and strides get hoisted). */
static void note_loop_array(Emitter *E, Symbol *arr) {
  for (int i = 0; i < E->loop_arrays.len; i++)
    if (E->loop_arrays.items[i] == arr) return;
  vec_push(E->arena, &E->loop_arrays, arr);
}

/* The hoisted declarations of the element pointer and strides of arr, for the top of a loop nest. */
const char *emit_array_decls(Emitter *E, Symbol *arr, bool distinct) {
  Type *t = arr->type;
  const char *a = emit_sym(E, arr);
  return arena_printf(E->arena, "%s *%sconst zp_%s = (%s *)%s.origin;%s", emit_ctype(E, t->elem), distinct ? "restrict " : "",
                      arr->name, emit_ctype(E, t->elem), a, emit_stride_decls(E, arr));
}

const char *emit_stride_decls(Emitter *E, Symbol *arr) {
  Type *t = arr->type;
  const char *a = emit_sym(E, arr);
  Buf b = {0};
  for (int k = 0; k < t->rank; k++) buf_printf(&b, " const int64_t zs_%s_%d = %s.stride[%d];", arr->name, k, a, k);
  for (int k = 0; k < t->rank; k++) buf_printf(&b, " (void)zs_%s_%d;", arr->name, k);
  buf_add(&b, strided_decls(E, arr, a, t->rank));
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

/* The element of parallel array sym at the current index, shifted by d (or by the direction dir
 * evaluated at run time, or by the components dvar_0, dvar_1, ... of a ghost view's direction),
 * wrapped for @^. Inside a loop nest the array's pointer and strides are hoisted locals; the last
 * dimension of an array known not to be flooded there has unit stride. */
const char *emit_elem(Emitter *E, Symbol *arr, const char *dvar, const int64_t *d, DirSyn *dir, bool wrap) {
  Type *t = arr->type;
  const char *a = emit_sym(E, arr);
  bool hoisted = E->in_loops;
  if (hoisted) note_loop_array(E, arr);
  bool unshifted = !dvar && !dir && !wrap;
  for (int k = 0; unshifted && d && k < t->rank; k++) unshifted = d[k] == 0;
  if (hoisted && unshifted && arr == E->pair_target) return E->pair_elem;
  const char *offset = NULL;
  if (hoisted && dvar && !wrap) dvar = anchor_read(E, arr, dvar, &offset);
  Buf off = {0};
  for (int k = 0; k < t->rank; k++) {
    bool is_flood;
    bool known = flood_known(t, k, &is_flood);
    if (known && is_flood) continue; /* one element stands for every index */
    const char *ix = E->idx && k < E->idx->rank ? E->idx->idx[k] : "0";
    const char *shift = "";
    if (dvar) shift = arena_printf(E->arena, " + %s_%d", dvar, k);
    else if (d && d[k]) shift = arena_printf(E->arena, " + %lld", (long long)d[k]);
    else if (!d && dir) shift = arena_printf(E->arena, " + %s[%d]", emit_dir(E, dir), k);
    if (E->row_shift && hoisted && k == t->rank - 1) shift = arena_printf(E->arena, " + %s%s", E->row_shift, shift);
    const char *pos = arena_printf(E->arena, "(%s%s)", ix, shift);
    const char *counted = wrap || !hoisted ? NULL : strided_counted_cell(E, arr, k, ix, shift);
    if (counted) { /* an offset in elements already */
      buf_printf(&off, "%s%s", off.len ? " + " : "", counted);
      continue;
    }
    if (!wrap && hoisted && E->row_var[k] && !strcmp(ix, index_names[k])) {
      /* an outer dimension counted by row_var (a nest of rows' step, or a direct nest over a
       * strided region): the offset is affine in it (where the region has more than one index there
       * the array's step divides the region's: the containment checks) */
      const char *at = arena_printf(E->arena, "(%s%s)", E->row_first[k], shift);
      const char *first = arr->may_stride ? arena_printf(E->arena, "zrt_array_cell(&%s, %d, %s)", a, k, at) : at;
      const char *step = arr->may_stride ? arena_printf(E->arena, "zrt_cell(%s, 0, %s.shift[%d], %s.inv[%d])", E->row_step[k], a, k, a, k)
                                         : E->row_step[k];
      buf_printf(&off, "%s(%s + %s * %s)", off.len ? " + " : "", step_shared(E, arena_printf(E->arena, "%s * %s.stride[%d]", first, a, k)),
                 E->row_var[k], step_shared(E, arena_printf(E->arena, "%s * %s.stride[%d]", step, a, k)));
      continue;
    }
    if (wrap) pos = arena_printf(E->arena, "zrt_wrap(%s, %s.dlo[%d], %s.dhi[%d])", pos, a, k, a, k);
    if (!wrap && hoisted && arr->may_stride && k == E->simple_dim && !strcmp(ix, index_names[k])) {
      /* a unit-stride loop over a strided array: where it has more than one index the array's step
       * there is 1 (the containment check), so the cell advances with the index; where one, the
       * index is the first: either way the first index's cell plus the distance from it */
      const char *lo = E->simple_lo;
      pos = arena_printf(E->arena, "(%s + (%s - %s))", strided_cell(E, arr, a, k, arena_printf(E->arena, "(%s%s)", lo, shift), true),
                         ix, lo);
    } else pos = strided_cell(E, arr, a, k, pos, hoisted);
    const char *stride = hoisted ? arena_printf(E->arena, "zs_%s_%d", arr->name, k) : arena_printf(E->arena, "%s.stride[%d]", a, k);
    if (hoisted && known && k == t->rank - 1) buf_printf(&off, "%s%s", off.len ? " + " : "", pos);
    else buf_printf(&off, "%s%s * %s", off.len ? " + " : "", pos, stride);
  }
  const char *base = hoisted ? arena_printf(E->arena, "zp_%s", arr->name)
                             : arena_printf(E->arena, "((%s *)%s.origin)", emit_ctype(E, t->elem), a);
  const char *r = arena_printf(E->arena, "%s[%s%s%s]", base, off.data ? off.data : "0", offset ? " + " : "", offset ? offset : "");
  free(off.data);
  return r;
}

void emit_unsupported(Emitter *E, Loc at, const char *what) {
  if (E->unsupported) return;
  E->unsupported = what;
  E->unsupported_loc = at;
}

const char *emit_hoisted(Emitter *E, Expr *e) {
  for (int i = E->hoist_keys.len - 1; i >= 0; i--)
    if (E->hoist_keys.items[i] == e) return E->hoist_vals.items[i];
  return NULL;
}

const char *emit_dir(Emitter *E, DirSyn *d) {
  if (d->kind == DIR_NAME && d->sym->kind == SYM_CONST) return arena_printf(E->arena, "%s.d", emit_name(E, d->sym->name));
  if (d->kind == DIR_NAME) return emit_name(E, d->sym->name);
  if (d->kind == DIR_DESIG) return arena_printf(E->arena, "(%s).d", emit_expr(E, d->desig)); /* dir100[k] */
  Buf b = {0};
  buf_add(&b, "((int64_t[]){");
  for (int i = 0; i < d->n; i++) buf_printf(&b, "%s(int64_t)(%s)", i ? ", " : "", emit_expr(E, d->comps[i]));
  buf_add(&b, "})");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* The type suffix of the checked integer helpers (zrt_div_i32, ...) for an integer type. */
static const char *int_suffix(const Type *t) {
  switch (t->scalar) {
  case SK_UINTEGER: return "u32";
  case SK_LONGINT: return "i64";
  case SK_ULONGINT: return "u64";
  default: return "i32";
  }
}

/* True if t is one of the unsigned integer types. */
static bool is_unsigned_int(const Type *t) {
  return t && t->kind == TY_SCALAR &&
         (t->scalar == SK_UBYTE || t->scalar == SK_USHORTINT || t->scalar == SK_UINTEGER || t->scalar == SK_ULONGINT);
}

/* True if t is the scalar type k. */

const char *emit_convert(Emitter *E, Expr *e, Type *to) {
  const char *x = emit_expr(E, e);
  Type *from = e->type;
  if (from == to || !to) return x;
  if (to->kind == TY_SCALAR && from->kind == TY_SCALAR && to->scalar == from->scalar) return x;
  if (is_sk(to, SK_BOOLEAN)) return arena_printf(E->arena, "((zrt_bool)((%s) != 0))", x);
  if (to->kind == TY_SCALAR && to->scalar <= SK_QUAD) return arena_printf(E->arena, "((%s)(%s))", emit_ctype(E, to), x);
  if (to->kind == TY_ENUM) return arena_printf(E->arena, "((int32_t)(%s))", x);
  return x;
}

/* A binary operator on operands converted to type t. */
static const char *binop(Emitter *E, Expr *e, Type *t, const char *op) {
  return arena_printf(E->arena, "((%s)(%s %s %s))", emit_ctype(E, t), emit_convert(E, e->lhs, t), op,
                      emit_convert(E, e->rhs, t));
}

/* Comparison of two operands (section 6.4). */
static const char *compare(Emitter *E, Expr *e, const char *op) {
  Type *l = e->lhs->type, *r = e->rhs->type;
  if (is_sk(l, SK_STRING))
    return arena_printf(E->arena, "((zrt_bool)(strcmp((%s).s, (%s).s) %s 0))", emit_expr(E, e->lhs), emit_expr(E, e->rhs), op);
  if (is_sk(l, SK_FILE))
    return arena_printf(E->arena, "((zrt_bool)(%s %s %s))", emit_expr(E, e->lhs), op, emit_expr(E, e->rhs));
  Type *c = type_common(E->S, l, r);
  return arena_printf(E->arena, "((zrt_bool)(%s %s %s))", emit_convert(E, e->lhs, c), op, emit_convert(E, e->rhs, c));
}

static const char *emit_binary(Emitter *E, Expr *e) {
  static const char *const ops[] = {"+", "-", "*", "/", "%", "^", "==", "!=", "<", "<=", ">", ">="};
  int line = e->oploc.line;
  switch (e->op) {
  case OP_ADD: case OP_SUB: case OP_MUL: {
    const char *folded = folded_int(E, e);
    return folded ? folded : binop(E, e, e->type, ops[e->op]);
  }
  case OP_DIV:
  case OP_MOD:
    if (type_is_integer(e->type))
      return arena_printf(E->arena, "((%s)zrt_%s_%s(%s, %s, %d))", emit_ctype(E, e->type), e->op == OP_DIV ? "div" : "mod",
                          int_suffix(e->type), emit_convert(E, e->lhs, e->type), emit_convert(E, e->rhs, e->type), line);
    return binop(E, e, e->type, "/");
  case OP_POW:
    if (type_is_integer(e->type))
      return arena_printf(E->arena, "((%s)zrt_pow_%s(%s, %s, %d))", emit_ctype(E, e->type), int_suffix(e->type),
                          emit_convert(E, e->lhs, e->type), emit_convert(E, e->rhs, e->type), line);
    return arena_printf(E->arena, "pow((double)(%s), (double)(%s))", emit_expr(E, e->lhs), emit_expr(E, e->rhs));
  case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE: return compare(E, e, ops[e->op]);
  case OP_AND:
    if (e->parallel) return arena_printf(E->arena, "((zrt_bool)(((%s) != 0) & ((%s) != 0)))", emit_expr(E, e->lhs), emit_expr(E, e->rhs));
    return arena_printf(E->arena, "((zrt_bool)((%s) && (%s)))", emit_expr(E, e->lhs), emit_expr(E, e->rhs));
  default:
    if (e->parallel) return arena_printf(E->arena, "((zrt_bool)(((%s) != 0) | ((%s) != 0)))", emit_expr(E, e->lhs), emit_expr(E, e->rhs));
    return arena_printf(E->arena, "((zrt_bool)((%s) || (%s)))", emit_expr(E, e->lhs), emit_expr(E, e->rhs));
  }
}

static const char *emit_unary(Emitter *E, Expr *e) {
  if (e->op == OP_NOT) return arena_printf(E->arena, "((zrt_bool)!(%s))", emit_expr(E, e->rhs));
  const char *x = emit_convert(E, e->rhs, e->type);
  if (e->op == OP_POS) return x;
  const char *folded = folded_int(E, e);
  if (folded) return folded;
  return arena_printf(E->arena, "((%s)(-%s))", emit_ctype(E, e->type), x);
}

/* The suffix of zrt_max_* / zrt_min_* for a (promoted) arithmetic type. */
static const char *minmax_suffix(const Type *t) {
  switch (t->scalar) {
  case SK_FLOAT: return "f";
  case SK_DOUBLE: return "d";
  case SK_QUAD: return "q";
  default: return int_suffix(t);
  }
}

/* A predefined function of section 8.1 applied to C arguments. */
static const char *emit_builtin(Emitter *E, Expr *e) {
  Symbol *b = e->sym;
  BuiltinId id = (BuiltinId)b->builtin;
  const char *a0 = e->nargs > 0 ? emit_expr(E, e->args[0]) : "";
  const char *a1 = e->nargs > 1 ? emit_expr(E, e->args[1]) : "";
  const char *rt = emit_ctype(E, e->type);
  Arena *A = E->arena;
  if (id >= BF_to_boolean && id <= BF_to_quad) return emit_convert(E, e->args[0], e->type);
  if (id >= BF_acos && id <= BF_tanh) return arena_printf(A, "%s((double)(%s))", b->name, a0);
  if (id >= BF_acosf && id <= BF_tanhf) return arena_printf(A, "%s((float)(%s))", b->name, a0);
  switch (id) {
  case BF_abs:
    if (type_is_floating(e->type)) {
      const char *fn = e->type->scalar == SK_FLOAT ? "fabsf" : e->type->scalar == SK_QUAD ? "fabsl" : "fabs";
      return arena_printf(A, "%s((%s)(%s))", fn, rt, a0);
    }
    if (is_unsigned_int(e->type)) return arena_printf(A, "((%s)(%s))", rt, a0);
    /* a function, so that the argument's C appears once however deep abs nests; negated in
       unsigned arithmetic: abs of the minimum value wraps to itself (section 4.1) */
    return arena_printf(A, "((%s)zrt_iabs((int64_t)(%s)))", rt, a0);
  case BF_max:
  case BF_min:
    return arena_printf(A, "zrt_%s_%s(%s, %s)", id == BF_max ? "max" : "min", minmax_suffix(e->type),
                        emit_convert(E, e->args[0], e->type), emit_convert(E, e->args[1], e->type));
  case BF_sqr: return arena_printf(A, "zrt_sqr((double)(%s))", a0);
  case BF_cube: return arena_printf(A, "zrt_cube((double)(%s))", a0);
  case BF_trunc: return arena_printf(A, "trunc((double)(%s))", a0);
  case BF_band: return arena_printf(A, "((%s)(%s & %s))", rt, emit_convert(E, e->args[0], e->type), emit_convert(E, e->args[1], e->type));
  case BF_bor: return arena_printf(A, "((%s)(%s | %s))", rt, emit_convert(E, e->args[0], e->type), emit_convert(E, e->args[1], e->type));
  case BF_bxor: return arena_printf(A, "((%s)(%s ^ %s))", rt, emit_convert(E, e->args[0], e->type), emit_convert(E, e->args[1], e->type));
  case BF_bnot: return arena_printf(A, "((%s)~%s)", rt, emit_convert(E, e->args[0], e->type));
  case BF_bsl:
  case BF_bsr: {
    int bits = (int)(8 * (e->type->scalar == SK_LONGINT || e->type->scalar == SK_ULONGINT ? 8 : 4));
    return arena_printf(A, "((%s)(%s %s zrt_shift_count((int64_t)(%s), %d, %d, \"%s\")))", rt, emit_convert(E, e->args[0], e->type),
                        id == BF_bsl ? "<<" : ">>", a1, bits, e->loc.line, b->name);
  }
  case BF_bpop: {
    Type *t = e->args[0]->type;
    int bits = 8 * (t->scalar == SK_LONGINT || t->scalar == SK_ULONGINT ? 8 : t->scalar == SK_SHORTINT || t->scalar == SK_USHORTINT ? 2 : t->scalar <= SK_UBYTE ? 1 : 4);
    return arena_printf(A, "zrt_bpop((uint64_t)(%s), %d)", a0, bits);
  }
  case BF_atan2: case BF_fmod: case BF_pow:
    return arena_printf(A, "%s((double)(%s), (double)(%s))", b->name, a0, a1);
  case BF_atan2f: case BF_fmodf: case BF_powf:
    return arena_printf(A, "%s((float)(%s), (float)(%s))", b->name, a0, a1);
  case BF_ldexp: return arena_printf(A, "ldexp((double)(%s), (int)(%s))", a0, a1);
  case BF_ldexpf: return arena_printf(A, "ldexpf((float)(%s), (int)(%s))", a0, a1);
  case BF_open: return arena_printf(A, "zrt_open((zrt_string[]){%s}, (zrt_string[]){%s})", a0, a1);
  case BF_close: return arena_printf(A, "zrt_close(%s)", a0);
  case BF_eof: return arena_printf(A, "zrt_eof(%s, %d)", a0, e->loc.line);
  case BF_ResetTimer: return "zrt_reset_timer()";
  case BF_CheckTimer: return "zrt_check_timer()";
  case BF_ClearTimer: return arena_printf(A, "zrt_clear_timer(&%s)", a0);
  case BF_StartTimer: return arena_printf(A, "zrt_start_timer(&%s, (int64_t)(%s))", a0, a1);
  case BF_StopTimer: return arena_printf(A, "zrt_stop_timer(&%s)", a0);
  case BF_ReadTimer: { /* a free timer reads its own clock, any other the largest (section 15.6) */
    Symbol *t = sema_base_symbol(e->args[0]);
    return arena_printf(A, "zrt_read_timer(%s, %d)", a0, t && t->is_free);
  }
  default: return "0";
  }
}

/* The address of the parallel array argument a: a variable or parameter, or an element U[e] that no
 * statement binds (an argument in a declaration's bounds or initializer), its subscripts checked
 * when the call is evaluated (R2). */
static const char *parallel_arg(Emitter *E, Expr *a) {
  if (a->kind == EX_INDEX && a->ptype && a->ptype->kind == TY_PARALLEL) return arena_printf(E->arena, "&%s", emit_element_ref(E, a));
  return arena_printf(E->arena, "&%s", emit_sym(E, sema_base_symbol(a)));
}

/* A call of a program procedure (or an imported C function). */
static const char *emit_call(Emitter *E, Expr *e) {
  Symbol *f = e->sym;
  if (f->kind == SYM_BUILTIN) return emit_builtin(E, e);
  Buf b = {0};
  buf_printf(&b, "%s(", f->cfunc || (f->proc && f->proc->is_extern) ? f->name : emit_proc_name(E, f));
  bool first = true;
  if (!f->cfunc && !(f->proc && f->proc->is_extern)) {
    buf_add(&b, E->cover ? arena_printf(E->arena, "&%s", E->cover) : "NULL");
    first = false;
  }
  for (int i = 0; i < e->nargs; i++) {
    Expr *a = e->args[i];
    Type *pt = f->ptypes[i];
    ParamMode m = f->pmodes[i];
    bool by_ref = (m == PM_OUT || m == PM_INOUT || m == PM_VAR) && !is_sk(pt, SK_FILE);
    const char *x;
    if (pt->kind == TY_PARALLEL && pt->region_name) { /* R4: the argument's declared region must be the parameter's */
      x = arena_printf(E->arena, "zrt_check_param_region(%s, &%s, %d, \"%s\", %d, \"%s\")", parallel_arg(E, a),
                       emit_name(E, pt->region_name->name), i + 1, f->name, e->loc.line, pt->region_name->name);
    } else if (pt->kind == TY_PARALLEL) x = parallel_arg(E, a);
    else if (pt->kind == TY_ARRAY) x = arena_printf(E->arena, "&(%s)", emit_expr(E, a)); /* the field or element itself (m.max, t[2]) */
    else if (by_ref) x = arena_printf(E->arena, "&%s", emit_expr(E, a));
    else x = emit_convert(E, a, pt);
    buf_printf(&b, "%s%s", first ? "" : ", ", x);
    first = false;
  }
  buf_add(&b, ")");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  if (E->idx && f->info && f->info->per_process) { /* elementwise (also a user reduction's accumulate): per process */
    if (!f->result) return arena_printf(E->arena, "({ zrt_elementwise++; %s; zrt_elementwise--; })", r);
    r = arena_printf(E->arena, "({ zrt_elementwise++; %s zew = %s; zrt_elementwise--; zew; })", emit_ctype(E, f->result), r);
  }
  return r;
}

/* A name as a value. */
static const char *emit_name_expr(Emitter *E, Expr *e) {
  Symbol *sym = e->sym;
  switch (sym->kind) {
  case SYM_INDEX:
    if (!E->idx || sym->index_k > E->idx->rank) return "0";
    if (E->row_shift && sym->index_k == E->idx->rank) return arena_printf(E->arena, "(%s + %s)", E->idx->idx[sym->index_k - 1], E->row_shift);
    return E->idx->idx[sym->index_k - 1];
  case SYM_INDEX_INIT: return E->init_idx[sym->index_k - 1] ? E->init_idx[sym->index_k - 1] : "0";
  case SYM_ENUMERATOR: return int_const(E, sym->const_val, type_scalar(E->S, SK_INTEGER));
  default: break;
  }
  if (sym->loc.line == 0) { /* predefined constant */
    const char *v = predefined_value(E, sym);
    if (v) return v;
    return int_const(E, sym->const_val, sym->type);
  }
  if (sym->type && sym->type->kind == TY_PARALLEL) {
    const char *v = emit_contracted(E, sym);
    return v ? v : emit_elem(E, sym, NULL, NULL, NULL, false);
  }
  return emit_sym(E, sym);
}

/* A designator below a shift: the element of the base array, then fields and subscripts. */

static const char *emit_shifted_designator(Emitter *E, Expr *d, const int64_t *dv, DirSyn *dir, bool wrap) {
  if (d->kind == EX_NAME) return emit_elem(E, d->sym, NULL, dv, dir, wrap);
  if (d->kind == EX_FIELD)
    return arena_printf(E->arena, "(%s).%s", emit_shifted_designator(E, d->base, dv, dir, wrap), emit_name(E, d->name.name));
  if (d->kind == EX_INDEX && d->nargs > 0) return emit_index_into(E, d, emit_shifted_designator(E, d->base, dv, dir, wrap), d->base->type);
  emit_unsupported(E, d->loc, "this shift");
  return "0";
}

/* A@d or A@^d read in place: A@^d wraps its index into A's declared region, unless ghost cells
 * hold the wrapped elements beyond that region (IC_WRAP_GHOST). */
static const char *emit_shift(Emitter *E, Expr *e) {
  const EmitView *v = emit_view_of(E, e);
  if (v) return emit_elem(E, v->sym, v->dvar, NULL, NULL, false); /* its ghost cells hold the wrapped values */
  int64_t d[MAX_RANK] = {0};
  int rank;
  bool known;
  sema_dir(E->S, e->dir, &rank, d, &known);
  const IrComm *c = e->wrap ? comm_at(E, e) : NULL;
  bool wrap = e->wrap && !(c && c->kind == IC_WRAP_GHOST);
  return emit_shifted_designator(E, e->base, known ? d : NULL, known ? NULL : e->dir, wrap);
}

/* Subscript of an indexed array (also an element of a parallel array of indexed arrays): the
 * row-major position with every subscript checked (R2). */
static const char *emit_index(Emitter *E, Expr *e) {
  if (e->nargs == 0) return emit_expr(E, e->base);
  if (e->ptype && e->ptype->kind == TY_PARALLEL) /* ir/lower.c binds those of simple statements */
    emit_unsupported(E, e->loc, "an element of an indexed array of parallel arrays here");
  return emit_index_into(E, e, emit_expr(E, e->base), e->base->type);
}

const char *emit_element_ref(Emitter *E, Expr *index) {
  return emit_index_into(E, index, emit_expr(E, index->base), index->base->type);
}

const char *emit_index_into(Emitter *E, Expr *e, const char *a, Type *bt) {
  Buf b = {0};
  for (int i = 0; i < e->nargs; i++) buf_printf(&b, "%s(int64_t)(%s)", i ? ", " : "", emit_expr(E, e->args[i]));
  Symbol *base = sema_base_symbol(e->base);
  const char *r = arena_printf(E->arena, "((%s *)(%s).data)[zrt_iindex((int64_t[]){%s}, %s, %s, %d, %d, \"%s\")]",
                               emit_ctype(E, bt->elem), a, b.data, iarray_bounds_c(E, bt, a, false),
                               iarray_bounds_c(E, bt, a, true), bt->ndims, e->loc.line, base ? base->name : "?");
  free(b.data);
  return r;
}

/* >>[S] e (section 6.8): e at the current index with every replicated dimension (a singleton of S)
 * replaced by that singleton. */
static const char *emit_flood(Emitter *E, Expr *e) {
  IndexMap map = {0};
  IndexMap *saved = E->idx;
  Region *src = e->source;
  const char *srcval = emit_hoisted(E, (Expr *)e->region); /* the source region, computed before the loops */
  map.rank = src ? src->rank : 0;
  for (int k = 0; k < map.rank; k++) {
    bool replicated = src->dims[k].kind == DK_SINGLE;
    map.idx[k] = replicated && srcval ? arena_printf(E->arena, "%s.lo[%d]", srcval, k)
                                      : saved && k < saved->rank ? saved->idx[k] : "0";
  }
  E->idx = &map;
  const char *r = emit_expr(E, e->rhs);
  E->idx = saved;
  return r;
}

const char *emit_expr(Emitter *E, Expr *e) {
  const char *h = emit_hoisted(E, e);
  if (h) return h;
  if (E->rowsums_on && (h = rowsums_read(E, e))) return h; /* a partial sum from its row buffer */
  switch (e->kind) {
  case EX_INT: return int_const(E, e->ival, e->type);
  case EX_FLOAT: return float_text(E, e);
  case EX_CHAR: return arena_printf(E->arena, "((signed char)%d)", (int)e->ival);
  case EX_STRING: return arena_printf(E->arena, "zrt_str(%s)", emit_c_string(E, e->str, (size_t)e->slen));
  case EX_NAME: return emit_name_expr(E, e);
  case EX_INDEX: return emit_index(E, e);
  case EX_FIELD: return arena_printf(E->arena, "(%s).%s", emit_expr(E, e->base), emit_name(E, e->name.name));
  case EX_CALL: return emit_call(E, e);
  case EX_UNARY: return emit_unary(E, e);
  case EX_BINARY: return emit_binary(E, e);
  case EX_SHIFT: return emit_shift(E, e);
  case EX_FLOOD: return emit_flood(E, e);
  default:
    emit_unsupported(E, e->loc, e->kind == EX_SCAN ? "this scan" : "this reduction");
    return "0";
  }
}

/* ---- regions ---- */

/* A bound of a region literal as C. */
static const char *bound(Emitter *E, Expr *e) { return arena_printf(E->arena, "(int64_t)(%s)", emit_expr(E, e)); }

/* The dimensions of a bracket that are blank (inherited from the cover). */
static unsigned blank_mask(const Bracket *b) {
  unsigned m = 0;
  for (int k = 0; k < b->n; k++)
    if (b->items[k].kind == BI_BLANK) m |= 1u << k;
  return m;
}

/* A region literal (rank, lo, hi, flood) from brackets; blank dimensions come from the cover. */
static const char *region_literal(Emitter *E, Bracket *b) {
  Buf lo = {0}, hi = {0};
  unsigned flood = 0;
  for (int k = 0; k < b->n; k++) {
    BracketItem *it = &b->items[k];
    const char *l = "0", *h = "0";
    switch (it->kind) {
    case BI_EXPR: l = h = bound(E, it->lo); break;
    case BI_RANGE: l = bound(E, it->lo); h = bound(E, it->hi); break;
    case BI_STAR: flood |= 1u << k; break;
    default:
      l = arena_printf(E->arena, "%s.lo[%d]", E->cover ? E->cover : "zregion_none", k);
      h = arena_printf(E->arena, "%s.hi[%d]", E->cover ? E->cover : "zregion_none", k);
      if (E->cover) flood |= 0; /* flood-ness of a blank dimension follows the cover at run time */
      break;
    }
    buf_printf(&lo, "%s%s", k ? ", " : "", l);
    buf_printf(&hi, "%s%s", k ? ", " : "", h);
  }
  bool blank_flood = false;
  for (int k = 0; k < b->n; k++) blank_flood |= b->items[k].kind == BI_BLANK;
  const char *fl = blank_flood && E->cover ? arena_printf(E->arena, "(%uu | (%s.flood & %uu))", flood, E->cover, blank_mask(b))
                                           : arena_printf(E->arena, "%uu", flood);
  const char *r = arena_printf(E->arena, "zrt_region_make(%d, (int64_t[]){%s}, (int64_t[]){%s}, %s)", b->n, lo.data, hi.data, fl);
  free(lo.data);
  free(hi.data);
  return r;
}

const char *emit_region_syn(Emitter *E, RegionSyn *rs);

bool emit_may_run_in_elaboration(const Emitter *E) {
  return E->cur_proc && !(E->S->entry && E->cur_proc == E->S->entry->proc);
}

/* Region value v of global NAME, checked (R11) where a procedure may run during elaboration. */
static const char *elaborated_region(Emitter *E, const char *v, const char *name, int line) {
  if (!emit_may_run_in_elaboration(E)) return v;
  return arena_printf(E->arena, "zrt_region_elaborated(%s, %d, \"%s\")", v, line, name);
}

const char *emit_named_region(Emitter *E, const char *name, int line) {
  return elaborated_region(E, emit_name(E, name), name, line);
}

/* An element Level[k] of an indexed array of regions as a value. */
static const char *region_element(Emitter *E, Expr *e) {
  Symbol *array = sema_base_symbol(e);
  return elaborated_region(E, emit_expr(E, e), array ? array->name : "?", e->loc.line);
}

/* A region written in brackets: a single region expression, a region name, or a literal. */
const char *emit_region_bracket(Emitter *E, Bracket *b) {
  if (b->n == 1 && b->items[0].kind == BI_REGION) return emit_region_syn(E, b->items[0].region);
  Expr *e = b->n == 1 && b->items[0].kind == BI_EXPR && !b->items[0].lo->parens ? b->items[0].lo : NULL;
  if (e && e->kind == EX_NAME) {
    Symbol *sym = sema_lookup(E->S, e->name.name, e->loc.off);
    if (sym && (sym->kind == SYM_REGION || (sym->kind == SYM_CONST && sym->type && sym->type->kind == TY_REGION)))
      return emit_named_region(E, sym->name, e->loc.line); /* a named region or a region constant */
  }
  if (e && e->kind != EX_NAME && e->type && e->type->kind == TY_REGION) return region_element(E, e); /* Level[k] */
  return region_literal(E, b);
}

const char *emit_region_syn(Emitter *E, RegionSyn *rs) {
  switch (rs->kind) {
  case RX_BRACKET: return emit_region_bracket(E, rs->bracket);
  case RX_NAME: return emit_named_region(E, rs->name.name, rs->loc.line);
  case RX_DESIG: return region_element(E, rs->desig);
  case RX_DITTO: return E->cover ? E->cover : "zregion_none";
  case RX_OF: return arena_printf(E->arena, "zrt_region_of(%s, %s)", emit_region_syn(E, rs->base), emit_dir(E, rs->dir));
  case RX_IN: return arena_printf(E->arena, "zrt_region_in(%s, %s)", emit_region_syn(E, rs->base), emit_dir(E, rs->dir));
  case RX_AT: return arena_printf(E->arena, "zrt_region_at(%s, %s)", emit_region_syn(E, rs->base), emit_dir(E, rs->dir));
  case RX_BY:
    return arena_printf(E->arena, "zrt_region_by_checked(%s, %s, %d)", emit_region_syn(E, rs->base), emit_dir(E, rs->dir),
                        rs->oploc.line);
  case RX_WITH: case RX_WITHOUT: return emit_region_syn(E, rs->base);
  default: return "zregion_none";
  }
}
