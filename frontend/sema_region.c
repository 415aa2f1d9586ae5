/* sema_region.c - regions and directions (section 5): region literals, named regions, the operators
 * of/in/at/by/with/without, ditto and blank dimensions, and compile-time constant evaluation. */
#include <string.h>
#include "sema_internal.h"

/* ---- compile-time constants (section 5.8) ---- */

/* Integer power with wrap-around. */
static int64_t ipow(int64_t b, int64_t e) {
  uint64_t r = 1, x = (uint64_t)b;
  if (e < 0) return b == 1 ? 1 : b == -1 ? (e % 2 ? -1 : 1) : 0;
  while (e) {
    if (e & 1) r *= x;
    x *= x;
    e >>= 1;
  }
  return (int64_t)r;
}

/* v reduced to the integer type t as the generated program computes it (section 4.1: wrap-around);
 * other types (not yet checked, or not integer) leave v unchanged. */
static int64_t wrap_to_type(const Type *t, int64_t v) {
  if (!t || t->kind != TY_SCALAR) return v;
  switch (t->scalar) {
  case SK_INTEGER: return (int32_t)(uint32_t)v;
  case SK_UINTEGER: return (uint32_t)v;
  default: return v;
  }
}

/* True if t is ulongint: its division and remainder are unsigned. */
static bool is_ulong(const Type *t) { return t && t->kind == TY_SCALAR && t->scalar == SK_ULONGINT; }

/* v as a value of the integer type (or enumeration) t, as the generated program converts it; false
 * for other types and for values a narrow type cannot hold (the program's C would wrap them, which
 * sema_config_int does not follow). */
static bool config_value_of(const Type *t, int64_t v, int64_t *out) {
  if (t && t->kind == TY_ENUM) {
    *out = (int32_t)(uint32_t)v;
    return true;
  }
  if (!t || t->kind != TY_SCALAR) return false;
  static const int64_t lo[SK_COUNT] = {[SK_SBYTE] = INT8_MIN, [SK_SHORTINT] = INT16_MIN},
                       hi[SK_COUNT] = {[SK_SBYTE] = INT8_MAX, [SK_UBYTE] = UINT8_MAX, [SK_SHORTINT] = INT16_MAX,
                                       [SK_USHORTINT] = UINT16_MAX};
  switch (t->scalar) {
  case SK_SBYTE: case SK_UBYTE: case SK_SHORTINT: case SK_USHORTINT:
    if (v < lo[t->scalar] || v > hi[t->scalar]) return false;
    *out = v;
    return true;
  case SK_INTEGER: case SK_UINTEGER: *out = wrap_to_type(t, v); return true;
  case SK_LONGINT: case SK_ULONGINT: *out = v; return true;
  default: return false;
  }
}

static bool const_eval(Sema *S, Expr *e, const SemaConfigEnv *env, int depth, int64_t *out);

/* With env: the value of a config var or constant name as the elaborated program has it (the value
 * env gives a config var, else its initializer's converted to its type). */
static bool config_name(Sema *S, Symbol *sym, const SemaConfigEnv *env, int depth, int64_t *out) {
  bool config = sym->kind == SYM_CONFIG_VAR || sym->kind == SYM_CONFIG_CONST;
  if (!config && sym->kind != SYM_CONST) return false;
  for (int i = 0; config && i < env->n; i++)
    if (!strcmp(env->names[i], sym->name)) return config_value_of(sym->type, env->values[i], out);
  int64_t v;
  if (!sym->decl || !sym->decl->init || !sym->decl->init->expr || depth > 64 ||
      !const_eval(S, sym->decl->init->expr, env, depth + 1, &v))
    return false;
  return config_value_of(sym->type, v, out);
}

/* sema_const_int, and with env sema_config_int. */
static bool const_eval(Sema *S, Expr *e, const SemaConfigEnv *env, int depth, int64_t *out) {
  int64_t a, b;
  switch (e->kind) {
  case EX_INT:
    *out = e->ival;
    return true;
  case EX_NAME: {
    Symbol *sym = e->sym ? e->sym : sema_lookup(S, e->name.name, e->loc.off);
    if (!sym) return false;
    if (sym->kind == SYM_CONST && sym->global) sema_resolve_symbol(S, sym);
    if (sym->kind == SYM_INDEX_INIT && S->index_env && sym->index_k <= S->index_env_n) { /* one element's subscript */
      *out = S->index_env[sym->index_k - 1];
      return true;
    }
    if ((sym->kind == SYM_CONST || sym->kind == SYM_ENUMERATOR) && sym->const_known) {
      *out = sym->const_val;
      return true;
    }
    return env && config_name(S, sym, env, depth, out);
  }
  case EX_UNARY:
    if (!const_eval(S, e->rhs, env, depth, &a)) return false;
    if (e->op == OP_NEG) *out = wrap_to_type(e->type, (int64_t)(0 - (uint64_t)a));
    else if (e->op == OP_POS) *out = a;
    else return false;
    return !env || config_value_of(e->type, *out, out);
  case EX_BINARY:
    if (!const_eval(S, e->lhs, env, depth, &a) || !const_eval(S, e->rhs, env, depth, &b)) return false;
    a = wrap_to_type(e->type, a); /* the operands converted to the common type */
    b = wrap_to_type(e->type, b);
    switch (e->op) {
    case OP_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); break;
    case OP_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); break;
    case OP_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); break;
    case OP_DIV:
      if (b == 0 || (a == INT64_MIN && b == -1)) return false;
      *out = is_ulong(e->type) ? (int64_t)((uint64_t)a / (uint64_t)b) : a / b;
      break;
    case OP_MOD:
      if (b == 0 || (a == INT64_MIN && b == -1)) return false;
      *out = is_ulong(e->type) ? (int64_t)((uint64_t)a % (uint64_t)b) : a % b;
      break;
    case OP_POW:
      if (a == 0 && b < 0) return false;
      *out = ipow(a, b);
      break;
    default: return false;
    }
    *out = wrap_to_type(e->type, *out);
    return !env || config_value_of(e->type, *out, out);
  default:
    return false;
  }
}

bool sema_const_int(Sema *S, Expr *e, int64_t *out) { return const_eval(S, e, NULL, 0, out); }

bool sema_config_int(Sema *S, Expr *e, const SemaConfigEnv *env, int64_t *out) { return const_eval(S, e, env, 0, out); }

/* ---- directions ---- */

/* Check a scalar expression of a region or direction (a bound, a component): free values and
 * region values cannot appear there. */
static Type *region_scalar(Sema *S, Expr *e) {
  bool saved_free = S->free_ok, saved_rd = S->regdir_ok;
  S->free_ok = S->regdir_ok = false;
  Type *t = sema_expr(S, e);
  S->free_ok = saved_free;
  S->regdir_ok = saved_rd;
  return t;
}

/* Check a direction component: an integer scalar. *zero: it is the constant 0. */
static bool dir_component(Sema *S, Expr *c, int64_t *v, bool *known, bool *zero) {
  Type *t = region_scalar(S, c);
  if (t->kind == TY_ERROR) return false;
  if (c->rank > 0 || !(type_is_integer(t) || t->kind == TY_ENUM)) {
    SEMA_ERR(S, c->loc, "direction components must be integer scalars");
    return false;
  }
  bool is_const = sema_const_int(S, c, v);
  if (!is_const) *known = false;
  *zero = is_const && *v == 0;
  return true;
}

static bool dir_eval(Sema *S, DirSyn *d, int *rank, int64_t *vals, bool *known);

bool sema_dir(Sema *S, DirSyn *d, int *rank, int64_t *vals, bool *known) {
  if (!d->checked) { /* evaluate once; later passes (the emitter) read the result */
    memset(d->vals, 0, sizeof d->vals);
    d->ok = dir_eval(S, d, &d->rank, d->vals, &d->known);
    d->checked = true;
  }
  *rank = d->rank;
  *known = d->known;
  memcpy(vals, d->vals, sizeof(int64_t) * MAX_RANK);
  return d->ok;
}

/* The components of a direction known to be 0: from its values when known, else from the signs
 * of its type (a direction constant). */
static unsigned zero_mask(const int64_t *vals, int rank, bool known, const Type *t) {
  unsigned z = 0;
  for (int k = 0; k < rank; k++)
    if (known ? vals[k] == 0 : t && t->kind == TY_DIRECTION && t->shape[k] == '0') z |= 1u << k;
  return z;
}

/* Check and evaluate a direction. */
static bool dir_eval(Sema *S, DirSyn *d, int *rank, int64_t *vals, bool *known) {
  *known = true;
  if (d->kind == DIR_DESIG) { /* dir100[k] (section 15.1): its value is known at run time */
    *known = false;
    return sema_dir_desig(S, d, rank);
  }
  if (d->kind == DIR_NAME) {
    Symbol *sym = d->sym ? d->sym : sema_lookup(S, d->name.name, d->loc.off);
    if (!sym) {
      SEMA_ERR(S, d->loc, "undeclared identifier '%s'", d->name.name);
      return false;
    }
    if (sym->kind == SYM_CONST && sym->global && sym->decl) sema_resolve_symbol(S, sym);
    if (sym->kind == SYM_CONST && sym->type && sym->type->kind == TY_DIRECTION) { /* a direction constant */
      d->sym = sym;
      if (sym->error) return false;
      *rank = sym->type->rank;
      *known = sym->dir_known;
      memcpy(vals, sym->dir, sizeof(int64_t) * MAX_RANK);
      d->zero = sym->dir_zero | zero_mask(vals, *rank, false, sym->type);
      return true;
    }
    if (sym->kind != SYM_DIRECTION) {
      SEMA_ERR(S, d->loc, "'%s' is not a direction", d->name.name);
      return false;
    }
    d->sym = sym;
    sema_resolve_symbol(S, sym);
    if (sym->error) return false;
    *rank = sym->dir_rank;
    *known = sym->dir_known;
    memcpy(vals, sym->dir, sizeof(int64_t) * MAX_RANK);
    d->zero = sym->dir_zero;
    return true;
  }
  if (d->n == 0) return false; /* malformed, already reported */
  if (d->n > MAX_RANK) {
    SEMA_ERR(S, d->loc, "a direction has at most %d components", MAX_RANK);
    return false;
  }
  *rank = d->n;
  bool ok = true;
  d->zero = 0;
  for (int i = 0; i < d->n; i++) {
    bool zero = false;
    ok &= dir_component(S, d->comps[i], &vals[i], known, &zero);
    if (zero) d->zero |= 1u << i;
  }
  return ok;
}

/* ---- regions ---- */

bool region_known(const Region *r) {
  if (!r || r->error || r->dynamic) return false;
  for (int k = 0; k < r->rank; k++)
    if (r->dims[k].kind != DK_STAR && !r->dims[k].known) return false;
  return true;
}

bool region_same_set(const Region *a, const Region *b) {
  if (!a || !b) return false;
  if (a->named && a->named == b->named) return true;
  if (!region_known(a) || !region_known(b) || a->rank != b->rank) return false;
  for (int k = 0; k < a->rank; k++) {
    const RDim *x = &a->dims[k], *y = &b->dims[k];
    if ((x->kind == DK_STAR) != (y->kind == DK_STAR)) return false;
    if (x->kind == DK_STAR) continue;
    if (x->lo != y->lo || x->hi != y->hi || x->stride != y->stride) return false;
  }
  return true;
}

/* A fresh region of a given rank with an error flag. */
static Region *region_error(Sema *S) {
  Region *r = ARENA_NEW(S->arena, Region);
  r->error = true;
  return r;
}

/* Copy a region (dropping its name and mask). */
static Region *region_copy(Sema *S, const Region *src) {
  Region *r = ARENA_NEW(S->arena, Region);
  *r = *src;
  r->named = NULL;
  r->masked = false;
  r->mask = NULL;
  r->of_region = r->in_region = false;
  return r;
}

/* Check a region bound: an integer scalar expression (E58). */
static bool region_bound(Sema *S, Expr *e, int64_t *v, bool *known) {
  Type *t = region_scalar(S, e);
  if (t->kind == TY_ERROR) return false;
  if (e->rank > 0 || !(type_is_integer(t) || t->kind == TY_ENUM || (t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN))) {
    SEMA_ERR(S, e->loc, "region bounds must be integer scalars");
    return false;
  }
  if (!sema_const_int(S, e, v)) *known = false;
  return true;
}

/* The region named by an identifier, or NULL (with an error) if it is not one. */
static Region *named_region(Sema *S, Ident *id, bool report_kind) {
  Symbol *sym = sema_lookup(S, id->name, id->loc.off);
  if (!sym) {
    SEMA_ERR(S, id->loc, "undeclared identifier '%s'", id->name);
    return region_error(S);
  }
  if (!sema_symbol_is_region(S, sym)) {
    if (report_kind) SEMA_ERR(S, id->loc, "'%s' is not a region", id->name);
    return region_error(S);
  }
  sema_resolve_symbol(S, sym);
  if (sym->error || !sym->region) return region_error(S);
  Region *r = region_copy(S, sym->region);
  *r = *sym->region;
  r->named = sym;
  return r;
}

/* Fill dimension k of a literal from the covering region (a blank item, rule 3). */
static bool blank_dim(Sema *S, Region *r, int k, int rank, Bracket *b) {
  if (S->cover && !S->cover->error && S->cover->rank == rank && !S->cover->dynamic) {
    r->dims[k] = S->cover->dims[k];
    return true;
  }
  if (!S->cover && S->cover_inherited) { /* the caller's region supplies it: it must have this rank */
    r->dynamic = true;
    r->dims[k].kind = DK_BLANK;
    ProcInfo *info = S->cur_info;
    if (info && !info->needs_rank) {
      info->needs_rank = rank;
      info->needs_loc = b->loc;
    } else if (info && info->needs_rank != rank) {
      info->needs_conflict = true;
    }
    return true;
  }
  if (S->cover && (S->cover->error || S->cover->dynamic)) { /* what is known of the covering region's dimension */
    r->dynamic = true;
    if (!S->cover->error && S->cover->rank == rank) r->dims[k] = S->cover->dims[k];
    else r->dims[k].kind = DK_BLANK;
    return true;
  }
  SEMA_ERR(S, b->loc, "blank dimension needs a covering region of rank %d", rank);
  return false;
}

/* Region bounds and strides beyond this magnitude are an error: a loop over the region steps from
   its last index by its stride, which must not leave the range of longint (issue 23). */
#define REGION_LIMIT ((int64_t)1 << 62)

/* r, or an error if a bound or stride known now is beyond REGION_LIMIT. */
static Region *in_range(Sema *S, Region *r, Loc loc) {
  if (r->error) return r;
  for (int k = 0; k < r->rank; k++) {
    const RDim *d = &r->dims[k];
    if (!d->known || d->kind == DK_STAR) continue;
    if (d->lo < -REGION_LIMIT || d->lo > REGION_LIMIT || d->hi < -REGION_LIMIT || d->hi > REGION_LIMIT ||
        d->stride > REGION_LIMIT) {
      SEMA_ERR(S, loc, "dimension %d of the region has a bound or stride beyond 2^62 (the loops over it would overflow)", k + 1);
      return region_error(S);
    }
  }
  return r;
}

/* True if a bracket item written as an expression is a region: a region name or region constant, or
 * an element of an array of regions (sections 5.2 and 15.1). */
static bool item_is_region(Sema *S, const BracketItem *it) {
  Expr *e = it->lo;
  if (it->kind != BI_EXPR || e->parens) return false;
  if (e->kind == EX_NAME) return sema_symbol_is_region(S, sema_lookup(S, e->name.name, e->loc.off));
  return sema_designator_is_region(S, e);
}

Region *sema_region_bracket(Sema *S, Bracket *b, bool decl_ctx) {
  if (b->n == 1 && b->items[0].kind == BI_REGION) return sema_region_syn(S, b->items[0].region, decl_ctx);
  if (b->n == 1 && item_is_region(S, &b->items[0])) {
    Expr *e = b->items[0].lo;
    return e->kind == EX_NAME ? named_region(S, &e->name, true) : sema_region_desig(S, e);
  }
  if (b->n > MAX_RANK) {
    SEMA_ERR(S, b->loc, "a region has at most %d dimensions", MAX_RANK);
    return region_error(S);
  }
  Region *r = ARENA_NEW(S->arena, Region);
  r->rank = b->n;
  bool ok = true;
  for (int k = 0; k < b->n && ok; k++) {
    BracketItem *it = &b->items[k];
    RDim *d = &r->dims[k];
    d->stride = 1;
    d->known = true;
    if (it->kind == BI_EXPR && item_is_region(S, it)) {
      SEMA_ERR(S, b->loc, "a region expression must be the only item in its brackets");
      ok = false;
      break;
    }
    switch (it->kind) {
    case BI_BLANK:
      if (decl_ctx) {
        SEMA_ERR(S, b->loc, "a declared region cannot contain blank dimensions, '\"' or a mask");
        ok = false;
      } else {
        ok = blank_dim(S, r, k, b->n, b);
      }
      break;
    case BI_EXPR:
      d->kind = DK_SINGLE;
      ok = region_bound(S, it->lo, &d->lo, &d->known);
      d->hi = d->align = d->lo;
      break;
    case BI_RANGE:
      d->kind = DK_RANGE;
      ok = region_bound(S, it->lo, &d->lo, &d->known);
      ok = region_bound(S, it->hi, &d->hi, &d->known) && ok;
      d->align = d->lo;
      break;
    case BI_STAR:
      d->kind = DK_STAR;
      break;
    case BI_REGION:
      SEMA_ERR(S, b->loc, "a region expression must be the only item in its brackets");
      ok = false;
      break;
    case BI_SPARSE:
      SEMA_ERR(S, it->loc, "sparse regions are not supported");
      ok = false;
      break;
    case BI_GRID:
      SEMA_ERR(S, it->loc, "grid dimensions ('::') are not supported");
      ok = false;
      break;
    }
  }
  if (!ok) r->error = true;
  return in_range(S, r, b->loc);
}

/* Check that a direction and a region have the same rank (E16). */
static bool dir_matches(Sema *S, DirSyn *d, int drank, Region *base) {
  if (base->dynamic && base->rank == 0) return true;
  if (drank == base->rank) return true;
  if (d->kind == DIR_NAME)
    SEMA_ERR(S, d->loc, "direction '%s' has rank %d, but the region has rank %d", d->name.name, drank, base->rank);
  else if (d->kind == DIR_DESIG)
    SEMA_ERR(S, d->loc, "direction '%.*s' has rank %d, but the region has rank %d", d->end - d->start,
             S->src->text + d->start, drank, base->rank);
  else
    SEMA_ERR(S, d->loc, "direction %.*s has rank %d, but the region has rank %d", d->end - d->start,
             S->src->text + d->start, drank, base->rank);
  return false;
}

/* The base region and direction of of/in/at/by, checked (E16, E61); returns a copy of the base to modify. */
static Region *region_operands(Sema *S, RegionSyn *rs, bool decl_ctx, int64_t *d, bool *known, Region **base_out) {
  Region *base = sema_region_syn(S, rs->base, decl_ctx);
  int drank = 0;
  *base_out = base;
  if (!sema_dir(S, rs->dir, &drank, d, known) || base->error) return region_error(S);
  if (base->masked) {
    SEMA_ERR(S, rs->oploc, "a masked region cannot be used with 'at', 'by', 'of' or 'in'");
    return region_error(S);
  }
  if (!dir_matches(S, rs->dir, drank, base)) return region_error(S);
  Region *r = region_copy(S, base);
  if (base->dynamic && base->rank == 0) r->rank = drank;
  return r;
}

/* A direction so large that the region's bounds or stride leave the integer range. */
static Region *overflow_error(Sema *S, RegionSyn *rs, int k) {
  SEMA_ERR(S, rs->dir->loc, "component %d of the direction takes the region's %s out of the range of longint", k + 1,
           rs->kind == RX_BY ? "stride" : "bounds");
  return region_error(S);
}

/* d of B / d in B (section 5.5). */
static Region *region_prep(Sema *S, RegionSyn *rs, bool decl_ctx) {
  int64_t d[MAX_RANK] = {0};
  bool known;
  Region *base;
  Region *r = region_operands(S, rs, decl_ctx, d, &known, &base);
  if (r->error) return r;
  unsigned zero = rs->dir->zero;
  for (int k = 0; k < r->rank; k++) {
    RDim *x = &r->dims[k];
    if (zero >> k & 1) continue;
    if (x->kind == DK_STAR) {
      if (rs->kind == RX_OF) {
        SEMA_ERR(S, rs->oploc, "'of' cannot be applied across a flood dimension");
        return region_error(S);
      }
      continue;
    }
    if (!known || !x->known) {
      x->known = false;
      x->kind = DK_RANGE;
      continue;
    }
    int64_t lo = x->lo, hi = x->hi, dk = d[k];
    bool over; /* checked: a huge direction must not wrap around */
    if (rs->kind == RX_OF) {
      over = dk < 0 ? __builtin_add_overflow(lo, dk, &x->lo) || __builtin_sub_overflow(lo, 1, &x->hi)
                    : __builtin_add_overflow(hi, 1, &x->lo) || __builtin_add_overflow(hi, dk, &x->hi);
    } else {
      int64_t t;
      over = dk < 0 ? __builtin_sub_overflow(lo, dk, &t) || __builtin_sub_overflow(t, 1, &x->hi)
                    : __builtin_sub_overflow(hi, dk, &t) || __builtin_add_overflow(t, 1, &x->lo);
      if (dk < 0) x->lo = lo;
      else x->hi = hi;
    }
    if (over) return overflow_error(S, rs, k);
    x->kind = x->lo == x->hi ? DK_SINGLE : DK_RANGE;
    x->stride = 1;
    x->align = x->lo;
  }
  if (rs->kind == RX_OF) {
    r->of_region = true;
    r->of_d_known = known;
    memcpy(r->of_d, d, sizeof d);
    r->of_dir = rs->dir->sym;
    r->of_base = base;
    r->of_base_name = base->named;
  } else {
    r->in_region = true;
  }
  return r;
}

/* Dimension x by component dk != 0 (section 5.5): the stride grows by |dk|, and the surviving indices
 * count from x's lowest index (dk > 0) or highest (dk < 0), as zrt_region_by computes them. */
static void stride_by(RDim *x, int64_t dk) {
  int64_t old = x->stride < 1 ? 1 : x->stride, s, diff, align;
  bool overflow = dk == INT64_MIN || __builtin_mul_overflow(old, dk < 0 ? -dk : dk, &s) ||
                  (dk > 0 ? __builtin_sub_overflow(x->align, x->lo, &diff) : __builtin_sub_overflow(x->hi, x->align, &diff));
  int64_t rem = overflow ? 0 : diff % old;
  if (rem < 0) rem += old;
  overflow = overflow || (dk > 0 ? __builtin_add_overflow(x->lo, rem, &align) : __builtin_sub_overflow(x->hi, rem, &align));
  if (overflow) { /* left to the run time */
    x->known = false;
    return;
  }
  x->align = align;
  x->stride = s;
}

/* B at d / B by d (section 5.5). */
static Region *region_at_by(Sema *S, RegionSyn *rs, bool decl_ctx) {
  int64_t d[MAX_RANK] = {0};
  bool known;
  Region *base;
  Region *r = region_operands(S, rs, decl_ctx, d, &known, &base);
  if (r->error) return r;
  if (rs->kind == RX_BY) r->strided = true; /* even when the strides are known only at run time */
  for (int k = 0; k < r->rank; k++) {
    RDim *x = &r->dims[k];
    if (rs->kind == RX_BY && (rs->dir->zero >> k & 1)) {
      SEMA_ERR(S, rs->dir->loc, "direction component %d of 'by' is zero", k + 1);
      return region_error(S);
    }
    if (x->kind == DK_STAR) continue;
    if (!known) {
      x->known = false;
      continue;
    }
    bool over; /* checked: a huge direction must not wrap around */
    if (rs->kind == RX_AT) {
      over = __builtin_add_overflow(x->lo, d[k], &x->lo) || __builtin_add_overflow(x->hi, d[k], &x->hi) ||
             __builtin_add_overflow(x->align, d[k], &x->align);
    } else {
      int64_t step;
      over = d[k] == INT64_MIN || __builtin_mul_overflow(x->stride < 1 ? 1 : x->stride, d[k] < 0 ? -d[k] : d[k], &step);
      if (!over) stride_by(x, d[k]);
    }
    if (over) return overflow_error(S, rs, k);
  }
  return r;
}

/* R with M / R without M (section 5.6). */
static Region *region_masked(Sema *S, RegionSyn *rs, bool decl_ctx) {
  Region *base = sema_region_syn(S, rs->base, decl_ctx);
  if (base->error) return base;
  if (decl_ctx) {
    SEMA_ERR(S, rs->oploc, "a masked region is not allowed here");
    return region_error(S);
  }
  if (base->masked) {
    SEMA_ERR(S, rs->oploc, "a masked region cannot be used with 'at', 'by', 'of' or 'in'");
    return region_error(S);
  }
  Region *r = ARENA_NEW(S->arena, Region);
  *r = *base; /* keeps what the region is built from ('of' for wrap/reflect) */
  Region *saved = S->cover;
  S->cover = r; /* the mask is read under the masked region */
  Type *t = sema_expr(S, rs->mask);
  S->cover = saved;
  if (t->kind == TY_ERROR) return region_error(S);
  Symbol *m = sema_base_symbol(rs->mask);
  bool is_var = sema_is_variable(S, rs->mask) && m && (rs->mask->kind != EX_INDEX || sema_is_parallel_var(rs->mask));
  if (!is_var || rs->mask->rank == 0 || rs->mask->rank != r->rank || !type_is_truth(t)) {
    const char *name = m ? m->name : "?";
    SEMA_ERR(S, rs->mask->loc, "mask '%s' must be a boolean or integer parallel array of rank %d", name, r->rank);
    return region_error(S);
  }
  r->masked = true;
  r->mask = rs->mask;
  r->mask_loc = rs->oploc;
  return r;
}

static Region *region_kind_syn(Sema *S, RegionSyn *rs, bool decl_ctx);

Region *sema_region_syn(Sema *S, RegionSyn *rs, bool decl_ctx) {
  if (S->expr_depth >= 1000) { /* machine-made chains such as R at d at d at ... */
    if (!S->depth_reported) SEMA_ERR(S, rs->loc, "region expression is nested too deeply");
    S->depth_reported = true;
    return region_error(S);
  }
  S->expr_depth++;
  Region *r = in_range(S, region_kind_syn(S, rs, decl_ctx), rs->loc);
  S->expr_depth--;
  r->syn = rs;
  rs->sem = r;
  return r;
}

/* A region expression according to its kind. */
static Region *region_kind_syn(Sema *S, RegionSyn *rs, bool decl_ctx) {
  Region *r;
  switch (rs->kind) {
  case RX_BRACKET: r = sema_region_bracket(S, rs->bracket, decl_ctx); break;
  case RX_NAME: r = named_region(S, &rs->name, true); break;
  case RX_DESIG: r = sema_region_desig(S, rs->desig); break;
  case RX_DITTO:
    if (decl_ctx) {
      SEMA_ERR(S, rs->loc, "a declared region cannot contain blank dimensions, '\"' or a mask");
      r = region_error(S);
    } else if (S->cover) {
      r = region_copy(S, S->cover);
      r->named = S->cover->named;
    } else if (S->cover_inherited) {
      r = ARENA_NEW(S->arena, Region);
      r->dynamic = true;
    } else {
      SEMA_ERR(S, rs->loc, "'\"' needs a covering region");
      r = region_error(S);
    }
    break;
  case RX_OF: case RX_IN: r = region_prep(S, rs, decl_ctx); break;
  case RX_AT: case RX_BY: r = region_at_by(S, rs, decl_ctx); break;
  case RX_WITH: case RX_WITHOUT: r = region_masked(S, rs, decl_ctx); break;
  default:
    SEMA_ERR(S, rs->oploc, "sparse regions are not supported");
    r = region_error(S);
    break;
  }
  return r;
}
