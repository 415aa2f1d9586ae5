/* sema_hier.c - the region and direction values of section 15.1 and the indexed arrays of parallel
 * arrays of section 15.2: the types direction<...> and region<...>, where they and indexed arrays of
 * parallel arrays may appear (E45), the initializers of region and direction constants and of
 * indexed arrays of them (E16, E72, and the note that the generated program checks R16), their
 * elements used as regions and directions (Level[k], dir100[k]), and the list of section-15
 * constructs the back end cannot compile yet. */
#include <string.h>
#include "sema_internal.h"

bool type_has_regdir(const Type *t) {
  while (t && t->kind == TY_ARRAY) t = t->elem;
  return t && (t->kind == TY_REGION || t->kind == TY_DIRECTION);
}

bool type_is_array_of_parallel(const Type *t) {
  if (!t || t->kind != TY_ARRAY) return false;
  while (t->kind == TY_ARRAY) t = t->elem;
  return t->kind == TY_PARALLEL;
}

bool type_has_timer_inside(const Type *t) {
  if (t->kind == TY_ARRAY || t->kind == TY_PARALLEL) return type_has_timer(t->elem);
  for (int i = 0; t->kind == TY_RECORD && i < t->nfields; i++)
    if (type_has_timer(t->fields[i].type)) return true;
  return false;
}

/* ---- where the types of section 15 may appear (section 13's E45 rows, in their order) ---- */

bool sema_type_use_check(Sema *S, Type *t, TypeSyn *ts, TypeUse use) {
  if (!t || t->kind == TY_ERROR) return true;
  const char *msg = NULL;
  if (use == TU_FREE_VAR && (t->kind == TY_PARALLEL || type_is_array_of_parallel(t)))
    msg = "free variables must have scalar types";
  else if (type_has_regdir(t) && use != TU_CONST)
    msg = "region and direction values are not supported here";
  else if (type_is_array_of_parallel(t) && (use != TU_VAR || t->elem->kind != TY_PARALLEL))
    msg = "indexed arrays of parallel arrays are supported only as variables";
  if (!msg) return true;
  SEMA_ERR(S, ts->loc, "%s", msg);
  ts->sem = S->t_error; /* a type written once for several names is reported once */
  return false;
}

/* ---- initializers of region and direction constants (section 15.1) ---- */

/* The direction an initializer writes: a literal, a name or an element of an array of directions. */
static DirSyn *init_as_dir(Sema *S, Expr *e, const char *name, const Type *leaf) {
  DirSyn *d = ARENA_NEW(S->arena, DirSyn);
  d->loc = e->loc;
  d->start = e->start;
  d->end = e->end;
  if (e->kind == EX_REGIONVAL && e->rsyn->kind == RX_BRACKET) { /* [d1, ..., dr]: read as a direction */
    Bracket *b = e->rsyn->bracket;
    d->kind = DIR_LIT;
    d->n = b->n;
    d->comps = ARENA_ARRAY(S->arena, Expr *, b->n);
    for (int i = 0; i < b->n; i++) {
      if (b->items[i].kind != BI_EXPR) {
        SEMA_ERR(S, b->items[i].loc, "direction components must be integer scalars");
        return NULL;
      }
      d->comps[i] = b->items[i].lo;
    }
    return d;
  }
  if (!e->parens && e->kind == EX_NAME) {
    d->kind = DIR_NAME;
    d->name = e->name;
    return d;
  }
  if (!e->parens && (e->kind == EX_INDEX || e->kind == EX_FIELD)) {
    d->kind = DIR_DESIG;
    d->desig = e;
    return d;
  }
  if (e->kind == EX_REGIONVAL) {
    SEMA_ERR(S, e->loc, "the initializer of '%s' must be a direction", name);
    return NULL;
  }
  Type *t = sema_expr(S, e);
  if (t->kind != TY_ERROR) SEMA_ERR(S, e->loc, "cannot assign %s to '%s' of type %s", type_name(S, t), name, type_name(S, leaf));
  return NULL;
}

/* The region an initializer writes: a region expression, a name or an element of an array of regions. */
static RegionSyn *init_as_region(Sema *S, Expr *e, const char *name, const Type *leaf) {
  if (e->kind == EX_REGIONVAL) return e->rsyn;
  if (!e->parens && (e->kind == EX_NAME || e->kind == EX_INDEX || e->kind == EX_FIELD)) {
    RegionSyn *r = ast_region(S->arena, e->kind == EX_NAME ? RX_NAME : RX_DESIG, e->loc, e->start, e->end);
    if (e->kind == EX_NAME) r->name = e->name;
    else r->desig = e;
    return r;
  }
  Type *t = sema_expr(S, e);
  if (t->kind != TY_ERROR) SEMA_ERR(S, e->loc, "cannot assign %s to '%s' of type %s", type_name(S, t), name, type_name(S, leaf));
  return NULL;
}

/* What the sign '+', '-' or '0' of a direction type requires, as E72 says it. */
static const char *sign_text(char c) { return c == '+' ? ">= 0" : c == '-' ? "<= 0" : "0"; }

/* True if value v has the sign c requires. */
static bool sign_ok(char c, int64_t v) { return c == '+' ? v >= 0 : c == '-' ? v <= 0 : v == 0; }

/* True if every direction of type src has the signs type dst requires. */
static bool signs_within(const Type *src, const Type *dst) {
  if (!src || src->kind != TY_DIRECTION || src->rank != dst->rank) return false;
  for (int k = 0; k < dst->rank; k++) {
    char s = src->shape[k], d = dst->shape[k];
    if (d != s && !(s == '0' && d != '0')) return false;
  }
  return true;
}

/* E72 at the initializer for the first component of v that the type's sign does not allow. */
static bool check_signs(Sema *S, const Type *leaf, const int64_t *v, Loc at) {
  for (int k = 0; k < leaf->rank; k++)
    if (!sign_ok(leaf->shape[k], v[k])) {
      SEMA_ERR(S, at, "direction component %d is %lld, but its type requires %s", k + 1, (long long)v[k],
               sign_text(leaf->shape[k]));
      return false;
    }
  return true;
}

/* Elements of an indexed array of directions evaluated at compile time to check their signs (more
 * are left to the generated program, R16). */
enum { MAX_CHECKED_ELEMENTS = 4096 };

/* Check the signs of a direction literal written with index1..indexm for every element of the array
 * whole, when its bounds and the components' values are known at compile time (false after E72;
 * *unchecked when they are not known). */
static bool check_elements(Sema *S, const Type *whole, const Type *leaf, const DirSyn *d, Loc at, bool *unchecked) {
  if (whole->kind != TY_ARRAY || whole->elem != leaf) {
    *unchecked = true;
    return true;
  }
  int64_t idx[MAX_RANK], count = 1;
  for (int i = 0; i < whole->ndims; i++) {
    const ArrayDim *a = &whole->dims[i];
    if (!a->known || a->hi_val - a->lo_val >= MAX_CHECKED_ELEMENTS) {
      *unchecked = true;
      return true;
    }
    if (a->hi_val < a->lo_val) return true; /* no elements */
    count *= a->hi_val - a->lo_val + 1;
    idx[i] = a->lo_val;
  }
  if (count > MAX_CHECKED_ELEMENTS) {
    *unchecked = true;
    return true;
  }
  const int64_t *saved_env = S->index_env;
  int saved_n = S->index_env_n;
  S->index_env = idx;
  S->index_env_n = whole->ndims;
  bool ok = true;
  for (int64_t e = 0; e < count && ok && !*unchecked; e++) {
    int64_t v[MAX_RANK] = {0};
    for (int k = 0; k < d->n && !*unchecked; k++) *unchecked = !sema_const_int(S, d->comps[k], &v[k]);
    if (!*unchecked) ok = check_signs(S, leaf, v, at);
    for (int i = whole->ndims - 1; i >= 0; i--) { /* the next element, row-major */
      if (++idx[i] <= whole->dims[i].hi_val) break;
      idx[i] = whole->dims[i].lo_val;
    }
  }
  S->index_env = saved_env;
  S->index_env_n = saved_n;
  return ok;
}

/* The type of a direction written as a constant's name or an array element, or NULL. */
static const Type *dir_type(const DirSyn *d) {
  if (d->kind == DIR_DESIG) return d->desig->type;
  if (d->kind == DIR_NAME && d->sym && d->sym->kind == SYM_CONST) return d->sym->type;
  return NULL;
}

/* A direction initializer of a constant (or of the elements of an indexed array of them). */
static bool dir_init(Sema *S, const Type *whole, const Type *leaf, InitSyn *in, const char *name, Symbol *sym) {
  DirSyn *d = init_as_dir(S, in->expr, name, leaf);
  if (!d) return false;
  int rank;
  int64_t v[MAX_RANK];
  bool known;
  if (!sema_dir(S, d, &rank, v, &known)) return false;
  if (rank != leaf->rank) {
    SEMA_ERR(S, in->loc, "initializer has rank %d, but its type '%s' has rank %d", rank, type_name(S, leaf), leaf->rank);
    return false;
  }
  in->dir = d;
  bool unchecked = false;
  if (known) {
    if (!check_signs(S, leaf, v, in->loc)) return false;
  } else if (d->kind == DIR_LIT) {
    if (!check_elements(S, whole, leaf, d, in->loc, &unchecked)) return false;
  } else {
    unchecked = !signs_within(dir_type(d), leaf);
  }
  if (unchecked && sym) sym->r16 = true;
  if (sym && sym->type == leaf) {
    sym->dir_rank = rank;
    memcpy(sym->dir, v, sizeof sym->dir);
    sym->dir_known = known;
    sym->dir_zero = d->zero;
  }
  return true;
}

/* A region initializer of a constant (or of the elements of an indexed array of them). */
static bool region_init(Sema *S, const Type *leaf, InitSyn *in, const char *name, Symbol *sym) {
  RegionSyn *rs = init_as_region(S, in->expr, name, leaf);
  if (!rs) return false;
  if (rs->kind == RX_WITH || rs->kind == RX_WITHOUT) {
    SEMA_ERR(S, rs->loc, "a declared region cannot contain blank dimensions, '\"' or a mask");
    return false;
  }
  Region *saved = S->cover;
  bool saved_inh = S->cover_inherited;
  S->cover = NULL;
  S->cover_inherited = false;
  Region *r = sema_region_syn(S, rs, true);
  S->cover = saved;
  S->cover_inherited = saved_inh;
  if (r->error) return false;
  if (r->rank != leaf->rank) {
    SEMA_ERR(S, in->loc, "initializer has rank %d, but its type '%s' has rank %d", r->rank, type_name(S, leaf), leaf->rank);
    return false;
  }
  for (int k = 0; k < r->rank; k++) {
    bool star = r->dims[k].kind == DK_STAR;
    if (star != (leaf->shape[k] == '*')) {
      SEMA_ERR(S, in->loc, "dimension %d of the region is a %s dimension, but its type requires %s", k + 1,
               star ? "flood" : "range", star ? "range" : "flood");
      return false;
    }
  }
  in->region = rs;
  if (sym && sym->type == leaf) sym->region = r;
  return true;
}

bool sema_regdir_init(Sema *S, Type *whole, Type *leaf, InitSyn *in, const char *name) {
  Symbol *sym = S->init_sym;
  bool saved = S->in_init;
  S->in_init = whole->kind == TY_ARRAY; /* index1..indexm stand for the element's subscripts */
  bool ok = leaf->kind == TY_DIRECTION ? dir_init(S, whole, leaf, in, name, sym) : region_init(S, leaf, in, name, sym);
  S->in_init = saved;
  return ok;
}

/* ---- their uses: region constants, Level[k] and dir100[k] ---- */

bool sema_symbol_is_region_const(Sema *S, Symbol *sym) {
  if (sym->kind != SYM_CONST || !sym->global || !sym->decl) return false;
  sema_resolve_symbol(S, sym);
  return sym->type && sym->type->kind == TY_REGION;
}

/* The declared type of what a designator denotes, from its variable's type through its subscripts
 * and fields, without checking it (NULL when that cannot be told). Only constants hold regions. */
static const Type *designator_type(Sema *S, Expr *e) {
  if (!e || e->parens) return NULL;
  if (e->kind == EX_NAME) {
    Symbol *sym = sema_lookup(S, e->name.name, e->loc.off);
    if (!sym || sym->kind != SYM_CONST || !sym->global || !sym->decl) return NULL;
    sema_resolve_symbol(S, sym);
    return sym->type;
  }
  const Type *t = designator_type(S, e->base);
  if (!t) return NULL;
  if (e->kind == EX_INDEX) return t->kind == TY_ARRAY && e->nargs > 0 ? t->elem : NULL;
  if (e->kind == EX_FIELD && t->kind == TY_RECORD)
    for (int i = 0; i < t->nfields; i++)
      if (!strcmp(t->fields[i].name, e->name.name)) return t->fields[i].type;
  return NULL;
}

bool sema_designator_is_region(Sema *S, Expr *e) {
  if (!e || (e->kind != EX_INDEX && e->kind != EX_FIELD)) return false;
  const Type *t = designator_type(S, e);
  return t && t->kind == TY_REGION;
}

/* Check a designator that must denote a region or direction value (its subscripts are scalars). */
static Type *regdir_designator(Sema *S, Expr *e) {
  bool saved = S->regdir_ok;
  S->regdir_ok = true;
  Type *t = sema_expr(S, e);
  S->regdir_ok = saved;
  return t;
}

Region *sema_region_desig(Sema *S, Expr *e) {
  Region *r = ARENA_NEW(S->arena, Region);
  Type *t = regdir_designator(S, e);
  if (t->kind == TY_ERROR) {
    r->error = true;
    return r;
  }
  if (t->kind != TY_REGION || e->rank != 0) {
    Symbol *base = sema_base_symbol(e);
    SEMA_ERR(S, e->loc, "'%s' is not a region", base ? base->name : "?");
    r->error = true;
    return r;
  }
  r->rank = t->rank;
  r->desig = e;
  r->strided = true; /* its strides, like its bounds, are known when the statement starts */
  for (int k = 0; k < r->rank; k++) {
    r->dims[k].kind = t->shape[k] == '*' ? DK_STAR : DK_RANGE;
    r->dims[k].stride = 1;
  }
  return r;
}

bool sema_dir_desig(Sema *S, DirSyn *d, int *rank) {
  Type *t = regdir_designator(S, d->desig);
  if (t->kind == TY_ERROR) return false;
  if (t->kind != TY_DIRECTION || d->desig->rank != 0) {
    Symbol *base = sema_base_symbol(d->desig);
    SEMA_ERR(S, d->loc, "'%s' is not a direction", base ? base->name : "?");
    return false;
  }
  *rank = t->rank;
  d->zero = 0;
  for (int k = 0; k < t->rank; k++)
    if (t->shape[k] == '0') d->zero |= 1u << k;
  return true;
}

bool sema_is_parallel_var(const Expr *e) {
  return e && !e->parens && (e->kind == EX_NAME || e->kind == EX_INDEX) && e->ptype;
}
