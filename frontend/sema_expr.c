/* sema_expr.c - types, ranks and rules of expressions (section 6): names, subscripts, fields, calls and
 * promotion, operators, shifts, reductions, scans, floods and IndexK. Sets Expr.type/rank/parallel. */
#include <string.h>
#include "sema_internal.h"

static Type *expr_check(Sema *S, Expr *e, bool whole_ok);

/* Record e's result. */
static Type *set(Expr *e, Type *t, int rank) {
  e->type = t;
  e->rank = rank;
  e->parallel = rank > 0;
  return t;
}

/* The region parallel operands are checked against here: a partial reduction's or flood's source, or the cover. */
static Region *operand_region(Sema *S) { return S->sub_cover ? S->sub_cover : S->cover; }

/* Note that the statement has a parallel operand of the given rank (for E13/E14). */
static void need_rank(Sema *S, int rank, Loc loc) {
  if (S->sub_cover || rank <= 0) return;
  if (!S->need_rank) {
    S->need_rank = rank;
    S->need_loc = loc;
    S->need_other = 0;
  } else if (rank != S->need_rank && !S->need_other) {
    S->need_other = rank; /* section 5.7 rule 5: every operand needs the covering region's rank */
  }
}

Symbol *sema_base_symbol(Expr *e) {
  while (e && (e->kind == EX_FIELD || e->kind == EX_INDEX || e->kind == EX_SHIFT)) e = e->base;
  return e && e->kind == EX_NAME ? e->sym : NULL;
}

/* True if sym is something that can be assigned or passed by reference. */
static bool is_variable_symbol(const Symbol *sym) {
  return sym && (sym->kind == SYM_VAR || sym->kind == SYM_CONFIG_VAR || sym->kind == SYM_PARAM ||
                 sym->kind == SYM_EXTERN_VAR);
}

bool sema_is_variable(Sema *S, Expr *e) {
  (void)S;
  if (!e || e->parens) return false;
  if (e->kind == EX_NAME) return is_variable_symbol(e->sym);
  if (e->kind == EX_FIELD || e->kind == EX_INDEX) return sema_is_variable(S, e->base) || (e->base && e->base->kind != EX_NAME && sema_base_symbol(e) && is_variable_symbol(sema_base_symbol(e)));
  return false;
}

/* Check a parallel array operand against the flood dimensions of the region in effect (E30) and record it. */
static inline void parallel_operand(Sema *S, Expr *e, Symbol *sym, Type *t) {
  Region *r = operand_region(S);
  need_rank(S, t->rank, e->loc);
  if (r && !r->error && r->rank == t->rank) {
    for (int k = 0; k < r->rank; k++) {
      if (r->dims[k].kind != DK_STAR) continue;
      bool flooded = t->region && t->region->dims[k].kind == DK_STAR;
      if (t->region && !flooded) {
        SEMA_ERR(S, e->loc, "'%s' is not flooded in dimension %d, but the covering region is", sym->name, k + 1);
        return;
      }
    }
  }
  if (r && (sym->kind == SYM_VAR || sym->kind == SYM_PARAM)) {
    Access *a = ARENA_NEW(S->arena, Access);
    a->array = sym;
    a->expr = e;
    a->cover = r;
    a->loc = e->loc;
    a->construct = diag_current_construct(S->diags);
    vec_push(S->arena, &S->accesses, a);
  }
}

/* True if the innermost element type of t is a direction type. */
static bool type_is_direction_leaf(const Type *t) {
  while (t && t->kind == TY_ARRAY) t = t->elem;
  return t && t->kind == TY_DIRECTION;
}

/* A free variable read at e (section 15.6): only where free_ok says a free value may go (E75). */
static bool free_value_ok(Sema *S, Expr *e) {
  if (!S->free_ok) {
    SEMA_ERR(S, e->loc, "free value '%s' can only be reduced or assigned to a free variable", e->name.name);
    return false;
  }
  if (!S->free_read) S->free_read = e;
  return true;
}

/* The rules of section 15 for a name: region and direction constants are values only where a region
 * or direction goes (and are constants, E11); free variables are read only where free_ok allows
 * (E75); an indexed array of parallel arrays is always subscripted (E37). Returns e's type after an
 * error or for a region or direction value, NULL when the usual rules decide. */
static Type *section15_name(Sema *S, Expr *e, Symbol *sym, Type *t) {
  bool target = S->target_ctx; /* the variable an assignment's target starts from */
  S->target_ctx = false;
  if (type_has_regdir(t)) {
    if (target) {
      SEMA_ERR(S, e->loc, "cannot assign to constant '%s'", sym->name);
      return set(e, S->t_error, 0);
    }
    if (S->regdir_ok && (t->kind != TY_ARRAY || S->indexing_base)) return set(e, t, 0);
    SEMA_ERR(S, e->loc, "'%s' is %s, not a value", sym->name, type_is_direction_leaf(t) ? "a direction" : "a region");
    return set(e, S->t_error, 0);
  }
  if (sym->is_free) {
    if (target) S->target_free = true;
    else if (!free_value_ok(S, e)) return set(e, S->t_error, 0);
  }
  if (type_is_array_of_parallel(t) && !S->indexing_base) {
    SEMA_ERR(S, e->loc, "indexed array of parallel arrays '%s' needs one subscript per dimension", sym->name);
    return set(e, S->t_error, 0);
  }
  return NULL;
}

/* A name used as a value. */
static Type *check_name(Sema *S, Expr *e, bool whole_ok) {
  Symbol *sym = sema_lookup(S, e->name.name, e->loc.off);
  e->sym = sym;
  if (!sym) {
    SEMA_ERR(S, e->loc, "undeclared identifier '%s'", e->name.name);
    return set(e, S->t_error, 0);
  }
  if (sym->global) sema_resolve_symbol(S, sym);
  if (sym->global && sym->resolve_state == 1 && !sym->type) {
    /* used inside its own declaration item (var S : [S] ...): not declared until the item ends */
    SEMA_ERR(S, e->loc, "undeclared identifier '%s'", e->name.name);
    return set(e, S->t_error, 0);
  }
  if (sym->error) return set(e, S->t_error, 0);
  switch (sym->kind) {
  case SYM_UNSUPPORTED:
    SEMA_ERR(S, e->loc, "%s", sym->unsupported);
    return set(e, S->t_error, 0);
  case SYM_INDEX: {
    Region *r = operand_region(S);
    if (r && !r->error && !r->dynamic && r->rank < sym->index_k) {
      SEMA_ERR(S, e->loc, "'%s' needs a covering region of rank %d or more", sym->name, sym->index_k);
      return set(e, S->t_error, 0);
    }
    if (r && !r->error && sym->index_k <= r->rank && r->dims[sym->index_k - 1].kind == DK_STAR) {
      SEMA_ERR(S, e->loc, "'%s' cannot be used where dimension %d of the covering region is '*'", sym->name,
               sym->index_k);
      return set(e, S->t_error, 0);
    }
    if (r && !r->error && r->rank) {
      need_rank(S, r->rank, e->loc);
      return set(e, sym->type, r->rank);
    }
    if (!r && !S->cover_inherited) { /* no covering region at all: E14 for the statement */
      need_rank(S, sym->index_k, e->loc);
      return set(e, sym->type, sym->index_k);
    }
    return set(e, sym->type, RANK_ANY); /* the caller's region decides */
  }
  case SYM_INDEX_INIT:
    if (!S->in_init && !S->elem_index_dims) {
      SEMA_ERR(S, e->loc, "'%s' can only be used in an indexed-array initializer or element region", sym->name);
      return set(e, S->t_error, 0);
    }
    return set(e, sym->type, 0);
  case SYM_TYPE: case SYM_REGION: case SYM_DIRECTION: case SYM_PROC: case SYM_BUILTIN: {
    static const char *const what[] = {[SYM_TYPE] = "a type", [SYM_REGION] = "a region",
                                       [SYM_DIRECTION] = "a direction", [SYM_PROC] = "a procedure",
                                       [SYM_BUILTIN] = "a procedure"};
    SEMA_ERR(S, e->loc, "'%s' is %s, not a value", sym->name, what[sym->kind]);
    return set(e, S->t_error, 0);
  }
  default:
    break;
  }
  Type *t = sym->type ? sym->type : S->t_error;
  if (t->kind == TY_ERROR) return set(e, t, 0);
  if (t->kind == TY_PARALLEL) {
    parallel_operand(S, e, sym, t);
    e->ptype = t;
    return set(e, t->elem, t->rank);
  }
  if (sym->is_free || ((1u << t->kind) & (1u << TY_ARRAY | 1u << TY_REGION | 1u << TY_DIRECTION))) {
    Type *r = section15_name(S, e, sym, t);
    if (r) return r;
  }
  if (t->kind == TY_ARRAY && !(whole_ok && S->bare_array_ok)) {
    SEMA_ERR(S, e->loc, "indexed array '%s' must be subscripted; use '%s[]' for the whole array", sym->name, sym->name);
    return set(e, S->t_error, 0);
  }
  return set(e, t, 0);
}

/* The name of the variable a designator starts from, for messages. */
static const char *designator_name(Expr *e) {
  Symbol *s = sema_base_symbol(e);
  if (s) return s->name;
  while (e && e->kind != EX_NAME && e->base) e = e->base;
  return e && e->kind == EX_NAME ? e->name.name : "?";
}

/* Check a scalar integer subscript (never a free value, a region or a subscript's base). */
static bool check_subscript(Sema *S, Expr *a) {
  bool saved_free = S->free_ok, saved_rd = S->regdir_ok, saved_base = S->indexing_base;
  S->free_ok = S->regdir_ok = S->indexing_base = S->target_ctx = false;
  Type *t = expr_check(S, a, false);
  S->free_ok = saved_free;
  S->regdir_ok = saved_rd;
  S->indexing_base = saved_base;
  if (t->kind == TY_ERROR) return false;
  if (a->rank > 0 || !(type_is_integer(t) || t->kind == TY_ENUM || (t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN))) {
    SEMA_ERR(S, a->loc, "subscripts must be integer scalars, not %s", type_name(S, t));
    return false;
  }
  return true;
}

/* U[e1, ..., em] for an indexed array of parallel arrays U (section 15.2): the element, a parallel
 * array variable with U's element type. */
static Type *check_par_element(Sema *S, Expr *e, Type *bt) {
  Expr *name = e->base;
  Symbol *sym = sema_base_symbol(name);
  if (e->nargs == 0 || name->kind != EX_NAME || !sym) {
    SEMA_ERR(S, name->loc, "indexed array of parallel arrays '%s' needs one subscript per dimension", designator_name(name));
    return set(e, S->t_error, 0);
  }
  if (e->nargs != bt->ndims) {
    SEMA_ERR(S, name->loc, "wrong number of subscripts for '%s': expected %d, got %d", designator_name(name), bt->ndims, e->nargs);
    return set(e, S->t_error, 0);
  }
  for (int i = 0; i < e->nargs; i++)
    if (!check_subscript(S, e->args[i])) return set(e, S->t_error, 0);
  Type *pt = bt->elem;
  parallel_operand(S, e, sym, pt);
  e->ptype = pt;
  return set(e, pt->elem, pt->rank);
}

/* The shape of a projection: the blank dimensions so far followed by those of t's '[]' (t NULL: none). */
static Type *projection_type(Sema *S, const Type *outer, const Type *t, Type *elem) {
  Type *p = type_new(S, TY_ARRAY);
  int n = (outer ? outer->ndims : 0) + (t ? t->ndims : 0);
  p->projection = true;
  p->ndims = n;
  p->dims = ARENA_ARRAY(S->arena, ArrayDim, n ? n : 1);
  int k = 0;
  for (int i = 0; outer && i < outer->ndims; i++) p->dims[k++] = outer->dims[i];
  for (int i = 0; t && i < t->ndims; i++) p->dims[k++] = t->dims[i];
  p->elem = elem;
  return p;
}

/* True if a designator denotes several elements of indexed arrays: a[] or a projection. */
static bool is_blank_designator(const Expr *e) {
  return e && !e->parens && ((e->kind == EX_INDEX && e->nargs == 0) || e->projection);
}

/* e is a projection of the given shape: only read, written or assigned (E37 elsewhere). */
static Type *projection(Sema *S, Expr *e, bool whole_ok, Type *shape) {
  e->projection = true;
  if (!whole_ok) {
    Symbol *base = sema_base_symbol(e);
    SEMA_ERR(S, e->loc, "projection '%s' can only be read, written or assigned", base ? base->name : designator_name(e));
    return set(e, S->t_error, 0);
  }
  return set(e, shape, e->base->rank); /* of a parallel array of records: a parallel projection */
}

/* A subscript or '[]' applied to a projection (section 15.7): the projection of what it selects. */
static Type *check_projection_index(Sema *S, Expr *e, Type *bt, bool whole_ok) {
  Type *elem = bt->elem;
  Expr *name = e->base;
  if (elem->kind != TY_ARRAY) {
    SEMA_ERR(S, name->loc, "'%s' is not an indexed array", designator_name(name));
    return set(e, S->t_error, 0);
  }
  if (e->nargs && e->nargs != elem->ndims) {
    SEMA_ERR(S, name->loc, "wrong number of subscripts for '%s': expected %d, got %d", designator_name(name), elem->ndims, e->nargs);
    return set(e, S->t_error, 0);
  }
  for (int i = 0; i < e->nargs; i++)
    if (!check_subscript(S, e->args[i])) return set(e, S->t_error, 0);
  return projection(S, e, whole_ok, projection_type(S, bt, e->nargs ? NULL : elem, elem->elem));
}

/* base[args] */
static Type *check_index(Sema *S, Expr *e, bool whole_ok) {
  bool saved = S->bare_array_ok, saved_base = S->indexing_base;
  S->bare_array_ok = true; /* the array being subscripted */
  S->indexing_base = true;
  Type *bt = expr_check(S, e->base, true);
  S->bare_array_ok = saved;
  S->indexing_base = saved_base;
  if (bt->kind == TY_ERROR) return set(e, bt, 0);
  Expr *name = e->base;
  if (bt->kind != TY_ARRAY) {
    SEMA_ERR(S, name->kind == EX_NAME ? name->loc : e->loc, "'%s' is not an indexed array", designator_name(name));
    return set(e, S->t_error, 0);
  }
  if (bt->elem->kind == TY_PARALLEL && e->base->rank == 0) return check_par_element(S, e, bt);
  if (is_blank_designator(e->base)) return check_projection_index(S, e, bt, whole_ok);
  if (e->nargs == 0) {
    if (!whole_ok) {
      SEMA_ERR(S, e->loc, "a whole indexed array cannot be used here");
      return set(e, S->t_error, 0);
    }
    return set(e, bt, e->base->rank);
  }
  if (e->nargs != bt->ndims) {
    SEMA_ERR(S, name->kind == EX_NAME ? name->loc : e->loc, "wrong number of subscripts for '%s': expected %d, got %d",
             designator_name(name), bt->ndims, e->nargs);
    return set(e, S->t_error, 0);
  }
  for (int i = 0; i < e->nargs; i++)
    if (!check_subscript(S, e->args[i])) return set(e, S->t_error, 0);
  return set(e, bt->elem, e->base->rank);
}

/* base.field */
static Type *check_field(Sema *S, Expr *e, bool whole_ok) {
  bool blank = is_blank_designator(e->base);
  Type *bt = expr_check(S, e->base, blank);
  if (bt->kind == TY_ERROR) return set(e, bt, 0);
  if (blank && bt->kind == TY_ARRAY && bt->elem->kind == TY_RECORD) { /* a[].f: a projection (section 15.7) */
    for (int i = 0; i < bt->elem->nfields; i++)
      if (!strcmp(bt->elem->fields[i].name, e->name.name)) {
        return projection(S, e, whole_ok, projection_type(S, bt, NULL, bt->elem->fields[i].type));
      }
    SEMA_ERR(S, e->name.loc, "'%s' has no field '%s'", designator_name(e->base), e->name.name);
    return set(e, S->t_error, 0);
  }
  if (bt->kind != TY_RECORD) {
    SEMA_ERR(S, e->name.loc, "'%s' is not a record", designator_name(e->base));
    return set(e, S->t_error, 0);
  }
  for (int i = 0; i < bt->nfields; i++)
    if (!strcmp(bt->fields[i].name, e->name.name)) return set(e, bt->fields[i].type, e->base->rank);
  SEMA_ERR(S, e->name.loc, "'%s' has no field '%s'", designator_name(e->base), e->name.name);
  return set(e, S->t_error, 0);
}

/* ---- operators ---- */

/* The spelling of the type of an expression, with its rank for parallel values. */
const char *sema_expr_type_name(Sema *S, Expr *e) {
  if (e->rank == 0) return type_name(S, e->type);
  Type pt = {0};
  pt.kind = TY_PARALLEL;
  pt.rank = e->rank;
  pt.elem = e->type;
  return type_name(S, &pt);
}

/* E15 when two parallel operands of different ranks meet at an operator. Returns the result rank or -1. */
static int join_ranks(Sema *S, Expr *a, Expr *b, Loc op) {
  int r = rank_join(a->rank, b->rank);
  if (r < 0) {
    SEMA_ERR(S, op, "operands have different ranks (%d and %d)", a->rank, b->rank);
    S->need_other = -1; /* E15 says it: no E13 for the statement as well (section 5.7 rule 5) */
  }
  return r;
}

/* True if t is the string type. */
static bool is_string(const Type *t) { return t->kind == TY_SCALAR && t->scalar == SK_STRING; }

/* Require a truth value (E21). */
static bool truth_operand(Sema *S, Expr *x) {
  if (type_is_truth(x->type)) return true;
  SEMA_ERR(S, x->loc, "expected a boolean or integer value, found %s", type_name(S, x->type));
  return false;
}

/* Arithmetic operand check: numeric, boolean or enumeration (E44 for strings, E24 otherwise). */
static bool arith_operand(Sema *S, Expr *x, Loc op, const char *spelling) {
  if (type_is_arith(x->type)) return true;
  if (is_string(x->type)) SEMA_ERR(S, op, "operator '%s' cannot be applied to strings", spelling);
  else SEMA_ERR(S, op, "'%s' cannot be applied to %s", spelling, type_name(S, x->type));
  return false;
}

/* True if two operand types may be compared with this operator (section 6.4). */
static bool comparable(const Type *a, const Type *b, int op) {
  if (type_is_arith(a) && type_is_arith(b)) {
    if (a->kind == TY_ENUM && b->kind == TY_ENUM) return a == b;
    return true;
  }
  if (is_string(a) && is_string(b)) return true;
  if (a->kind == TY_SCALAR && b->kind == TY_SCALAR && a->scalar == SK_FILE && b->scalar == SK_FILE)
    return op == OP_EQ || op == OP_NE;
  return false;
}

static Type *check_binary(Sema *S, Expr *e) {
  Type *l = expr_check(S, e->lhs, false);
  Type *r = expr_check(S, e->rhs, false);
  if (l->kind == TY_ERROR || r->kind == TY_ERROR) return set(e, S->t_error, 0);
  const char *sp = op_spelling((OpKind)e->op);
  int rank = join_ranks(S, e->lhs, e->rhs, e->oploc);
  if (rank < 0) return set(e, S->t_error, 0);
  switch (e->op) {
  case OP_AND: case OP_OR:
    if (!truth_operand(S, e->lhs) || !truth_operand(S, e->rhs)) return set(e, S->t_error, 0);
    return set(e, type_scalar(S, SK_BOOLEAN), rank);
  case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
    if (!comparable(l, r, e->op)) {
      SEMA_ERR(S, e->oploc, "cannot compare %s with %s", type_name(S, l), type_name(S, r));
      return set(e, S->t_error, 0);
    }
    return set(e, type_scalar(S, SK_BOOLEAN), rank);
  case OP_MOD: {
    Expr *bad = !(type_is_integer(l) || l->kind == TY_ENUM) ? e->lhs : !(type_is_integer(r) || r->kind == TY_ENUM) ? e->rhs : NULL;
    if (bad) {
      if (is_string(bad->type)) SEMA_ERR(S, e->oploc, "operator '%%' cannot be applied to strings");
      else SEMA_ERR(S, e->oploc, "operator '%%' requires integer operands, not %s", type_name(S, bad->type));
      return set(e, S->t_error, 0);
    }
    return set(e, type_common(S, l, r), rank);
  }
  default:
    if (!arith_operand(S, e->lhs, e->oploc, sp) || !arith_operand(S, e->rhs, e->oploc, sp)) return set(e, S->t_error, 0);
    if (e->op == OP_POW && !(type_is_integer(type_promote(S, l)) && type_is_integer(type_promote(S, r))))
      return set(e, type_scalar(S, SK_DOUBLE), rank);
    return set(e, type_common(S, l, r), rank);
  }
}

static Type *check_unary(Sema *S, Expr *e) {
  Type *t = expr_check(S, e->rhs, false);
  if (t->kind == TY_ERROR) return set(e, t, 0);
  if (e->op == OP_NOT) {
    if (!truth_operand(S, e->rhs)) return set(e, S->t_error, 0);
    return set(e, type_scalar(S, SK_BOOLEAN), e->rhs->rank);
  }
  if (!(type_is_numeric(t) || (t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN))) {
    if (is_string(t)) SEMA_ERR(S, e->loc, "operator '%s' cannot be applied to strings", op_spelling((OpKind)e->op));
    else SEMA_ERR(S, e->loc, "'%s' cannot be applied to %s", op_spelling((OpKind)e->op), type_name(S, t));
    return set(e, S->t_error, 0);
  }
  return set(e, type_promote(S, t), e->rhs->rank);
}

/* ---- shifts ---- */

static Type *check_shift(Sema *S, Expr *e) {
  Expr *b = e->base;
  if (b->parens || (b->kind != EX_NAME && b->kind != EX_FIELD && b->kind != EX_INDEX)) {
    if (b->kind != EX_SHIFT) expr_check(S, b, false);
    SEMA_ERR(S, e->oploc, "'@' must be applied to a variable");
    return set(e, S->t_error, 0);
  }
  Type *t = expr_check(S, b, false);
  if (t->kind == TY_ERROR) return set(e, t, 0);
  Symbol *sym = sema_base_symbol(b);
  if (!sym || !(sym->kind == SYM_VAR || sym->kind == SYM_PARAM || sym->kind == SYM_CONFIG_VAR || sym->kind == SYM_CONST)) {
    SEMA_ERR(S, e->oploc, "'@' must be applied to a variable");
    return set(e, S->t_error, 0);
  }
  if (b->rank == 0) {
    SEMA_ERR(S, e->oploc, "'@' applied to scalar '%s'", sym->name);
    return set(e, S->t_error, 0);
  }
  int drank = 0;
  int64_t d[MAX_RANK] = {0};
  bool known;
  if (!sema_dir(S, e->dir, &drank, d, &known)) return set(e, S->t_error, 0);
  if (drank != b->rank) {
    if (e->dir->kind == DIR_DESIG)
      SEMA_ERR(S, e->dir->loc, "direction '%.*s' has rank %d, but '%s' has rank %d", e->dir->end - e->dir->start,
               S->src->text + e->dir->start, drank, sym->name, b->rank);
    else if (e->dir->kind == DIR_NAME)
      SEMA_ERR(S, e->dir->loc, "direction '%s' has rank %d, but '%s' has rank %d", e->dir->name.name, drank, sym->name, b->rank);
    else
      SEMA_ERR(S, e->dir->loc, "direction %.*s has rank %d, but '%s' has rank %d", e->dir->end - e->dir->start,
               S->src->text + e->dir->start, drank, sym->name, b->rank);
    return set(e, S->t_error, 0);
  }
  if (!known && e->dir->kind == DIR_DESIG) sym->dyn_ghost = true; /* a direction constant's element */
  if (!e->wrap && known) {
    ShiftUse *u = ARENA_NEW(S->arena, ShiftUse);
    u->array = sym;
    u->rank = drank;
    memcpy(u->d, d, sizeof d);
    vec_push(S->arena, &S->shifts, u);
  }
  /* The plain access recorded for the base becomes a shifted one. */
  if (!e->wrap && S->accesses.len > 0) {
    Access *a = S->accesses.items[S->accesses.len - 1];
    if (a->array == sym && a->expr == (b->kind == EX_NAME ? b : a->expr)) {
      a->shifted = true;
      a->expr = e;
      a->d_known = known;
      memcpy(a->d, d, sizeof d);
    }
  } else if (e->wrap && S->accesses.len > 0) { /* '@^' reaches only the declared region's indices */
    Access *a = S->accesses.items[S->accesses.len - 1];
    if (a->array == sym && a->expr == (b->kind == EX_NAME ? b : a->expr)) {
      a->shifted = a->wrapped = true;
      a->expr = e;
      a->d_known = known;
      memcpy(a->d, d, sizeof d);
    }
  }
  return set(e, t, b->rank);
}

/* ---- reductions, scans, floods ---- */

/* Result type of a reduction or scan over elements of type t, or NULL if the operator does not apply (E24). */
static Type *reduce_type(Sema *S, RedOp op, Type *t) {
  bool is_bool = t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN;
  switch (op) {
  case RED_AND: case RED_OR:
    return type_is_truth(t) ? type_scalar(S, SK_BOOLEAN) : NULL;
  case RED_BAND: case RED_BOR: case RED_BXOR:
    if (!type_is_integer(t) && !is_bool) return NULL;
    break;
  default:
    if (!type_is_numeric(t) && !is_bool) return NULL;
    break;
  }
  if (t->kind != TY_SCALAR && t->kind != TY_ENUM) return NULL;
  if (t->scalar == SK_UBYTE || t->scalar == SK_USHORTINT) return type_scalar(S, SK_UINTEGER);
  return type_promote(S, t);
}

/* Check the dimensions of a partial reduction's or flood's source region against the cover (E50, E26). */
static bool check_source_dims(Sema *S, Expr *e, Region *src, Region *cover, bool flood) {
  const char *sp = e->kind == EX_FLOOD ? ">>" : reduce_spelling((RedOp)e->op);
  int reduced = 0;
  for (int k = 0; k < src->rank; k++) {
    RDim *s = &src->dims[k], *c = &cover->dims[k];
    bool is_reduced = flood ? s->kind == DK_SINGLE : (c->kind == DK_SINGLE || c->kind == DK_STAR) && s->kind != DK_SINGLE;
    if (is_reduced) {
      reduced++;
      continue;
    }
    if (flood && c->kind == DK_STAR) {
      SEMA_ERR(S, e->loc, "dimension %d of the region of '%s' does not match the covering region", k + 1, sp);
      return false;
    }
    bool mismatch = (s->kind == DK_STAR) != (c->kind == DK_STAR) ||
                    (s->known && c->known && s->kind != DK_STAR && (s->lo != c->lo || s->hi != c->hi));
    if (mismatch) {
      SEMA_ERR(S, e->loc, "dimension %d of the region of '%s' does not match the covering region", k + 1, sp);
      return false;
    }
  }
  if (!flood && reduced == 0) {
    SEMA_ERR(S, e->loc, "partial reduction does not reduce any dimension");
    return false;
  }
  return true;
}

/* The operand of a partial reduction or a flood, checked over its own source region. */
static Type *sub_operand(Sema *S, Expr *e, Region **src_out) {
  Region *cover = S->sub_cover ? S->sub_cover : S->cover;
  const char *sp = e->kind == EX_FLOOD ? ">>" : reduce_spelling((RedOp)e->op);
  if (!cover && !S->cover_inherited) {
    expr_check(S, e->rhs, false);
    SEMA_ERR(S, e->loc, "parallel statement has no covering region");
    return S->t_error;
  }
  Region *src = sema_region_bracket(S, e->region, false);
  *src_out = src;
  e->source = src;
  if (src->error) return S->t_error;
  Region *saved = S->sub_cover;
  S->sub_cover = src;
  Type *t = expr_check(S, e->rhs, false);
  S->sub_cover = saved;
  if (t->kind == TY_ERROR) return t;
  if (e->rhs->rank && e->rhs->rank != RANK_ANY && e->rhs->rank != src->rank) {
    SEMA_ERR(S, e->loc, "region of '%s' has rank %d, but its operand has rank %d", sp, src->rank, e->rhs->rank);
    return S->t_error;
  }
  if (cover && !cover->error && !cover->dynamic) {
    if (cover->rank != src->rank) {
      SEMA_ERR(S, e->loc, "region of '%s' has rank %d, but its operand has rank %d", sp, src->rank, cover->rank);
      return S->t_error;
    }
    if (!src->dynamic && !check_source_dims(S, e, src, cover, e->kind == EX_FLOOD)) return S->t_error;
  }
  return t;
}

static Type *check_reduce(Sema *S, Expr *e) {
  const char *sp = reduce_spelling((RedOp)e->op);
  if (e->region) {
    Region *src = NULL;
    Type *t = sub_operand(S, e, &src);
    if (t->kind == TY_ERROR) return set(e, t, 0);
    Type *rt = reduce_type(S, (RedOp)e->op, t);
    if (!rt) {
      SEMA_ERR(S, e->loc, "'%s' cannot be applied to %s", sp, type_name(S, t));
      return set(e, S->t_error, 0);
    }
    int rank = src->rank;
    need_rank(S, rank, e->loc);
    return set(e, rt, rank);
  }
  bool saved_free = S->free_ok; /* the operand may read free values (section 15.6) */
  Expr *saved_read = S->free_read;
  S->free_ok = true;
  S->free_read = NULL;
  Type *t = expr_check(S, e->rhs, false);
  Expr *free_read = S->free_read;
  S->free_ok = saved_free;
  S->free_read = saved_read;
  if (t->kind == TY_ERROR) return set(e, t, 0);
  if (free_read && e->rhs->parallel) { /* a free value in a parallel expression */
    SEMA_ERR(S, free_read->loc, "free value '%s' can only be reduced or assigned to a free variable", free_read->name.name);
    return set(e, S->t_error, 0);
  }
  if (!e->rhs->parallel && !free_read) {
    SEMA_ERR(S, e->loc, "operand of '%s' must be a parallel expression", sp);
    return set(e, S->t_error, 0);
  }
  Type *rt = reduce_type(S, (RedOp)e->op, t);
  if (!rt) {
    SEMA_ERR(S, e->loc, "'%s' cannot be applied to %s", sp, type_name(S, t));
    return set(e, S->t_error, 0);
  }
  e->over_processes = !e->rhs->parallel; /* one value per process */
  if (e->over_processes && S->cur_info) S->cur_info->per_process = true;
  return set(e, rt, 0);
}

/* The dimension list of a scan: distinct integers 1..rank (E27). */
static bool check_scan_dims(Sema *S, Bracket *b, int rank) {
  bool seen[MAX_RANK + 1] = {0};
  for (int i = 0; i < b->n; i++) {
    BracketItem *it = &b->items[i];
    int64_t v = 0;
    bool ok = it->kind == BI_EXPR && sema_const_int(S, it->lo, &v);
    if (!ok) {
      SEMA_ERR(S, it->loc, "scan dimensions must be integer literals");
      return false;
    }
    if (v < 1 || v > rank || seen[v]) {
      SEMA_ERR(S, it->loc, "invalid scan dimension %lld for an operand of rank %d", (long long)v, rank);
      return false;
    }
    seen[v] = true;
  }
  return true;
}

static Type *check_scan(Sema *S, Expr *e) {
  const char *sp = scan_spelling((RedOp)e->op);
  Type *t = expr_check(S, e->rhs, false);
  if (t->kind == TY_ERROR) return set(e, t, 0);
  if (!e->rhs->parallel) {
    SEMA_ERR(S, e->loc, "operand of '%s' must be a parallel expression", sp);
    return set(e, S->t_error, 0);
  }
  if (e->region && !check_scan_dims(S, e->region, e->rhs->rank)) return set(e, S->t_error, 0);
  Type *rt = reduce_type(S, (RedOp)e->op, t);
  if (!rt) {
    SEMA_ERR(S, e->loc, "'%s' cannot be applied to %s", sp, type_name(S, t));
    return set(e, S->t_error, 0);
  }
  return set(e, rt, e->rhs->rank);
}

static Type *check_flood(Sema *S, Expr *e) {
  Region *src = NULL;
  Type *t = sub_operand(S, e, &src);
  if (t->kind == TY_ERROR) return set(e, t, 0);
  need_rank(S, src->rank, e->loc);
  return set(e, t, src->rank);
}

/* ---- calls ---- */

const char *sema_mode_name(ParamMode m) {
  switch (m) {
  case PM_IN: return "in";
  case PM_OUT: return "out";
  case PM_INOUT: return "inout";
  case PM_VAR: return "var";
  case PM_CONST: return "const";
  default: return "const";
  }
}

bool sema_by_reference(ParamMode m) { return m == PM_OUT || m == PM_INOUT || m == PM_VAR; }

/* E7: an argument of a by-reference parameter that is not a variable. */
static void arg_not_variable(Sema *S, Symbol *callee, int i, Expr *arg) {
  SEMA_ERR(S, arg->loc, "argument %d of '%s' must be a variable (parameter '%s' is %s)", i + 1, callee->name,
           callee->pnames[i], sema_mode_name(callee->pmodes[i]));
}

/* E9 (by-value parameter) or E8 (by reference): an argument of the wrong type, spelled tname. */
static void arg_wrong_type(Sema *S, Symbol *callee, int i, Expr *arg, const char *tname, Type *pt) {
  if (!sema_by_reference(callee->pmodes[i]))
    SEMA_ERR(S, arg->loc, "argument %d of '%s': cannot convert %s to %s", i + 1, callee->name, tname, type_name(S, pt));
  else
    SEMA_ERR(S, arg->loc, "argument %d of '%s' has type %s, but %s parameter '%s' has type %s", i + 1, callee->name, tname,
             sema_mode_name(callee->pmodes[i]), callee->pnames[i], type_name(S, pt));
}

/* A variable bound to a by-reference parameter: the call may write it. A free variable cannot be
 * (E75); in a procedure, a global one counts as assigned (sections 6.10 and 15.8). */
static bool bind_by_reference(Sema *S, Expr *arg) {
  Symbol *target = sema_base_symbol(arg);
  if (!target) return true;
  if (target->is_free) {
    Expr *n = arg;
    while (n->kind != EX_NAME && n->base) n = n->base;
    SEMA_ERR(S, n->loc, "free value '%s' can only be reduced or assigned to a free variable", target->name);
    return false;
  }
  if (target->global && (target->kind == SYM_VAR || target->kind == SYM_CONFIG_VAR || target->kind == SYM_EXTERN_VAR))
    sema_assigns_global(S, target);
  return true;
}

/* Check an argument of an array parameter (a whole array passed is not an operand, section 5.7). */
static Type *whole_argument(Sema *S, Expr *arg) {
  int saved_need = S->need_rank, saved_other = S->need_other;
  Loc saved_loc = S->need_loc;
  S->bare_array_ok = true;
  Type *at = expr_check(S, arg, true);
  S->bare_array_ok = false;
  S->need_rank = saved_need;
  S->need_other = saved_other;
  S->need_loc = saved_loc;
  return at;
}

/* A whole parallel or indexed array argument for an array parameter (prechecked: the argument's
 * type is known already, section 15.4). */
static bool array_argument(Sema *S, Symbol *callee, int i, Expr *arg, Type *pt, bool prechecked) {
  Type *at = prechecked ? arg->type : whole_argument(S, arg);
  if (at->kind == TY_ERROR) return false;
  if (arg->projection) {
    Symbol *base = sema_base_symbol(arg);
    SEMA_ERR(S, arg->loc, "projection '%s' can only be read, written or assigned", base ? base->name : "?");
    return false;
  }
  Symbol *base = sema_base_symbol(arg);
  bool is_var = base && sema_is_variable(S, arg);
  if (pt->kind == TY_PARALLEL) {
    bool whole = sema_is_parallel_var(arg);
    if (sema_by_reference(callee->pmodes[i]) && !whole) {
      arg_not_variable(S, callee, i, arg);
      return false;
    }
    if (!whole && arg->rank == pt->rank && type_same(at, pt->elem)) { /* an expression of the right type */
      SEMA_ERR(S, arg->loc, "argument %d of '%s' must be a parallel array, not an expression (parameter '%s' has type %s)",
               i + 1, callee->name, callee->pnames[i], type_name(S, pt));
      return false;
    }
    if (!whole || arg->rank != pt->rank || !type_same(at, pt->elem)) {
      arg_wrong_type(S, callee, i, arg, sema_expr_type_name(S, arg), pt);
      return false;
    }
    if (sema_by_reference(callee->pmodes[i]) && !bind_by_reference(S, arg)) return false;
    /* A whole array passed to a parameter is not an operand: drop its access record. */
    if (!prechecked && S->accesses.len && ((Access *)S->accesses.items[S->accesses.len - 1])->expr == arg) S->accesses.len--;
    ParamBinding *pb = ARENA_NEW(S->arena, ParamBinding);
    pb->callee = callee;
    pb->param = i;
    pb->arg = base;
    if (S->cur_info) vec_push(S->arena, &S->cur_info->bindings, pb);
    return true;
  }
  if (sema_by_reference(callee->pmodes[i]) && !is_var) {
    arg_not_variable(S, callee, i, arg);
    return false;
  }
  if (!type_same(at, pt)) {
    arg_wrong_type(S, callee, i, arg, type_name(S, at), pt);
    return false;
  }
  return !sema_by_reference(callee->pmodes[i]) || bind_by_reference(S, arg);
}

/* A scalar argument. Returns false after an error; sets *parallel for a parallel argument (promotion). */
static bool scalar_argument(Sema *S, Symbol *callee, int i, Expr *arg, Type *pt, bool *parallel, bool prechecked) {
  ParamMode m = callee->pmodes[i];
  bool is_file = pt->kind == TY_SCALAR && pt->scalar == SK_FILE;
  bool by_ref = sema_by_reference(m) && !is_file;
  bool saved_free = S->free_ok;
  if (by_ref) S->free_ok = false; /* a free value is only read by value (section 15.6) */
  Type *at = prechecked ? arg->type : expr_check(S, arg, false);
  S->free_ok = saved_free;
  if (at->kind == TY_ERROR) return false;
  if (by_ref) {
    if (!sema_is_variable(S, arg)) {
      arg_not_variable(S, callee, i, arg);
      return false;
    }
    if (!type_same(at, pt)) {
      arg_wrong_type(S, callee, i, arg, sema_expr_type_name(S, arg), pt);
      return false;
    }
    if (arg->rank > 0) { /* a promoted call (E46) or a call statement (E8), as call_arguments says */
      *parallel = true;
      return true;
    }
    Symbol *target = sema_base_symbol(arg);
    if (target && target->for_var_active) { /* passing it by reference may assign it */
      SEMA_ERR(S, arg->loc, "cannot assign to loop variable '%s'", target->name);
      return false;
    }
    return bind_by_reference(S, arg);
  }
  if (!type_assignable(pt, at) && !(type_same(pt, at) && at->kind == TY_SCALAR)) { /* a timer to a timer parameter */
    SEMA_ERR(S, arg->loc, "argument %d of '%s': cannot convert %s to %s", i + 1, callee->name, sema_expr_type_name(S, arg),
             type_name(S, pt));
    return false;
  }
  if (arg->rank > 0) *parallel = true;
  return true;
}

/* Why a procedure's signature prevents promotion (E46), or NULL. */
static const char *signature_reason(Symbol *callee) {
  for (int i = 0; i < callee->nparams; i++)
    if (sema_by_reference(callee->pmodes[i])) return "it has an out or inout parameter";
  return NULL;
}

/* Record a call for the whole-program analyses. */
static inline void record_call(Sema *S, Symbol *callee, Expr *e, bool promoted) {
  CallSite *c = ARENA_NEW(S->arena, CallSite);
  c->callee = callee;
  c->call = e;
  c->cover = S->cover;
  c->promoted = promoted;
  c->in_parallel_stmt = S->in_parallel_stmt;
  c->loc = e->loc;
  c->construct = diag_current_construct(S->diags);
  vec_push(S->arena, &(S->cur_info ? S->cur_info : S->elab_info)->calls, c);
}

void sema_record_call(Sema *S, Symbol *callee, Expr *e, bool promoted) { record_call(S, callee, e, promoted); }

Type *sema_builtin_call(Sema *S, Symbol *b, Expr *e, bool stmt);

/* Check the arguments of a call to callee (their types known already when prechecked); *parallel
 * and *rank tell an elementwise call and its rank. False after an error. */
static bool call_arguments(Sema *S, Symbol *callee, Expr *e, bool stmt, bool prechecked, bool *parallel, int *rank) {
  bool ok = true;
  *rank = 0;
  *parallel = false;
  for (int i = 0; i < e->nargs && ok; i++) {
    Type *pt = callee->ptypes[i];
    if (pt->kind == TY_ERROR) {
      if (!prechecked) expr_check(S, e->args[i], true);
      ok = false;
    } else if (pt->kind == TY_PARALLEL || pt->kind == TY_ARRAY) {
      ok = array_argument(S, callee, i, e->args[i], pt, prechecked);
    } else {
      bool par = false;
      ok = scalar_argument(S, callee, i, e->args[i], pt, &par, prechecked);
      if (ok && par) {
        if (stmt) { /* never promoted (section 6.10) */
          arg_wrong_type(S, callee, i, e->args[i], sema_expr_type_name(S, e->args[i]), pt);
          ok = false;
        } else if (rank_join(*rank, e->args[i]->rank) < 0) {
          SEMA_ERR(S, e->args[i]->loc, "operands have different ranks (%d and %d)", *rank, e->args[i]->rank);
          ok = false;
        } else {
          *parallel = true;
          *rank = rank_join(*rank, e->args[i]->rank);
        }
      }
    }
  }
  return ok;
}

/* A call to a program procedure or an imported C function. stmt: a call statement (never promoted). */
Type *sema_call(Sema *S, Expr *e, bool stmt) {
  Symbol *callee = sema_lookup(S, e->name.name, e->loc.off);
  e->sym = callee;
  if (!callee) {
    if (!S->headers_failed) SEMA_ERR(S, e->loc, "call to undefined procedure '%s'", e->name.name);
    for (int i = 0; i < e->nargs; i++) expr_check(S, e->args[i], true);
    return set(e, S->t_error, 0);
  }
  if (callee->kind == SYM_UNSUPPORTED) {
    SEMA_ERR(S, e->loc, "%s", callee->unsupported);
    return set(e, S->t_error, 0);
  }
  if (callee->kind == SYM_BUILTIN) return sema_builtin_call(S, callee, e, stmt);
  if (callee->kind != SYM_PROC) {
    SEMA_ERR(S, e->loc, "'%s' is not a procedure", e->name.name);
    return set(e, S->t_error, 0);
  }
  if (callee->error && !sema_is_overloaded(callee)) return set(e, S->t_error, 0);
  if (callee->cfunc && !sema_cfunc_callable(S, callee, e->loc)) return set(e, S->t_error, 0);
  bool prechecked = false;
  if (sema_is_overloaded(callee)) { /* section 15.4: the member that takes these arguments */
    callee = sema_choose_overload(S, callee, e, stmt);
    if (!callee) return set(e, S->t_error, 0);
    e->sym = callee;
    prechecked = true;
  }
  sema_proc_signature(S, callee);
  if (e->nargs != callee->nparams) {
    SEMA_ERR(S, e->loc, "wrong number of arguments to '%s': expected %d, got %d", e->name.name, callee->nparams, e->nargs);
    return set(e, S->t_error, 0);
  }
  int rank;
  bool parallel;
  if (!call_arguments(S, callee, e, stmt, prechecked, &parallel, &rank)) return set(e, S->t_error, 0);
  if (!stmt && !callee->result) {
    SEMA_ERR(S, e->loc, "procedure '%s' has no result and cannot be used in an expression", e->name.name);
    return set(e, S->t_error, 0);
  }
  if (parallel) {
    const char *why = signature_reason(callee);
    bool arrays = false;
    for (int i = 0; i < callee->nparams; i++) arrays |= callee->ptypes[i]->kind != TY_SCALAR && callee->ptypes[i]->kind != TY_ENUM && callee->ptypes[i]->kind != TY_RECORD;
    if (!why && arrays) why = "it has an array parameter";
    if (why) {
      SEMA_ERR(S, e->loc, "procedure '%s' cannot be applied elementwise: %s", e->name.name, why);
      return set(e, S->t_error, 0);
    }
  }
  record_call(S, callee, e, parallel);
  Type *rt = callee->result ? callee->result : S->t_void;
  return set(e, rt, parallel ? rank : 0);
}

/* ---- the dispatcher ---- */

/* Limit on expression nesting, so that deep (machine-made) expressions cannot exhaust the stack. */
enum { MAX_EXPR_DEPTH = 1000 };

static Type *expr_kind_check(Sema *S, Expr *e, bool whole_ok);

static Type *expr_check(Sema *S, Expr *e, bool whole_ok) {
  if (S->expr_depth >= MAX_EXPR_DEPTH) {
    if (!S->depth_reported) SEMA_ERR(S, e->loc, "expression is nested too deeply");
    S->depth_reported = true;
    return set(e, S->t_error, 0);
  }
  S->expr_depth++;
  Type *t = expr_kind_check(S, e, whole_ok);
  S->expr_depth--;
  return t;
}

/* Check one expression according to its kind. */
static Type *expr_kind_check(Sema *S, Expr *e, bool whole_ok) {
  switch (e->kind) {
  case EX_INT: return set(e, type_scalar(S, e->is_long ? SK_LONGINT : SK_INTEGER), 0);
  case EX_FLOAT: return set(e, type_scalar(S, SK_DOUBLE), 0);
  case EX_CHAR: return set(e, type_scalar(S, SK_CHAR), 0);
  case EX_STRING: return set(e, type_scalar(S, SK_STRING), 0);
  case EX_NAME: return check_name(S, e, whole_ok);
  case EX_INDEX: return check_index(S, e, whole_ok);
  case EX_FIELD: return check_field(S, e, whole_ok);
  case EX_CALL: return sema_call(S, e, false);
  case EX_UNARY: return check_unary(S, e);
  case EX_BINARY: return check_binary(S, e);
  case EX_SHIFT: return check_shift(S, e);
  case EX_REDUCE: return check_reduce(S, e);
  case EX_SCAN: return check_scan(S, e);
  case EX_FLOOD: return check_flood(S, e);
  case EX_UREDUCE: return sema_user_reduce(S, e);
  case EX_REGIONVAL:
    SEMA_ERR(S, e->loc, "region and direction values are not supported here");
    return set(e, S->t_error, 0);
  case EX_UNSUPPORTED:
    SEMA_ERR(S, e->oploc, "%s", e->unsupported);
    return set(e, S->t_error, 0);
  }
  return set(e, S->t_error, 0);
}

Type *sema_expr(Sema *S, Expr *e) { return expr_check(S, e, false); }

Type *sema_expr_whole(Sema *S, Expr *e) { return expr_check(S, e, true); }
