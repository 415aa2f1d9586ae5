/* sema_types.c - the types of section 4: construction from syntax, names for messages,
 * arithmetic promotion and the assignment conversions of section 4.7. */
#include <string.h>
#include "sema_internal.h"
#include <stdint.h>

Type *type_new(Sema *S, TypeKind kind) {
  Type *t = ARENA_NEW(S->arena, Type);
  t->kind = kind;
  return t;
}

void sema_types_init(Sema *S) {
  for (int k = 0; k < SK_COUNT; k++) {
    S->t_scalar[k] = type_new(S, TY_SCALAR);
    S->t_scalar[k]->scalar = (ScalarKind)k;
  }
  S->t_error = type_new(S, TY_ERROR);
  S->t_void = type_new(S, TY_VOID);
}

Type *type_scalar(Sema *S, ScalarKind k) { return S->t_scalar[k]; }

const char *type_name(Sema *S, const Type *t) {
  if (!t) return "void";
  switch (t->kind) {
  case TY_SCALAR: return scalar_name(t->scalar);
  case TY_ENUM:
  case TY_RECORD: return t->name;
  case TY_ARRAY: return arena_printf(S->arena, "array of %s", type_name(S, t->elem));
  case TY_PARALLEL: {
    char commas[MAX_RANK + 1] = {0};
    for (int i = 0; i < t->rank - 1 && i < MAX_RANK; i++) commas[i] = ',';
    return arena_printf(S->arena, "[%s] %s", commas, type_name(S, t->elem));
  }
  case TY_VOID: return "void";
  case TY_DIRECTION: case TY_REGION: {
    char buf[64];
    int n = 0;
    for (int k = 0; k < t->rank && k < MAX_RANK; k++) {
      if (k) buf[n++] = ',';
      if (t->kind == TY_REGION && t->shape[k] == '.') buf[n++] = '.';
      buf[n++] = t->shape[k];
    }
    buf[n] = 0;
    return arena_printf(S->arena, "%s<%s>", t->kind == TY_REGION ? "region" : "direction", buf);
  }
  default: return "<error>";
  }
}

/* True if t is the scalar type k. */
static bool is_scalar(const Type *t, ScalarKind k) { return t && t->kind == TY_SCALAR && t->scalar == k; }

bool type_is_integer(const Type *t) {
  return t && t->kind == TY_SCALAR && t->scalar >= SK_CHAR && t->scalar <= SK_ULONGINT;
}

bool type_is_floating(const Type *t) {
  return t && t->kind == TY_SCALAR && t->scalar >= SK_FLOAT && t->scalar <= SK_QUAD;
}

bool type_is_numeric(const Type *t) { return type_is_integer(t) || type_is_floating(t); }

bool type_is_truth(const Type *t) { return is_scalar(t, SK_BOOLEAN) || type_is_integer(t); }

bool type_is_arith(const Type *t) {
  return type_is_numeric(t) || is_scalar(t, SK_BOOLEAN) || (t && t->kind == TY_ENUM);
}

Type *type_elem(const Type *t) { return t && t->kind == TY_PARALLEL ? t->elem : (Type *)t; }

bool type_same(const Type *a, const Type *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case TY_SCALAR: return a->scalar == b->scalar;
  case TY_ARRAY:
    if (a->ndims != b->ndims || !type_same(a->elem, b->elem)) return false;
    for (int i = 0; i < a->ndims; i++)
      if (a->dims[i].known && b->dims[i].known &&
          a->dims[i].hi_val - a->dims[i].lo_val != b->dims[i].hi_val - b->dims[i].lo_val)
        return false;
    return true;
  case TY_PARALLEL: return a->rank == b->rank && type_same(a->elem, b->elem);
  case TY_DIRECTION: case TY_REGION: return a->rank == b->rank && !memcmp(a->shape, b->shape, (size_t)a->rank);
  default: return false; /* enumerations and records: name equivalence */
  }
}

Type *type_promote(Sema *S, const Type *t) {
  if (t->kind == TY_ENUM) return type_scalar(S, SK_INTEGER);
  if (t->kind != TY_SCALAR) return (Type *)t;
  switch (t->scalar) {
  case SK_BOOLEAN: case SK_CHAR: case SK_SBYTE: case SK_UBYTE: case SK_SHORTINT: case SK_USHORTINT:
    return type_scalar(S, SK_INTEGER);
  default:
    return (Type *)t;
  }
}

/* Rank of an integer type in C's conversion order, and whether it is unsigned. */
static int int_rank(ScalarKind k, bool *is_unsigned) {
  *is_unsigned = k == SK_UINTEGER || k == SK_ULONGINT;
  return k == SK_LONGINT || k == SK_ULONGINT ? 2 : 1;
}

Type *type_common(Sema *S, const Type *a, const Type *b) {
  a = type_promote(S, a);
  b = type_promote(S, b);
  if (a->kind != TY_SCALAR || b->kind != TY_SCALAR) return S->t_error;
  ScalarKind x = a->scalar, y = b->scalar;
  if (x == SK_QUAD || y == SK_QUAD) return type_scalar(S, SK_QUAD);
  if (x == SK_DOUBLE || y == SK_DOUBLE) return type_scalar(S, SK_DOUBLE);
  if (x == SK_FLOAT || y == SK_FLOAT) return type_scalar(S, SK_FLOAT);
  bool ux, uy;
  int rx = int_rank(x, &ux), ry = int_rank(y, &uy);
  if (ux == uy) return (Type *)(rx >= ry ? a : b);
  int ru = ux ? rx : ry, rs = ux ? ry : rx;
  if (ru >= rs) return (Type *)(ux ? a : b);
  return (Type *)(ux ? b : a); /* the signed type is wider: it holds every unsigned value */
}

bool type_assignable(const Type *target, const Type *src) {
  if (!target || !src) return false;
  if (target->kind == TY_ERROR || src->kind == TY_ERROR) return true;
  if (type_is_numeric(target)) return type_is_numeric(src) || is_scalar(src, SK_BOOLEAN) || src->kind == TY_ENUM;
  if (is_scalar(target, SK_BOOLEAN)) return is_scalar(src, SK_BOOLEAN) || type_is_integer(src);
  if (target->kind == TY_ENUM || target->kind == TY_RECORD) return target == src;
  if (is_scalar(target, SK_STRING)) return is_scalar(src, SK_STRING);
  if (is_scalar(target, SK_FILE)) return is_scalar(src, SK_FILE);
  if (is_scalar(target, SK_TIMER)) return false; /* a timer is passed to a timer parameter only (section 15.6) */
  if (target->kind == TY_ARRAY) return src->kind == TY_ARRAY && target->ndims == src->ndims && type_assignable(target->elem, src->elem);
  return false;
}

/* ---- types from their syntax ---- */

/* An enumeration type; its enumerators become global constants. */
static Type *resolve_enum(Sema *S, TypeSyn *ts) {
  Type *t = type_new(S, TY_ENUM);
  t->name = "enumeration";
  t->nenums = ts->nenums;
  t->enumerators = ARENA_ARRAY(S->arena, Symbol *, ts->nenums);
  int64_t next = 0;
  for (int i = 0; i < ts->nenums; i++) {
    Enumerator *en = &ts->enums[i];
    if (en->value) {
      int64_t v;
      diag_construct_begin(S->diags);
      Type *vt = sema_expr(S, en->value);
      if (vt->kind != TY_ERROR && !type_is_integer(vt) && vt->kind != TY_ENUM)
        SEMA_ERR(S, en->value->loc, "expected an integer value, found %s", type_name(S, vt));
      else if (vt->kind != TY_ERROR && !sema_const_int(S, en->value, &v))
        SEMA_ERR(S, en->value->loc, "an enumerator value must be a constant");
      else if (vt->kind != TY_ERROR)
        next = v;
      diag_construct_end(S->diags);
    }
    Symbol *sym = scope_get(S->locals ? S->locals : S->globals, en->name.name);
    if (sym && sym->loc.off != en->name.loc.off) {
      if (S->locals) /* a global's enumerators were declared (and E2 reported) with the globals */
        SEMA_ERR(S, en->name.loc, "redefinition of '%s' (previously declared at line %d)", en->name.name, sym->loc.line);
      sym = sema_new_symbol(S, SYM_ENUMERATOR, en->name.name, en->name.loc);
    } else if (!sym) {
      sym = sema_new_symbol(S, SYM_ENUMERATOR, en->name.name, en->name.loc);
      scope_put(S->arena, S->locals ? S->locals : S->globals, en->name.name, sym);
    }
    sym->kind = SYM_ENUMERATOR;
    sym->type = t;
    sym->const_known = true;
    sym->const_val = next++;
    sym->resolve_state = 2;
    sym->global = true;
    t->enumerators[i] = sym;
  }
  return t;
}

/* A record type. */
static Type *resolve_record(Sema *S, TypeSyn *ts) {
  Type *t = type_new(S, TY_RECORD);
  t->name = "record";
  int n = 0;
  for (int i = 0; i < ts->nfields; i++) n += ts->fields[i].nnames;
  t->fields = ARENA_ARRAY(S->arena, Field, n);
  for (int i = 0; i < ts->nfields; i++) {
    FieldSyn *f = &ts->fields[i];
    Type *ft = sema_resolve_type(S, f->type, false);
    if (!sema_type_use_ok(S, ft, f->type, TU_FIELD)) {
      ft = S->t_error;
    } else if (ft->kind == TY_PARALLEL) {
      SEMA_ERR(S, f->type->loc, "a record field cannot be a parallel array");
      ft = S->t_error;
    }
    for (int k = 0; k < f->nnames; k++) {
      for (int j = 0; j < t->nfields; j++)
        if (!strcmp(t->fields[j].name, f->names[k].name))
          SEMA_ERR(S, f->names[k].loc, "duplicate field '%s'", f->names[k].name);
      t->fields[t->nfields].name = f->names[k].name;
      t->fields[t->nfields].type = ft;
      t->nfields++;
    }
  }
  return t;
}

/* Check one indexed-array bound: an integer or enumeration scalar. */
static bool check_bound(Sema *S, Expr *e) {
  Type *t = sema_expr(S, e);
  if (t->kind == TY_ERROR) return false;
  if (e->rank > 0 || !(type_is_integer(t) || t->kind == TY_ENUM || is_scalar(t, SK_BOOLEAN))) {
    SEMA_ERR(S, e->loc, "array bounds must be integer scalars");
    return false;
  }
  return true;
}

/* The largest indexed array azc accepts (bytes): C objects with static storage beyond 2 GiB do not
   link in the default code model, and gcc refuses any beyond PTRDIFF_MAX. */
#define MAX_ARRAY_BYTES ((uint64_t)1 << 31)

/* The bytes of a value of type t, when every size in it is known at compile time; false if one is
   not, or if the size is over MAX_ARRAY_BYTES (then *bytes is UINT64_MAX). Fields without padding:
   an estimate from below, which is all the limit needs. */
static bool type_bytes(const Type *t, uint64_t *bytes) {
  static const uint16_t scalar_bytes[SK_COUNT] = {1, 1, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 16, 256, 4};
  *bytes = 0;
  switch (t->kind) {
  case TY_SCALAR: *bytes = scalar_bytes[t->scalar]; return true;
  case TY_ENUM: *bytes = 4; return true;
  case TY_RECORD:
    for (int i = 0; i < t->nfields; i++) {
      uint64_t f;
      if (!type_bytes(t->fields[i].type, &f)) {
        *bytes = f;
        return false;
      }
      *bytes += f;
      if (*bytes > MAX_ARRAY_BYTES) {
        *bytes = UINT64_MAX;
        return false;
      }
    }
    return true;
  case TY_ARRAY: {
    uint64_t n;
    if (!type_bytes(t->elem, &n)) {
      *bytes = n;
      return false;
    }
    for (int k = 0; k < t->ndims; k++) {
      if (!t->dims[k].known) return false;
      int64_t lo = t->dims[k].lo_val, hi = t->dims[k].hi_val;
      uint64_t ext = hi < lo ? 0 : (uint64_t)hi - (uint64_t)lo + 1; /* no signed overflow */
      if (ext != 0 && n > MAX_ARRAY_BYTES / ext) {
        *bytes = UINT64_MAX;
        return false;
      }
      n *= ext;
    }
    *bytes = n;
    return true;
  }
  default: return false;
  }
}

uint64_t sema_type_known_bytes(const Type *t) {
  uint64_t bytes;
  return type_bytes(t, &bytes) ? bytes : 0;
}

/* An indexed array type. */
static Type *resolve_array(Sema *S, TypeSyn *ts) {
  Type *t = type_new(S, TY_ARRAY);
  if (ts->nbounds > MAX_RANK) {
    SEMA_ERR(S, ts->loc, "an indexed array has at most %d dimensions", MAX_RANK);
    return S->t_error;
  }
  t->ndims = ts->nbounds;
  t->dims = ARENA_ARRAY(S->arena, ArrayDim, ts->nbounds);
  bool ok = true;
  for (int i = 0; i < ts->nbounds; i++) {
    BoundSyn *b = &ts->bounds[i];
    ArrayDim *d = &t->dims[i];
    d->lo = b->lo;
    d->hi = b->hi ? b->hi : b->lo;
    ok &= check_bound(S, b->lo);
    if (b->hi) ok &= check_bound(S, b->hi);
    else
      diag_warning(S->diags, b->lo->loc.line, b->lo->loc.col, "indexed-array bound '%.*s' means '%.*s..%.*s'",
                   b->lo->end - b->lo->start, S->src->text + b->lo->start, b->lo->end - b->lo->start,
                   S->src->text + b->lo->start, b->lo->end - b->lo->start, S->src->text + b->lo->start);
    d->known = ok && sema_const_int(S, d->lo, &d->lo_val) && sema_const_int(S, d->hi, &d->hi_val);
  }
  /* the declared region of an element may use index1..indexm (section 15.2) */
  int saved = S->elem_index_dims;
  if (ts->elem->kind == TS_PARALLEL) S->elem_index_dims = ts->nbounds;
  t->elem = sema_resolve_type(S, ts->elem, false);
  S->elem_index_dims = saved;
  if (!ok || t->elem->kind == TY_ERROR) return S->t_error;
  uint64_t bytes;
  if (!type_bytes(t, &bytes) && bytes == UINT64_MAX) {
    SEMA_ERR(S, ts->loc, "indexed array is too large (more than %llu bytes)", (unsigned long long)MAX_ARRAY_BYTES);
    return S->t_error;
  }
  return t;
}

/* A parallel array type [R] T. */
static Type *resolve_parallel(Sema *S, TypeSyn *ts, bool param_ctx) {
  if (ts->elem->kind == TS_PARALLEL) {
    SEMA_ERR(S, ts->loc, "parallel arrays of parallel arrays are not supported");
    return S->t_error;
  }
  Type *t = type_new(S, TY_PARALLEL);
  Bracket *b = ts->region;
  bool blank = true;
  for (int i = 0; i < b->n; i++) blank &= b->items[i].kind == BI_BLANK;
  if (blank && param_ctx) {
    t->rank = b->n;
    if (b->n > MAX_RANK) {
      SEMA_ERR(S, b->loc, "a region has at most %d dimensions", MAX_RANK);
      return S->t_error;
    }
  } else {
    Region *r = sema_region_bracket(S, b, true);
    if (!r || r->error) return S->t_error;
    if (S->elem_index_dims) r->per_element = true;
    if (param_ctx && !r->named) {
      SEMA_ERR(S, b->loc, "a declared region cannot contain blank dimensions, '\"' or a mask");
      return S->t_error;
    }
    t->region = r;
    t->rank = r->rank;
    t->region_name = r->named;
  }
  int saved = S->elem_index_dims;
  S->elem_index_dims = 0;
  t->elem = sema_resolve_type(S, ts->elem, false);
  S->elem_index_dims = saved;
  if (t->elem->kind == TY_ERROR || !sema_type_use_ok(S, t->elem, ts->elem, TU_ELEM)) return S->t_error;
  return t;
}

/* direction<...> or region<...> (section 15.1). */
static Type *resolve_shape(Sema *S, TypeSyn *ts) {
  bool dir = ts->kind == TS_DIRECTION;
  if (ts->rank > MAX_RANK) {
    SEMA_ERR(S, ts->loc, dir ? "a direction has at most %d components" : "a region has at most %d dimensions", MAX_RANK);
    return S->t_error;
  }
  Type *t = type_new(S, dir ? TY_DIRECTION : TY_REGION);
  t->rank = ts->rank;
  memcpy(t->shape, ts->shape, (size_t)ts->rank);
  return t;
}

Type *sema_resolve_type(Sema *S, TypeSyn *ts, bool param_ctx) {
  if (ts->sem) return ts->sem;
  Type *t = S->t_error;
  switch (ts->kind) {
  case TS_SCALAR: t = type_scalar(S, ts->scalar); break;
  case TS_NAME: {
    Symbol *sym = sema_lookup(S, ts->name.name, ts->loc.off);
    if (!sym) SEMA_ERR(S, ts->loc, "undeclared identifier '%s'", ts->name.name);
    else if (sym->kind == SYM_UNSUPPORTED) SEMA_ERR(S, ts->loc, "%s", sym->unsupported);
    else if (sym->kind != SYM_TYPE) SEMA_ERR(S, ts->loc, "'%s' is not a type", ts->name.name);
    else {
      sema_resolve_symbol(S, sym);
      t = sym->type ? sym->type : S->t_error;
    }
    break;
  }
  case TS_ENUM: t = resolve_enum(S, ts); break;
  case TS_RECORD: t = resolve_record(S, ts); break;
  case TS_ARRAY: t = resolve_array(S, ts); break;
  case TS_PARALLEL: t = resolve_parallel(S, ts, param_ctx); break;
  case TS_DIRECTION: case TS_REGION: t = resolve_shape(S, ts); break;
  case TS_UNSUPPORTED: SEMA_ERR(S, ts->loc, "%s", ts->unsupported); break;
  }
  ts->sem = t;
  return t;
}

/* ---- procedure signatures ---- */

void sema_proc_signature(Sema *S, Symbol *sym) {
  if (sym->sig_done || !sym->proc) return;
  sym->sig_done = true;
  Proc *p = sym->proc;
  Scope *saved = S->locals;
  S->locals = NULL;
  sym->nparams = p->nparams;
  sym->ptypes = ARENA_ARRAY(S->arena, Type *, p->nparams);
  sym->pmodes = ARENA_ARRAY(S->arena, ParamMode, p->nparams);
  sym->pnames = ARENA_ARRAY(S->arena, const char *, p->nparams);
  for (int i = 0; i < p->nparams; i++) {
    Param *pa = &p->params[i];
    diag_construct_begin(S->diags);
    sym->ptypes[i] = sema_resolve_type(S, pa->type, true);
    if (!sema_type_use_ok(S, sym->ptypes[i], pa->type, TU_PARAM)) sym->ptypes[i] = S->t_error;
    sym->pmodes[i] = pa->mode;
    sym->pnames[i] = pa->name.name;
    if (p->is_extern && sym->ptypes[i]->kind != TY_ERROR &&
        (sym->ptypes[i]->kind != TY_SCALAR || is_scalar(sym->ptypes[i], SK_STRING) || is_scalar(sym->ptypes[i], SK_FILE)))
      SEMA_ERR(S, pa->type->loc, "extern declarations may only use scalar types other than string and file");
    diag_construct_end(S->diags);
  }
  if (p->result) {
    diag_construct_begin(S->diags);
    Type *r = sema_resolve_type(S, p->result, false);
    if (!sema_type_use_ok(S, r, p->result, TU_RESULT)) {
      r = S->t_error;
    } else if (r->kind == TY_PARALLEL || r->kind == TY_ARRAY) {
      SEMA_ERR(S, p->result->loc, "procedures returning arrays are not supported");
      r = S->t_error;
    }
    sym->result = r;
    diag_construct_end(S->diags);
  }
  S->locals = saved;
}

/* True if two procedure headers have the same parameter modes, types and result. */
static bool same_signature(Sema *S, Proc *a, Proc *b) {
  if (a->nparams != b->nparams || (!a->result) != (!b->result)) return false;
  for (int i = 0; i < a->nparams; i++) {
    ParamMode ma = a->params[i].mode == PM_CONST ? PM_DEFAULT : a->params[i].mode;
    ParamMode mb = b->params[i].mode == PM_CONST ? PM_DEFAULT : b->params[i].mode;
    if (ma != mb) return false;
    Type *ta = sema_resolve_type(S, a->params[i].type, true), *tb = sema_resolve_type(S, b->params[i].type, true);
    if (ta->kind == TY_ERROR || tb->kind == TY_ERROR) continue;
    if (!type_same(ta, tb)) return false;
    if (ta->kind == TY_PARALLEL && ta->region_name != tb->region_name) return false;
  }
  if (a->result) {
    Type *ra = sema_resolve_type(S, a->result, false), *rb = sema_resolve_type(S, b->result, false);
    if (ra->kind != TY_ERROR && rb->kind != TY_ERROR && !type_same(ra, rb)) return false;
  }
  return true;
}

void sema_check_prototype_match(Sema *S, Symbol *sym) {
  if (!same_signature(S, sym->proto, sym->proc))
    SEMA_ERR(S, sym->proc->name.loc, "definition of '%s' does not match its prototype at line %d", sym->name,
             sym->proto->name.loc.line);
}
